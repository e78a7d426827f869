#pragma once

// Procedural assets for the demo DAT: meshes, textures, palettes, tones and animations made by
// our own code from a short JSON spec, so the demo ships no copyrighted game data. Each
// generator reads one source entry's spec through JsonNode, so a bad value fails with the DID
// and the path ("mesh.segments: 1000 is outside 3..256"); every size is capped before anything
// is allocated. The same spec always gives the same record, byte for byte.

#include "datreader/records/animation.h"
#include "datreader/records/environment.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/wave.h"

#include <cstdint>

namespace portalkit::authoring {

// A drawing-only GfxObj of one shape with one Surface: "box", "sphere", "cylinder", "cone",
// "quad" (the particle billboard: XZ plane, facing -Y), "arrow" or "ring" (a flat annulus).
// Cylinder, cone and arrow run from the origin to +length along "axis"; sphere and ring are
// centred on it. Polygons are wound counter-clockwise seen from the side their normal faces.
dat::GfxObj generateMesh(const dat::JsonNode& spec, std::uint32_t did);

// A RenderSurface holding a pattern ("radial", "checker", "gradient", "ring", "spark", "noise",
// "stripes") rendered from "colors" and stored in "format". P8 maps each pixel to the nearest
// of the first 256 colours of `palette`, which must be the Palette the spec's "palette" names;
// other formats ignore `palette`.
dat::RenderSurface generateTexture(const dat::JsonNode& spec, std::uint32_t did,
                                   const dat::Palette* palette);

// A Palette of "count" colours running evenly through the "gradient" stops.
dat::Palette generatePalette(const dat::JsonNode& spec, std::uint32_t did);

// A 16-bit mono PCM Wave: one waveform with an optional linear pitch glide and a linear
// attack/release envelope.
dat::Wave generateTone(const dat::JsonNode& spec, std::uint32_t did);

// An Animation of "parts" × "frames" built from keyframes: origins are interpolated linearly and
// rotations spherically between a part's keys, held before the first and after the last. No
// hooks; the caller adds them to the frames afterwards.
dat::Animation generateAnimation(const dat::JsonNode& spec, std::uint32_t did);

// An Environment of box rooms and corridors: "cells" of {key, size, doorways, surfaces}. Each
// CellStruct has its doorways as portal polygons (first, in doorway order), the floor, ceiling
// and walls cut around the doorways, and the cell, physics and drawing BSPs; every face looks
// into the room.
dat::Environment generateEnvironment(const dat::JsonNode& spec, std::uint32_t did);

// A house GfxObj: the walls of the same box seen from outside with the doorways left open, and
// a gable ("roofHeight" > 0) or flat roof; drawing and physics polygons and both trees.
dat::GfxObj generateBuilding(const dat::JsonNode& spec, std::uint32_t did);

} // namespace portalkit::authoring
