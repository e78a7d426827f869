// The studio's editing commands on a MainWindow (docs/studio.md#editing-in-the-studio) under
// Xvfb: an edit shows in the Inspector and marks the title, Save patches and reopens the DAT
// with the shown entry kept, Remove and Undo through the actions, Import of a record JSON, and
// the Save / Discard / Cancel prompt before a DAT with unsaved changes is replaced or closed.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"
#include "ui/edit/edit_actions.h"
#include "ui/edit/edit_session.h"
#include "ui/edit/record_editor.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/main_window.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

constexpr std::uint32_t kSetup = 0x02000001;
constexpr std::uint32_t kSurface = 0x08000A01;

// The Inspector's Fields row `key` under the shown record, or null.
QTreeWidgetItem* fieldRow(MainWindow& window, const QString& key) {
    QTreeWidgetItem* root = window.recordView()->topLevelItem(0);
    for (int i = 0; root && i < root->childCount(); ++i)
        if (root->child(i)->text(0) == key)
            return root->child(i);
    return nullptr;
}

// Answers the next modal question with `button`.
void answerNextQuestion(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (box)
            box->button(button)->click();
    });
}

} // namespace

class TestEditActions : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;

    QJsonObject setupWithHeight(MainWindow& window, double height) {
        const auto dat = window.currentDat();
        QJsonObject json =
            dat::recordToJson(*dat::decodeRecord(dat->kind(), kSetup, dat->read(kSetup)));
        json["height"] = height;
        return json;
    }

  private slots:
    // Recent DATs and the layout go to a test folder, not the user's settings.
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init() {
        m_path = m_dir.filePath("client_portal.dat");
        QFile::remove(m_path);
        QVERIFY(QFile::copy(PORTALKIT_DEMO_DAT, m_path));
        QFile::setPermissions(m_path, QFile::ReadOwner | QFile::WriteOwner);
    }

    void editShowsAndMarksTheTitle() {
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSetup));
        QVERIFY(window.windowTitle().contains("[*]"));
        QVERIFY(!window.isWindowModified());
        QVERIFY(!edit->saveAction()->isEnabled());
        QCOMPARE(edit->undoAction()->shortcut(), QKeySequence(QKeySequence::Undo));
        QCOMPARE(edit->saveAction()->shortcut(), QKeySequence(QKeySequence::Save));
        QStringList menus;
        for (QAction* menu : window.menuBar()->actions())
            menus << menu->text();
        QCOMPARE(menus.mid(0, 2), (QStringList{"&File", "&Edit"}));

        edit->session()->editRecord(*window.currentDat(), kSetup, setupWithHeight(window, 2.5));
        QVERIFY(window.isWindowModified());
        QVERIFY(edit->saveAction()->isEnabled());
        QVERIFY(fieldRow(window, "height"));
        QCOMPARE(fieldRow(window, "height")->text(1), QString("2.5"));
        QCOMPARE(edit->editor()->shownId(), kSetup); // the Edit tab follows the Browser
        QCOMPARE(edit->editor()->json()["height"].toDouble(), 2.5);

        edit->undoAction()->trigger();
        QVERIFY(!window.isWindowModified());
        QCOMPARE(fieldRow(window, "height")->text(1).left(5), QString("1.835"));
    }

    void saveReopensWithTheEntryKept() {
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSetup));
        const auto before = window.currentDat();
        edit->session()->editRecord(*before, kSetup, setupWithHeight(window, 2.5));
        const auto edited = edit->session()->read(*before, kSetup);

        QVERIFY2(edit->save(), qPrintable(edit->lastError()));
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.currentId(), kSetup);
        QVERIFY(window.currentDat() != before); // reopened
        QCOMPARE(window.currentDat()->read(kSetup), edited);
        QCOMPARE(dat::DatFile::open(m_path).read(kSetup), edited);
    }

    void removeAndUndoThroughTheActions() {
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSetup));
        edit->removeAction()->trigger();
        QVERIFY(window.isWindowModified());
        QVERIFY(fieldRow(window, "read error"));
        QVERIFY(fieldRow(window, "read error")->text(1).contains("removed"));
        edit->undoAction()->trigger();
        QVERIFY(fieldRow(window, "height"));
        QVERIFY(!window.isWindowModified());
    }

    void importsARecordJson() {
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSurface));
        const auto dat = window.currentDat();
        QJsonObject json =
            dat::recordToJson(*dat::decodeRecord(dat->kind(), kSurface, dat->read(kSurface)));
        json["translucency"] = 0.25;
        const QString file = m_dir.filePath("surface.json");
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(QJsonDocument(json).toJson());
        out.close();

        QVERIFY2(edit->importInto(file, std::nullopt), qPrintable(edit->lastError()));
        const auto bytes = edit->session()->read(*dat, kSurface);
        QCOMPARE(dat::recordToJson(*dat::decodeRecord(dat->kind(), kSurface, bytes))["translucency"]
                     .toDouble(),
                 0.25);
        QCOMPARE(edit->session()->undoStack()->count(), 1);

        // A file that is no record is refused with the reason, and changes nothing.
        QFile bad(m_dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("{ not json");
        bad.close();
        QVERIFY(!edit->importInto(bad.fileName(), std::nullopt));
        QVERIFY(edit->lastError().contains("bad.json"));
        QCOMPARE(edit->session()->undoStack()->count(), 1);
    }

    void promptBeforeReplacingADat() {
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSetup));
        edit->session()->editRecord(*window.currentDat(), kSetup, setupWithHeight(window, 2.5));

        answerNextQuestion(QMessageBox::Cancel);
        QVERIFY(!window.openDat(m_path)); // kept, edits and all
        QVERIFY(edit->session()->isDirty());
        answerNextQuestion(QMessageBox::Cancel);
        QVERIFY(!window.close());

        answerNextQuestion(QMessageBox::Discard);
        QVERIFY(window.openDat(m_path));
        QVERIFY(!edit->session()->isDirty());
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.close()); // nothing left to ask about
    }

    void promptCanSave() {
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSetup));
        edit->session()->editRecord(*window.currentDat(), kSetup, setupWithHeight(window, 2.5));
        const auto edited = edit->session()->read(*window.currentDat(), kSetup);
        answerNextQuestion(QMessageBox::Save);
        QVERIFY(window.close());
        QCOMPARE(dat::DatFile::open(m_path).read(kSetup), edited);
    }

    // Save from the prompt reopens the DAT while another is being opened in its place.
    void promptSavesBeforeAnotherDatOpens() {
        const QString other = m_dir.filePath("other_portal.dat");
        QFile::remove(other);
        QVERIFY(QFile::copy(PORTALKIT_DEMO_DAT, other));
        MainWindow window;
        auto* edit = new EditActions(&window);
        QVERIFY(window.openDat(m_path));
        QVERIFY(window.selectEntry(kSetup));
        edit->session()->editRecord(*window.currentDat(), kSetup, setupWithHeight(window, 2.5));
        const auto edited = edit->session()->read(*window.currentDat(), kSetup);

        answerNextQuestion(QMessageBox::Save);
        QVERIFY(window.openDat(other));
        QCOMPARE(window.dats().size(), std::size_t(1));
        QCOMPARE(window.dats().front()->path(), other);
        QCOMPARE(dat::DatFile::open(m_path).read(kSetup), edited);
        QVERIFY(!edit->session()->isDirty());
    }
};

QTEST_MAIN(TestEditActions)
#include "tst_edit_actions.moc"
