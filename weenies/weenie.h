#pragma once

// A weenie as PortalKit keeps it: the server's template of a game object (ACE's `weenie` row)
// with its name and every DataID property, the DAT ids the client is sent in CreateObject
// (docs/world-data.md).

#include <QString>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace portalkit::weenies {

// One row of ACE's weenie_properties_d_i_d: the PropertyDataId and the DID it holds.
struct DidProperty {
    std::uint16_t type = 0;
    std::uint32_t value = 0;

    bool operator==(const DidProperty&) const = default;
};

struct Weenie {
    std::uint32_t wcid = 0;
    QString className;             // weenie.class_Name, e.g. "flamewall"
    QString name;                  // weenie_properties_string type 1 (Name); may be empty
    std::int32_t type = 0;         // weenie.type, ACE's WeenieType
    std::vector<DidProperty> dids; // sorted by type, one per type

    // The DID of property `type`, 0 when the weenie has none.
    std::uint32_t did(std::uint16_t type) const;
    bool operator==(const Weenie&) const = default;
};

// The PropertyDataId values the audit and the studio read by name.
namespace did {
constexpr std::uint16_t kSetup = 1;
constexpr std::uint16_t kMotionTable = 2;
constexpr std::uint16_t kSoundTable = 3;
constexpr std::uint16_t kPaletteBase = 6;
constexpr std::uint16_t kClothingBase = 7;
constexpr std::uint16_t kIcon = 8;
constexpr std::uint16_t kPhysicsEffectTable = 22;
} // namespace did

// ACE's name of PropertyDataId `type` ("Setup", "PhysicsEffectTable", ...); empty when ACE
// defines no such property.
std::string_view didPropertyName(std::uint16_t type);
// The type whose ACE name is `name` (case-insensitive), 0 when none.
std::uint16_t didPropertyType(std::string_view name);
// Every type ACE defines, ascending.
std::vector<std::uint16_t> didPropertyTypes();

// "0x0200040D".
QString hexId(std::uint32_t id);

// A source that cannot be read: where (a file with line and column, or a server) and why.
// what() reads "FILE:LINE:COLUMN: message" or "SOURCE: message".
class WeenieError : public std::runtime_error {
  public:
    WeenieError(QString source, int line, int column, QString message);
    WeenieError(QString source, QString message) : WeenieError(source, 0, 0, message) {}

    const QString& source() const { return m_source; }
    int line() const { return m_line; }     // 1-based; 0 when the error has no position
    int column() const { return m_column; } // 1-based, in bytes
    const QString& message() const { return m_message; }

  private:
    QString m_source;
    int m_line;
    int m_column;
    QString m_message;
};

} // namespace portalkit::weenies
