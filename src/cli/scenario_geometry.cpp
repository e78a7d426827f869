#include "scenario_geometry.h"

#include "command.h"
#include "datreader/records/region.h"
#include "effect_options.h"
#include "world/scene/scenario_world.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

namespace portalkit::cli {

QString findCellDat(const QString& portalPath, const QString& given) {
    if (!given.isEmpty())
        return given;
    // As the studio opens the demo: the cell DAT beside the portal DAT (ui/studio/studio.cpp).
    const QString beside = QFileInfo(portalPath).dir().filePath("client_cell_1.dat");
    return QFileInfo::exists(beside) ? beside : QString();
}

bool attachScenarioGeometry(preview::Scenario& scenario, const preview::Assets& portal,
                            const QString& portalPath, const QString& cellPath) {
    if (!scenario.datGeometry)
        return true;
    const QString path = findCellDat(portalPath, cellPath);
    if (path.isEmpty()) {
        printError("this scenario's world is the cell DAT's (\"geometry\": \"dat\"): give "
                   "CELL.dat, or put client_cell_1.dat beside the portal DAT");
        return false;
    }
    const auto cells = openAssets(path);
    if (!cells)
        return false;
    const auto* region = portal.get<dat::Region>(world::kRegionId);
    if (!region) {
        printError(
            QStringLiteral("Region %1 cannot be loaded: %2")
                .arg(didText(world::kRegionId), portal.whyMissing<dat::Region>(world::kRegionId)));
        return false;
    }
    const world::WorldSources sources{&portal, cells.get(), region};
    QString why;
    if (!world::attachDatGeometry(scenario, sources, &why)) {
        printError(why);
        return false;
    }
    return true;
}

} // namespace portalkit::cli
