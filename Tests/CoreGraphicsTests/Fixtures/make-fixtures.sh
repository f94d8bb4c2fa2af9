#!/usr/bin/env bash
# Regenerates the image fixtures with ImageMagick 6 (`convert`) and Python 3.
# See README.md for what each file holds.
set -euo pipefail
cd "$(dirname "$0")"
# 4x2 RGBA: red, green, blue, half-transparent white / black, white, transparent, orange.
python3 -c 'import sys; sys.stdout.buffer.write(bytes([
  255,0,0,255, 0,255,0,255, 0,0,255,255, 255,255,255,128,
  0,0,0,255, 255,255,255,255, 0,0,0,0, 255,128,0,255]))' > /tmp/lamina-rgba.raw
convert -size 4x2 -depth 8 rgba:/tmp/lamina-rgba.raw -strip PNG32:rgba.png
convert -size 4x2 -depth 8 rgba:/tmp/lamina-rgba.raw -strip PNG64:rgba16.png
# The same picture without the half-transparent pixel (white instead), as a palette PNG with tRNS.
python3 -c 'import sys; sys.stdout.buffer.write(bytes([
  255,0,0,255, 0,255,0,255, 0,0,255,255, 255,255,255,255,
  0,0,0,255, 255,255,255,255, 0,0,0,0, 255,128,0,255]))' > /tmp/lamina-palette.raw
convert -size 4x2 -depth 8 rgba:/tmp/lamina-palette.raw -strip PNG8:palette.png
# 2x2 8-bit gray: 0, 85 / 170, 255.
python3 -c 'import sys; sys.stdout.buffer.write(bytes([0,85,170,255]))' > /tmp/lamina-gray.raw
convert -size 2x2 -depth 8 gray:/tmp/lamina-gray.raw -strip -define png:color-type=0 -define png:bit-depth=8 gray.png
# 2x1 8-bit gray with alpha: white at alpha 128, opaque black.
python3 -c 'import sys; sys.stdout.buffer.write(bytes([255,255,255,128, 0,0,0,255]))' > /tmp/lamina-ga.raw
convert -size 2x1 -depth 8 rgba:/tmp/lamina-ga.raw -strip -define png:color-type=4 -define png:bit-depth=8 gray-alpha.png
# 16x16 JPEG, 4:4:4, quadrants red, green / blue, white (each an 8x8 block, so they decode nearly exactly).
convert -size 8x8 xc:red xc:lime +append \( -size 8x8 xc:blue xc:white +append \) -append \
  -strip -quality 95 -sampling-factor 1x1 photo.jpg
convert -size 8x8 xc:'gray(50%)' -strip -colorspace Gray -quality 95 gray.jpg
convert -size 8x8 xc:red -strip -colorspace CMYK -quality 95 cmyk.jpg
# Broken files.
head -c 40 rgba.png > truncated.png
python3 -c '
import struct, zlib
def chunks(data):
    offset = 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        yield offset, length, kind
        offset += 12 + length
png = open("rgba.png", "rb").read()
idat = next((o, n) for o, n, k in chunks(png) if k == b"IDAT")
corrupt = bytearray(png)
corrupt[idat[0] + 8 + idat[1] // 2] ^= 0xFF  # one IDAT byte flipped, CRC left stale
open("corrupt.png", "wb").write(corrupt)
body = bytes((b ^ 0x5A) for b in png[idat[0] + 8: idat[0] + 8 + idat[1]])  # not zlib data any more
crc = struct.pack(">I", zlib.crc32(b"IDAT" + body))
open("bad-data.png", "wb").write(png[: idat[0] + 8] + body + crc + png[idat[0] + 12 + idat[1]:])
gray = open("gray.png", "rb").read()
ihdr = b"IHDR" + struct.pack(">II", 40000, 40000) + gray[24:29]  # a header claiming 40000x40000
open("huge.png", "wb").write(gray[:12] + ihdr + struct.pack(">I", zlib.crc32(ihdr)) + gray[33:])
jpeg = open("photo.jpg", "rb").read()
open("truncated.jpg", "wb").write(jpeg[: jpeg.index(b"\xff\xda") + 16])  # headers intact, scan cut
corrupt = bytearray(jpeg)
corrupt[3:40] = bytes((b ^ 0x5A) for b in corrupt[3:40])  # SOI kept, the first segments scrambled
open("corrupt.jpg", "wb").write(corrupt)
'
: > empty.png
printf 'not an image\n' > not-an-image.png
rm -f /tmp/lamina-ga.raw /tmp/lamina-rgba.raw /tmp/lamina-palette.raw /tmp/lamina-gray.raw
