#include "command.h"
#include "datreader/records/blocking_scan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {

int runScanBlocking(const QStringList& arguments) {
    DatCommand command(
        "Lists every CreateBlockingParticle hook in the DAT's PhysicsScripts and Animations, "
        "found by a raw aligned scan of their bytes (type 26, direction -1/0/1, a 0x32xxxxxx "
        "emitter) that does not use the typed decoders.",
        {jsonOption("Print one JSON array.")});
    if (auto exit = command.open(arguments))
        return *exit;
    auto& [parser, dat] = command;

    std::size_t unreadable = 0;
    const auto hits = dat::scanCreateBlocking(*dat, &unreadable);
    if (unreadable)
        printError(QStringLiteral("%1 scripts or animations could not be read (see verify)")
                       .arg(unreadable));
    if (parser.isSet("json")) {
        QJsonArray array;
        for (const auto& hit : hits)
            array.append(QJsonObject{{"id", didText(hit.did)},
                                     {"offset", qint64(hit.offset)},
                                     {"direction", hit.direction},
                                     {"emitterInfoId", didText(hit.emitterInfoId)},
                                     {"partIndex", qint64(hit.partIndex)},
                                     {"emitterId", qint64(hit.emitterId)}});
        printOut(QJsonDocument(array).toJson());
    } else {
        QString text;
        for (const auto& hit : hits)
            text += QStringLiteral("%1 +%2  emitter %3  part %4  logical id %5  direction %6\n")
                        .arg(didText(hit.did))
                        .arg(hit.offset)
                        .arg(didText(hit.emitterInfoId))
                        .arg(hit.partIndex)
                        .arg(hit.emitterId)
                        .arg(hit.direction);
        text += QStringLiteral("%1 CreateBlockingParticle hooks\n").arg(hits.size());
        printOut(text);
    }
    return unreadable ? kCheckFailed : kSuccess;
}

} // namespace portalkit::cli
