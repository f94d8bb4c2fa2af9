#!/usr/bin/env python3
"""Turns bench.py's results.jsonl into a markdown table: one row per
program, each figure as the range over its runs, and process CPU per frame
as a ratio to a baseline peer measured in the same run.

usage: peer_table.py RESULTS.jsonl [BASELINE (default cairo-damage)]
"""
import json
import sys

LABELS = {
    'lamina': 'Lamina kiosk-menu (bloom pulse)',
    'cairo-shm': 'cairo, full redraw, MIT-SHM',
    'cairo-damage': 'cairo, changed area only, MIT-SHM',
    'qt-sw': 'Qt Quick 6, software renderer',
    'gtk4-cairo': 'GTK 4, cairo renderer',
    'gtk4-glow': 'GTK 4, cairo renderer, blurred glow',
    'clutter': 'Clutter 1.26, llvmpipe',
    'lamina-animated': 'Lamina kiosk-menu --background animated',
    'qt-animated': 'Qt Quick 6, software renderer, animated background',
    'cairo-animated': 'cairo, changed box, MIT-SHM, animated background',
}


def span(values, digits):
    values = [v for v in values if v is not None]
    if not values:
        return 'n/a'
    lo, hi = min(values), max(values)
    text = f'{lo:.{digits}f}'
    return text if f'{hi:.{digits}f}' == text else f'{text} to {hi:.{digits}f}'


def median(values):
    values = sorted(v for v in values if v is not None)
    return values[len(values) // 2] if values else None


def main():
    path = sys.argv[1]
    baseline = sys.argv[2] if len(sys.argv) > 2 else 'cairo-damage'
    runs = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r.get('ms_cpu_per_frame') is not None and r.get('ms_cpu_per_frame_incl_xvfb') is not None:
                r['ms_x_per_frame'] = r['ms_cpu_per_frame_incl_xvfb'] - r['ms_cpu_per_frame']
            runs.setdefault(r['name'], []).append(r)
    base = median([r.get('ms_cpu_per_frame') for r in runs.get(baseline, [])])
    print(f'| program | runs | fps | ms process CPU / frame | ms X server CPU / frame | ms both | peak RSS MB '
          f'| process CPU vs {baseline} | load at start |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for name, rs in runs.items():
        cpu = median([r.get('ms_cpu_per_frame') for r in rs])
        ratio = f'{cpu / base:.2f}x' if base and cpu is not None else 'n/a'
        print('| ' + ' | '.join([
            LABELS.get(name, name), str(len(rs)),
            span([r.get('fps') for r in rs], 1),
            span([r.get('ms_cpu_per_frame') for r in rs], 2),
            span([r.get('ms_x_per_frame') for r in rs], 2),
            span([r.get('ms_cpu_per_frame_incl_xvfb') for r in rs], 2),
            span([r.get('peak_rss_mb') for r in rs], 0),
            ratio,
            ', '.join(r.get('load_at_start', '?') for r in rs),
        ]) + ' |')


main()
