// ACE's SQL weenie files read into weenies (docs/world-data.md#sql): rows of the three kept
// tables in any column order and over many-row INSERTs, every other statement passed over,
// errors naming file:line:column, and folders merged in path order with duplicates refused.

#include "support/weenie_samples.h"
#include "weenies/corpus.h"
#include "weenies/sql_reader.h"

#include <QDir>
#include <QFile>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::weenies;
using namespace portalkit::testing;

namespace {

const QString kSamples = QStringLiteral(PORTALKIT_WEENIE_SAMPLES);

FileRows parse(const QByteArray& sql, const QString& source = QStringLiteral("w.sql")) {
    FileRows rows;
    parseWeenieSql(std::string_view(sql.constData(), std::size_t(sql.size())), source, rows);
    return rows;
}

std::vector<Weenie> corpus(std::initializer_list<std::pair<QString, QByteArray>> files) {
    CorpusBuilder builder;
    for (const auto& [name, sql] : files)
        builder.add(parse(sql, name));
    return builder.finish();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return QDir().mkpath(QFileInfo(path).path()) && file.open(QIODevice::WriteOnly) &&
           file.write(bytes) == bytes.size();
}

// A weenie file in the shape of ACE's, for WCID `wcid` named `name` with Setup `setup`.
QByteArray weenieFile(std::uint32_t wcid, const QByteArray& name, std::uint32_t setup) {
    const QByteArray id = QByteArray::number(wcid);
    return "DELETE FROM `weenie` WHERE `class_Id` = " + id +
           ";\n\nINSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)\n"
           "VALUES (" +
           id + ", 'w" + id +
           "', 1, '2026-12-06 00:00:00') /* Generic */;\n\n"
           "INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)\n"
           "VALUES (" +
           id + ", 1, '" + name +
           "') /* Name */;\n\n"
           "INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)\n"
           "VALUES (" +
           id + ", 1, " + QByteArray::number(setup) + ") /* Setup */;\n";
}

} // namespace

class TestSqlReader : public QObject {
    Q_OBJECT
  private slots:
    void readsTheKeptTablesOfAnAceFile() {
        const QByteArray sql =
            "/* Weenie - ProjectileSpell - Flame Bolt (7277) */\n"
            "DELETE FROM `weenie` WHERE `class_Id` = 7277;\n"
            "INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)\n"
            "VALUES (7277, 'flamewall', 33, '2026-12-06 00:00:00') /* ProjectileSpell */;\n"
            "INSERT INTO `weenie_properties_int` (`object_Id`, `type`, `value`)\n"
            "VALUES (7277, 1, 0), (7277, 93, 148);\n"
            "INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)\n"
            "VALUES (7277, 1, 'Flame Bolt') /* Name */\n"
            "     , (7277, 16, 'A bolt; of \\'fire\\'') /* LongDesc, not kept */;\n"
            "INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)\n"
            "VALUES (7277,  22,  872415237) /* PhysicsEffectTable */\n"
            "     , (7277,   1,   33555469) /* Setup */\n"
            "     , (7277,   3,  0x20000001) /* SoundTable */;\n";
        const FileRows rows = parse(sql);
        QCOMPARE(rows.weenies.size(), std::size_t(1));
        QCOMPARE(rows.weenies[0].weenie.wcid, 7277u);
        QCOMPARE(rows.weenies[0].weenie.className, QStringLiteral("flamewall"));
        QCOMPARE(rows.weenies[0].weenie.type, 33);
        QCOMPARE(rows.weenies[0].at.line, 4);
        QCOMPARE(rows.weenies[0].at.column, 9);
        QCOMPARE(rows.names.size(), std::size_t(1)); // only PropertyString 1, Name
        QCOMPARE(rows.dids.size(), std::size_t(3));
        QCOMPARE(rows.dids[2].at.line, 13);

        const std::vector<Weenie> weenies = corpus({{"w.sql", sql}});
        QCOMPARE(weenies.size(), std::size_t(1));
        const Weenie& bolt = weenies[0];
        QCOMPARE(bolt.name, QStringLiteral("Flame Bolt"));
        // Sorted by property type, whatever the file's order.
        QCOMPARE(bolt.dids, (std::vector<DidProperty>{{did::kSetup, 0x0200040D},
                                                      {did::kSoundTable, 0x20000001},
                                                      {did::kPhysicsEffectTable, 0x34000005}}));
        QCOMPARE(bolt.did(did::kSetup), 0x0200040Du);
        QCOMPARE(bolt.did(did::kMotionTable), 0u);
    }

