#!/usr/bin/env bash
# Measures Lamina's kiosk-menu beside the kiosk-menu peers (Qt Quick, GTK 4,
# Clutter, hand-written cairo) through the peers' own harness (bench.py):
# 1280x720, solid background, the bloom pulse running, Down/Up every 0.5 s
# for 20 s. Then the heavy scene: the kiosk with --background animated
# beside its Qt Quick and cairo peers in Benchmarks/peers. Prints a markdown
# table (frames a second, process CPU and X server CPU per frame, peak
# resident memory) and writes it to OUT.
# Figures only, never pass or fail. The programs take turns, RUNS rounds.
#
# Usage: scripts/bench-peers.sh [PEERS_DIR] [--runs N] [--out FILE] [--install] [--only NAME,...] [--baseline NAME]
#   PEERS_DIR  the peers and bench.py (default: ../shared/peers beside the
#              repository, else /work/shared/peers)
#   --runs N   rounds of every program (default 2)
#   --out FILE the markdown table (default .build/bench-peers/table.md)
#   --install  apt-get install the Debian packages of missing peers first
#   --only     run only these (lamina, cairo-shm, cairo-damage, qt-sw, gtk4-cairo,
#              gtk4-glow, clutter; the animated background: lamina-animated,
#              qt-animated, cairo-animated)
#   --baseline the table's process CPU ratios are to this one (default
#              cairo-damage, or cairo-animated when cairo-damage did not run)
# BENCH_SECS (default 20) and BENCH_WARM (default 3) go to bench.py.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

peers=""
runs=2
out=""
install=0
only=""
baseline=""
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --install) install=1; shift ;;
        --only) only=$2; shift 2 ;;
        --baseline) baseline=$2; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "bench-peers.sh: unknown option $1" >&2; exit 2 ;;
        *) peers=$1; shift ;;
    esac
done
if [ -z "$peers" ]; then
    peers="$repo/../shared/peers"
    [ -f "$peers/bench.py" ] || peers=/work/shared/peers
fi
peers=$(cd "$peers" 2>/dev/null && pwd) || { echo "bench-peers.sh: no peers directory ($peers)" >&2; exit 1; }
[ -f "$peers/bench.py" ] || { echo "bench-peers.sh: $peers/bench.py is missing" >&2; exit 1; }
for tool in python3 xdotool Xvfb cc pkg-config; do
    command -v $tool >/dev/null || { echo "bench-peers.sh: $tool is not installed" >&2; exit 1; }
done
work="$repo/.build/bench-peers"
out=${out:-$work/table.md}
rm -rf "$work/results" && mkdir -p "$work/bin" "$work/results"
wants() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }

# Debian packages each peer needs (peers/README.md).
qt_packages="qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript qml-qt6"
gtk_packages="libgtk-4-dev"
clutter_packages="libclutter-1.0-dev"
# The packages of a list that are not installed.
missing() {
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || echo -n " $package"
    done
}
missing_packages="$(missing $qt_packages)$(missing $gtk_packages)$(missing $clutter_packages)"
if [ -n "$missing_packages" ]; then
    if [ $install = 1 ]; then
        echo "bench-peers.sh: installing$missing_packages" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing_packages >&2
    else
        echo "bench-peers.sh: not installed:$missing_packages (--install installs them); their peers are skipped" >&2
    fi
fi

# Builds a C peer with the build line written in its source, into $work/bin.
build_peer() {
    local source=$1 line
    line=$(grep -m1 -o 'Build: .*' "$source" | sed 's/^Build: //; s# \*/$##')
    cp "$source" "$work/bin/"
    (cd "$work/bin" && eval "$line") >&2
}

# name | environment (K=V,...) | command: the programs measured.
programs=()
# The kiosk as it ships (scripts/lib/deploy-build.sh: the Swift runtime linked in statically).
source scripts/lib/deploy-build.sh
deploy_build kiosk-menu
kiosk="$(deploy_bin_path)/kiosk-menu --frame-counter --width 1280 --height 720"
wants lamina && programs+=("lamina||$kiosk --background solid")
if build_peer "$peers/cairo/kiosk_cairo.c"; then
    wants cairo-shm && programs+=("cairo-shm||$work/bin/kiosk_cairo")
    wants cairo-damage && programs+=("cairo-damage|KIOSK_DAMAGE=1|$work/bin/kiosk_cairo")
