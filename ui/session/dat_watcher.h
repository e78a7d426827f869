#pragma once

#include <QFileSystemWatcher>
#include <QHash>
#include <QStringList>
#include <QTimer>
#include <QToolBar>
#include <memory>
#include <vector>

class QLabel;
class QPushButton;

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::ui {

// Watches the files of the open DATs (QFileSystemWatcher) and says what happened to one when it
// changes on disk: it "was rewritten", "shrank", "grew", "was replaced" (another file renamed
// over it) or "was deleted". Bursts of writes are reported once, after they settle. A DatFile
// stays readable or throws DatError whatever the change
// (docs/formats.md#a-dat-that-changes-under-its-map); this only tells the user, who may reopen.
class DatWatcher : public QObject {
    Q_OBJECT
  public:
    explicit DatWatcher(QObject* parent = nullptr);

    // Watches exactly `paths`, each as it is now; earlier changes of them are forgotten.
    void watch(const QStringList& paths);
    QStringList watched() const { return m_state.keys(); }
    // How long writes must pause before a change is reported.
    void setSettleMilliseconds(int milliseconds) { m_settle.setInterval(milliseconds); }

  signals:
    // `what` is one of the phrases above.
    void datChanged(const QString& path, const QString& what);

  private:
    struct FileState {
        bool exists = false;
        qint64 size = 0;
        qint64 modified = 0; // ms since the epoch
        quint64 inode = 0;
    };
    static FileState stateOf(const QString& path);
    void noteChange(const QString& path);
    void reportSettled();

    QFileSystemWatcher m_watcher;
    QHash<QString, FileState> m_state; // as opened
    QStringList m_pending;             // changed, not yet reported
    QTimer m_settle;
};

// The bar that says so, above the window's docks: "portal.dat shrank on disk. [Reopen]
// [Dismiss]". Hidden until a watched DAT changes; one line per changed DAT, the latest first.
class DatChangeBar : public QToolBar {
    Q_OBJECT
  public:
    explicit DatChangeBar(QWidget* parent = nullptr);

    // Watches the files of `dats` and drops what was said about the others.
    void watch(const std::vector<std::shared_ptr<const dat::DatFile>>& dats);
    DatWatcher* watcher() const { return m_watcher; }
    QString text() const;
    QPushButton* reopenButton() const { return m_reopen; }
    QPushButton* dismissButton() const { return m_dismiss; }

  signals:
    // The user asked to reopen `path` (once for every changed DAT that still exists).
    void reopenRequested(const QString& path);

  private:
    void showChange(const QString& path, const QString& what);
    void refresh();

    DatWatcher* m_watcher;
    QLabel* m_label;
    QPushButton* m_reopen;
    QPushButton* m_dismiss;
    QStringList m_changed;          // paths, latest first
    QHash<QString, QString> m_what; // path → what happened
};

} // namespace portalkit::ui
