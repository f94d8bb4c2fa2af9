#!/usr/bin/env python3
"""Reads the output of scripts/bench-all.sh and prints the table of the
performance targets (docs/performance.md): each goal, Lamina's figure and
the baseline measured in the same run. Figures only; whether a goal is met
is left to the reader.

usage: target_table.py OUTPUT.txt
"""
import re
import sys


def sections(text):
    """The output split at its '== name' lines."""
    parts, name = {}, None
    for line in text.splitlines():
        if line.startswith('== '):
            name = line[3:].strip()
            parts[name] = []
        elif name:
            parts[name].append(line)
    return {k: '\n'.join(v) for k, v in parts.items()}


def find(pattern, text, default='n/a'):
    m = re.search(pattern, text or '')
    return m.group(1).strip() if m else default


def peer_row(table, label):
    for line in (table or '').splitlines():
        cells = [c.strip() for c in line.strip('|').split('|')]
        if cells and cells[0].startswith(label):
            return cells
    return None


def peer_rows(table):
    """The body rows of the peers' markdown table."""
    rows = []
    for line in (table or '').splitlines():
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if line.startswith('|') and cells[0] not in ('program', '---'):
            rows.append(cells)
    return rows


def kiosk_offscreen(offscreen):
    """render-benchmark's kiosk: the render thread's frame alone, offscreen."""
    shipped = find(r'one pass, (?:AVX2|SSE2) \(shipped\)\s+mean ([\d.]+ ms)', offscreen, None)
    if not shipped:
        return ''
    ratio = find(r'ratio\s+([\d.]+x) \(pixman', offscreen)
    narrow = find(r'ratio\s+([\d.]+x) \(one pass, SSE2', offscreen, None)
    narrow = f'; four pixels at a time (SSE2) {narrow} that' if narrow else ''
    return (f'<br>render thread alone, offscreen, frames back to back: {shipped} a frame '
            f'(glow in one pass; pixman\'s three passes {ratio} that{narrow})')


def window_floor(floor):
    """window-benchmark floor: the least a changing frame costs in a Lamina window."""
    process = find(r'process CPU\s+([\d.]+ ms)', floor, None)
    if not process:
        return ''
    server = find(r'X server CPU\s+([\d.]+ ms)', floor)
    return (f'<br>floor, a window whose only change a frame is one 432x80 layer fading: {process} process, '
            f'{server} X server a frame')


def kiosk_beside_cairo(rounds, side_by_side):
    """Round 3's target 4: the kiosk's process CPU a frame beside cairo's
    peer redrawing only what changed, over five rounds taking turns and six
    at once."""
    goal = '<= 1.0x cairo\'s process CPU a frame, <= 30 MB'
    lamina, cairo = peer_row(rounds, 'Lamina'), peer_row(rounds, 'cairo')
    if not lamina or not cairo:
        return ('1b. kiosk beside hand-written cairo (KIOSK_DAMAGE=1)', goal, 'not run (--no-peers)', '')
    together = find(r'(mean A .*)', side_by_side, 'side by side not run')
    return ('1b. kiosk beside hand-written cairo (KIOSK_DAMAGE=1)', goal,
            f'{lamina[1]} rounds: {lamina[3]} ms a frame, median {lamina[7]} cairo\'s; {lamina[6]} MB'
            f"<br>side by side (A cairo's peer, B the kiosk): {together}",
            f'cairo, {cairo[1]} rounds: {cairo[3]} ms a frame')


