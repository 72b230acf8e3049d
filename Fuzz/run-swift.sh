#!/usr/bin/env bash
# Builds liveassets-fuzz (the Swift-side libFuzzer targets) with AddressSanitizer and runs targets for a
# bounded time each, one after another.
#   bash Fuzz/run-swift.sh [SECONDS] [TARGET...]      (default 600 s; targets: probe header decode exif json fit imageio)
#   FUZZ_CONFIG=release bash Fuzz/run-swift.sh ...    (optimised build: several times the executions)
# The grown corpus goes to $FUZZ_OUT/<target>/corpus, crashing inputs to $FUZZ_OUT/<target>/crashes;
# each target's final statistics to $FUZZ_OUT/<target>/log.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
out=${FUZZ_OUT:-/tmp/liveassets-fuzz-swift}
scratch=${FUZZ_BUILD:-/tmp/liveassets-fuzz-build}
config=${FUZZ_CONFIG:-debug}
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(probe header decode exif json fit imageio)

# Swift code instrumented for coverage and checked by ASan; the C shim too (-fsanitize=fuzzer-no-link).
(cd "$repo" && swift build -c "$config" --product liveassets-fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -D -Xswiftc LIVEASSETS_FUZZING \
    -Xcc -fsanitize=fuzzer-no-link,address)
bin=$scratch/$config/liveassets-fuzz

# Seeds, read in place: images from samples/ and the shared corpus; EXIF payloads cut out of them;
# the JSON files the tool reads.
corpus=$repo/../shared/corpus
images=("$repo/samples")
[ -d "$corpus" ] && images+=("$corpus/pngsuite" "$corpus/libjpeg-turbo" "$corpus/pillow" "$corpus/jpeg-decoder/reftest" \
    "$corpus/exif-orientation-examples")
mkdir -p "$out/seeds-exif" "$out/seeds-json"
python3 - "$out/seeds-exif" "${images[@]}" <<'EOF'
import os, sys
out, roots = sys.argv[1], sys.argv[2:]
n = 0
for root in roots:
    for folder, _, names in os.walk(root):
        for name in names:
            data = open(os.path.join(folder, name), "rb").read()
            for marker in (b"Exif\x00\x00", b"eXIf"):
                at = data.find(marker)
                if at >= 0:
                    start = at + len(marker)
                    open(os.path.join(out, f"{n:04d}"), "wb").write(data[start:start + 65536])
                    n += 1
EOF
# HEIF files as an iPhone writes them, reduced to their boxes (no codec here writes HEIF).
mkdir -p "$out/seeds-heif"
python3 - "$out/seeds-heif" <<'EOF'
import struct, sys
def box(kind, payload): return struct.pack(">I", len(payload) + 8) + kind.encode() + payload
def heif(width, height, extra):
    props = [box("ispe", bytes(4) + struct.pack(">II", width, height))] + extra
    ipma = box("ipma", bytes(4) + struct.pack(">IHB", 1, 1, len(props)) + bytes(0x80 | i for i in range(1, len(props) + 1)))
    meta = box("meta", bytes(4) + box("hdlr", bytes(8) + b"pict" + bytes(13)) + box("pitm", bytes(4) + b"\0\1")
               + box("iprp", box("ipco", b"".join(props)) + ipma))
    return box("ftyp", b"heic" + bytes(4) + b"mif1heic") + meta + box("mdat", b"B" * 3000)
seeds = [heif(4032, 3024, [box("irot", b"\3"), box("colr", b"prof" + b"\x11" * 536)]),
         heif(30, 20, [box("irot", b"\1"), box("imir", b"\0")]),
         heif(600, 400, [box("auxC", bytes(4) + b"urn:mpeg:hevc:2015:auxid:1\0")])]
for index, data in enumerate(seeds):
    open(f"{sys.argv[1]}/{index}.heic", "wb").write(data)
EOF
# PNGs whose gAMA, cHRM, sRGB and iCCP chunks decide together what libpng reports (a deflated profile,
# a profile with a small zlib window, contradicting chunks).
mkdir -p "$out/seeds-color"
python3 - "$out/seeds-color" <<'EOF'
import struct, sys, zlib
def chunk(kind, data):
    body = kind.encode() + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
