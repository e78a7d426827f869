#include "ui/session/dat_watcher.h"

#include "datreader/container/dat_file.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <algorithm>
#include <sys/stat.h>
#include <utility>

namespace portalkit::ui {
namespace {

constexpr int kSettleMilliseconds = 300;

} // namespace

DatWatcher::DatWatcher(QObject* parent) : QObject(parent) {
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMilliseconds);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &DatWatcher::noteChange);
    connect(&m_settle, &QTimer::timeout, this, &DatWatcher::reportSettled);
}

DatWatcher::FileState DatWatcher::stateOf(const QString& path) {
    FileState state;
    struct stat info {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return state;
    state.exists = true;
    state.size = qint64(info.st_size);
    state.modified = qint64(info.st_mtim.tv_sec) * 1000 + info.st_mtim.tv_nsec / 1000000;
    state.inode = quint64(info.st_ino);
    return state;
}

void DatWatcher::watch(const QStringList& paths) {
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    m_state.clear();
    m_pending.clear();
    for (const QString& path : paths) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        m_state.insert(absolute, stateOf(absolute));
        m_watcher.addPath(absolute);
    }
}

void DatWatcher::noteChange(const QString& path) {
    if (!m_state.contains(path))
        return;
    if (!m_pending.contains(path))
        m_pending << path;
    // A file renamed over, or deleted, is no longer watched: watch whatever has the name now.
    if (!m_watcher.files().contains(path) && QFileInfo::exists(path))
        m_watcher.addPath(path);
    m_settle.start();
}

void DatWatcher::reportSettled() {
    const QStringList pending = std::exchange(m_pending, {});
    for (const QString& path : pending) {
        const auto known = m_state.find(path);
        if (known == m_state.end())
            continue;
        const FileState before = *known;
        const FileState now = stateOf(path);
        QString what;
        if (!now.exists)
            what = tr("was deleted");
        else if (now.inode != before.inode)
            what = tr("was replaced");
        else if (now.size < before.size)
            what = tr("shrank");
        else if (now.size > before.size)
            what = tr("grew");
        else if (now.modified != before.modified)
            what = tr("was rewritten");
        else
            continue; // touched and put back: nothing to say
        if (now.exists && !m_watcher.files().contains(path))
            m_watcher.addPath(path);
        emit datChanged(path, what);
    }
}

DatChangeBar::DatChangeBar(QWidget* parent)
    : QToolBar(parent), m_watcher(new DatWatcher(this)), m_label(new QLabel),
      m_reopen(new QPushButton(tr("Reopen"))), m_dismiss(new QPushButton(tr("Dismiss"))) {
    setObjectName("datChangeBar"); // for saveState
    setWindowTitle(tr("DAT changed on disk"));
    setMovable(false);
    setFloatable(false);
    m_label->setTextFormat(Qt::PlainText);
    addWidget(m_label);
    addWidget(m_reopen);
    addWidget(m_dismiss);
    hide();
    connect(m_watcher, &DatWatcher::datChanged, this, &DatChangeBar::showChange);
    connect(m_reopen, &QPushButton::clicked, this, [this] {
        const QStringList changed = std::exchange(m_changed, {});
        m_what.clear();
        refresh();
        for (const QString& path : changed)
            if (QFileInfo::exists(path))
                emit reopenRequested(path);
    });
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        m_changed.clear();
        m_what.clear();
        refresh();
    });
}

void DatChangeBar::watch(const std::vector<std::shared_ptr<const dat::DatFile>>& dats) {
    QStringList paths;
    for (const auto& dat : dats)
        if (dat && !dat->path().isEmpty())
            paths << QFileInfo(dat->path()).absoluteFilePath();
    m_watcher->watch(paths);
    // What was said of a DAT that is (re)opened or closed no longer holds.
    m_changed.clear();
    m_what.clear();
    refresh();
}

QString DatChangeBar::text() const {
    return m_label->text();
}

void DatChangeBar::showChange(const QString& path, const QString& what) {
    m_changed.removeAll(path);
    m_changed.prepend(path);
    m_what.insert(path, what);
    refresh();
}

void DatChangeBar::refresh() {
    QStringList lines;
    for (const QString& path : m_changed)
        lines << tr("%1 %2 on disk; what is shown may be out of date or unreadable.")
                     .arg(QFileInfo(path).fileName(), m_what.value(path));
    m_label->setText(lines.join('\n'));
    m_label->setToolTip(m_changed.join('\n'));
    // A deleted file cannot be reopened; the others can.
    m_reopen->setEnabled(std::any_of(m_changed.begin(), m_changed.end(),
                                     [](const QString& path) { return QFileInfo::exists(path); }));
    setVisible(!m_changed.isEmpty());
}

} // namespace portalkit::ui
