#include "audit/diff.h"

#include "audit/digest.h"
#include "audit/field_diff.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"

#include <QJsonArray>
#include <QStringList>
#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <optional>

namespace portalkit::audit {
namespace {

constexpr std::uint32_t kDefaultQuietNan = 0x7FC00000;

PropertyValue absent() {
    return {QJsonValue::Null, "none"};
}

// A read fault names the DID but not the DAT; the side tells the reader which file is damaged.
template <typename Read> auto readingSide(const char* side, Read read) {
    try {
        return read();
    } catch (dat::DatError& error) {
        error.withContext(std::string("reading ") + side);
        throw;
    }
}

QString realText(float value) {
    if (std::isnan(value)) {
        const auto bits = std::bit_cast<std::uint32_t>(value);
        return bits == kDefaultQuietNan ? QStringLiteral("nan")
                                        : QString::asprintf("nan(0x%08X)", bits);
    }
    // Shortest digits that read back as this float: 0.48f prints as 0.48, and -0 as "-0".
    char buffer[32];
    const char* end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return QString::fromLatin1(buffer, end - buffer);
}

PropertyValue realValue(float value) {
    const QString text = realText(value);
    return {std::isnan(value) ? QJsonValue(text) : dat::realJson(value), text};
}

PropertyValue idValue(std::uint32_t id) {
    const QString text = dat::didJson(id);
    return {text, text};
}

PropertyValue numberValue(qint64 number) {
    return {number, QString::number(number)};
}

PropertyValue textValue(const QString& text) {
    return {text, text};
}

PropertyValue vec3Value(const dat::Vec3& v) {
    const PropertyValue x = realValue(v.x), y = realValue(v.y), z = realValue(v.z);
    return {QJsonArray{x.json, y.json, z.json},
            QStringLiteral("(%1, %2, %3)").arg(x.text, y.text, z.text)};
}

PropertyValue sphereValue(const dat::Sphere& sphere) {
    const PropertyValue center = vec3Value(sphere.center), radius = realValue(sphere.radius);
    return {QJsonObject{{"center", center.json}, {"radius", radius.json}},
            center.text + " r " + radius.text};
}

PropertyValue scriptValue(const dat::PhysicsScriptTable::ScriptAndMod& script) {
    const PropertyValue mod = realValue(script.mod);
    return {QJsonObject{{"mod", mod.json}, {"script", dat::didJson(script.scriptId)}},
            mod.text + ": " + dat::didJson(script.scriptId)};
}

PropertyValue scriptsValue(const std::vector<dat::PhysicsScriptTable::ScriptAndMod>& scripts) {
    QJsonArray json;
    QStringList texts;
    for (const auto& script : scripts) {
        const PropertyValue value = scriptValue(script);
        json.append(value.json);
        texts.append(value.text);
    }
    return {json, "[" + texts.join(", ") + "]"};
}

QString scriptTypeText(std::uint32_t type) {
    return QString::asprintf("0x%02X", type);
}

template <typename Item, typename ToValue>
PropertyValue itemAt(const std::vector<Item>& items, std::size_t index, ToValue toValue) {
    return index < items.size() ? toValue(items[index]) : absent();
}

// Collects the properties whose values differ. Comparing texts is bit-exact (see
// PropertyValue), so -0.0 against 0.0 and two NaN payloads count as changes.
class PropertyChanges {
  public:
    void compare(const QString& property, PropertyValue a, PropertyValue b) {
        if (a.text != b.text)
            m_list.push_back({property, std::move(a), std::move(b)});
    }
    // A list compared in stored order: its count, then compareItem(path, index) for every index
    // either side has.
    template <typename Item, typename CompareItem>
    void compareList(const QString& property, const std::vector<Item>& a,
                     const std::vector<Item>& b, CompareItem compareItem) {
        compare(property + ".count", numberValue(qint64(a.size())), numberValue(qint64(b.size())));
        for (std::size_t index = 0; index < std::max(a.size(), b.size()); ++index) {
            const QString at = QStringLiteral("%1[%2]").arg(property).arg(index);
            compareItem(at, index);
        }
    }
    std::vector<PropertyChange> take() { return std::move(m_list); }

