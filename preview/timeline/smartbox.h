#pragma once
// The client's SmartBox for the preview: it takes the server's messages for objects by guid,
// runs each through its freshness gates (R16-R18) and hands what passes to the
// scene. Every message publishes one `packet` event saying whether it was applied and which
// gate decided.

#include "preview/scene/preview_scene.h"
#include "preview/wire/freshness.h"
#include "preview/wire/messages.h"

#include <cstdint>
#include <map>

namespace portalkit::preview {

// What a CreateObject's weenie description would tell the client and the preview keeps raw:
// whether the object is a creature, and a missile's target (both for missile_ignore, R44).
struct WeenieFacts {
    bool creature = false;
    std::uint32_t targetId = 0;
    bool player = false; // the weenie is a player's (R53)
};

class SmartBox {
  public:
    explicit SmartBox(PreviewScene& scene) : m_scene(scene) {}

    void receive(const wire::Message& message, const WeenieFacts& facts = {});

    // The scene owner of a live guid, or 0.
    std::uint32_t ownerOf(std::uint32_t guid) const;

  private:
    struct Object {
        wire::ObjectTimestamps stamps;
        std::uint32_t owner = 0;
    };

    void createObject(const wire::CreateObject& create, const WeenieFacts& facts);
    void applyCreateBranches(std::uint32_t owner, const wire::PhysicsDesc& desc,
                             const wire::CreateDecision& decision);
    void setState(const wire::SetState& message);
    void vectorUpdate(const wire::VectorUpdate& message);
    void updatePosition(const wire::UpdatePosition& message);
    void deleteObject(const wire::DeleteObject& message);
    void playEffect(std::uint32_t guid, const Effect& effect, std::uint32_t opcode);
    // The `packet` event of a gated message; the caller adds what that message says.
    static PacketHandled packet(std::uint32_t opcode, std::uint32_t guid,
                                const wire::GateResult& result);
    void publish(PacketHandled packet) const;

    PreviewScene& m_scene;
    std::map<std::uint32_t, Object> m_objects;
};

} // namespace portalkit::preview
