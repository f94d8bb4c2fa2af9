#!/usr/bin/env python3
"""Generates the cover-flow demo's album covers (assets/covers/cover-N.png).

Pure Python (zlib + struct), no imaging library: each cover is a 256x256
RGB PNG with a diagonal two-colour gradient, a band pattern, and a large
central emblem (disc, rings, diamond) in a saturated colour of its own, so
that the cover in the middle of the demo can be told apart by the colour
at its centre (the Xvfb test relies on that). Deterministic: running it
again rewrites identical files.

    python3 scripts/make-covers.py [output-directory]
"""
import colorsys
import os
import struct
import sys
import zlib

SIZE = 256
COUNT = 9


def png(path, width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def rgb(h, s, v):
    return tuple(int(round(c * 255)) for c in colorsys.hsv_to_rgb(h % 1.0, s, v))


def mix(a, b, t):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def cover(index):
    hue = index / COUNT
    top, bottom = rgb(hue, 0.55, 0.95), rgb(hue + 0.08, 0.85, 0.35)
    emblem = rgb(hue + 0.5, 1.0, 1.0)
    band = rgb(hue, 0.25, 1.0)
    kind = index % 3
    c = (SIZE - 1) / 2
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            t = (x + y) / (2 * (SIZE - 1))
            color = mix(top, bottom, t)
            # A few thin diagonal bands across the background.
            if (x - y + index * 11) % 64 < 6:
                color = mix(color, band, 0.5)
            dx, dy = x - c, y - c
            r = (dx * dx + dy * dy) ** 0.5
            if kind == 0 and r < 72:                                     # disc
                color = emblem
            elif kind == 1 and (r < 40 or 58 <= r < 78):                 # rings
                color = emblem
            elif kind == 2 and abs(dx) + abs(dy) < 88:                   # diamond
                color = emblem
            # A thin light frame, as printed sleeves have.
            if min(x, y, SIZE - 1 - x, SIZE - 1 - y) < 4:
                color = mix(color, (255, 255, 255), 0.6)
            row.extend(color)
        rows.append(row)
    return rows


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "assets", "covers")
    os.makedirs(out, exist_ok=True)
    for index in range(COUNT):
        png(os.path.join(out, "cover-%d.png" % index), SIZE, SIZE, cover(index))
    print("wrote %d covers to %s" % (COUNT, os.path.normpath(out)))


if __name__ == "__main__":
    main()
