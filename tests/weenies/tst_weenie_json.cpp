// The single-file JSON weenie export (docs/world-data.md#json): its three shapes, the fields
// kept, and errors that name the JSON path of what is wrong.

#include "support/weenie_samples.h"
#include "weenies/json_reader.h"

#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::weenies;
using namespace portalkit::testing;

namespace {

const QByteArray kFlameBolt = R"({
    "wcid": 7277, "weenieType": 33, "className": "flamewall",
    "intStats": [{"key": 93, "value": 148}],
    "stringStats": [{"key": 16, "value": "not kept"}, {"key": 1, "value": "Flame Bolt"}],
    "didStats": [{"key": 22, "value": 872415237}, {"key": 1, "value": 33555469},
                 {"key": 3, "value": 536870913}]
})";

} // namespace

class TestWeenieJson : public QObject {
    Q_OBJECT
  private slots:
    void oneWeenieKeepsNameTypeAndDids() {
        const std::vector<Weenie> weenies = parseWeenieJson(kFlameBolt, "w.json");
        QCOMPARE(weenies.size(), std::size_t(1));
        const Weenie& bolt = weenies[0];
        QCOMPARE(bolt.wcid, 7277u);
        QCOMPARE(bolt.type, 33);
        QCOMPARE(bolt.className, QStringLiteral("flamewall"));
        QCOMPARE(bolt.name, QStringLiteral("Flame Bolt"));
        QCOMPARE(bolt.dids, (std::vector<DidProperty>{{did::kSetup, 0x0200040D},
                                                      {did::kSoundTable, 0x20000001},
                                                      {did::kPhysicsEffectTable, 0x34000005}}));
    }

    void anArrayAndAWeeniesObjectGiveTheSame() {
        const QByteArray human = R"({"wcid": 1, "weenieType": 10,
            "stringStats": [{"key": 1, "value": "Human"}], "didStats": [{"key": 1, "value": 33554433}]})";
        const auto fromArray = parseWeenieJson("[" + human + "," + kFlameBolt + "]", "a.json");
        const auto fromObject =
            parseWeenieJson(R"({"weenies": [)" + kFlameBolt + "," + human + "]}", "o.json");
        QCOMPARE(fromArray.size(), std::size_t(2));
        QCOMPARE(fromArray, fromObject); // by WCID, whatever the order in the file
        QCOMPARE(fromArray[0].name, QStringLiteral("Human"));
        QVERIFY(fromArray[0].className.isEmpty()); // the export has no class name
    }

    void missingStatsAreEmpty() {
        const auto weenies = parseWeenieJson(R"([{"wcid": 3, "didStats": null}])", "x.json");
        QCOMPARE(weenies.size(), std::size_t(1));
        QVERIFY(weenies[0].name.isEmpty());
        QVERIFY(weenies[0].dids.empty());
    }

    void errorsNameTheJsonPath_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        QTest::newRow("not JSON") << QByteArray("[{\"wcid\": 1,]") << "not JSON at byte";
        QTest::newRow("no wcid") << QByteArray(R"([{"wcid": 1}, {"weenieType": 1}])")
                                 << "[1].wcid: expected an integer from 0 to 4294967295";
        QTest::newRow("wcid as text") << QByteArray(R"({"wcid": "7277"})") << "[0].wcid:";
        QTest::newRow("fractional wcid") << QByteArray(R"({"wcid": 1.5})") << "[0].wcid:";
        QTest::newRow("not an object") << QByteArray(R"([1])") << "[0]: expected a weenie object";
        QTest::newRow("stats not an array") << QByteArray(R"({"wcid": 1, "didStats": {"key": 1}})")
                                            << "[0].didStats: expected an array";
        QTest::newRow("unknown DID property type")
            << QByteArray(
                   R"({"wcid": 1, "didStats": [{"key": 1, "value": 2}, {"key": 99, "value": 3}]})")
            << "[0].didStats[1].key: unknown DID property type 99";
        QTest::newRow("DID out of range")
            << QByteArray(R"({"wcid": 1, "didStats": [{"key": 1, "value": -2}]})")
            << "[0].didStats[0].value: expected an integer";
        QTest::newRow("name not a string")
            << QByteArray(R"({"wcid": 1, "stringStats": [{"key": 1, "value": 5}]})")
            << "[0].stringStats[0].value: expected a string";
        QTest::newRow("duplicate WCID")
            << QByteArray(R"([{"wcid": 8}, {"wcid": 9}, {"wcid": 8}])")
            << "w.json [2]: duplicate WCID 8 (first defined at w.json [0])";
        QTest::newRow("duplicate DID property")
            << QByteArray(
                   R"({"wcid": 1, "didStats": [{"key": 1, "value": 2}, {"key": 1, "value": 3}]})")
            << "[0].didStats[1]: WCID 1 has a second Setup DID property";
    }
    void errorsNameTheJsonPath() {
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        const WeenieError error = weenieErrorOf([&] { parseWeenieJson(json, "w.json"); });
        QVERIFY2(!error.message().isEmpty(), "the JSON read without an error");
        const QString what = QString::fromUtf8(error.what());
        QVERIFY2(what.startsWith("w.json"), qPrintable(what));
        QVERIFY2(what.contains(says), qPrintable(what));
    }

    void aFileIsReadFromDisk() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath("export.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[" + kFlameBolt + "]");
        file.close();
        QCOMPARE(readWeenieJson(file.fileName()), parseWeenieJson(kFlameBolt, "x"));
        QVERIFY(QString::fromUtf8(
                    weenieErrorOf([&] { readWeenieJson(dir.filePath("missing.json")); }).what())
                    .contains("missing.json: cannot read"));
    }
};

QTEST_APPLESS_MAIN(TestWeenieJson)
#include "tst_weenie_json.moc"
