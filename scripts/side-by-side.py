#!/usr/bin/env python3
"""Two kiosk programs measured at once, each under its own Xvfb, driven by
the same keys: the comparison the peers' harness (bench.py), which runs
programs one after the other, is too noisy for (the same binary moves by
0.12-0.20 ms a frame between its runs on this machine).

usage: scripts/side-by-side.py [--secs N] [--rounds R] [--nokeys] -- A... -- B...

Each round starts both programs, warms up 3 s, focuses their windows (named
kiosk-*), then for N seconds (default 20) presses Down, Down, Down, Down,
Up, Up, Up, Up every 0.5 s in both (as bench.py does; --nokeys: none), and
reads each process's CPU from /proc/PID/task/*/schedstat. Rounds alternate
which program starts first. Prints each round's CPU per 1/60 s frame and
B/A, then the means and the median ratio. Needs Xvfb and xdotool.
"""
import os, signal, statistics, subprocess, sys, time

DISPLAYS = (':91', ':92')
KEYS = ['Down'] * 4 + ['Up'] * 4


def cpu_ns(pid):
    total = 0
    for task in os.listdir(f'/proc/{pid}/task'):
        try:
            with open(f'/proc/{pid}/task/{task}/schedstat') as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError):
            pass  # a thread that ended meanwhile
    return total


def xdotool(display, *args):
    return subprocess.run(['xdotool', *args], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=5).stdout


def round_of(commands, secs, keys):
    servers = [subprocess.Popen(['Xvfb', d, '-screen', '0', '1280x720x24', '-nolisten', 'tcp'],
                                stderr=subprocess.DEVNULL) for d in DISPLAYS]
    programs = []
    try:
        time.sleep(1)
        programs = [subprocess.Popen(c, env=dict(os.environ, DISPLAY=d), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
                    for c, d in zip(commands, DISPLAYS)]
        time.sleep(3)
        for d in DISPLAYS:
            xdotool(d, 'mousemove', '640', '360')
            window = xdotool(d, 'search', '--onlyvisible', '--name', 'kiosk-').split()
            if window:
                xdotool(d, 'windowfocus', '--sync', window[0])
            xdotool(d, 'key', 'Down')
        time.sleep(0.6)
        if any(p.poll() is not None for p in programs):
            raise SystemExit('side-by-side: a program exited early')
        start = [cpu_ns(p.pid) for p in programs]
        t0 = time.monotonic()
        i = 0
        while time.monotonic() - t0 < secs:
            if keys:
                presses = [subprocess.Popen(['xdotool', 'key', KEYS[i % len(KEYS)]], env=dict(os.environ, DISPLAY=d))
                           for d in DISPLAYS]
                for press in presses:
                    press.wait()
            i += 1
            left = t0 + i * 0.5 - time.monotonic()
            if left > 0:
                time.sleep(left)
        end = [cpu_ns(p.pid) for p in programs]
        wall = time.monotonic() - t0
        return [(e - s) / 1e6 / (wall * 60) for s, e in zip(start, end)]
    finally:
        for p in programs:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            p.wait()
        for s in servers:
            s.terminate()
            s.wait()


def main():
    args = sys.argv[1:]
    secs, rounds, keys = 20.0, 1, True
    while args and args[0] != '--':
        if args[0] == '--secs':
            secs, args = float(args[1]), args[2:]
        elif args[0] == '--rounds':
            rounds, args = int(args[1]), args[2:]
        elif args[0] == '--nokeys':
            keys, args = False, args[1:]
        else:
            raise SystemExit(__doc__)
    if not args or '--' not in args[1:]:
        raise SystemExit(__doc__)
    args = args[1:]
    split = args.index('--')
    a, b = args[:split], args[split + 1:]
    if not a or not b:
        raise SystemExit(__doc__)
    ra, rb = [], []
    for r in range(rounds):
        if r % 2 == 0:
            va, vb = round_of([a, b], secs, keys)
        else:
            vb, va = round_of([b, a], secs, keys)
        ra.append(va)
        rb.append(vb)
        print(f'round {r}: A {va:.4f} B {vb:.4f} ms a frame, B/A {vb / va:.3f}', flush=True)
    ratios = [y / x for x, y in zip(ra, rb)]
    print(f'mean A {statistics.mean(ra):.4f} B {statistics.mean(rb):.4f} ms a frame, '
          f'B/A {statistics.mean(rb) / statistics.mean(ra):.3f} (means), {statistics.median(ratios):.3f} (median ratio), '
          f'B below A in {sum(r < 1 for r in ratios)} of {rounds}')


main()