def main():
    text = open(sys.argv[1]).read()
    s = sections(text)
    header = text.splitlines()[0].lstrip('= ') if text else ''
    rows = []

    peers = s.get('bench-peers')
    lamina = peer_row(peers, 'Lamina')
    if lamina:
        def figures(cells):
            return f'{cells[2]} fps, {cells[3]} ms process, {cells[4]} ms X server, {cells[6]} MB'
        baselines = [f'{cells[0]}: {figures(cells)}' for cells in peer_rows(peers) if not cells[0].startswith('Lamina')]
        rows.append(('1. kiosk menu 1280x720, bloom pulse, keys every 0.5 s',
                     'display rate, <= 0.25 ms process and <= 0.3 ms X server CPU a frame, < 30 MB',
                     figures(lamina) + kiosk_offscreen(s.get('render-benchmark'))
                     + window_floor(s.get('window-benchmark floor')),
                     '<br>'.join(baselines) or 'no peer ran'))
    else:
        rows.append(('1. kiosk menu 1280x720', '<= 0.25 ms / 0.3 ms X / 30 MB', 'not run (--no-peers)', ''))

    rows.append(kiosk_beside_cairo(s.get('kiosk beside cairo, five rounds'), s.get('kiosk beside cairo, side by side')))

    idle = s.get('window-benchmark idle')
    frames = find(r'frames rendered\s+(\d+)', idle)
    cpu = find(r'= ([\d.]+ %) of one core', idle)
    server = find(r'X server CPU\s+[\d.]+ ms = ([\d.]+ %)', idle)
    rows.append(('2. idle: a static window, 10 s', 'no frame, CPU < 0.1 %',
                 f'{frames} frames, {cpu} of a core', f'X server {server} of a core'))

    offscreen = s.get('render-benchmark')
    window = s.get('window-benchmark layers')
    frame = find(r'Lamina frame\s+median ([\d.]+ ms)', offscreen)
    capacity = find(r'-> (\d+) frames/s', offscreen)
    rate = find(r'rate\s+([\d.]+ frames/s)', window)
    render = find(r'render thread CPU\s+([\d.]+ ms)', window)
    server = find(r'X server CPU\s+([\d.]+ ms)', window)
    bare = find(r'bare pixman\s+median ([\d.]+ ms)', offscreen)
    ratio = find(r'ratio\s+([\d.]+x) \(Lamina / pixman, medians\)', offscreen)
    rows.append(('3. 1000 layers, position + opacity, 1280x720', '60 frames/s on one core; CPU a frame',
                 f'offscreen {frame} a frame ({capacity} frames/s on one core); X window {rate}, '
                 f'render thread {render} a frame, X server {server} a frame',
                 f'bare pixman, same squares: {bare} a frame (Lamina {ratio})'))

    bench = s.get('lamina-bench')
    lamina_ms = find(r'Lamina\s+([\d.]+ ms)', bench)
    bare = find(r'bare pixman ([\d.]+ ms)', bench)
    ratio = find(r'ratio\s+([\d.]+x)', bench)
    rows.append(('4. framework overhead: 1920x1080, 100 layers + 1 rotated', 'within 1.2x of bare pixman',
                 lamina_ms, f'bare pixman {bare} (Lamina {ratio})'))

    for label, key in [('rotation animating', 'rotation animating'), ('rotated, opacity animating', 'rotated 30°, opacity'),
                       ('scale animating', 'scale animating'),
                       ('perspective turn animating', 'perspective turn animating')]:
        line = find('(' + re.escape(key) + '.*)', offscreen, '')
        lamina_ms = find(r'Lamina ([\d.]+ ms)', line)
        bare = find(r'general path ([\d.]+ ms)', line)
        ratio = find(r'-> pixman / Lamina ([\d.]+x)', line)
        baseline = f'pixman general path {bare} (pixman / Lamina {ratio})'
        scaled = find(r'pixman SSE2 scaled path ([\d.]+ ms -> [\d.]+x)', line, '')
        if scaled:
            baseline += f'; pixman SSE2 scaled path {scaled}'
        rows.append((f'5. transformed layer 400x300, {label}', '>= 2x faster than pixman general path',
                     lamina_ms, baseline))

    for mode, what in [('latency', 'render thread asleep'), ('latency --pulse', 'pulse running')]:
        lat = s.get(f'window-benchmark {mode}')
        bound = find(r'display interval \+ 3 ms = ([\d.]+ ms)', lat)
        for source, label in [('XTest press', 'key press'), ('XTest click', 'button press')]:
            line = find('(' + source + r' -> frame presented.*)', lat, '')
            p50, p95, p99 = (find(q + r' ([\d.]+ ms)', line) for q in ('p50', 'p95', 'p99'))
            rows.append((f'6. latency, {label} -> frame ({what})', 'p99 <= display interval + 3 ms',
                         f'p50 {p50}, p95 {p95}, p99 {p99}', f'display interval + 3 ms = {bound}'))

    lamina_ms = find(r'Lamina evaluation\s+median ([\d.]+ ms)', offscreen)
    own_ms = find(r'Lamina, own timings\s+median ([\d.]+ ms)', offscreen)
    plains = re.findall(r'plain Swift curves\s+median ([\d.]+ ms)', offscreen or '') + ['n/a', 'n/a']
    rows.append(('7. animation evaluation, 10,000 running', '< 1 ms a frame',
                 f'committed together {lamina_ms}; each layer its own timing {own_ms}',
                 f'the same curves in plain Swift {plains[0]}; {plains[1]}'))

    print(f'Performance targets, {header}')
    print()
    print('| target | goal | Lamina | baseline, same run |')
    print('| --- | --- | --- | --- |')
    for row in rows:
        print('| ' + ' | '.join(row) + ' |')


main()
