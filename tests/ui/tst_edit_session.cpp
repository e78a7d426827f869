// The studio's edit session without widgets (docs/studio.md#editing-in-the-studio): an edit is
// read back through the session and not from the file until saved, undo and redo move the
// bytes, Save patches the DAT so that it reopens with the edit and verifies, Save As leaves the
// original untouched, and a value the record refuses changes nothing.

#include "datreader/container/dat_file.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"
#include "ui/edit/edit_session.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit;
using portalkit::ui::EditSession;

namespace {

constexpr std::uint32_t kSetup = 0x02000001; // the demo human, "height" 1.835

QByteArray fileHash(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

QJsonObject recordJson(dat::DatKind kind, std::uint32_t id,
                       const std::vector<std::uint8_t>& bytes) {
    return dat::recordToJson(*dat::decodeRecord(kind, id, bytes));
}

int verifyErrors(const dat::DatFile& dat) {
    int errors = 0;
    for (const auto& problem : dat::verifyDat(dat).problems)
        errors += problem.severity == dat::VerifyProblem::Severity::Error;
    return errors;
}

} // namespace

class TestEditSession : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;

    // The Setup's JSON with its height changed.
    QJsonObject tallerSetup(const dat::DatFile& dat, double height) {
        QJsonObject json = recordJson(dat.kind(), kSetup, dat.read(kSetup));
        json["height"] = height;
        return json;
    }

  private slots:
    void init() {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath("client_portal.dat");
        QFile::remove(m_path);
        QVERIFY(QFile::copy(PORTALKIT_DEMO_DAT, m_path));
        QFile::setPermissions(m_path, QFile::ReadOwner | QFile::WriteOwner);
    }

    void editIsReadBackOverlaid() {
        const auto dat = dat::DatFile::open(m_path);
        const auto original = dat.read(kSetup);
        EditSession session;
        QSignalSpy dirty(&session, &EditSession::dirtyChanged);
        QSignalSpy changed(&session, &EditSession::entriesChanged);
        session.editRecord(dat, kSetup, tallerSetup(dat, 2.5));

        const auto edited = session.read(dat, kSetup);
        QVERIFY(edited != original);
        QCOMPARE(recordJson(dat.kind(), kSetup, edited)["height"].toDouble(), 2.5);
        QCOMPARE(dat.read(kSetup), original); // the file is not touched before Save
        QVERIFY(session.isDirty());
        QVERIFY(session.isDirty(m_path));
        QCOMPARE(session.pendingIds(m_path), std::vector<std::uint32_t>{kSetup});
        QCOMPARE(dirty.size(), 1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed[0][1].value<QList<quint32>>(), QList<quint32>{kSetup});
        QCOMPARE(session.undoStack()->count(), 1);
        // Entries the session did not touch read from the file.
        QCOMPARE(session.read(dat, 0x02000002), dat.read(0x02000002));
    }

    void undoAndRedoRestoreTheBytes() {
        const auto dat = dat::DatFile::open(m_path);
        const auto original = dat.read(kSetup);
        EditSession session;
        session.editRecord(dat, kSetup, tallerSetup(dat, 2.5));
        const auto first = session.read(dat, kSetup);
        session.editRecord(dat, kSetup, tallerSetup(dat, 3.0));
        QCOMPARE(session.undoStack()->count(), 2);

        session.undoStack()->undo();
        QCOMPARE(session.read(dat, kSetup), first);
        session.undoStack()->undo();
        QCOMPARE(session.read(dat, kSetup), original);
        QVERIFY(!session.isDirty()); // back to the file's own bytes: nothing to save
        session.undoStack()->redo();
        QCOMPARE(session.read(dat, kSetup), first);
        QVERIFY(session.isDirty());
    }

    void sameValueIsNoStep() {
        const auto dat = dat::DatFile::open(m_path);
        EditSession session;
        session.editRecord(dat, kSetup, recordJson(dat.kind(), kSetup, dat.read(kSetup)));
        QCOMPARE(session.undoStack()->count(), 0);
        QVERIFY(!session.isDirty());
    }

    void saveWritesTheEditAndVerifies() {
        auto dat = dat::DatFile::open(m_path);
        const auto untouched = dat.read(0x08000A01);
        EditSession session;
        QSignalSpy saved(&session, &EditSession::saved);
        session.editRecord(dat, kSetup, tallerSetup(dat, 2.5));
        const auto edited = session.read(dat, kSetup);
        QVERIFY(session.removeEntry(dat, 0x02000002));

        const auto result = session.save();
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.saved, QStringList{EditSession::keyOf(m_path)});
        QCOMPARE(saved.size(), 1);
        QVERIFY(!session.isDirty());
        QVERIFY(session.undoStack()->isClean());

