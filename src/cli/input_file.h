#pragma once

// What put and import read from the user: a file, whole, with an upper bound, and an id option.

#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"

#include <QCommandLineParser>
#include <QFile>
#include <QString>
#include <cstdint>
#include <string>
#include <vector>

namespace portalkit::cli {

// The whole of `path`; throws DatError (field `field`) when it cannot be read or passes `limit`
// bytes, so a wrong path to a huge file is refused before it is read.
inline std::vector<std::uint8_t> readInputFile(const QString& path, qint64 limit,
                                               const char* field) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw dat::DatError(field, path.toStdString() + ": " + file.errorString().toStdString(), 0,
                            dat::OffsetKind::Source);
    if (file.size() > limit)
        throw dat::DatError(field,
                            path.toStdString() + ": " + std::to_string(file.size()) +
                                " bytes, more than the " + std::to_string(limit) + " allowed",
                            0, dat::OffsetKind::Source);
    const QByteArray bytes = file.readAll();
    return {bytes.begin(), bytes.end()};
}

// An id given as text ("0x06001234"); throws DatError naming `field` when it is not one.
inline std::uint32_t idArgument(const QString& text, const char* field) {
    if (const auto id = dat::parseDid(text))
        return *id;
    throw dat::DatError(field, "'" + text.toStdString() + "' is not an id (0x06001234)", 0,
                        dat::OffsetKind::Source);
}

} // namespace portalkit::cli
