#include "audit/checks.h"

#include "audit/hashing.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/blocking_scan.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QXmlStreamWriter>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

namespace portalkit::audit {
namespace {

QString did(std::uint32_t id) {
    return dat::didJson(id);
}

QString real(float value) {
    return QString::number(value, 'g', 9);
}

QString sphereText(const dat::Sphere& sphere) {
    return QStringLiteral("(%1, %2, %3) r %4")
        .arg(real(sphere.center.x), real(sphere.center.y), real(sphere.center.z),
             real(sphere.radius));
}

// Tolerance 0 means the same bits: -0.0 and +0.0 differ, as they do in the file.
bool sameReal(float pinned, float actual, float tolerance) {
    if (tolerance == 0)
        return std::memcmp(&pinned, &actual, sizeof(float)) == 0;
    return std::fabs(pinned - actual) <= tolerance;
}

bool sameSphere(const dat::Sphere& a, const dat::Sphere& b, float tolerance) {
    return sameReal(a.center.x, b.center.x, tolerance) &&
           sameReal(a.center.y, b.center.y, tolerance) &&
           sameReal(a.center.z, b.center.z, tolerance) && sameReal(a.radius, b.radius, tolerance);
}

// The record behind a pin, or the finding that says why there is none.
template <typename Record>
std::optional<Record> load(const dat::DatFile& dat, std::uint32_t id, const QString& kind,
                           PinResult& result) {
    const std::string_view type = dat::typeName(dat.kind(), id);
    if (type != Record::kTypeName) {
        result.findings.push_back({id, kind + ".type", QString::fromUtf8(Record::kTypeName.data()),
                                   QString::fromUtf8(type.data())});
        return std::nullopt;
    }
    if (!dat.find(id)) {
        result.findings.push_back({id, kind + ".missing", "present", "absent"});
        return std::nullopt;
    }
    try {
        return Record::decode(dat.read(id), id);
    } catch (const dat::DatError& error) {
        result.findings.push_back(
            {id, kind + ".parse", "decodes", QString::fromUtf8(error.what())});
        return std::nullopt;
    }
}

void checkEntries(const dat::DatFile& dat, const Manifest& manifest, const AuditOptions& options,
                  std::atomic<std::size_t>& done, std::size_t total, AuditResult& result) {
    std::vector<std::uint32_t> present;
    for (const EntryPin& pin : manifest.entries)
        if (dat.find(pin.id))
            present.push_back(pin.id);
    std::sort(present.begin(), present.end());
    const std::size_t before = done;
    const std::vector<EntryHash> hashes =
        hashEntries(dat, present, options.jobs, [&](std::size_t hashed, std::size_t) {
            done = before + hashed;
            if (options.progress)
                options.progress(done, total);
        });
    done = before + manifest.entries.size();

    for (const EntryPin& pin : manifest.entries) {
        PinResult pinResult{.kind = "entry", .did = pin.id, .name = did(pin.id)};
        const auto hash =
            std::lower_bound(hashes.begin(), hashes.end(), pin.id,
                             [](const EntryHash& h, std::uint32_t id) { return h.id < id; });
        if (hash == hashes.end() || hash->id != pin.id) {
            if (pin.required)
                pinResult.findings.push_back({pin.id, "entry.missing", "present", "absent"});
            else
                pinResult.skipped = true;
        } else if (!hash->error.isEmpty()) {
            pinResult.findings.push_back({pin.id, "entry.read", "readable", hash->error});
        } else {
            if (hash->length != pin.length)
                pinResult.findings.push_back({pin.id, "entry.length", QString::number(pin.length),
                                              QString::number(hash->length)});
            if (hash->sha256 != pin.sha256)
                pinResult.findings.push_back({pin.id, "entry.sha256",
                                              QString::fromLatin1(pin.sha256.toHex().toUpper()),
                                              QString::fromLatin1(hash->sha256.toHex().toUpper())});
        }
        result.pins.push_back(std::move(pinResult));
    }
}

PinResult checkSetup(const dat::DatFile& dat, const SetupPin& pin) {
    PinResult result{.kind = "setup", .did = pin.id, .name = did(pin.id)};
    const auto setup = load<dat::Setup>(dat, pin.id, "setup", result);
    if (!setup)
        return result;
    if (setup->spheres.size() != pin.spheres.size()) {
        result.findings.push_back({pin.id, "setup.spheres",
                                   QStringLiteral("%1 spheres").arg(pin.spheres.size()),
                                   QStringLiteral("%1 spheres").arg(setup->spheres.size())});
    } else {
        for (std::size_t i = 0; i < pin.spheres.size(); ++i)
            if (!sameSphere(pin.spheres[i], setup->spheres[i], pin.tolerance))
                result.findings.push_back({pin.id, QStringLiteral("setup.spheres[%1]").arg(i),
                                           sphereText(pin.spheres[i]),
                                           sphereText(setup->spheres[i])});
    }
    if (setup->cylSpheres.size() != pin.cylSphereCount)
        result.findings.push_back({pin.id, "setup.cylSphereCount",
                                   QString::number(pin.cylSphereCount),
                                   QString::number(setup->cylSpheres.size())});
    const std::tuple<const char*, std::optional<float>, float> reals[] = {
        {"setup.height", pin.height, setup->height},
        {"setup.radius", pin.radius, setup->radius},
        {"setup.stepUpHeight", pin.stepUpHeight, setup->stepUpHeight},
        {"setup.stepDownHeight", pin.stepDownHeight, setup->stepDownHeight}};
    for (const auto& [check, pinned, actual] : reals)
        if (pinned && !sameReal(*pinned, actual, pin.tolerance))
            result.findings.push_back({pin.id, check, real(*pinned), real(actual)});
    return result;
}

QString typesText(const std::vector<std::uint32_t>& types) {
    QStringList names;
    for (std::uint32_t type : types)
        names << QStringLiteral("0x%1").arg(type, 2, 16, QChar('0')).toUpper().replace("0X", "0x");
    return "[" + names.join(", ") + "]";
}

QString thresholdsText(const std::vector<TablePin::Threshold>& thresholds) {
    QStringList parts;
    for (const TablePin::Threshold& threshold : thresholds)
        parts << real(threshold.mod) + " → " + did(threshold.script);
    return parts.join(", ");
}

PinResult checkTable(const dat::DatFile& dat, const TablePin& pin) {
    PinResult result{.kind = "table", .did = pin.id, .name = did(pin.id)};
    const auto table = load<dat::PhysicsScriptTable>(dat, pin.id, "table", result);
    if (!table)
        return result;
    std::vector<std::uint32_t> pinnedTypes, actualTypes;
    for (const TablePin::Type& type : pin.types)
        pinnedTypes.push_back(type.scriptType);
    for (const auto& entry : table->entries)
        actualTypes.push_back(entry.scriptType);
    // Where each pinned type sits in the table: all of them, in the pinned relative order.
    std::vector<std::size_t> positions;
    for (std::uint32_t type : pinnedTypes) {
        const auto at = std::find(actualTypes.begin(), actualTypes.end(), type);
        if (at == actualTypes.end() ||
            (!positions.empty() && std::size_t(at - actualTypes.begin()) < positions.back()))
            break;
        positions.push_back(std::size_t(at - actualTypes.begin()));
    }
    if (pin.complete ? pinnedTypes != actualTypes : positions.size() != pinnedTypes.size()) {
        result.findings.push_back({pin.id, "table.types",
                                   typesText(pinnedTypes) + (pin.complete ? "" : " among others"),
                                   typesText(actualTypes)});
        return result;
    }
    for (std::size_t i = 0; i < pin.types.size(); ++i) {
        std::vector<TablePin::Threshold> actual;
        for (const auto& script : table->entries[positions[i]].scripts)
            actual.push_back({script.mod, script.scriptId});
        const auto& pinned = pin.types[i].scripts;
        const bool same = pinned.size() == actual.size() &&
                          std::equal(pinned.begin(), pinned.end(), actual.begin(),
                                     [](const auto& a, const auto& b) {
                                         return sameReal(a.mod, b.mod, 0) && a.script == b.script;
                                     });
        if (!same)
            result.findings.push_back(
                {pin.id,
                 QStringLiteral("table.type[0x%1]").arg(pin.types[i].scriptType, 2, 16, QChar('0')),
                 thresholdsText(pinned), thresholdsText(actual)});
    }
    return result;
}

// Pinned JSON matches when every key it gives matches, recursively for objects; arrays and
// scalars compare whole.
bool matchesPinned(const QJsonValue& actual, const QJsonValue& pinned) {
    if (!pinned.isObject())
        return actual == pinned;
    if (!actual.isObject())
        return false;
    const QJsonObject want = pinned.toObject();
    const QJsonObject have = actual.toObject();
    for (auto it = want.begin(); it != want.end(); ++it)
        if (!have.contains(it.key()) || !matchesPinned(have[it.key()], it.value()))
            return false;
    return true;
}

QString chainText(const std::vector<ClosureAnim>& chain) {
    QStringList parts;
    for (const ClosureAnim& anim : chain)
        parts << QStringLiteral("%1 %2..%3 @%4")
                     .arg(did(anim.animation))
                     .arg(anim.lowFrame)
                     .arg(anim.highFrame)
                     .arg(real(anim.framerate));
    return parts.join(" → ");
}

QString hookText(std::uint32_t animation, std::uint32_t frame, const QJsonObject& fields) {
    QStringList parts;
    for (auto it = fields.begin(); it != fields.end(); ++it)
        if (it.key() != "type")
            parts << it.key() + "=" +
                         QString::fromUtf8(
                             QJsonDocument(QJsonArray{it.value()}).toJson(QJsonDocument::Compact))
                             .mid(1)
                             .chopped(1);
    return QStringLiteral("%1 frame %2 %3 {%4}")
        .arg(did(animation))
        .arg(frame)
        .arg(fields["type"].toString(), parts.join(", "));
}

PinResult checkClosure(const dat::DatFile& dat, const ClosurePin& pin) {
    PinResult result{.kind = "closure",
                     .did = pin.motionTable,
                     .name = QStringLiteral("%1 style %2 command %3")
                                 .arg(did(pin.motionTable), did(pin.style), did(pin.command))};
    MotionClosure closure;
    try {
        closure = resolveMotionClosure(dat, pin.motionTable, pin.style, pin.command);
    } catch (const dat::DatError& error) {
        result.findings.push_back({error.did().value_or(pin.motionTable), "closure.resolve",
                                   chainText(pin.chain), QString::fromUtf8(error.what())});
        return result;
    }
    const bool sameChain =
        closure.chain.size() == pin.chain.size() &&
        std::equal(pin.chain.begin(), pin.chain.end(), closure.chain.begin(),
                   [](const ClosureAnim& a, const ClosureAnim& b) {
                       return a.animation == b.animation && a.lowFrame == b.lowFrame &&
                              a.highFrame == b.highFrame && sameReal(a.framerate, b.framerate, 0);
                   });
    if (!sameChain) {
        result.findings.push_back(
            {pin.motionTable, "closure.chain", chainText(pin.chain), chainText(closure.chain)});
        return result;
    }
    const std::size_t common = std::min(pin.hooks.size(), closure.hooks.size());
    for (std::size_t i = 0; i < common; ++i) {
        const HookPin& pinned = pin.hooks[i];
        const ClosureHook& actual = closure.hooks[i];
        const QJsonObject actualFields = dat::hookToJson(actual.hook);
        const bool same = pinned.animation == actual.animation && pinned.frame == actual.frame &&
                          matchesPinned(actualFields, pinned.fields);
        if (!same) {
            result.findings.push_back({actual.animation, QStringLiteral("closure.hooks[%1]").arg(i),
                                       hookText(pinned.animation, pinned.frame, pinned.fields),
                                       hookText(actual.animation, actual.frame, actualFields)});
        }
    }
    for (std::size_t i = common; i < pin.hooks.size(); ++i)
        result.findings.push_back(
            {pin.hooks[i].animation, QStringLiteral("closure.hooks[%1]").arg(i),
             hookText(pin.hooks[i].animation, pin.hooks[i].frame, pin.hooks[i].fields),
             "no such hook"});
    for (std::size_t i = common; i < closure.hooks.size(); ++i)
        result.findings.push_back({closure.hooks[i].animation,
                                   QStringLiteral("closure.hooks[%1]").arg(i), "no such hook",
                                   hookText(closure.hooks[i].animation, closure.hooks[i].frame,
                                            dat::hookToJson(closure.hooks[i].hook))});
    return result;
}

PinResult checkBlocking(const dat::DatFile& dat, const BlockingPin& pin) {
    PinResult result{.kind = "blocking", .name = "CreateBlocking inventory"};
    std::set<std::uint32_t> scripts, animations;
    for (const dat::BlockingHit& hit : dat::scanCreateBlocking(dat))
        (dat::typeName(dat.kind(), hit.did) == "Animation" ? animations : scripts).insert(hit.did);
    const std::pair<const char*,
                    std::pair<const std::vector<std::uint32_t>*, std::set<std::uint32_t>*>>
        kinds[] = {{"blocking.physicsScripts", {&pin.physicsScripts, &scripts}},
                   {"blocking.animations", {&pin.animations, &animations}}};
    for (const auto& [check, sets] : kinds) {
        const std::set<std::uint32_t> pinned(sets.first->begin(), sets.first->end());
        for (std::uint32_t id : pinned)
            if (!sets.second->count(id))
                result.findings.push_back(
                    {id, check, "holds CreateBlockingParticle", "holds none"});
        for (std::uint32_t id : *sets.second)
            if (!pinned.count(id))
                result.findings.push_back(
                    {id, check, "holds none", "holds CreateBlockingParticle"});
    }
    return result;
}

PinResult checkProjectile(const dat::DatFile& dat, const ProjectilePin& pin) {
    PinResult result{.kind = "projectile",
                     .did = pin.setup,
                     .name = QStringLiteral("%1 (WCID %2)").arg(pin.name).arg(pin.wcid)};
    // Every projectile Setup has exactly one sphere and no cylinder spheres
    // (docs/retail-behaviour.md#dat-spheres); none at all and the client would not sweep it.
    if (const auto setup = load<dat::Setup>(dat, pin.setup, "projectile.setup", result);
        setup && (setup->spheres.size() != 1 || !setup->cylSpheres.empty()))
        result.findings.push_back({pin.setup, "projectile.shape", "one sphere, no cylinder spheres",
                                   setup->spheres.empty()
                                       ? QStringLiteral("no spheres: the client would not sweep it")
                                       : QStringLiteral("%1 spheres, %2 cylinder spheres")
                                             .arg(setup->spheres.size())
                                             .arg(setup->cylSpheres.size())});
    if (pin.table)
        load<dat::PhysicsScriptTable>(dat, *pin.table, "projectile.table", result);
    return result;
}

} // namespace

std::size_t AuditResult::failedPins() const {
    return std::size_t(std::count_if(pins.begin(), pins.end(),
                                     [](const PinResult& pin) { return !pin.passed(); }));
}

std::vector<Finding> AuditResult::findings() const {
    std::vector<Finding> all;
    for (const PinResult& pin : pins)
        all.insert(all.end(), pin.findings.begin(), pin.findings.end());
    return all;
}

AuditResult runAudit(const dat::DatFile& dat, const Manifest& manifest,
                     const AuditOptions& options) {
    AuditResult result;
    const std::size_t total = manifest.pinCount();
    std::atomic<std::size_t> done = 0;
    auto step = [&](PinResult pin) {
        result.pins.push_back(std::move(pin));
        ++done;
        if (options.progress)
            options.progress(done, total);
    };
    checkEntries(dat, manifest, options, done, total, result);
    for (const SetupPin& pin : manifest.setups)
        step(checkSetup(dat, pin));
    for (const TablePin& pin : manifest.tables)
        step(checkTable(dat, pin));
    for (const ClosurePin& pin : manifest.closures)
        step(checkClosure(dat, pin));
    if (manifest.blocking)
        step(checkBlocking(dat, *manifest.blocking));
    for (const ProjectilePin& pin : manifest.projectiles)
        step(checkProjectile(dat, pin));
    return result;
}

QString toText(const AuditResult& result) {
    QString text;
    for (const PinResult& pin : result.pins)
        for (const Finding& finding : pin.findings)
            text += QStringLiteral("FAIL %1 %2: expected %3, found %4%5\n")
                        .arg(did(finding.did), finding.check, finding.expected, finding.actual,
                             pin.kind == "projectile" ? " [" + pin.name + "]" : QString());
    std::map<QString, std::pair<std::size_t, std::size_t>> perKind; // passed, total
    std::size_t skipped = 0;
    for (const PinResult& pin : result.pins) {
        auto& [passed, all] = perKind[pin.kind];
        ++all;
        passed += pin.passed() ? 1 : 0;
        skipped += pin.skipped ? 1 : 0;
    }
    QStringList kinds;
    for (const auto& [kind, counts] : perKind)
        kinds << QStringLiteral("%1 %2/%3").arg(kind).arg(counts.first).arg(counts.second);
    text +=
        QStringLiteral("%1: %2 of %3 pins hold (%4)%5\n")
            .arg(result.passed() ? "PASS" : "FAIL")
            .arg(result.pins.size() - result.failedPins())
            .arg(result.pins.size())
            .arg(kinds.join(", "))
            .arg(skipped ? QStringLiteral("; %1 optional entries absent").arg(skipped) : QString());
    return text;
}

QJsonObject toJson(const AuditResult& result) {
    // Each failure names its pin too: a projectile's weenie is what the text output names.
    QJsonArray failures;
    for (const PinResult& pin : result.pins)
        for (const Finding& finding : pin.findings)
            failures.append(QJsonObject{{"did", did(finding.did)},
                                        {"check", finding.check},
                                        {"expected", finding.expected},
                                        {"actual", finding.actual},
                                        {"pin", pin.name}});
    QJsonArray pins;
    for (const PinResult& pin : result.pins)
        pins.append(QJsonObject{{"kind", pin.kind},
                                {"did", did(pin.did)},
                                {"name", pin.name},
                                {"passed", pin.passed()},
                                {"skipped", pin.skipped}});
    return {{"passed", result.passed()},
            {"pins", qint64(result.pins.size())},
            {"failedPins", qint64(result.failedPins())},
            {"failures", failures},
            {"results", pins}};
}

QByteArray toJUnit(const AuditResult& result, const QString& datName) {
    QByteArray xml;
    QXmlStreamWriter out(&xml);
    out.setAutoFormatting(true);
    out.writeStartDocument();
    out.writeStartElement("testsuites");
    out.writeAttribute("name", "portalkit audit " + datName);
    std::map<QString, std::vector<const PinResult*>> perKind;
    for (const PinResult& pin : result.pins)
        perKind[pin.kind].push_back(&pin);
    for (const auto& [kind, pins] : perKind) {
        out.writeStartElement("testsuite");
        out.writeAttribute("name", kind);
        out.writeAttribute("tests", QString::number(pins.size()));
        out.writeAttribute(
            "failures", QString::number(std::count_if(pins.begin(), pins.end(),
                                                      [](auto* pin) { return !pin->passed(); })));
        for (const PinResult* pin : pins) {
            out.writeStartElement("testcase");
            out.writeAttribute("classname", "audit." + kind);
            out.writeAttribute("name", pin->name);
            if (pin->skipped)
                out.writeEmptyElement("skipped");
            for (const Finding& finding : pin->findings) {
                out.writeStartElement("failure");
                out.writeAttribute("type", finding.check);
                out.writeAttribute("message", QStringLiteral("%1 %2: expected %3, found %4")
                                                  .arg(did(finding.did), finding.check,
                                                       finding.expected, finding.actual));
                out.writeEndElement();
            }
            out.writeEndElement();
        }
        out.writeEndElement();
    }
    out.writeEndElement();
    out.writeEndDocument();
    return xml;
}

} // namespace portalkit::audit
