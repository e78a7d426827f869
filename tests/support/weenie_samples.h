#pragma once

// What the weenie suites share: the sample weenies (resources/weenies, PORTALKIT_WEENIE_SAMPLES
// set by the suite's CMake), copied where a test may change them, and the WeenieError a call
// stops with.

#include "weenies/weenie.h"

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QString>

namespace portalkit::testing {

#ifdef PORTALKIT_WEENIE_SAMPLES
// Copies the sample weenies into `dir` (made when missing), so a test may change them.
inline bool copyWeenieSamples(const QString& dir) {
    const QString samples = QStringLiteral(PORTALKIT_WEENIE_SAMPLES);
    if (!QDir().mkpath(dir))
        return false;
    for (const QString& name : QDir(samples).entryList({"*.sql"}, QDir::Files))
        if (!QFile::copy(samples + "/" + name, dir + "/" + name))
            return false;
    return true;
}
#endif

// Rewrites `path` with `from` replaced by `to`, and moves its modification time a minute on so
// the change shows whatever the file system's clock granularity. False when `from` is not there.
inline bool replaceInFile(const QString& path, const QByteArray& from, const QByteArray& to) {
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return false;
    QByteArray bytes = file.readAll();
    if (!bytes.contains(from))
        return false;
    bytes.replace(from, to);
    const QDateTime modified = file.fileTime(QFileDevice::FileModificationTime);
    file.resize(0);
    file.write(bytes);
    return file.setFileTime(modified.addSecs(60), QFileDevice::FileModificationTime);
}

// The error `run` stops with; an empty message when it does not throw.
template <typename Run> weenies::WeenieError weenieErrorOf(Run run) {
    try {
        run();
    } catch (const weenies::WeenieError& error) {
        return error;
    }
    return weenies::WeenieError(QString(), QString());
}

} // namespace portalkit::testing