  private:
    std::vector<PropertyChange> m_list;
};

std::vector<PropertyChange> compareSetups(const dat::Setup& a, const dat::Setup& b) {
    PropertyChanges changes;
    changes.compareList("spheres", a.spheres, b.spheres, [&](const QString& at, std::size_t i) {
        if (i < a.spheres.size() && i < b.spheres.size()) {
            changes.compare(at + ".center", vec3Value(a.spheres[i].center),
                            vec3Value(b.spheres[i].center));
            changes.compare(at + ".radius", realValue(a.spheres[i].radius),
                            realValue(b.spheres[i].radius));
        } else {
            changes.compare(at, itemAt(a.spheres, i, sphereValue),
                            itemAt(b.spheres, i, sphereValue));
        }
    });
    changes.compare("cylSphereCount", numberValue(qint64(a.cylSpheres.size())),
                    numberValue(qint64(b.cylSpheres.size())));
    changes.compare("height", realValue(a.height), realValue(b.height));
    changes.compare("radius", realValue(a.radius), realValue(b.radius));
    changes.compare("stepUpHeight", realValue(a.stepUpHeight), realValue(b.stepUpHeight));
    changes.compare("stepDownHeight", realValue(a.stepDownHeight), realValue(b.stepDownHeight));
    changes.compare("defaultScriptTable", idValue(a.defaultScriptTable),
                    idValue(b.defaultScriptTable));
    changes.compare("defaultScript", idValue(a.defaultScript), idValue(b.defaultScript));
    changes.compare("defaultMotionTable", idValue(a.defaultMotionTable),
                    idValue(b.defaultMotionTable));
    changes.compare("defaultSoundTable", idValue(a.defaultSoundTable),
                    idValue(b.defaultSoundTable));
    changes.compare("defaultAnimation", idValue(a.defaultAnimation), idValue(b.defaultAnimation));
    changes.compare("partCount", numberValue(qint64(a.parts.size())),
                    numberValue(qint64(b.parts.size())));
    return changes.take();
}

// A table's type as it sits in the file. The client keys types in a hash table, so a type
// stored twice is malformed but possible; the n-th occurrence pairs with the n-th on the other
// side.
struct TypeSlot {
    std::uint32_t type = 0;
    int occurrence = 0;
    const dat::PhysicsScriptTable::Entry* entry = nullptr;

