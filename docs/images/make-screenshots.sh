#!/usr/bin/env bash
# Makes the screenshots of docs/user-guide.md with `portalkit render` on the demo DAT.
#
#   bash docs/images/make-screenshots.sh [PORTALKIT [DAT]]
#
# PORTALKIT defaults to build/bin/portalkit and DAT to build/demo/client_portal.dat (both from
# the repository root). The PNGs are written next to this script. Rendering is deterministic
# (the simulation is seeded), so the same build and DAT give the same pictures.
# Needs an X display; without one the script runs itself again under `xvfb-run -a`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
portalkit=${1:-$root/build/bin/portalkit}
dat=${2:-$root/build/demo/client_portal.dat}
scenarios=$root/resources/scenarios

for file in "$portalkit" "$dat"; do
    if [ ! -f "$file" ]; then
        echo "make-screenshots: $file not found; build first (cmake --build build)" >&2
        exit 2
    fi
done

if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a bash "${BASH_SOURCE[0]}" "$portalkit" "$dat"
fi
export QT3D_RENDERER=opengl

render() { # render OUTPUT.png [portalkit render options...]
    local output=$1
    shift
    echo "== $output"
    "$portalkit" render "$dat" --size 640x400 -o "$here/$output" "$@"
}

# The human standing, with its collision spheres and the ground grid.
render human-setup.png --setup 0x02000001 --time 0 --camera 30,15 --overlays spheres,grid

# The human's recall: the emitter starts at 1.72 s; three frames of the sparks building up.
render human-recall-%d.png --setup 0x02000001 --motion 0x10000153 --time 1.8,2.6,4.0 \
    --camera 25,15,4

# Flame Bolt Launch at intensity 0.5 (script 0x3300011C). Its trail emits per metre flown, so
# the bolt is launched at 8 m/s without gravity (state 0x00400808).
render flame-bolt-launch.png --setup 0x0200040D --typed Launch --intensity 0.5 \
    --velocity 0,8,0 --state 0x00400808 --time 1.0 --camera 60,20,3.5

# The Flame Bolt scenario: in flight toward the creature, then the Explode after the hit.
render flame-bolt-scenario-%d.png --scenario "$scenarios/flame_bolt.json" --time 0.6,1.1 \
    --camera 70,15 --overlays grid

# The arrow scenario: rising in flight, then falling nose down after it hit the wall.
render arrow-%d.png --scenario "$scenarios/arrow.json" --time 0.4,1.0 --camera 70,15,2.5 \
    --overlays spheres,grid

# The Tusker Fist: its Setup's DefaultScript scales it to 1.25 and starts a glow emitter.
render tusker-fist.png --setup 0x02000EAE --time 1.0 --camera 40,25,1.1

# The demo town 0xA9B4 and its eight neighbours from the south-west, with the demo cell DAT
# (client_cell_1.dat beside the portal DAT): terrain, statics and scenery.
render world-town.png --landblock 0xA9B4 --radius 1

# Inside the demo dungeon's cell 0x01D90105, looking toward its first doorway.
render world-dungeon.png --cell 0x01D90105

# The town with its grid, cell boundaries and portals drawn over it.
render world-overlays.png --landblock 0xA9B4 --radius 1 --overlays landblocks,cells,portals \
    --camera -135,50,260

# The human standing on the town floor west of the house (landblock-local 70, 70).
render world-human.png --landblock 0xA9B4 --radius 1 --setup 0x02000001 --place 70,70 \
    --time 1

# town_bolt.json: the Flame Bolt scenario placed in the town by its "world" (landblock 0xA9B4,
# origin 60, 88 on the town floor), the bolt crossing the east-west road.
render world-town-bolt.png --scenario "$scenarios/town_bolt.json" --time 0.6