    void columnsAreFoundByName() {
        // Any column order and letter case, a schema-qualified table, INSERT IGNORE, REPLACE.
        const std::vector<Weenie> weenies =
            corpus({{"w.sql", "INSERT IGNORE INTO ace_world.`WEENIE` (type, class_Name, class_Id) "
                              "VALUES (10, 'human', 1);\n"
                              "REPLACE INTO weenie_properties_d_i_d (`value`, object_Id, `TYPE`) "
                              "VALUES (150994945, 1, 2);\n"
                              "insert into weenie_properties_string (value, type, object_id) "
                              "values ('Human', 1, 1);"}});
        QCOMPARE(weenies.size(), std::size_t(1));
        QCOMPARE(weenies[0].wcid, 1u);
        QCOMPARE(weenies[0].className, QStringLiteral("human"));
        QCOMPARE(weenies[0].type, 10);
        QCOMPARE(weenies[0].name, QStringLiteral("Human"));
        QCOMPARE(weenies[0].did(did::kMotionTable), 0x09000001u);
    }

    void otherStatementsArePassedOver() {
        // Strings holding ';', comment markers and keywords end no statement; emote rows with
        // NULLs, @variables and calls are rows of tables the index does not keep.
        const std::vector<Weenie> weenies =
            corpus({{"w.sql",
                     "USE ace_world;\n"
                     "DELETE FROM `weenie` WHERE `class_Name` = 'a; INSERT INTO weenie';\n"
                     "INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`) VALUES (5, 'x', 1);\n"
                     "INSERT INTO `weenie_properties_emote` (`object_Id`, `category`, `quest`)\n"
                     "VALUES (5, 7, NULL);\n"
                     "SET @parent_id = LAST_INSERT_ID();\n"
                     "INSERT INTO `weenie_properties_emote_action` (`emote_Id`, `message`)\n"
                     "VALUES (@parent_id, 'Greetings -- and /* welcome */; # all'),\n"
                     "       (@parent_id, NOW());\n"
                     ";;\n"
                     "INSERT INTO `weenie_properties_bool` (`object_Id`, `type`, `value`)\n"
                     "VALUES (5, 11, True), (5, 12, FALSE)"}}); // the last ';' may be missing
        QCOMPARE(weenies.size(), std::size_t(1));
        QCOMPARE(weenies[0].wcid, 5u);
        QVERIFY(weenies[0].dids.empty());
    }

    void theSamplesAreReadWhole() {
        const std::vector<Weenie> weenies = readSqlFolder(kSamples);
        QCOMPARE(weenies.size(), std::size_t(12));
        for (std::size_t i = 1; i < weenies.size(); ++i)
            QVERIFY(weenies[i - 1].wcid < weenies[i].wcid);
        const auto bolt = std::find_if(weenies.begin(), weenies.end(),
                                       [](const Weenie& w) { return w.wcid == 7277; });
        QVERIFY(bolt != weenies.end());
        QCOMPARE(bolt->name, QStringLiteral("Flame Bolt"));
        QCOMPARE(bolt->did(did::kSetup), 0x0200040Du);
        QCOMPARE(bolt->did(did::kPhysicsEffectTable), 0x34000005u);
        // The human's LongDesc holds escapes, a ';' and a doubled quote; its emote action a
        // string with comment markers: none of it may cut the file short.
        QCOMPARE(weenies.front().name, QStringLiteral("Human"));
        QCOMPARE(weenies.front().did(did::kMotionTable), 0x09000001u);
        // One file alone gives the same weenie.
        const std::vector<Weenie> one = readSqlFile(kSamples + "/07277 Flame Bolt.sql");
        QCOMPARE(one.size(), std::size_t(1));
        QCOMPARE(one[0], *bolt);
    }

