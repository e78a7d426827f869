#!/usr/bin/env bash
# Checks PortalKit as a user gets it: builds the Debian packages from a configured and built
# tree, extracts them into a fresh directory (no dpkg -i, nothing touches the system), runs the
# installed programs on the installed demo DAT, validates the desktop files, and builds
# examples/list_entries against the installed CMake package. Called by `.ci/setup test`.
#   bash packaging/check-install.sh BUILD_DIR
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:?usage: check-install.sh BUILD_DIR}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "check-install: $*" >&2
    exit 1
}
# Each step says how long the one before it took, so the cost to CI stays visible.
started=$(date +%s%N)
step() {
    local now
    now=$(date +%s%N)
    [ -z "${current:-}" ] || printf -- '   (%s: %d.%01d s)\n' "$current" $(((now - started) / 1000000000)) \
        $(((now - started) / 100000000 % 10))
    started=$now
    current=$*
    [ -z "$current" ] || echo "-- $current"
}

step "cpack -G DEB"
rm -rf "$build/packages"
cpack --config "$build/CPackConfig.cmake" -G DEB >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; fail "cpack failed"; }
for deb in "$build"/packages/*.deb; do
    echo "   $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
    echo "   Depends: $(dpkg-deb -f "$deb" Depends)"
    dpkg-deb -x "$deb" "$work/root"
done
usr=$work/root/usr
share=$usr/share
dat=$share/portalkit/demo/client_portal.dat
# Away from the source tree, so nothing is found there by accident.
cd "$work"

step "installed programs"
version=$("$usr/bin/portalkit" --version)
[[ $version =~ ^portalkit\ [0-9]+\.[0-9]+\.[0-9]+(\ \(git\ [^\)]+\))?$ ]] ||
    fail "unexpected --version: $version"
echo "   $version"
"$usr/bin/portalkit" verify "$dat" >/dev/null || fail "verify failed on the installed demo DAT"
"$usr/bin/portalkit" audit "$dat" -m "$share/portalkit/manifests/demo.json" >/dev/null ||
    fail "the installed demo DAT does not match the installed manifest"
"$usr/bin/portalkit" build "$share/portalkit/demo-sources" -o rebuilt.dat --quiet
cmp -s rebuilt.dat "$dat" || fail "the installed demo sources do not rebuild the demo DAT"
"$usr/bin/portalkit" build "$share/portalkit/demo-cell-sources" -o rebuilt-cell.dat --quiet
cmp -s rebuilt-cell.dat "$share/portalkit/demo/client_cell_1.dat" ||
    fail "the installed demo cell sources do not rebuild the demo cell DAT"
# The sample weenies give the demo DAT's projectile map (docs/world-data.md); the QSQLITE
# driver the index needs is a dependency of the package.
"$usr/bin/portalkit" weenies import "$share/portalkit/weenies" -o world.sqlite >/dev/null ||
    fail "weenies import failed on the installed sample weenies"
"$usr/bin/portalkit" weenies find "Flame Bolt" --json | grep -q '"value": "0x0200040D"' ||
    fail "weenies find does not give Flame Bolt's Setup"
"$usr/bin/portalkit" audit "$dat" --weenies world.sqlite >/dev/null ||
    fail "the installed demo DAT fails the sample weenies' projectile map"
# A scenario by its bare name is looked up in ../share/portalkit/scenarios.
"$usr/bin/portalkit" simulate "$dat" --scenario arrow.json --summary >/dev/null ||
    fail "the installed portalkit does not find its scenarios"
if [ -x "$usr/bin/portalkit-studio" ]; then
    QT_QPA_PLATFORM=offscreen "$usr/bin/portalkit-studio" --version 2>/dev/null |
        grep -q "^PortalKit Studio " || fail "portalkit-studio --version failed"
    # A GUI build's portalkit has `thumbnails` (docs/cli.md#thumbnails); it draws only with an X
    # display, so the thumbnails themselves are checked when there is one.
    "$usr/bin/portalkit" thumbnails --help | grep -q contact_sheet.png ||
        fail "portalkit thumbnails --help failed"
    if [ -n "${DISPLAY:-}" ]; then
        QT3D_RENDERER=opengl "$usr/bin/portalkit" thumbnails "$dat" --type Setup -o thumbs \
            --size 32 >/dev/null || fail "portalkit thumbnails failed on the installed demo DAT"
        setups=$("$usr/bin/portalkit" ls "$dat" --type Setup | wc -l)
        [ -s thumbs/contact_sheet.png ] && [ "$(ls thumbs/0x02*.png | wc -l)" = "$setups" ] ||
            fail "portalkit thumbnails did not write one PNG per Setup and a contact sheet"
    fi
    # `bench thumbnails` scrolls the Gallery through this program, found from the installed
    # portalkit (bench/CMakeLists.txt); without it the installed suite could not pass.
    [ -x "$usr/libexec/portalkit/portalkit-gallery-scroll" ] ||
        fail "portalkit-gallery-scroll is not installed where bench thumbnails looks"
fi

step "desktop entry, AppStream metadata, MIME type"
for metainfo in "$share"/metainfo/*.xml; do
    appstreamcli validate --no-net "$metainfo" >"$work/appstream.log" 2>&1 ||
        { cat "$work/appstream.log" >&2; fail "appstreamcli rejects $(basename "$metainfo")"; }
done
for desktop in "$share"/applications/*.desktop; do
    desktop-file-validate "$desktop" || fail "desktop-file-validate rejects $desktop"
done
update-mime-database "$share/mime" >"$work/mime.log" 2>&1 ||
    { cat "$work/mime.log" >&2; fail "update-mime-database rejects the MIME type"; }
content_type() { XDG_DATA_HOME=$work/nowhere XDG_DATA_DIRS=$share:/usr/share \
    gio info -a standard::content-type "$1" | sed -n 's/.*standard::content-type: //p'; }
cp "$dat" sniffed.bin
cp "$share/portalkit/demo/demo_manifest.json" other.dat
[ "$(content_type sniffed.bin)" = application/x-asherons-call-dat ] ||
    fail "the MIME type does not recognise a DAT by its header"
[ "$(content_type other.dat)" != application/x-asherons-call-dat ] ||
    fail "the MIME type claims a .dat file that is not a DAT"

step "man pages, bash completion"
for page in "$share"/man/man1/*.1.gz; do
    # Not `zcat | grep -q`: under pipefail, grep stopping at the first match kills zcat with
    # SIGPIPE once the page outgrows the pipe's buffer, and the page looks bad when it is not.
    gzip -t "$page" && grep -q '^\.SH SYNOPSIS' <(zcat "$page") || fail "bad man page $page"
done
completions=$share/bash-completion/completions
complete_words() { # complete_words PROGRAM WORD... : what TAB offers after the last word
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        "_${1//-/_}"; echo "${COMPREPLY[*]}"' _ "$completions/$1" "$@"
}
[ "$(complete_words portalkit ver)" = verify ] || fail "completion of a command"
[ "$(complete_words portalkit audit --man)" = --manifest ] || fail "completion of an option"
[ "$(complete_words portalkit bench par)" = particles ] || fail "completion of a suite"
[ "$(complete_words portalkit bench p)" = "particles physics patch" ] || fail "completion of suites sharing a prefix"
[ "$(complete_words portalkit weenies f)" = find ] || fail "completion of a weenies action"
[ "$(complete_words portalkit imp)" = import ] || fail "completion of a patching command"
[ "$(complete_words portalkit import --dry)" = --dry-run ] || fail "completion of a patch option"
if [ -x "$usr/bin/portalkit-studio" ]; then # `thumbnails` is in GUI builds only
    [ "$(complete_words portalkit thumb)" = thumbnails ] || fail "completion of thumbnails"
    [ "$(complete_words portalkit thumbnails --ty)" = --type ] ||
        fail "completion of a thumbnails option"
fi

step "examples/list_entries against the installed CMake package"
cmake -S "$root/examples/list_entries" -B example -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$usr" >"$work/example.log" 2>&1 &&
    cmake --build example >>"$work/example.log" 2>&1 ||
    { cat "$work/example.log" >&2; fail "the example does not build"; }
example/list_entries "$dat" >listed.txt || fail "the example failed on the demo DAT"
# Its listing is `portalkit ls`'s, and its Setup has the parts `portalkit show` decodes.
"$usr/bin/portalkit" ls "$dat" | awk '{print $1, $2, $3}' >expected.txt
sed -n '2,$p' listed.txt | grep -v '^Setup ' | diff - expected.txt >/dev/null ||
    fail "the example's listing differs from portalkit ls"
setup=$(sed -n 's/^Setup \(0x[0-9A-F]*\): \([0-9]*\) parts.*/\1 \2/p' listed.txt)
parts=$("$usr/bin/portalkit" show "$dat" "${setup% *}" --json |
    python3 -c 'import json, sys; print(len(json.load(sys.stdin)["parts"]))')
[ -n "$setup" ] && [ "${setup#* }" = "$parts" ] || fail "the example decoded $setup, not $parts parts"
echo "   $(tail -1 listed.txt)"
step ""
