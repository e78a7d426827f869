#pragma once

// A live ace_world database through Qt SQL's QMYSQL driver (docs/world-data.md#database): the
// same three tables the SQL files fill, read with three queries.

#include "weenies/weenie.h"

#include <QString>
#include <optional>
#include <vector>

namespace portalkit::weenies {

// mysql://USER[:PASSWORD]@HOST[:PORT]/DATABASE, or mysql://USER@/DATABASE?socket=/run/x.sock
// for a unix socket. The password may instead come from the PORTALKIT_DB_PASSWORD variable.
struct DatabaseUrl {
    QString user;
    QString password;
    QString host;
    int port = 3306;
    QString socket;
    QString database;

    // Nothing when `text` is not such a URL; `why` says what is wrong.
    static std::optional<DatabaseUrl> parse(const QString& text, QString* why = nullptr);
    // The URL without its password, as messages name the server.
    QString display() const;
};

bool isDatabaseUrl(const QString& text);

// Throws WeenieError naming the server when the driver is missing, the connection is refused or
// a query fails, and as the SQL files do on an unknown DID property type or a duplicate.
std::vector<Weenie> readDatabase(const DatabaseUrl& url);

} // namespace portalkit::weenies