        const auto reopened = dat::DatFile::open(m_path);
        QCOMPARE(reopened.read(kSetup), edited);
        QVERIFY(!reopened.find(0x02000002));
        QCOMPARE(reopened.read(0x08000A01), untouched);
        QCOMPARE(verifyErrors(reopened), 0);

        // Undo past the save is an unsaved change against the saved file.
        session.undoStack()->undo(); // the removal
        QVERIFY(session.isDirty());
        QCOMPARE(session.read(reopened, 0x02000002), dat.read(0x02000002));
    }

    void saveAsLeavesTheOriginal() {
        const QByteArray before = fileHash(m_path);
        const auto dat = dat::DatFile::open(m_path);
        EditSession session;
        session.editRecord(dat, kSetup, tallerSetup(dat, 2.5));
        const auto edited = session.read(dat, kSetup);
        const QString copy = m_dir.filePath("patched.dat");
        QFile::remove(copy);

        QCOMPARE(session.saveAs(m_path, copy), QString());
        QCOMPARE(fileHash(m_path), before);
        const auto written = dat::DatFile::open(copy);
        QCOMPARE(written.read(kSetup), edited);
        QCOMPARE(verifyErrors(written), 0);
        QVERIFY(!session.isDirty());
        // Save As onto itself is Save's job.
        QVERIFY(!session.saveAs(m_path, m_path).isEmpty());
    }

    void invalidEditIsRefused_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("height not a number") << "height" << QJsonValue("tall");
        QTest::newRow("flags negative") << "flags" << QJsonValue(-1);
        QTest::newRow("flags past u32") << "flags" << QJsonValue(4294967296.0);
        QTest::newRow("motion table not an id") << "defaultMotionTable" << QJsonValue("0xNOTANID");
    }

    void invalidEditIsRefused() {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        const auto dat = dat::DatFile::open(m_path);
        EditSession session;
        QJsonObject json = recordJson(dat.kind(), kSetup, dat.read(kSetup));
        json[key] = value;
        try {
            session.editRecord(dat, kSetup, json);
            QFAIL("the edit was accepted");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.did(), std::optional<std::uint32_t>(kSetup));
        }
        QCOMPARE(session.undoStack()->count(), 0);
        QVERIFY(!session.isDirty());
        QCOMPARE(session.read(dat, kSetup), dat.read(kSetup));
    }

    void removeAndImportAreSteps() {
        const auto dat = dat::DatFile::open(m_path);
        EditSession session;
        QVERIFY(session.removeEntry(dat, kSetup));
        QVERIFY_THROWS_EXCEPTION(dat::DatError, session.read(dat, kSetup));
        QVERIFY(!session.removeEntry(dat, kSetup));     // already gone
        QVERIFY(!session.removeEntry(dat, 0x0200FFFF)); // never there
        session.undoStack()->undo();
        QCOMPARE(session.read(dat, kSetup), dat.read(kSetup));

        const std::vector<modding::ImportedEntry> entries{{0x0600FF01, {1, 2, 3}, "a"},
                                                          {0x0600FF02, {4, 5}, "b"}};
        session.importEntries(dat, entries, "import");
        QCOMPARE(session.read(dat, 0x0600FF02), (std::vector<std::uint8_t>{4, 5}));
        session.undoStack()->undo(); // both in one step
        QVERIFY_THROWS_EXCEPTION(dat::DatError, session.read(dat, 0x0600FF01));
        QVERIFY_THROWS_EXCEPTION(dat::DatError, session.read(dat, 0x0600FF02));
        QVERIFY(!session.isDirty());
    }

    void failedSaveKeepsTheChanges() {
        const auto dat = dat::DatFile::open(m_path);
        EditSession session;
        session.replaceEntry(dat, kSetup, {9, 9, 9});
        QVERIFY(QFile::remove(m_path)); // the patcher cannot open it now
        const auto result = session.save();
        QVERIFY(!result.error.isEmpty());
        QVERIFY(result.error.contains("client_portal.dat"));
        QVERIFY(session.isDirty());
        QCOMPARE(session.read(dat, kSetup), (std::vector<std::uint8_t>{9, 9, 9}));
    }

    void discardForgets() {
        const auto dat = dat::DatFile::open(m_path);
        EditSession session;
        session.replaceEntry(dat, kSetup, {1});
        session.discard(m_path);
        QVERIFY(!session.isDirty());
        QCOMPARE(session.undoStack()->count(), 0);
        QCOMPARE(session.read(dat, kSetup), dat.read(kSetup));
    }
};

QTEST_GUILESS_MAIN(TestEditSession)
#include "tst_edit_session.moc"
