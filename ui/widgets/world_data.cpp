#include "ui/widgets/world_data.h"

#include "weenies/mysql_reader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QThread>
#include <QWidget>
#include <QtConcurrent>
#include <utility>

namespace portalkit::ui {
namespace {

QSettings studioSettings() {
    return QSettings(QStringLiteral("PortalKit"), QStringLiteral("Studio"));
}

// A source the user names as an index: a file that is neither a JSON export nor SQL.
bool isIndexFile(const QFileInfo& info) {
    const QString suffix = info.suffix().toLower();
    return info.isFile() && suffix != QLatin1String("json") && suffix != QLatin1String("sql");
}

// The cache's index for `source`: one file per source, named by a digest of its absolute path
// (or URL), so opening the same folder again finds the index it made.
QString cachedIndexPath(const QString& source, const QString& cacheFolder) {
    const QByteArray digest =
        QCryptographicHash::hash(source.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QDir(cacheFolder).filePath(QString::fromLatin1(digest) + QStringLiteral(".sqlite"));
}

// The cache's index when it is there, was built from `source` and is current (rebuilt when its
// source changed); nothing when it must be imported afresh (missing, another format version,
// unreadable).
std::optional<weenies::WeenieIndex> openCached(const QString& path, const QString& source,
                                               bool* rebuilt) {
    if (!QFileInfo::exists(path))
        return std::nullopt;
    try {
        auto index = weenies::openCurrent(path, rebuilt);
        if (index.stamp().source == source)
            return index;
    } catch (const weenies::WeenieError&) {
        // An index the import below replaces: an older version, or half a file.
    }
    return std::nullopt;
}

weenies::WeenieIndex openOrImport(WorldDataLoad& load, const QString& cacheFolder) {
    const QFileInfo info(load.source);
    if (isIndexFile(info)) {
        load.indexPath = load.source;
        return weenies::openCurrent(load.source, &load.imported);
    }
    load.indexPath = cachedIndexPath(load.source, cacheFolder);
    if (auto cached = openCached(load.indexPath, load.source, &load.imported))
        return std::move(*cached);
    if (!QDir().mkpath(cacheFolder))
        throw weenies::WeenieError(cacheFolder, QStringLiteral("cannot create the cache folder"));
    // Stamped before reading, so a file edited during the import makes the next open rebuild.
    const weenies::SourceStamp stamp = weenies::stampSource(load.source);
    weenies::WeenieIndex::write(load.indexPath, weenies::readSource(load.source), stamp);
    load.imported = true;
    return weenies::WeenieIndex::open(load.indexPath);
}

} // namespace

WorldDataLoad loadWorldData(const QString& source, const QString& cacheFolder) {
    QElapsedTimer timer;
    timer.start();
    WorldDataLoad load;
    load.source =
        weenies::isDatabaseUrl(source) ? source.trimmed() : QFileInfo(source).absoluteFilePath();
    try {
        const weenies::WeenieIndex index = openOrImport(load, cacheFolder);
        load.count = index.count();
        // Every weenie once, by WCID: the table the Browser reads for each row it paints. The
        // names seen per DID are a set: a SoundTable or Icon shared by thousands of weenies
        // made a list lookup per weenie quadratic.
        QHash<std::uint32_t, QSet<QString>> seen;
        for (const weenies::Weenie& weenie : index.all()) {
            if (weenie.name.isEmpty())
                continue;
            for (const weenies::DidProperty& property : weenie.dids) {
                QSet<QString>& named = seen[property.value];
                if (named.contains(weenie.name))
                    continue;
                named.insert(weenie.name);
                load.names[property.value] << weenie.name;
            }
        }
    } catch (const weenies::WeenieError& error) {
        load.error = QString::fromStdString(error.what());
    } catch (const std::exception& error) { // e.g. bad_alloc on a hostile source
        load.error = source + QStringLiteral(": ") + QString::fromLocal8Bit(error.what());
    }
    load.seconds = double(timer.nsecsElapsed()) / 1e9;
    return load;
}

WorldData::WorldData(QObject* parent) : QObject(parent), m_cacheFolder(defaultCacheFolder()) {
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &WorldData::apply);
}

WorldData::~WorldData() {
    m_watcher.waitForFinished(); // the worker's connection is its own; nothing else to stop
}

WorldData* WorldData::of(const QWidget* widget) {
    for (const QObject* at = widget; at; at = at->parent())
        if (auto* found = at->findChild<WorldData*>(QString(), Qt::FindDirectChildrenOnly))
            return found;
    return nullptr;
}

QString WorldData::defaultCacheFolder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation))
        .filePath(QStringLiteral("world-data"));
}