    void errorsNameFileLineAndColumn_data() {
        QTest::addColumn<QByteArray>("sql");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        const QByteArray didInsert =
            "INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)\n";
        QTest::newRow("stray ; between rows")
            << didInsert + "VALUES (1, 1, 33554433);\n     , (1, 2, 150994945);" << 3 << 6
            << "expected a statement, found ',' (a stray ';' before it?)";
        QTest::newRow("stray ; before a row")
            << didInsert + "VALUES (1, 1, 33554433);\n(1, 2, 150994945);" << 3 << 1
            << "expected a statement, found '('";
        QTest::newRow("stray ; in the column list")
            << QByteArray("INSERT INTO `weenie` (`class_Id`;, `type`) VALUES (1, 2);") << 1 << 33
            << "expected ',' or ')' in the column list, found ';'";
        QTest::newRow("unknown DID property type") << didInsert + "VALUES (1, 1, 2),\n (1, 99, 3);"
                                                   << 3 << 6 << "unknown DID property type 99";
        QTest::newRow("unknown property table")
            << QByteArray("INSERT INTO weenie_properties_dids (object_Id, type, value)\n"
                          "VALUES (1, 1, 2);")
            << 1 << 13 << "unknown property table `weenie_properties_dids`";
        QTest::newRow("row of the wrong width")
            << didInsert + "VALUES (1, 1, 2), (1, 2)" << 2 << 19 << "2 values for 3 columns";
        QTest::newRow("DID above 32 bits") << didInsert + "VALUES (1, 1, 4294967296)" << 2 << 15
                                           << "`value` must be an integer from 0 to 4294967295";
        QTest::newRow("negative WCID")
            << didInsert + "VALUES (-1, 1, 2)" << 2 << 9 << "`object_Id` must be an integer";
        QTest::newRow("DID as a string")
            << didInsert + "VALUES (1, 1, '33554433')" << 2 << 15 << "`value` must be an integer";
        QTest::newRow("class_Name not a string")
            << QByteArray("INSERT INTO weenie (class_Id, class_Name) VALUES (1, 2)") << 1 << 54
            << "`class_Name` must be a string";
        QTest::newRow("Name not a string")
            << QByteArray("INSERT INTO weenie_properties_string (object_Id, type, value)\n"
                          "VALUES (1, 1, NULL)")
            << 2 << 15 << "a Name must be a string";
        QTest::newRow("a kept table without its column")
            << QByteArray("INSERT INTO weenie_properties_d_i_d (object_Id, type) VALUES (1, 1)")
            << 1 << 13 << "has no `value` column";
        QTest::newRow("no column list") << QByteArray("INSERT INTO weenie VALUES (1, 'x', 1)") << 1
                                        << 20 << "needs its column list";
        QTest::newRow("INSERT without INTO")
            << QByteArray("\n\nINSERT weenie (class_Id) VALUES (1)") << 3 << 8 << "expected INTO";
        QTest::newRow("a row without a comma")
            << didInsert + "VALUES (1, 1, 2) (1, 2, 3)" << 2 << 18
            << "expected ',' or ';' after a row, found '('";
        QTest::newRow("an empty row") << didInsert + "VALUES ()" << 2 << 9 << "expected a value";
        QTest::newRow("the lexer's errors too")
            << didInsert + "VALUES (1, 1, 'x)" << 2 << 15 << "unterminated string";
    }
    void errorsNameFileLineAndColumn() {
        QFETCH(QByteArray, sql);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, says);
        const WeenieError error = weenieErrorOf([&] { parse(sql, QStringLiteral("dir/bad.sql")); });
        QVERIFY2(!error.message().isEmpty(), "the file read without an error");
        QVERIFY2(error.message().contains(says), qPrintable(error.message()));
        QCOMPARE(QString::fromUtf8(error.what()).section(": ", 0, 0),
                 QStringLiteral("dir/bad.sql:%1:%2").arg(line).arg(column));
    }

    void mergeErrorsNameBothPlaces() {
        const QByteArray first = weenieFile(7277, "Flame Bolt", 0x0200040D);
        const QByteArray second = "\n" + weenieFile(7277, "Flame Bolt II", 0x0200040E);
        WeenieError error = weenieErrorOf([&] { corpus({{"a.sql", first}, {"b.sql", second}}); });
        QCOMPARE(error.source(), QStringLiteral("b.sql"));
        QCOMPARE(error.line(), 5);
        QVERIFY2(error.message().contains("duplicate WCID 7277 (first defined at a.sql:4:9)"),
                 qPrintable(error.message()));

        const QByteArray twice = "INSERT INTO weenie (class_Id) VALUES (1);\n"
                                 "INSERT INTO weenie_properties_d_i_d (object_Id, type, value) "
                                 "VALUES (1, 1, 5),\n(1, 1, 6);";
        error = weenieErrorOf([&] { corpus({{"t.sql", twice}}); });
        QCOMPARE(error.line(), 3);
        QVERIFY2(error.message().contains("WCID 1 has a second Setup DID property"),
                 qPrintable(error.message()));

        const QByteArray orphan = "INSERT INTO weenie_properties_string (object_Id, type, value) "
                                  "VALUES (42, 1, 'Nobody');";
        error = weenieErrorOf([&] { corpus({{"o.sql", orphan}}); });
        QCOMPARE(error.source(), QStringLiteral("o.sql"));
        QVERIFY2(error.message().contains("a Name for WCID 42, which no `weenie` row defines"),
                 qPrintable(error.message()));
    }

    void rowsMayComeBeforeTheirWeenie() {
        // Another file, earlier in path order, may hold a weenie's properties.
        const std::vector<Weenie> weenies =
            corpus({{"a.sql", "INSERT INTO weenie_properties_d_i_d (object_Id, type, value) "
                              "VALUES (9, 1, 33554433);"},
                    {"b.sql", "INSERT INTO weenie (class_Id, class_Name) VALUES (9, 'nine');"}});
        QCOMPARE(weenies.size(), std::size_t(1));
        QCOMPARE(weenies[0].did(did::kSetup), 0x02000001u);
    }

    void foldersAreReadInPathOrder() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeFile(dir.filePath("b/00002 Two.sql"), weenieFile(2, "Two", 0x02000002)));
        QVERIFY(writeFile(dir.filePath("a/00001 One.sql"), weenieFile(1, "One", 0x02000001)));
        QVERIFY(writeFile(dir.filePath("notes.txt"), "INSERT INTO nonsense;"));
        // Hidden files and folders (an editor's backup, a .git) are not the corpus; any letter
        // case of the extension is.
        QVERIFY(writeFile(dir.filePath(".#00001 One.sql"), "INSERT INTO nonsense;"));
        QVERIFY(writeFile(dir.filePath(".git/x.sql"), "INSERT INTO nonsense;"));
        QVERIFY(writeFile(dir.filePath("b/00003 Three.SqL"), weenieFile(3, "Three", 0x02000003)));
        std::vector<Weenie> weenies = readSqlFolder(dir.path());
        QCOMPARE(weenies.size(), std::size_t(3));
        QCOMPARE(weenies[1].name, QStringLiteral("Two"));
        QCOMPARE(weenies[2].name, QStringLiteral("Three"));

        // Two faulty files: the first in path order is the one reported, whatever thread
        // finished first.
        QVERIFY(writeFile(dir.filePath("c/bad.sql"), "\n  INSERT weenie"));
        QVERIFY(writeFile(dir.filePath("a/bad.sql"), "INSERT INTO weenie (class_Id) VALUES (x)"));
        for (int run = 0; run < 5; ++run) {
            const WeenieError error = weenieErrorOf([&] { readSqlFolder(dir.path()); });
            QCOMPARE(error.source(), dir.filePath("a/bad.sql"));
            QCOMPARE(error.line(), 1);
            QCOMPARE(error.column(), 39);
        }
        QVERIFY(QFile::remove(dir.filePath("a/bad.sql")));
        QVERIFY(QFile::remove(dir.filePath("c/bad.sql")));

        // A duplicate across files names the later file.
        QVERIFY(writeFile(dir.filePath("c/again.sql"), weenieFile(1, "One again", 0x02000003)));
        const WeenieError duplicate = weenieErrorOf([&] { readSqlFolder(dir.path()); });
        QCOMPARE(duplicate.source(), dir.filePath("c/again.sql"));
        QVERIFY(duplicate.message().contains(dir.filePath("a/00001 One.sql")));
    }

    void foldersThatAreNoCorpus() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(weenieErrorOf([&] { readSqlFolder(dir.path()); })
                    .message()
                    .contains("no .sql files in the folder"));
        QVERIFY(weenieErrorOf([&] { readSqlFolder(dir.filePath("missing")); })
                    .message()
                    .contains("not a folder"));
        QVERIFY(weenieErrorOf([&] { readSqlFile(dir.filePath("missing.sql")); })
                    .message()
                    .contains("cannot read"));
    }
};

QTEST_GUILESS_MAIN(TestSqlReader)
#include "tst_sql_reader.moc"
