// The Inspector's Edit tab (docs/studio.md#editing-in-the-studio) under Xvfb: a number set in
// its editor changes the encoded record, a value the record refuses is shown and changes
// nothing, ids get a picker of their type, flag names a checkable list, and undo shows the
// record as it was.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"
#include "ui/edit/edit_session.h"
#include "ui/edit/record_editor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

constexpr std::uint32_t kSetup = 0x02000001;   // the demo human
constexpr std::uint32_t kSurface = 0x08000A01; // Base1Image | Additive

QJsonObject stored(const EditSession& session, const dat::DatFile& dat, std::uint32_t id) {
    return dat::recordToJson(*dat::decodeRecord(dat.kind(), id, session.read(dat, id)));
}

} // namespace

class TestRecordEditor : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<const dat::DatFile> m_dat;

  private slots:
    void init() {
        const QString path = m_dir.filePath("client_portal.dat");
        QFile::remove(path);
        QVERIFY(QFile::copy(PORTALKIT_DEMO_DAT, path));
        m_dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(path));
    }

    void numberFieldChangesTheRecord() {
        EditSession session;
        RecordEditor editor(session);
        editor.setDats({m_dat});
        editor.resize(500, 600);
        editor.show();
        editor.showRecord(m_dat, kSetup);
        const double before = editor.json()["height"].toDouble();

        // Through the widgets: a real gets a text field, Apply proposes it.
        QVERIFY(editor.selectField("height"));
        QCOMPARE(editor.fieldEditor()->field().kind, FieldKind::Real);
        editor.fieldEditor()->setValue(2.25);
        auto* apply = editor.fieldEditor()->findChild<QPushButton*>();
        QVERIFY(apply);
        QTest::mouseClick(apply, Qt::LeftButton);
        QCOMPARE(stored(session, *m_dat, kSetup)["height"].toDouble(), 2.25);
        QCOMPARE(editor.json()["height"].toDouble(), 2.25); // the tree shows it
        QVERIFY(session.isDirty());

        session.undoStack()->undo();
        QCOMPARE(editor.json()["height"].toDouble(), before);
        QCOMPARE(stored(session, *m_dat, kSetup)["height"].toDouble(), before);
        QVERIFY(!session.isDirty());
    }

    void integerRangeComesFromTheRecord() {
        EditSession session;
        RecordEditor editor(session);
        editor.showRecord(m_dat, kSetup);
        QVERIFY(editor.selectField("parentIndices/1")); // a u32
        const FieldInfo& field = editor.fieldEditor()->field();
        QCOMPARE(field.kind, FieldKind::Integer);
        QCOMPARE(field.min, 0.0);
        QCOMPARE(field.max, 4294967295.0);
        auto* spin = qobject_cast<QDoubleSpinBox*>(editor.fieldEditor()->input());
        QVERIFY(spin);
        QCOMPARE(spin->maximum(), 4294967295.0);
        QVERIFY(editor.setField("parentIndices/1", 4294967295.0));
        QCOMPARE(stored(session, *m_dat, kSetup)["parentIndices"].toArray()[1].toDouble(),
                 4294967295.0);
    }

    void invalidIdIsRefused() {
        EditSession session;
        RecordEditor editor(session);
        editor.setDats({m_dat});
        editor.show();
        editor.showRecord(m_dat, kSetup);
        const QJsonObject before = editor.json();

        QVERIFY(!editor.setField("parts/0", "0xNOTANID"));
        QVERIFY(editor.lastError().contains("parts"));
        QVERIFY(editor.errorLabel()->isVisible());
        QCOMPARE(editor.json(), before);
        QCOMPARE(session.undoStack()->count(), 0);
        QVERIFY(!session.isDirty());

        // A good value clears the message.
        QVERIFY(editor.setField("parts/0", "0x01000002"));
        QVERIFY(!editor.errorLabel()->isVisible());
        QCOMPARE(stored(session, *m_dat, kSetup)["parts"].toArray()[0].toString(),
                 QString("0x01000002"));
    }

    void idFieldOffersEntriesOfItsType() {
        EditSession session;
        RecordEditor editor(session);
        editor.setDats({m_dat});
        editor.showRecord(m_dat, kSetup);
        QVERIFY(editor.selectField("parts/0"));
        const FieldInfo& field = editor.fieldEditor()->field();
        QCOMPARE(field.kind, FieldKind::Id);
        QCOMPARE(field.idType, QString("GfxObj"));
        QVERIFY(field.choices.contains(0x01000001));
        for (quint32 id : field.choices)
            QCOMPARE(id >> 24, 0x01u);
        auto* combo = qobject_cast<QComboBox*>(editor.fieldEditor()->input());
        QVERIFY(combo);
        QCOMPARE(combo->count(), field.choices.size());

        // Enter in the picker applies what is typed there.
        combo->setEditText("0x01000003");
        QTest::keyClick(combo->lineEdit(), Qt::Key_Return);
        QCOMPARE(stored(session, *m_dat, kSetup)["parts"].toArray()[0].toString(),
                 QString("0x01000003"));
    }

    void flagsAreACheckableList() {
        EditSession session;
        RecordEditor editor(session);
        editor.setDats({m_dat});
        editor.show();
        editor.showRecord(m_dat, kSurface);
        QVERIFY(editor.selectField("typeFlags"));
        QCOMPARE(editor.fieldEditor()->field().kind, FieldKind::Flags);
        auto* list = qobject_cast<QListWidget*>(editor.fieldEditor()->input());
        QVERIFY(list);
        const auto additive = list->findItems("Additive", Qt::MatchExactly);
        QCOMPARE(additive.size(), 1);
        QCOMPARE(additive[0]->checkState(), Qt::Checked);

        additive[0]->setCheckState(Qt::Unchecked); // applies at once
        const QJsonObject after = stored(session, *m_dat, kSurface);
        QCOMPARE(after["typeFlags"].toArray(), QJsonArray{"Base1Image"});
        QVERIFY(editor.lastError().isEmpty());
        session.undoStack()->undo();
        QCOMPARE(stored(session, *m_dat, kSurface)["typeFlags"].toArray().size(), 2);
    }
};

QTEST_MAIN(TestRecordEditor)
#include "tst_record_editor.moc"