QString WorldData::rememberedSource() {
    return studioSettings().value(kSettingsKey).toString();
}

void WorldData::open(const QString& source) {
    // One load at a time (two imports of one source would write the same index): a source
    // asked for meanwhile waits for the running load, whose answer is then dropped.
    if (m_loading) {
        m_pending = source;
        return;
    }
    m_loading = true;
    m_watcher.setFuture(QtConcurrent::run(loadWorldData, source, m_cacheFolder));
}

void WorldData::waitForLoad() {
    while (m_loading) {
        m_watcher.waitForFinished();
        // finished() comes through the event loop, posted just after the future finishes; a
        // caller waiting wants the answer now.
        QThread::yieldCurrentThread();
        QCoreApplication::sendPostedEvents(&m_watcher);
    }
}

void WorldData::close() {
    m_index.reset();
    m_names.clear();
    m_source.clear();
    studioSettings().remove(kSettingsKey);
    emit loaded();
}

void WorldData::apply() {
    m_loading = false;
    if (!m_pending.isEmpty()) { // superseded
        open(std::exchange(m_pending, QString()));
        return;
    }
    if (m_watcher.future().isCanceled() || m_watcher.future().resultCount() == 0)
        return;
    WorldDataLoad load = m_watcher.result();
    m_watcher.setFuture(QFuture<WorldDataLoad>()); // frees the result's copy of the names
    if (!load.error.isEmpty()) {
        m_lastError = load.error;
        emit failed(load.error);
        return;
    }
    try {
        m_index =
            std::make_unique<weenies::WeenieIndex>(weenies::WeenieIndex::open(load.indexPath));
    } catch (const weenies::WeenieError& error) { // removed between the worker and now
        m_lastError = QString::fromStdString(error.what());
        emit failed(m_lastError);
        return;
    }
    m_names = std::move(load.names);
    m_source = load.source;
    m_imported = load.imported;
    m_seconds = load.seconds;
    m_lastError.clear();
    studioSettings().setValue(kSettingsKey, m_source);
    emit loaded();
}

QString WorldData::namesLabel(std::uint32_t did) const {
    const QStringList names = namesOf(did);
    constexpr int kShown = 3;
    if (names.size() <= kShown)
        return names.join(QStringLiteral(", "));
    return tr("%1, … (%2 weenies)")
        .arg(names.mid(0, kShown - 1).join(QStringLiteral(", ")))
        .arg(names.size());
}

std::vector<weenies::Weenie> WorldData::usersOf(std::uint32_t did, int limit) const {
    return m_index ? m_index->byDid(did, limit) : std::vector<weenies::Weenie>{};
}

std::size_t WorldData::userCount(std::uint32_t did) const {
    return m_index ? m_index->countByDid(did) : 0;
}

std::vector<weenies::Weenie> WorldData::search(const QString& text, int limit) const {
    const QString trimmed = text.trimmed();
    if (!m_index || trimmed.isEmpty())
        return {};
    std::vector<weenies::Weenie> found;
    bool number = false;
    const std::uint32_t wcid = trimmed.toUInt(&number, 10);
    if (number)
        if (auto weenie = m_index->byWcid(wcid))
            found.push_back(std::move(*weenie));
    for (weenies::Weenie& weenie : m_index->byName(trimmed, limit))
        if (found.empty() || found.front().wcid != weenie.wcid)
            found.push_back(std::move(weenie));
    if (found.size() > std::size_t(limit))
        found.resize(std::size_t(limit));
    return found;
}

std::optional<weenies::Weenie> WorldData::weenie(std::uint32_t wcid) const {
    return m_index ? m_index->byWcid(wcid) : std::nullopt;
}

} // namespace portalkit::ui
