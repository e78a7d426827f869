// `portalkit thumbnails` end to end on the demo DAT under Xvfb (issue 24): one PNG per Setup
// (or GfxObj, or texture), named by id, all different, and a contact sheet holding them all.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_kind.h"
#include "support/cli_run.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <set>

using namespace portalkit;
using portalkit::testing::runPortalkit;

namespace {

// The ids of `type` in the demo DAT, as `portalkit ls` would list them.
QStringList idsOfType(const char* type) {
    const auto dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
    QStringList out;
    for (const auto& entry : dat.entries())
        if (dat::typeName(dat.kind(), entry.id) == type)
            out << "0x" + QStringLiteral("%1").arg(entry.id, 8, 16, QChar('0')).toUpper() + ".png";
    return out;
}

} // namespace

class TestThumbnailsCli : public QObject {
    Q_OBJECT
  private slots:
    void setupsOnePngEachAndASheet() {
        QTemporaryDir dir;
        const QString out = dir.filePath("setups");
        const auto run = runPortalkit(
            {"thumbnails", PORTALKIT_DEMO_DAT, "--type", "Setup", "-o", out, "--size", "96"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QStringList expected = idsOfType("Setup");
        QVERIFY(expected.size() > 5);
        QStringList written = QDir(out).entryList({"0x*.png"}, QDir::Files, QDir::Name);
        QCOMPARE(written, expected);
        std::set<QByteArray> distinct;
        for (const QString& name : written) {
            QImage image(QDir(out).filePath(name));
            QCOMPARE(image.size(), QSize(96, 96));
            image = image.convertToFormat(QImage::Format_RGBA8888);
            distinct.insert(
                QByteArray(reinterpret_cast<const char*>(image.constBits()), image.sizeInBytes()));
        }
        QCOMPARE(int(distinct.size()), written.size()); // each its own picture
        const QImage sheet(QDir(out).filePath("contact_sheet.png"));
        QVERIFY(!sheet.isNull());
        // About square: columns = ceil(sqrt(n)), each cell at least the thumbnail wide and tall.
        const int columns = int(std::ceil(std::sqrt(double(written.size()))));
        const int rows = (int(written.size()) + columns - 1) / columns;
        QVERIFY(sheet.width() >= columns * 96 && sheet.width() < columns * 120);
        QVERIFY(sheet.height() >= rows * 96);
        QVERIFY(run.out.contains(QByteArray::number(written.size()) + " Setup thumbnail"));
    }

    void gfxObjsAndTextures() {
        QTemporaryDir dir;
        for (const auto& [kind, type] : {std::pair{"GfxObj", "GfxObj"}, {"texture", "Surface"}}) {
            const QString out = dir.filePath(kind);
            const auto run =
                runPortalkit({"thumbnails", PORTALKIT_DEMO_DAT, "--type", kind, "-o", out});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            const QStringList written = QDir(out).entryList({"0x*.png"}, QDir::Files);
            for (const QString& name : idsOfType(type))
                QVERIFY2(written.contains(name), qPrintable(name));
            QCOMPARE(QImage(QDir(out).filePath(written.front())).size(), QSize(128, 128));
        }
    }

    void badOptions() {
        QTemporaryDir dir;
        for (const QStringList& args :
             {QStringList{"--type", "Wave", "-o", dir.path()}, QStringList{"--type", "Setup"},
              QStringList{"-o", dir.path(), "--size", "4"}}) {
            const auto run = runPortalkit(QStringList{"thumbnails", PORTALKIT_DEMO_DAT} + args);
            QCOMPARE(run.exitCode, 2);
            QVERIFY(!run.err.isEmpty());
        }
        const auto missing = runPortalkit(
            {"thumbnails", dir.filePath("nothing.dat"), "--type", "Setup", "-o", dir.path()});
        QCOMPARE(missing.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestThumbnailsCli)
#include "tst_thumbnails_cli.moc"
