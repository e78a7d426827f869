// Record JSON → record bytes (modding/json_import.h): what `portalkit show --json` prints for one
// record of every type in the demo DATs imports back to the stored bytes; --as copies a record
// to another id; and the errors name the file, offset, path or field.

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/palette.h"
#include "datreader/records/record.h"
#include "modding/json_import.h"
#include "support/cli_run.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QTest>

using namespace portalkit;
using namespace portalkit::modding;

namespace {

QString hexId(std::uint32_t id) {
    return QString::fromStdString(dat::formatDid(id));
}

// The error importRecordJson throws for `json` (with `as`), or a failure when it throws none.
dat::DatError importError(const QByteArray& json, std::optional<std::uint32_t> as = {}) {
    try {
        importRecordJson(dat::DatKind::Portal, json, "edit.json", as);
    } catch (const dat::DatError& error) {
        return error;
    }
    throw std::runtime_error("no error for " + json.toStdString());
}

} // namespace

class JsonImportTest : public QObject {
    Q_OBJECT

  private slots:
    void showJsonOfEveryTypeImportsToTheStoredBytes_data() {
        QTest::addColumn<QString>("dat");
        QTest::newRow("portal") << PORTALKIT_DEMO_DAT;
        QTest::newRow("cell") << PORTALKIT_DEMO_CELL_DAT;
        QTest::newRow("local") << PORTALKIT_DEMO_LOCAL_DAT;
        QTest::newRow("highres") << PORTALKIT_DEMO_HIGHRES_DAT;
    }
    void showJsonOfEveryTypeImportsToTheStoredBytes() {
        QFETCH(QString, dat);
        const dat::DatFile file = dat::DatFile::open(dat);
        QSet<QString> seen;
        for (const dat::EntryInfo& entry : file.entries()) {
            const QString type = QString::fromUtf8(dat::typeName(file.kind(), entry.id).data());
            if (seen.contains(type) || !dat::hasDecoder(type.toStdString()))
                continue; // one of each type; opaque types have no JSON form
            // The show command, run as a user would, prints the JSON the import must accept.
            const auto shown = testing::runPortalkit({"show", dat, hexId(entry.id), "--json"});
            QVERIFY2(shown.exitCode == 0, (hexId(entry.id) + ": " + shown.err).toUtf8());
            seen.insert(type);
            const ImportedEntry imported = importRecordJson(file.kind(), shown.out, "shown");
            QCOMPARE(imported.id, entry.id);
            QVERIFY2(imported.bytes == file.read(entry), qPrintable(hexId(entry.id) + " " + type));
        }
        QVERIFY2(seen.size() >= (file.kind() == dat::DatKind::Portal ? 20 : 1),
                 qPrintable(QStringList(seen.begin(), seen.end()).join(", ")));
    }

    void asCopiesTheRecordToAnotherId() {
        const QByteArray json =
            R"({"type": "Palette", "id": "0x04000A01", "colors": ["0xFF102030", "0x80405060"]})";
        const ImportedEntry copy =
            importRecordJson(dat::DatKind::Portal, json, "edit.json", 0x04001234);
        QCOMPARE(copy.id, 0x04001234u);
        const dat::Palette palette = dat::Palette::decode(copy.bytes, 0x04001234);
        QCOMPARE(palette.id, 0x04001234u);
        QCOMPARE(palette.colors, (std::vector<std::uint32_t>{0xFF102030, 0x80405060}));
        // Without --as the JSON's own id is used.
        QCOMPARE(importRecordJson(dat::DatKind::Portal, json, "edit.json").id, 0x04000A01u);
    }

    // A Surface's own "type" is its flag word, not show's label: it stays record data.
    void aSurfaceKeepsItsOwnTypeField() {
        const QByteArray json = R"({"id": "0x08000A01", "type": "0x00000001",
                                    "colorValue": "0xFF00FF00"})";
        const ImportedEntry entry = importRecordJson(dat::DatKind::Portal, json, "edit.json");
        QCOMPARE(entry.bytes.at(0), std::uint8_t(0x01)); // the type word leads a Surface
    }

    void errorsNameWhereTheJsonIsWrong_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        QTest::newRow("not JSON") << QByteArray(R"({"id": "0x04000A01", "colors": [)") << "--json"
                                  << "file offset 0x";
        QTest::newRow("not an object") << QByteArray("[1, 2]") << "--json"
                                       << "one JSON object";
        QTest::newRow("no id") << QByteArray(R"({"colors": []})") << "id"
                               << "--as";
        QTest::newRow("another type's label")
            << QByteArray(R"({"type": "GfxObj", "id": "0x04000A01", "colors": []})") << "type"
            << "is Palette";
        QTest::newRow("a field the record rejects")
            << QByteArray(R"({"id": "0x04000A01", "colors": ["0xFF", "red"]})")
            << "palette.colors[1]"
            << "edit.json";
        QTest::newRow("a type with no JSON form") << QByteArray(R"({"id": "0x16000001"})") << "id"
                                                  << "no JSON form";
    }
    void errorsNameWhereTheJsonIsWrong() {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QFETCH(QString, says);
        const dat::DatError error = importError(json);
        QCOMPARE(QString::fromStdString(error.field()), field);
        QVERIFY2(QString::fromUtf8(error.what()).contains(says), error.what());
        QVERIFY2(QString::fromUtf8(error.what()).contains("edit.json"), error.what());
    }
};

QTEST_GUILESS_MAIN(JsonImportTest)
#include "tst_json_import.moc"