else
    echo "bench-peers.sh: the cairo peer did not build; skipped" >&2
fi
if [ -z "$(missing $qt_packages)" ]; then
    wants qt-sw && programs+=("qt-sw|QT_QUICK_BACKEND=software|/usr/lib/qt6/bin/qml $peers/qt/kiosk.qml")
else
    echo "bench-peers.sh: Qt Quick 6 is not installed ($qt_packages); skipped" >&2
fi
if [ -z "$(missing $gtk_packages)" ] && build_peer "$peers/gtk4/kiosk_gtk4.c"; then
    gtk_env="GSK_RENDERER=cairo,GDK_BACKEND=x11,GTK_A11Y=none"
    wants gtk4-cairo && programs+=("gtk4-cairo|$gtk_env|$work/bin/kiosk_gtk4")
    wants gtk4-glow && programs+=("gtk4-glow|$gtk_env,KIOSK_GLOW=1|$work/bin/kiosk_gtk4")
else
    echo "bench-peers.sh: GTK 4 is not installed ($gtk_packages); skipped" >&2
fi
if [ -z "$(missing $clutter_packages)" ] && build_peer "$peers/clutter/kiosk_clutter.c"; then
    wants clutter && programs+=("clutter|LIBGL_ALWAYS_SOFTWARE=1|$work/bin/kiosk_clutter")
else
    echo "bench-peers.sh: Clutter is not installed ($clutter_packages); skipped" >&2
fi
# The heavy scene: the kiosk's animated background and its peers (Benchmarks/peers).
wants lamina-animated && programs+=("lamina-animated||$kiosk --background animated")
if [ -z "$(missing $qt_packages)" ]; then
    wants qt-animated && programs+=("qt-animated|QT_QUICK_BACKEND=software|/usr/lib/qt6/bin/qml $repo/Benchmarks/peers/qt-animated/kiosk_animated.qml")
else
    echo "bench-peers.sh: Qt Quick 6 is not installed ($qt_packages); qt-animated skipped" >&2
fi
if build_peer "$repo/Benchmarks/peers/cairo-animated/kiosk_cairo_animated.c"; then
    wants cairo-animated && programs+=("cairo-animated||$work/bin/kiosk_cairo_animated")
else
    echo "bench-peers.sh: the animated cairo peer did not build; skipped" >&2
fi

# bench.py finds the X server's process by the display on its command line,
# so this Xvfb gets an explicit, free display number.
display=""
for number in $(seq 90 140); do
    [ -e /tmp/.X11-unix/X$number ] || [ -e /tmp/.X$number-lock ] || { display=:$number; break; }
done
[ -n "$display" ] || { echo "bench-peers.sh: no free display number" >&2; exit 1; }
Xvfb $display -screen 0 1920x1080x24 -nolisten tcp -noreset 2>/dev/null &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; wait $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -e /tmp/.X11-unix/X${display#:} ] && break; sleep 0.05; done
export BENCH_DISPLAY=$display

echo "bench-peers.sh: ${#programs[@]} programs x $runs rounds on $display, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq "$runs"); do
    for program in "${programs[@]}"; do
        IFS='|' read -r name environment command <<<"$program"
        args=()
        IFS=',' read -r -a pairs <<<"$environment"
        for pair in "${pairs[@]}"; do [ -n "$pair" ] && args+=(--env "$pair"); done
        # shellcheck disable=SC2086  # the command line is split on purpose
        python3 "$peers/bench.py" "$name" "$work/results" "${args[@]}" -- $command >&2 \
            || echo "bench-peers.sh: $name round $round failed" >&2
    done
done

if [ -z "$baseline" ]; then
    baseline=cairo-damage
    grep -q '"name": "cairo-damage"' "$work/results/results.jsonl" 2>/dev/null || baseline=cairo-animated
fi
python3 "$repo/scripts/lib/peer_table.py" "$work/results/results.jsonl" "$baseline" | tee "$out"
echo "bench-peers.sh: table written to $out; logs in $work/results" >&2
