#include "audit/snapshot.h"
#include "command.h"
#include "datreader/authoring/dat_sources.h"
#include "datreader/io/dat_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <map>

namespace portalkit::cli {

int runBuild(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Builds a DAT from declarative sources: a folder whose dat.json names the kind, "
        "iteration, date and source files. Each source file lists records in the JSON form "
        "'portalkit show --json' prints, or as generator specs (mesh, texture, palette, tone, "
        "animation). See docs/demo.md; resources/demo is the demo DAT's source.");
    parser.addPositionalArgument("SOURCES", "The folder holding dat.json.");
    parser.addOption({{"o", "output"}, "The DAT to write (required).", "OUT.dat"});
    parser.addOption({"manifest",
                      "Also write a manifest pinning the built DAT (hashes, spheres, tables, "
                      "CreateBlocking inventory, dat.json's projectiles).",
                      "OUT.json"});
    parser.addOption({{"q", "quiet"}, "Print nothing on success."});
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    if (!requireOption(parser, "output", "build needs -o OUT.dat (see --help)"))
        return kUsageOrIo;
    const QString output = parser.value("output");

    try {
        const authoring::SourceSet sources =
            authoring::buildSources(parser.positionalArguments().at(0));
        authoring::writerFor(sources).save(output);

        if (parser.isSet("manifest")) {
            const dat::DatFile built = dat::DatFile::open(output);
            audit::SnapshotOptions options;
            options.allEntries = true;
            options.about = sources.description["about"].toString();
            const QJsonObject pins{{"format", "portalkit-manifest"},
                                   {"version", audit::Manifest::kVersion},
                                   {"projectiles", sources.description["projectiles"]}};
            options.projectiles = audit::Manifest::fromJson(pins).projectiles;
            const audit::Manifest manifest = audit::snapshotManifest(built, options);
            if (!writeFileAtomically(parser.value("manifest"),
                                     QJsonDocument(manifest.toJson()).toJson()))
                return kUsageOrIo;
        }

        if (!parser.isSet("quiet")) {
            std::map<std::string_view, int> perType;
            for (const authoring::SourceEntry& entry : sources.entries)
                ++perType[dat::typeName(sources.kind, entry.id)];
            QStringList counts;
            for (const auto& [type, count] : perType)
                counts << QStringLiteral("%1 %2").arg(count).arg(QString::fromUtf8(type.data()));
            printOut(QStringLiteral("%1: %2 entries (%3)\n")
                         .arg(output)
                         .arg(sources.entries.size())
                         .arg(counts.join(", ")));
        }
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
