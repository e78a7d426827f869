// The `simulate` trace is the runtime's public record of what happened, and tools diff it across
// versions. These cases pin it byte for byte: the bundled scenarios and the demo DAT's effects,
// played by the CLI as a user would, against traces kept in tests/preview/traces/.
//
// A change that moves a trace on purpose (a corrected retail rule) regenerates the files with
// PORTALKIT_UPDATE_TRACES=1 and explains every moved line in its commit.

#include "support/cli_run.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>

using portalkit::testing::runPortalkit;

namespace {

const QString kTraceDir = QStringLiteral(PORTALKIT_TRACES);

// The first line where two traces part, for a failure message a person can act on.
QString firstDifference(const QByteArray& expected, const QByteArray& actual) {
    const QList<QByteArray> want = expected.split('\n');
    const QList<QByteArray> got = actual.split('\n');
    for (qsizetype i = 0; i < std::max(want.size(), got.size()); ++i) {
        const QByteArray a = i < want.size() ? want[i] : QByteArray("<end>");
        const QByteArray b = i < got.size() ? got[i] : QByteArray("<end>");
        if (a != b)
            return QStringLiteral("line %1\n  kept: %2\n   now: %3")
                .arg(i + 1)
                .arg(QString::fromUtf8(a.left(400)), QString::fromUtf8(b.left(400)));
    }
    return QStringLiteral("identical");
}

} // namespace

class TestTraceGolden : public QObject {
    Q_OBJECT
  private slots:
    void traceIsByteIdentical_data() {
        QTest::addColumn<QStringList>("arguments");
        const QString scenarios = QStringLiteral(PORTALKIT_SCENARIOS);
        for (const char* name :
             {"arrow", "flame_bolt", "force_bolt", "portal_recall", "tusker_fist"})
            QTest::newRow(qPrintable(QStringLiteral("scenario_%1").arg(name)))
                << QStringList{"--scenario", scenarios + "/" + name + ".json"};
        // The demo DAT's effects (docs/demo.md), each on the object that carries it.
        QTest::newRow("recall") << QStringList{"--setup",    "0x02000001", "--motion",
                                               "0x10000153", "--duration", "16"};
        QTest::newRow("every_hook")
            << QStringList{"--setup", "0x02000001", "--script", "0x33001000", "--duration", "3"};
        QTest::newRow("call_pes") << QStringList{
            "--setup", "0x02000001", "--script", "0x33001001", "--duration", "3", "--seed", "7"};
        QTest::newRow("unsorted_hooks")
            << QStringList{"--setup", "0x02000001", "--script", "0x33001002", "--duration", "2"};
        QTest::newRow("blocking") << QStringList{"--setup",    "0x02000001", "--script",
                                                 "0x33000AEB", "--duration", "2"};
        QTest::newRow("tusker_fist") << QStringList{"--setup", "0x02000EAE", "--duration", "3"};
        QTest::newRow("flame_bolt_launch")
            << QStringList{"--setup", "0x0200040D", "--typed", "Launch",     "--intensity",
                           "0.5",     "--velocity", "0,10,2",  "--duration", "2"};
        QTest::newRow("hide_and_show")
            << QStringList{"--setup", "0x02000001",           "--at",       "0.5=state:0x00404C08",
                           "--at",    "1.5=state:0x00400C08", "--duration", "2.5"};
        QTest::newRow("wisp_hidden")
            << QStringList{"--setup", "0x02000002", "--typed", "Hidden", "--duration", "2"};
    }

    void traceIsByteIdentical() {
        QFETCH(QStringList, arguments);
        const QString file = kTraceDir + "/" + QTest::currentDataTag() + ".jsonl";
        const auto run = runPortalkit(QStringList{"simulate", PORTALKIT_DEMO_DAT} + arguments +
                                      QStringList{"--trace", "-"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.count('\n') > 10);

        if (qEnvironmentVariableIsSet("PORTALKIT_UPDATE_TRACES")) {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(run.out);
            QSKIP("trace rewritten");
        }
        QFile kept(file);
        QVERIFY2(kept.open(QIODevice::ReadOnly), qPrintable(file));
        const QByteArray expected = kept.readAll();
        QVERIFY2(run.out == expected, qPrintable(firstDifference(expected, run.out)));
    }
};

QTEST_GUILESS_MAIN(TestTraceGolden)
#include "tst_trace_golden.moc"
