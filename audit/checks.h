#pragma once

// Runs a manifest's pins against a DAT: every pin gives a result, every broken pin a finding
// naming the DID, the check, what was expected and what was found.

#include "audit/manifest.h"
#include "datreader/container/dat_file.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <vector>

namespace portalkit::audit {

struct Finding {
    std::uint32_t did = 0;
    QString check;    // "entry.sha256", "setup.spheres[1]", "blocking.physicsScripts", ...
    QString expected; // as the manifest pins it
    QString actual;   // as the DAT has it
};

struct PinResult {
    QString kind; // entry, setup, table, closure, blocking, projectile
    std::uint32_t did = 0;
    QString name; // what the pin is about, e.g. "Arrow (WCID 300)" or "0x09000001 0x10000153"
    bool skipped = false; // an optional entry the DAT does not have
    std::vector<Finding> findings{};

    bool passed() const { return findings.empty(); }
};

struct AuditResult {
    std::vector<PinResult> pins; // manifest order within each kind: entries, setups, tables, ...

    std::size_t failedPins() const;
    std::vector<Finding> findings() const;
    bool passed() const { return failedPins() == 0; }
};

struct AuditOptions {
    int jobs = 1; // threads for hashing; 0 = one per core
    // Called from worker threads too; `done` of `total` pins.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

AuditResult runAudit(const dat::DatFile& dat, const Manifest& manifest,
                     const AuditOptions& options = {});

// Reports: a line per failure and a summary; one JSON object; JUnit XML (a testsuite per pin
// kind, a testcase per pin) for CI dashboards.
QString toText(const AuditResult& result);
QJsonObject toJson(const AuditResult& result);
QByteArray toJUnit(const AuditResult& result, const QString& datName);

} // namespace portalkit::audit
