#pragma once

// The appearance options `render` and `export` share (docs/cli.md, docs/appearance.md):
// --objdesc FILE.json, and --clothing ID with --palette-template N, --shade S and
// --base-palette ID. They are read before the DAT is opened (the file is parsed then, so a bad
// file fails early) and resolved against the DAT for one Setup afterwards.

#include "preview/appearance/obj_desc.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <cstdint>
#include <optional>

namespace portalkit::preview {
class Assets;
}

namespace portalkit::cli {

struct ObjDescRequest {
    QString file;                                         // --objdesc; empty when not given
    std::optional<preview::appearance::ObjDesc> fromFile; // its contents
    std::optional<preview::appearance::ClothingChoice> clothing;

    bool any() const { return fromFile.has_value() || clothing.has_value(); }
};

QList<QCommandLineOption> objDescOptions();

// Reads the options, parsing the --objdesc file; false after printing why (the file and the
// field for bad JSON, the option for a bad value, --palette-template/--shade without
// --clothing).
bool readObjDescOptions(const QCommandLineParser& parser, ObjDescRequest& request);

// Names the options that were given, e.g. "--objdesc", for "does not apply" messages; empty
// when none was.
QString givenObjDescOption(const QCommandLineParser& parser);

// The request's ObjDesc for Setup `setupId`: the file's, then the clothing put on over it (the
// later winning, as clothing items are put on one after another). Nothing, after printing why,
// when the clothing does not fit the Setup or names a record the DAT lacks (the DID is named),
// or when the ObjDesc names a GfxObj or Palette the DAT cannot give (the file is named).
std::optional<preview::appearance::ObjDesc>
resolveObjDesc(const preview::Assets& assets, std::uint32_t setupId, const ObjDescRequest& request);

} // namespace portalkit::cli
