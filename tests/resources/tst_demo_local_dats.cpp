// The demo local and highres DATs as the build makes them: every entry decodes and re-encodes to
// its bytes, the containers verify clean, the sources build to the same bytes every time, the
// layout's images name textures of the demo portal DAT, and every highres texture is the portal
// texture of its id at twice the width and height (docs/demo.md#the-local-and-highres-dats).

#include "datreader/authoring/dat_sources.h"
#include "datreader/container/dat_file.h"
#include "datreader/container/verifier.h"
#include "datreader/records/record.h"
#include "support/demo_dats.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>

using namespace portalkit;
using namespace portalkit::dat;

namespace {

const DatFile& portal() {
    return testing::demoPortalDat();
}
template <typename T> T record(const DatFile& dat, std::uint32_t did) {
    return testing::demoRecord<T>(dat, did);
}

const DatFile& local() {
    static const DatFile dat = DatFile::open(PORTALKIT_DEMO_LOCAL_DAT);
    return dat;
}

const DatFile& highres() {
    static const DatFile dat = DatFile::open(PORTALKIT_DEMO_HIGHRES_DAT);
    return dat;
}

void checkAllEntries(const DatFile& dat) {
    for (const EntryInfo& entry : dat.entries()) {
        if (entry.id == kIterationDid)
            continue; // the container's own record
        const std::vector<std::uint8_t> bytes = dat.read(entry.id);
        const auto decoded = decodeRecord(dat.kind(), entry.id, bytes);
        QVERIFY2(decoded, qPrintable(QString::fromStdString(formatDid(entry.id))));
        QVERIFY2(encodeRecord(*decoded) == bytes,
                 qPrintable(QString::fromStdString(formatDid(entry.id))));
    }
}

void checkVerifies(const DatFile& dat) {
    const VerifyReport report = verifyDat(dat);
    for (const VerifyProblem& problem : report.problems)
        qWarning("%s", problem.describe().c_str());
    QVERIFY(report.ok(true));
}

void checkReproducible(const char* sources, const char* built) {
    const QByteArray first = authoring::writerFor(authoring::buildSources(sources)).build();
    const QByteArray second = authoring::writerFor(authoring::buildSources(sources)).build();
    QCOMPARE(first, second);
    QFile file(built);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), first);
}

// Every image, cursor and alpha file an element (or one of its states) shows, recursively.
void collectFiles(const ElementDesc& element, std::vector<std::uint32_t>& files) {
    auto add = [&](const StateDesc& state) {
        for (const MediaDesc& media : state.media)
            if (media.type == MediaDesc::Image || media.type == MediaDesc::Cursor ||
                media.type == MediaDesc::Alpha)
                files.push_back(media.words[0]);
    };
    add(element.desc);
    for (const ElementState& state : element.states)
        add(state.state);
    for (const ElementDesc& child : element.children)
        collectFiles(child, files);
}

} // namespace

class TestDemoLocalDats : public QObject {
    Q_OBJECT
  private slots:
    void areOfTheirKindsAndVerifyClean() {
        QCOMPARE(local().kind(), DatKind::Local);
        QCOMPARE(highres().kind(), DatKind::HighRes);
        checkVerifies(local());
        checkVerifies(highres());
    }

    void everyEntryDecodesAndReencodesToItsBytes() {
        QVERIFY(local().entries().size() >= 4);
        QVERIFY(highres().entries().size() >= 4);
        checkAllEntries(local());
        checkAllEntries(highres());
    }

    void theSourcesBuildToTheSameBytesEveryTime() {
        checkReproducible(PORTALKIT_DEMO_LOCAL_SOURCES, PORTALKIT_DEMO_LOCAL_DAT);
        checkReproducible(PORTALKIT_DEMO_HIGHRES_SOURCES, PORTALKIT_DEMO_HIGHRES_DAT);
    }

    void holdsEachLocalType() {
        QStringList types;
        for (const EntryInfo& entry : local().entries())
            types << QString::fromLatin1(typeName(DatKind::Local, entry.id).data());
        for (const char* type : {"UiLayout", "StringTable", "StringState"})
            QVERIFY2(types.contains(type), type);
    }

    void theLayoutIsATreeWhoseImagesAreInThePortalDat() {
        const UiLayout layout = record<UiLayout>(local(), 0x21000001);
        QVERIFY(!layout.isRaw());
        QCOMPARE(layout.elements.size(), std::size_t(1));
        QVERIFY(layout.elements[0].children.size() >= 3); // title, button, list
        std::vector<std::uint32_t> files;
        collectFiles(layout.elements[0], files);
        QVERIFY(!files.empty());
        for (std::uint32_t file : files)
            QVERIFY2(portal().find(file) &&
                         typeName(DatKind::Portal, file) == RenderSurface::kTypeName,
                     qPrintable(QString::fromStdString(formatDid(file))));
    }

    void stringsIncludeTextBeyondAscii() {
        const StringTable table = record<StringTable>(local(), 0x23000001);
        const StringTableData* title = table.find(1);
        QVERIFY(title);
        QCOMPARE(plainText(title->strings[0]), QString("Demo Window"));
        bool beyondAscii = false;
        for (const EntryInfo& entry : local().entries())
            if (typeName(DatKind::Local, entry.id) == StringTable::kTypeName)
                for (const StringTableData& data : record<StringTable>(local(), entry.id).strings)
                    for (const WideString& text : data.strings)
                        for (char16_t unit : text.text)
                            beyondAscii = beyondAscii || unit > 0x7F;
        QVERIFY(beyondAscii);
    }

    void highresTexturesAreThePortalOnesAtDoubleSize() {
        for (const EntryInfo& entry : highres().entries()) {
            if (entry.id == kIterationDid)
                continue;
            const auto big = record<RenderSurface>(highres(), entry.id);
            const auto small = record<RenderSurface>(portal(), entry.id);
            QCOMPARE(big.width, small.width * 2);
            QCOMPARE(big.height, small.height * 2);
            QCOMPARE(big.pixelFormat, small.pixelFormat);
        }
    }
};

QTEST_APPLESS_MAIN(TestDemoLocalDats)
#include "tst_demo_local_dats.moc"
