// `portalkit ls --json` writes its lines itself; they must stay byte for byte what Qt's JSON
// writer made of each entry before (one QJsonDocument per line), which scripts may depend on.

#include "support/cli_run.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

QString hexDid(std::uint32_t id) {
    return "0x" + QString::number(id, 16).rightJustified(8, '0').toUpper();
}

// The listing as ls made it with one compact QJsonDocument per entry: the oracle.
QByteArray qtListing(const QString& path, const QString& onlyType = {}) {
    const DatFile dat = DatFile::open(path);
    QByteArray out = "[";
    bool first = true;
    for (const EntryInfo& entry : dat.entries()) {
        const std::string_view name = typeName(dat.kind(), entry.id);
        const QString type = QString::fromUtf8(name.data(), qsizetype(name.size()));
        if (!onlyType.isEmpty() && type.compare(onlyType, Qt::CaseInsensitive) != 0)
            continue;
        out += first ? "\n" : ",\n";
        out += QJsonDocument(QJsonObject{{"id", hexDid(entry.id)},
                                         {"type", type},
                                         {"size", qint64(entry.size)},
                                         {"offset", qint64(entry.offset)},
                                         {"flags", qint64(entry.flags)},
                                         {"date", qint64(entry.date)},
                                         {"iteration", qint64(entry.iteration)}})
                   .toJson(QJsonDocument::Compact);
        first = false;
    }
    out += "\n]\n";
    return out;
}

void compareListing(const QString& path, const QString& onlyType = {}) {
    QStringList arguments{"ls", path, "--json"};
    if (!onlyType.isEmpty())
        arguments << "--type" << onlyType;
    const CliRun run = runPortalkit(arguments);
    QCOMPARE(run.exitCode, 0);
    const QByteArray expected = qtListing(path, onlyType);
    if (run.out != expected) {
        const QList<QByteArray> got = run.out.split('\n'), want = expected.split('\n');
        for (qsizetype i = 0; i < std::min(got.size(), want.size()); ++i)
            QCOMPARE(got[i], want[i]); // names the first line that differs
        QCOMPARE(got.size(), want.size());
    }
}

} // namespace

class TestLsJson : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    void demoDatListsAsQtWroteIt() {
        compareListing(PORTALKIT_DEMO_DAT);
        compareListing(PORTALKIT_DEMO_DAT, "gfxobj");
    }

    // Every field at its widest (u32 maxima, the compressed bit, far offsets), in a cell DAT
    // whose ids run past 0x7FFFFFFF and whose types are the world's.
    void extremeFieldsListAsQtWroteThem() {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath("cell.dat");
        DatWriter writer(DatKind::Cell, 256);
        WriterEntry wide = entry(0xFEFEFFFF, 252);
        wide.date = 0xFFFFFFFF;
        wide.iteration = 0xFFFFFFFF;
        wide.flags = 0xFFFF0000;
        writer.put(std::move(wide));
        writer.put(entry(0xFEFEFFFE, 5000, true));
        writer.put(entry(0x00000100, 0));
        WriterEntry zero = entry(0x80010101, 254);
        zero.date = 0;
        zero.iteration = 0;
        writer.put(std::move(zero));
        writer.put(entry(0x00000005, 17)); // low half below 0x0100: Unknown
        writer.setIteration(0x7FFFFFFF);
        writer.save(path);
        compareListing(path);
        compareListing(path, "EnvCell");
    }
};

QTEST_GUILESS_MAIN(TestLsJson)
#include "tst_ls_json.moc"