    bool sameKey(const TypeSlot& other) const {
        return type == other.type && occurrence == other.occurrence;
    }
    QString label() const {
        const QString base = "types[" + scriptTypeText(type) + "]";
        return occurrence == 0 ? base : QStringLiteral("%1#%2").arg(base).arg(occurrence + 1);
    }
};

std::vector<TypeSlot> slotsOf(const dat::PhysicsScriptTable& table) {
    std::map<std::uint32_t, int> seen;
    std::vector<TypeSlot> typeSlots;
    for (const auto& entry : table.entries)
        typeSlots.push_back({entry.scriptType, seen[entry.scriptType]++, &entry});
    return typeSlots;
}

const TypeSlot* findSlot(const std::vector<TypeSlot>& typeSlots, const TypeSlot& key) {
    const auto found = std::find_if(typeSlots.begin(), typeSlots.end(),
                                    [&](const TypeSlot& slot) { return slot.sameKey(key); });
    return found == typeSlots.end() ? nullptr : &*found;
}

PropertyValue typeOrderValue(const std::vector<TypeSlot>& typeSlots) {
    QJsonArray json;
    QStringList texts;
    for (const TypeSlot& slot : typeSlots) {
        json.append(qint64(slot.type));
        texts.append(scriptTypeText(slot.type));
    }
    return {json, "[" + texts.join(", ") + "]"};
}

// The order in which `typeSlots` holds the types `other` also holds.
std::vector<std::pair<std::uint32_t, int>> sharedOrder(const std::vector<TypeSlot>& typeSlots,
                                                       const std::vector<TypeSlot>& other) {
    std::vector<std::pair<std::uint32_t, int>> order;
    for (const TypeSlot& slot : typeSlots)
        if (findSlot(other, slot))
            order.emplace_back(slot.type, slot.occurrence);
    return order;
}

void compareThresholds(const QString& label,
                       const std::vector<dat::PhysicsScriptTable::ScriptAndMod>& a,
                       const std::vector<dat::PhysicsScriptTable::ScriptAndMod>& b,
                       PropertyChanges& changes) {
    QStringList textsA, textsB;
    for (const auto& script : a)
        textsA.append(scriptValue(script).text);
    for (const auto& script : b)
        textsB.append(scriptValue(script).text);
    if (textsA == textsB)
        return;
    // The runtime takes the first entry whose threshold fits (R20), so the same entries in
    // another order behave differently: say so as one change rather than many.
    if (std::is_permutation(textsA.begin(), textsA.end(), textsB.begin(), textsB.end())) {
        changes.compare(label + ".order", scriptsValue(a), scriptsValue(b));
        return;
    }
    changes.compareList(label + ".scripts", a, b, [&](const QString& at, std::size_t i) {
        if (i < a.size() && i < b.size()) {
            changes.compare(at + ".mod", realValue(a[i].mod), realValue(b[i].mod));
            changes.compare(at + ".script", idValue(a[i].scriptId), idValue(b[i].scriptId));
        } else {
            changes.compare(at, itemAt(a, i, scriptValue), itemAt(b, i, scriptValue));
        }
    });
}

std::vector<PropertyChange> compareTables(const dat::PhysicsScriptTable& a,
                                          const dat::PhysicsScriptTable& b) {
    const std::vector<TypeSlot> typeSlotsA = slotsOf(a), typeSlotsB = slotsOf(b);
    PropertyChanges changes;
    // Types added or removed move the others without reordering them; only a change in the
    // relative order of the shared types is an order change.
    if (sharedOrder(typeSlotsA, typeSlotsB) != sharedOrder(typeSlotsB, typeSlotsA))
        changes.compare("typeOrder", typeOrderValue(typeSlotsA), typeOrderValue(typeSlotsB));
    for (const TypeSlot& slotA : typeSlotsA) {
        if (const TypeSlot* slotB = findSlot(typeSlotsB, slotA))
            compareThresholds(slotA.label(), slotA.entry->scripts, slotB->entry->scripts, changes);
        else
            changes.compare(slotA.label(), scriptsValue(slotA.entry->scripts), absent());
    }
    for (const TypeSlot& slotB : typeSlotsB)
        if (!findSlot(typeSlotsA, slotB))
            changes.compare(slotB.label(), absent(), scriptsValue(slotB.entry->scripts));
    return changes.take();
}

template <typename Record, typename Compare>
void explainChange(ChangedEntry& change, std::span<const std::uint8_t> bytesA,
                   std::span<const std::uint8_t> bytesB, Compare compare) {
    QStringList errors;
    auto decode = [&](const char* side,
                      std::span<const std::uint8_t> bytes) -> std::optional<Record> {
        try {
            return Record::decode(bytes, change.id);
        } catch (const dat::DatError& error) {
            errors.append(QStringLiteral("%1: %2").arg(side, QString::fromUtf8(error.what())));
            return std::nullopt;
        }
    };
    const std::optional<Record> recordA = decode("A", bytesA);
    const std::optional<Record> recordB = decode("B", bytesB);
    change.decodeError = errors.join("; ");
    if (!recordA || !recordB)
        return;
    change.properties = compare(*recordA, *recordB);
    change.otherBytes = change.properties.empty();
}

ChangedEntry describeChange(std::string_view type, std::uint32_t id, dat::DatKind kindA,
                            const std::vector<std::uint8_t>& bytesA, dat::DatKind kindB,
                            const std::vector<std::uint8_t>& bytesB) {
    ChangedEntry change;
    change.id = id;
    change.sizeA = bytesA.size();
    change.sizeB = bytesB.size();
    change.sha256A = sha256Hex(bytesA);
    change.sha256B = sha256Hex(bytesB);
    if (type == dat::Setup::kTypeName)
        explainChange<dat::Setup>(change, bytesA, bytesB, compareSetups);
    else if (type == dat::PhysicsScriptTable::kTypeName)
        explainChange<dat::PhysicsScriptTable>(change, bytesA, bytesB, compareTables);
    else
        explainByFields(change, kindA, bytesA, kindB, bytesB);
    return change;
}

std::vector<PropertyChange> compareHeaders(const dat::DatFile& a, const dat::DatFile& b) {
    PropertyChanges changes;
    auto kindValue = [](const dat::DatFile& file) {
        const std::string_view name = dat::kindName(file.kind());
        return textValue(QString::fromLatin1(name.data(), qsizetype(name.size())));
    };
    changes.compare("kind", kindValue(a), kindValue(b));

    const auto iterationA = readingSide("A", [&] { return a.iteration(); });
    const auto iterationB = readingSide("B", [&] { return b.iteration(); });
    auto current = [](const std::optional<dat::IterationRecord>& record) {
        return record ? numberValue(record->current) : absent();
    };
    auto fullyPatched = [](const std::optional<dat::IterationRecord>& record) {
        return record ? PropertyValue{record->complete(), record->complete() ? "yes" : "no"}
                      : absent();
    };
    changes.compare("iteration", current(iterationA), current(iterationB));
    changes.compare("fullyPatched", fullyPatched(iterationA), fullyPatched(iterationB));

    const dat::DatHeader& headerA = a.header();
    const dat::DatHeader& headerB = b.header();
    changes.compare("enginePackVersion", numberValue(headerA.enginePackVersion),
                    numberValue(headerB.enginePackVersion));
    changes.compare("gamePackVersion", numberValue(headerA.gamePackVersion),
                    numberValue(headerB.gamePackVersion));
    changes.compare("minorVersion", numberValue(headerA.minorVersion),
                    numberValue(headerB.minorVersion));
    auto guid = [](const dat::DatHeader& header) {
        return textValue(
            QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(header.versionGuid.data()),
                                           qsizetype(header.versionGuid.size()))
                                    .toHex()));
    };
    changes.compare("versionGuid", guid(headerA), guid(headerB));
    return changes.take();
}

