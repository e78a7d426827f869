#pragma once

// Where the world data shows in the studio's window (docs/studio.md#world-data-in-the-studio):
// names in the Browser's rows and its filter, the weenies using the shown entry in the
// Inspector (each with its DIDs as links), and File → Open World Data….

#include "ui/widgets/browser_names.h"

class QTreeWidgetItem;

namespace portalkit::ui {

class InspectorDock;
class MainWindow;
class WorldData;

// The Browser's names from `world` (nothing when it is not open).
EntryNames entryNamesOf(const WorldData& world);

// Under the Inspector's root: "World data — used by 2 weenies", each weenie with its DID
// properties, every DID an open DAT holds a link. Nothing when no weenie uses `id`.
void addWeenieRows(const WorldData& world, InspectorDock& dock, QTreeWidgetItem* root,
                   std::uint32_t id);
// At most this many weenies are listed under an entry (an Icon can have thousands).
constexpr int kWeenieRows = 100;

// File → Open World Data… and Open World Data Folder…, the names and rows above kept up to date,
// and the window's status bar saying what loaded or why it did not.
void attachWorldData(MainWindow& window, WorldData& world);

} // namespace portalkit::ui
