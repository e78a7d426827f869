#pragma once

// Rows read from a source, merged into weenies: a WCID is defined once, each of its DID
// properties once, and every property row belongs to a weenie some source defines.

#include "weenies/weenie.h"

#include <QString>
#include <cstdint>
#include <map>
#include <vector>

namespace portalkit::weenies {

struct Location {
    QString source; // a file path, or the server
    int line = 0;
    int column = 0;
};

// What one file (or one query) holds, in the order it holds it.
struct FileRows {
    struct Define {
        Weenie weenie; // wcid, className, type
        Location at;
    };
    struct Name {
        std::uint32_t wcid;
        QString name;
        Location at;
    };
    struct Did {
        std::uint32_t wcid;
        DidProperty property;
        Location at;
    };
    std::vector<Define> weenies;
    std::vector<Name> names;
    std::vector<Did> dids;
};

class CorpusBuilder {
  public:
    // Throws WeenieError at the later location on a WCID defined twice, a name or DID
    // property given twice.
    void add(FileRows rows);
    // The weenies by WCID. Throws WeenieError at the first row whose weenie no source defines.
    std::vector<Weenie> finish();

  private:
    struct Entry {
        Weenie weenie;
        Location at;
        Location nameAt;
        std::map<std::uint16_t, Location> didAt;
    };
    std::map<std::uint32_t, Entry> m_weenies;
    std::vector<FileRows::Name> m_pendingNames; // rows before their weenie
    std::vector<FileRows::Did> m_pendingDids;
    void addName(const FileRows::Name& row, Entry& entry);
    void addDid(const FileRows::Did& row, Entry& entry);
};

[[noreturn]] void failAt(const Location& at, const QString& message);

} // namespace portalkit::weenies
