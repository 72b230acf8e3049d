#!/usr/bin/env bash
# The differential tests on a corpus that lacks what they expect (`LIVEASSETS_CORPUS=DIR`): one PNG of our
# own, a zero-length file (a corpus may hold one: the mutation test once indexed into its empty bytes) and a
# manifest naming both. They must run what they can, skip with a message what needs a missing file,
# and never crash the test process. Run after `swift test` has built the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

corpus=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$corpus" "$log"' EXIT
python3 - "$corpus" <<'PY'
import json, struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
rows = b"".join(b"\0" + bytes(4 * 3) for _ in range(2))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 2, 8, 6, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(sys.argv[1] + "/small.png", "wb").write(png)
open(sys.argv[1] + "/empty.png", "wb").close()
json.dump({"files": [{"file": "small.png", "expected": "valid", "format": "png"},
                     {"file": "empty.png", "expected": "error", "format": "png"}]}, open(sys.argv[1] + "/manifest.json", "w"))
PY
if ! LIVEASSETS_CORPUS="$corpus" swift test --skip-build --filter Differential >"$log" 2>&1; then
    tail -40 "$log"
    echo "partial corpus: the differential tests failed or crashed on a corpus of one PNG and an empty file"
    exit 1
fi
for expected in "skipped: the corpus lacks pillow/pil_sample_rgb.jpg" "theSwiftReaderAgreesWithTheCodecProbeOnEveryCorpusFile() passed" \
        "mutatedCorpusFilesGetTheSameAnswerFromBothReaders() passed"; do
    grep -q "$expected" "$log" || { tail -40 "$log"; echo "partial corpus: the run did not say '$expected'"; exit 1; }
done
echo "partial corpus: the differential tests ran on one PNG and an empty file, and skipped what needs the shared corpus, naming the file"
