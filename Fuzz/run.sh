#!/usr/bin/env bash
# Builds the shim's libFuzzer target with AddressSanitizer and runs it for a bounded time.
#   bash Fuzz/run.sh [SECONDS]      (default 600)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
out=${FUZZ_OUT:-/tmp/liveassets-fuzz}
seconds=${1:-600}
mkdir -p "$out/corpus" "$out/crashes"
clang=${CLANG:-$(command -v clang || echo /opt/swift/usr/bin/clang)}
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$repo/Sources/CLiveAssetsCodecs/include" -I"$repo/Sources/CLiveAssetsCodecs" $(pkg-config --cflags libpng libjpeg) \
  "$here/probe_fuzzer.c" "$repo"/Sources/CLiveAssetsCodecs/*.c $(pkg-config --libs libpng libjpeg) -o "$out/probe_fuzzer"
# Seeds: the shared corpus and the samples (read in place, never copied into the repository).
seeds=("$repo/samples")
[ -d "$repo/../shared/corpus" ] && seeds+=("$repo/../shared/corpus/pngsuite" "$repo/../shared/corpus/libjpeg-turbo" \
  "$repo/../shared/corpus/pillow" "$repo/../shared/corpus/jpeg-decoder/reftest" "$repo/../shared/corpus/exif-orientation-examples")
"$out/probe_fuzzer" -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=400000 -timeout=10 \
  -artifact_prefix="$out/crashes/" -print_final_stats=1 "$out/corpus" "${seeds[@]}"