EntryDigest digestOf(std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    return {id, bytes.size(), sha256Hex(bytes)};
}

template <typename Entries, typename Size> std::uint64_t sumOf(const Entries& entries, Size size) {
    std::uint64_t total = 0;
    for (const auto& entry : entries)
        total += size(entry);
    return total;
}

template <typename Count>
std::size_t countOver(const std::map<std::string, TypeDiff>& types, Count count) {
    std::size_t total = 0;
    for (const auto& [name, type] : types)
        total += count(type);
    return total;
}

} // namespace

std::uint64_t TypeDiff::addedBytes() const {
    return sumOf(added, [](const EntryDigest& entry) { return entry.size; });
}

std::uint64_t TypeDiff::removedBytes() const {
    return sumOf(removed, [](const EntryDigest& entry) { return entry.size; });
}

std::uint64_t TypeDiff::changedBytesA() const {
    return sumOf(changed, [](const ChangedEntry& entry) { return entry.sizeA; });
}

std::uint64_t TypeDiff::changedBytesB() const {
    return sumOf(changed, [](const ChangedEntry& entry) { return entry.sizeB; });
}

bool DatDiff::identical() const {
    return header.empty() && added() == 0 && removed() == 0 && changed() == 0;
}

std::size_t DatDiff::added() const {
    return countOver(types, [](const TypeDiff& type) { return type.added.size(); });
}

std::size_t DatDiff::removed() const {
    return countOver(types, [](const TypeDiff& type) { return type.removed.size(); });
}

std::size_t DatDiff::changed() const {
    return countOver(types, [](const TypeDiff& type) { return type.changed.size(); });
}

std::size_t DatDiff::unchanged() const {
    return countOver(types, [](const TypeDiff& type) { return type.unchanged; });
}

DatDiff diffDats(const dat::DatFile& a, const dat::DatFile& b) {
    DatDiff diff;
    diff.header = compareHeaders(a, b);
    // Both directories are in ascending unsigned id order: one merge walk pairs the entries.
    const auto entriesA = a.entries(), entriesB = b.entries();
    std::size_t i = 0, j = 0;
    while (i < entriesA.size() || j < entriesB.size()) {
        const bool inA =
            i < entriesA.size() && (j == entriesB.size() || entriesA[i].id <= entriesB[j].id);
        const bool inB =
            j < entriesB.size() && (i == entriesA.size() || entriesB[j].id <= entriesA[i].id);
        const std::uint32_t id = inA ? entriesA[i].id : entriesB[j].id;
        if (id != dat::kIterationDid) {
            const std::string_view name = dat::typeName(inA ? a.kind() : b.kind(), id);
            TypeDiff& type = diff.types[std::string(name)];
            if (inA && inB) {
                const auto bytesA = readingSide("A", [&] { return a.read(entriesA[i]); });
                const auto bytesB = readingSide("B", [&] { return b.read(entriesB[j]); });
                if (bytesA == bytesB)
                    ++type.unchanged;
                else
                    type.changed.push_back(
                        describeChange(name, id, a.kind(), bytesA, b.kind(), bytesB));
            } else if (inA) {
                type.removed.push_back(
                    digestOf(id, readingSide("A", [&] { return a.read(entriesA[i]); })));
            } else {
                type.added.push_back(
                    digestOf(id, readingSide("B", [&] { return b.read(entriesB[j]); })));
            }
        }
        i += inA ? 1 : 0;
        j += inB ? 1 : 0;
    }
    return diff;
}

} // namespace portalkit::audit
