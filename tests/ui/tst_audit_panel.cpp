// The studio's Audit panel: runs in the background on the open DAT, lists what held and what
// did not, and opens a failing record in the browser.

#include "ui/widgets/audit_panel.h"
#include "ui/widgets/main_window.h"

#include <QLabel>
#include <QModelIndex>
#include <QObject>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QString>
#include <QTableView>
#include <QTest>

using namespace portalkit;

class TestAuditPanel : public QObject {
    Q_OBJECT
  private slots:
    // The window remembers recent DATs in QSettings: keep them out of the user's settings.
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void demoDatHoldsItsManifest() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        ui::AuditPanel* panel = window.auditPanel();
        panel->setManifestPath(PORTALKIT_MANIFESTS "/demo.json");
        QSignalSpy finished(panel, &ui::AuditPanel::finished);
        QVERIFY(panel->run());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(panel->resultModel()->rowCount() > 100);
        QVERIFY(panel->summaryLabel()->text().startsWith("PASS"));
    }

    // Against the retail manifest the demo's bytes differ: failures are listed, filtering keeps
    // only them, and activating one selects its entry in the browser.
    void failuresFilterAndOpenTheirRecord() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        ui::AuditPanel* panel = window.auditPanel();
        panel->setManifestPath(PORTALKIT_MANIFESTS "/retail-eor-2013.json");
        QSignalSpy finished(panel, &ui::AuditPanel::finished);
        QVERIFY(panel->run());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(panel->summaryLabel()->text().startsWith("FAIL"));

        panel->filterModel()->setFilterFixedString("entry.sha256");
        QVERIFY(panel->filterModel()->rowCount() > 0);
        QModelIndex failure;
        for (int row = 0; row < panel->filterModel()->rowCount(); ++row) {
            const QModelIndex did = panel->filterModel()->index(row, ui::AuditPanel::Did);
            if (did.data().toString() == "0x02000124")
                failure = did;
        }
        QVERIFY(failure.isValid());

        QSignalSpy opened(panel, &ui::AuditPanel::openRecord);
        emit panel->resultView()->activated(failure);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().first().value<std::uint32_t>(), 0x02000124u);
        QCOMPARE(window.entryView()->currentIndex().siblingAtColumn(0).data().toString(),
                 QString("0x02000124"));
    }

    void aBadManifestSaysWhy() {
        ui::MainWindow window;
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        window.auditPanel()->setManifestPath("/nonexistent/manifest.json");
        QVERIFY(!window.auditPanel()->run());
        QVERIFY(window.auditPanel()->summaryLabel()->text().contains("cannot read"));
    }
};

QTEST_MAIN(TestAuditPanel)
#include "tst_audit_panel.moc"