def png(color_type, chunks):
    ihdr = struct.pack(">IIBBBBB", 3, 2, 8, color_type, 0, 0, 0)
    rows = bytes((1 + 3 * {0: 1, 2: 3}[color_type]) * 2)
    return b"\x89PNG\r\n\x1a\n" + chunk("IHDR", ihdr) + b"".join(chunk(k, d) for k, d in chunks) \
        + chunk("IDAT", zlib.compress(rows)) + chunk("IEND", b"")
def profile(space, size):
    tags = 2
    data = bytes((i * 7 + i // 300) % 40 for i in range(size))
    length = 132 + 12 * tags + size
    header = struct.pack(">I", length) + b"lcms" + bytes([2, 0x10, 0, 0]) + b"mntr" + space + b"XYZ " + bytes(12) \
        + b"acspAPPL" + bytes(20) + struct.pack(">I", 0) + bytes.fromhex("0000f6d6000100000000d32d") + b"lcms" \
        + bytes(44) + struct.pack(">I", tags)
    table = b"desc" + struct.pack(">II", 156, size // 2) + b"wtpt" + struct.pack(">II", 156 + size // 2, size - size // 2)
    return header + table + data
def iccp(data, level=9, wbits=15):
    c = zlib.compressobj(level, zlib.DEFLATED, wbits)
    return b"ICC profile\0\0" + c.compress(data) + c.flush()
srgb_chrm = struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)
seeds = [png(2, [("iCCP", iccp(profile(b"RGB ", 3000)))]),
         png(0, [("iCCP", iccp(profile(b"GRAY", 9000), wbits=9))]),
         png(2, [("gAMA", struct.pack(">I", 45455)), ("cHRM", srgb_chrm), ("sRGB", b"\0")]),
         png(2, [("sRGB", b"\1"), ("iCCP", iccp(profile(b"RGB ", 600)))]),
         png(2, [("iCCP", iccp(profile(b"RGB ", 600), level=0)), ("gAMA", struct.pack(">I", 100000))])]
for index, data in enumerate(seeds):
    open(f"{sys.argv[1]}/{index}.png", "wb").write(data)
EOF
find "$repo/samples" -name '*.json' -exec cp {} "$out/seeds-json/" \; 2>/dev/null || true
cp "$repo/presentation-sizes.json" "$out/seeds-json/"
find "$repo/samples" -name 'Contents.json' | while read -r f; do cp "$f" "$out/seeds-json/$(echo "$f" | tr / _)"; done
cp "$repo/samples/.liveassets.json" "$out/seeds-json/liveassets.json" 2>/dev/null || true

for target in "${targets[@]}"; do
  case $target in
    exif) seeds=("$out/seeds-exif"); max_len=65536 ;;
    json) seeds=("$out/seeds-json"); max_len=65536 ;;
    header) seeds=("${images[@]}" "$out/seeds-heif" "$out/seeds-color"); max_len=400000 ;;
    probe|decode|fit) seeds=("${images[@]}"); max_len=400000 ;;
    imageio) seeds=("${images[@]}" "$out/seeds-color"); max_len=400000 ;;
    *) echo "unknown target $target" >&2; exit 64 ;;
  esac
  mkdir -p "$out/$target/corpus" "$out/$target/crashes"
  echo "== $target: $seconds s" >&2
  LIVEASSETS_FUZZ_TARGET=$target "$bin" -max_total_time="$seconds" -rss_limit_mb=4096 -max_len="$max_len" -timeout=10 \
    -artifact_prefix="$out/$target/crashes/" -print_final_stats=1 "$out/$target/corpus" "${seeds[@]}" \
    2> "$out/$target/log" || { echo "$target: stopped (see $out/$target/log)" >&2; tail -30 "$out/$target/log" >&2; }
  grep -E "^stat::(number_of_executed_units|new_units_added|peak_rss_mb)|cov: " "$out/$target/log" | tail -4 >&2
done
