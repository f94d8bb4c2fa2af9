#!/usr/bin/env bash
# Runs the benchmark of every performance target (docs/performance.md) in
# one go and prints the table of the targets, Lamina beside its baseline
# and the peers: render-benchmark (offscreen), lamina-bench (framework
# overhead), window-benchmark under a private Xvfb (idle, 1000 layers,
# latency, the floor of a changing frame) and scripts/bench-peers.sh (the
# kiosk menu beside Qt Quick, GTK 4, Clutter and cairo, when installed, and
# the kiosk's animated background beside its Qt Quick and cairo peers; the
# kiosk and cairo's peer again, five rounds taking turns and six at once),
# and scripts/measure-demos.sh (every demo and both kiosk backgrounds at
# 1280x720 and 1920x1080, driven by their keys).
# Figures only, never pass or fail. Takes about 25 minutes with the peers.
#
# Usage: scripts/bench-all.sh [--no-peers] [PEERS_DIR]
#   The full output goes to .build/bench-all/output.txt, the table to
#   .build/bench-all/table.md.
set -euo pipefail
cd "$(dirname "$0")/.."
peers_args=()
run_peers=1
for argument in "$@"; do
    case $argument in
        --no-peers) run_peers=0 ;;
        *) peers_args+=("$argument") ;;
    esac
done
work=.build/bench-all
mkdir -p "$work"
output=$work/output.txt
: >"$output"
say() { echo "$@" | tee -a "$output"; }

# The kiosk is measured as it ships, its hot functions placed together by
# scripts/lib/kiosk-menu.order; a stale order scattered them (peak RSS 29
# -> 32 MB, the kiosk 1.17x -> 1.43x cairo's CPU a frame, 2026-11-27), so it is written again
# from this code first when valgrind is there.
if command -v valgrind >/dev/null; then
    scripts/make-order-file.sh >&2
    git diff --quiet -- scripts/lib/kiosk-menu.order \
        || echo "bench-all.sh: scripts/lib/kiosk-menu.order changed with the code; commit it" >&2
else
    echo "bench-all.sh: no valgrind; the kiosk is measured with scripts/lib/kiosk-menu.order as committed" >&2
fi
for product in render-benchmark window-benchmark lamina-bench; do
    swift build -c release --product $product >&2
done
bin=$(swift build -c release --show-bin-path)
say "== bench-all $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

say "== render-benchmark"
"$bin/render-benchmark" | tee -a "$output"
say "== lamina-bench"
"$bin/lamina-bench" | tee -a "$output"

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb 1920x1080x24 || { echo "bench-all.sh: Xvfb did not start" >&2; exit 1; }
export LAMINA_BENCH_XSERVER_PID=$xvfb_pid
for mode in idle layers latency "latency --pulse" floor frame-rate; do
    say "== window-benchmark $mode"
    # shellcheck disable=SC2086  # "latency --pulse" is two arguments
    "$bin/window-benchmark" $mode | tee -a "$output"
done
stop_private_xvfb

say "== measure-demos (1280x720 and 1920x1080)"
scripts/measure-demos.sh --size 1280x720 --size 1920x1080 6 2>/dev/null | tee -a "$output"

# Compositing threads: the same work on the render thread alone and with a
# second thread (LAMINA_RENDER_THREADS), alternated.
for threads in 1 2 1 2; do
    say "== threads $threads: render-benchmark transformed and layers"
    LAMINA_RENDER_THREADS=$threads "$bin/render-benchmark" transformed | grep -E 'animating' | sed "s/^/THREADS $threads /" | tee -a "$output"
    LAMINA_RENDER_THREADS=$threads "$bin/render-benchmark" layers | grep -E 'Lamina' | head -2 | sed "s/^/THREADS $threads /" | tee -a "$output"
    say "== threads $threads: cover-flow and the animated background at 1920x1080"
    LAMINA_RENDER_THREADS=$threads scripts/measure-demos.sh --size 1920x1080 6 cover-flow kiosk-menu:animated 2>/dev/null \
        | grep '^ROW' | sed "s/^ROW/THREADS $threads ROW/" | tee -a "$output"
done

if [ $run_peers = 1 ]; then
    say "== bench-peers"
    scripts/bench-peers.sh "${peers_args[@]}" --out "$work/peers.md" | tee -a "$output"
    # The kiosk beside hand-written cairo (round 3, target 4): their gap is
    # smaller than what either moves between two runs of the same binary on
    # this machine (0.20-0.32 ms a frame for cairo's peer alone, 2026-11-28),
    # so they get five more rounds each, taking turns, and six rounds at once
    # (scripts/side-by-side.py), where both see the same machine.
    say "== kiosk beside cairo, five rounds"
    BENCH_SECS=20 scripts/bench-peers.sh "${peers_args[@]}" --runs 5 --only lamina,cairo-damage \
        --out "$work/kiosk-beside-cairo.md" | tee -a "$output"
    say "== kiosk beside cairo, side by side"
    source scripts/lib/deploy-build.sh
    # A is cairo's peer, B the kiosk: B/A is the kiosk's ratio to cairo.
    python3 scripts/side-by-side.py --rounds 6 \
        -- env KIOSK_DAMAGE=1 .build/bench-peers/bin/kiosk_cairo \
        -- "$(deploy_bin_path)/kiosk-menu" --frame-counter --width 1280 --height 720 --background solid | tee -a "$output"
fi

python3 scripts/lib/target_table.py "$output" | tee "$work/table.md"
echo | tee -a "$work/table.md"
python3 scripts/lib/demo_table.py "$output" | tee -a "$work/table.md"
echo "bench-all.sh: output in $output, table in $work/table.md" >&2
