#!/usr/bin/env bash
# LiveAssets against the peers that are installed (libvips' vipsthumbnail, ImageMagick, Pillow,
# Pillow-SIMD) and the bare libjpeg/libpng floor, on the same files, in one run; prints each job's
# times and the ratios the speed goals are stated in.
#
#   bash ../shared/bench/setup.sh && bash ../shared/bench/make-corpus.sh   # peers and photos, once
#   bash Benchmarks/compare-peers.sh                                       # ~10 minutes
#
# Environment: BENCH_HOME (/tmp/liveassets-bench), CORPUS ($BENCH_HOME/corpus-gen), SHARED (the
# shared bench folder, ../shared/bench), RUNS (hyperfine runs per cell, 5).
# Process-level cells are hyperfine medians divided by the items; in-process cells are the medians
# the tools print themselves. The 12 MP photos fit 1224x480 (408x160 pt @3x: the Lock Screen of a
# 430x932 pt iPhone), i.e. 640x480.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared/bench}
BENCH_HOME=${BENCH_HOME:-/tmp/liveassets-bench}
CORPUS=${CORPUS:-$BENCH_HOME/corpus-gen}
RUNS=${RUNS:-5}
PY=$BENCH_HOME/.venv/bin/python
PY_SIMD=$BENCH_HOME/.venv-simd/bin/python
export VIPS_WARNING=0

die() { echo "compare-peers: $*" >&2; exit 1; }
command -v hyperfine >/dev/null || die "needs hyperfine (bash $SHARED/setup.sh)"
[[ -d $CORPUS/big && -d $CORPUS/many ]] || die "no corpus in $CORPUS (bash $SHARED/make-corpus.sh)"

WORK=$(mktemp -d /tmp/liveassets-compare.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
RESULTS=$WORK/results.tsv
: > "$RESULTS"

# The CLI as it ships (README, "A self-contained binary"): release, one fully static executable with the
# Swift runtime, libpng, libjpeg and zlib linked in; no dynamic loader, no relocations at start.
echo "building release binaries ..." >&2
STATIC=${STATIC_BUILD:-/tmp/liveassets-release-static}
(cd "$ROOT" && swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product liveassets \
        --scratch-path "$STATIC" >/dev/null 2>&1 &&
    swift build -c release --product liveassets-bench >/dev/null)
LA=$STATIC/release/liveassets
BENCH=$ROOT/.build/release/liveassets-bench
gcc -O2 -o "$WORK/decode" "$SHARED/c/decode.c" -lpng16 -ljpeg
gcc -O2 -o "$WORK/probe" "$SHARED/c/probe.c" -lpng16 -ljpeg

# The photos as @3x assets (hard links), so that `fit` reads them at their scale.
mkdir -p "$WORK/jpeg" "$WORK/png"
for f in "$CORPUS"/big/photo-*.jpg; do ln "$f" "$WORK/jpeg/$(basename "${f%.jpg}")@3x.jpg" 2>/dev/null || cp "$f" "$WORK/jpeg/$(basename "${f%.jpg}")@3x.jpg"; done
for f in "$CORPUS"/big/alpha-*.png; do ln "$f" "$WORK/png/$(basename "${f%.png}")@3x.png" 2>/dev/null || cp "$f" "$WORK/png/$(basename "${f%.png}")@3x.png"; done
JPEGS=("$CORPUS"/big/photo-*.jpg)
PNGS=("$CORPUS"/big/alpha-*.png)
NJ=${#JPEGS[@]} NP=${#PNGS[@]}
LIST=$WORK/many.list
find "$CORPUS/many" -type f \( -name '*.png' -o -name '*.jpg' \) | sort > "$LIST"
NMANY=$(wc -l < "$LIST")
FIT=(fit --presentation lock-screen --devices iphone-430x932)

record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$RESULTS"; }  # job, tool, seconds per item

# hf JOB TOOL ITEMS CMD [hyperfine options]: the median of RUNS runs, per item.
hf() {
  local job=$1 tool=$2 items=$3 cmd=$4; shift 4
  echo ">> $job: $tool" >&2
  if hyperfine --runs "$RUNS" --warmup 1 --style none --export-json "$WORK/hf.json" "$@" -- "$cmd" >/dev/null 2>"$WORK/hf.err"; then
    record "$job" "$tool" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"] / int(sys.argv[2]))' "$WORK/hf.json" "$items")"
  else
    echo "   failed: $cmd" >&2; sed 's/^/   /' "$WORK/hf.err" | tail -3 >&2
  fi
}
# selftimed JOB TOOL CMD: CMD prints "RESULT median_s=...".
selftimed() {
  local line
  echo ">> $1: $2" >&2
  line=$(sh -c "$3" 2>/dev/null | grep '^RESULT' | tail -1) || true
  [[ -n $line ]] && record "$1" "$2" "$(sed 's/.*median_s=\([^ ]*\).*/\1/' <<<"$line")" || echo "   failed: $3" >&2
}
has_pillow() { [[ -x $1 ]] && "$1" -c 'import PIL' 2>/dev/null; }

# ---------------------------------------------------------------- fit JPEG (8 x 12 MP -> 640x480 q90)
OUT=$WORK/out
hf fit-jpeg liveassets "$NJ" "$LA ${FIT[*]} --jobs 1 --out $OUT/la $WORK/jpeg" --prepare "rm -rf $OUT/la"
hf fit-jpeg vipsthumbnail "$NJ" "VIPS_CONCURRENCY=1 vipsthumbnail -s 1224x480 -o '$OUT/vips/%s.jpg[Q=90,subsample-mode=on]' ${JPEGS[*]}" --prepare "mkdir -p $OUT/vips"
command -v mogrify >/dev/null && hf fit-jpeg imagemagick "$NJ" "MAGICK_THREAD_LIMIT=1 mogrify -path $OUT/im -define jpeg:size=1280x960 -filter Lanczos -thumbnail 1224x480 -quality 90 -sampling-factor 4:2:0 ${JPEGS[*]}" --prepare "mkdir -p $OUT/im"
has_pillow "$PY" && hf fit-jpeg pillow "$NJ" "$PY $SHARED/py/pillow_bench.py fit thumbnail $OUT/pil ${JPEGS[*]}"
has_pillow "$PY_SIMD" && hf fit-jpeg pillow-simd "$NJ" "$PY_SIMD $SHARED/py/pillow_bench.py fit draft $OUT/pils ${JPEGS[*]}"
selftimed fit-jpeg "libjpeg 1/4 decode" "$WORK/decode jpeg 4 3 ${JPEGS[*]}"
# The floor goal again, with the two timed in alternation (Benchmarks/paired.py): the runs above are
# minutes apart, and this machine's speed moves more than the margin in between.
pair() {  # JOB ARGS...: paired.py's line, recorded as JOB's "paired" cells
  local line
  echo ">> $1 (alternating)" >&2
  line=$(python3 "$ROOT/Benchmarks/paired.py" "${@:2}") || { echo "   failed" >&2; return; }
  for key in a_s b_s ratio ratio_p25 ratio_p75; do record "$1" "paired $key" "$(sed "s/.*\b$key=\([^ ]*\).*/\1/" <<<"$line")"; done
}
pair fit-jpeg-floor --rounds 9 --items "$NJ" --a "$LA ${FIT[*]} --jobs 1 --out $OUT/lapair $WORK/jpeg" \
    --prepare "rm -rf $OUT/lapair" --b "$WORK/decode jpeg 4 3 ${JPEGS[*]}" --b-selftimed --b-offset 0.001
hf fit-jpeg-2 liveassets "$NJ" "$LA ${FIT[*]} --jobs 2 --out $OUT/la2 $WORK/jpeg" --prepare "rm -rf $OUT/la2"
pair fit-jpeg-jobs --rounds 9 --items "$NJ" --a "$LA ${FIT[*]} --jobs 1 --out $OUT/lajobs $WORK/jpeg" \
    --b "$LA ${FIT[*]} --jobs 2 --out $OUT/lajobs $WORK/jpeg" --prepare "rm -rf $OUT/lajobs"
hf fit-jpeg-2 vipsthumbnail "$NJ" "printf '%s\n' ${JPEGS[*]} | VIPS_CONCURRENCY=1 xargs -P2 -n4 vipsthumbnail -s 1224x480 -o '$OUT/vips2/%s.jpg[Q=90,subsample-mode=on]'" --prepare "mkdir -p $OUT/vips2"

# ---------------------------------------------------------------- fit PNG (8 x 12 MP RGBA -> 640x480)
hf fit-png liveassets "$NP" "$LA ${FIT[*]} --jobs 1 --out $OUT/lap $WORK/png" --prepare "rm -rf $OUT/lap"
hf fit-png vipsthumbnail "$NP" "VIPS_CONCURRENCY=1 vipsthumbnail -s 1224x480 -o '$OUT/vipsp/%s.png[compression=6]' ${PNGS[*]}" --prepare "mkdir -p $OUT/vipsp"
has_pillow "$PY_SIMD" && hf fit-png pillow-simd "$NP" "$PY_SIMD $SHARED/py/pillow_bench.py fit thumbnail $OUT/pilsp ${PNGS[*]}"
selftimed fit-png "libpng decode" "$WORK/decode png 1 ${PNGS[*]}"
hf fit-png-2 liveassets "$NP" "$LA ${FIT[*]} --jobs 2 --out $OUT/lap2 $WORK/png" --prepare "rm -rf $OUT/lap2"
hf fit-png-2 vipsthumbnail "$NP" "printf '%s\n' ${PNGS[*]} | VIPS_CONCURRENCY=1 xargs -P2 -n4 vipsthumbnail -s 1224x480 -o '$OUT/vipsp2/%s.png[compression=6]'" --prepare "mkdir -p $OUT/vipsp2"
bytes() { find "$1" -type f -printf '%s\n' 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'; }
record png-bytes liveassets "$(bytes "$OUT/lap")"
record png-bytes vipsthumbnail "$(bytes "$OUT/vipsp")"
[[ -d $OUT/pilsp ]] && record png-bytes pillow-simd "$(bytes "$OUT/pilsp")"

# ---------------------------------------------------------------- resample only (in process)
echo ">> resample: liveassets" >&2
"$BENCH" resample --dir "$WORK/bench" --rounds 7 > "$WORK/resample.txt"
LINE=$(grep -m1 'AVX2, 1 thread' "$WORK/resample.txt" || grep -m1 'portable SIMD, 1 thread' "$WORK/resample.txt")
record resample liveassets "$(awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "ms") print $i / 1000 }' <<<"$LINE")"
LINE=$(grep -m1 'AVX2, 2 threads' "$WORK/resample.txt" || grep -m1 'portable SIMD, 2 threads' "$WORK/resample.txt")
record resample-2 liveassets "$(awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "ms") print $i / 1000 }' <<<"$LINE")"
LINE=$(grep -m1 'AVX2, 1 / 2 threads' "$WORK/resample.txt" || grep -m1 'portable SIMD, 1 / 2 threads' "$WORK/resample.txt")
record resample-2 "paired ratio" "$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+x$/) { sub(/x$/, "", $i); print $i } }' <<<"$LINE")"
RGBA=$WORK/bench/alpha-12mp.png
has_pillow "$PY_SIMD" && selftimed resample pillow-simd "$PY_SIMD $SHARED/py/pillow_bench.py resize $RGBA 1224 918 10"
has_pillow "$PY" && selftimed resample pillow "$PY $SHARED/py/pillow_bench.py resize $RGBA 1224 918 10"
has_pillow "$PY" && "$PY" -c 'import pyvips' 2>/dev/null && selftimed resample libvips "VIPS_CONCURRENCY=1 $PY $SHARED/py/vips_bench.py resize $RGBA 1224 918 10 0"

# ---------------------------------------------------------------- probe 2,000 files
hf probe liveassets "$NMANY" "xargs -a $LIST $LA info --jobs 1" -i
hf probe vipsheader "$NMANY" "xargs -a $LIST vipsheader" -i
command -v identify >/dev/null && hf probe imagemagick "$NMANY" "xargs -a $LIST identify -ping -format '%w %h\n'" -i
has_pillow "$PY" && hf probe pillow "$NMANY" "$PY $SHARED/py/pillow_bench.py probe $LIST"
has_pillow "$PY" && pair probe-pillow --rounds 15 --items "$NMANY" --a "$PY $SHARED/py/pillow_bench.py probe $LIST" \
    --b "xargs -a $LIST $LA info --jobs 1"
echo ">> probe in process" >&2
"$BENCH" probe --dir "$WORK/probe-files" --files 2000 --rounds 9 --jobs 2 > "$WORK/probe.txt"
us() { awk -v key="$1" 'index($0, key) { for (i = 1; i < NF; i++) if ($(i + 1) ~ /^(µs|us)/) { print $i / 1e6; exit } }' "$WORK/probe.txt"; }
record probe-inprocess "C loop" "$(us 'C loop')"
record probe-inprocess liveassets "$(us 'LiveAssets, 1')"

# ---------------------------------------------------------------- batch: every core
hf check-batch "liveassets --jobs 1" "$NMANY" "$LA check --jobs 1 $CORPUS/many" -i
hf check-batch "liveassets --jobs 2" "$NMANY" "$LA check --jobs 2 $CORPUS/many" -i
pair check-batch-jobs --rounds 41 --items "$NMANY" --allow-status 2 \
    --a "$LA check --jobs 1 $CORPUS/many" --b "$LA check --jobs 2 $CORPUS/many"

# ---------------------------------------------------------------- memory: one 12 MP JPEG
/usr/bin/time -f '%M' -o "$WORK/rss" "$LA" "${FIT[@]}" --jobs 1 --out "$OUT/rss" "$WORK/jpeg/$(basename "${JPEGS[0]%.jpg}")@3x.jpg" >/dev/null
record rss-jpeg liveassets "$(( $(cat "$WORK/rss") * 1024 ))"

# ---------------------------------------------------------------- report
python3 - "$RESULTS" "$WORK/resample.txt" <<'EOF'
import collections, sys
cells = collections.OrderedDict()
for line in open(sys.argv[1]):
    job, tool, value = line.rstrip("\n").split("\t")
    if value:
        cells.setdefault(job, {})[tool] = float(value)
def ms(s): return f"{s * 1e6:.1f} µs" if s < 1e-3 else f"{s * 1e3:.1f} ms"
print("| job | tool | per item |")
print("|---|---|---|")
for job, tools in cells.items():
    for tool, value in tools.items():
        if "ratio" in tool:
            shown = f"{value:.3f}"
        else:
            shown = f"{value / 1e6:.2f} MB" if job.startswith(("png-bytes", "rss")) else ms(value)
        print(f"| {job} | {tool} | {shown} |")
print()
def get(job, tool): return cells.get(job, {}).get(tool)
def goal(name, ratio, target, better="higher"):
    if ratio is None:
        print(f"| {name} | - | {target} | not measured |"); return
    ok = ratio >= target if better == "higher" else ratio <= target
    print(f"| {name} | {ratio:.2f}x | {'>=' if better == 'higher' else '<='} {target}x | {'met' if ok else 'MISSED'} |")
def ratio(a, b): return a / b if a and b else None
la_j = get("fit-jpeg", "liveassets")
floor = get("fit-jpeg", "libjpeg 1/4 decode")
print("| goal | ratio | target | |")
print("|---|---|---|---|")
goal("fit JPEG: vipsthumbnail / liveassets, 1 thread", ratio(get("fit-jpeg", "vipsthumbnail"), la_j), 1.5)
goal("fit JPEG: liveassets / (libjpeg 1/4 decode + 1 ms encode)", ratio(la_j, floor + 0.001 if floor else None), 1.2, "lower")
goal("  the same, timed in alternation (median of the rounds' ratios)", get("fit-jpeg-floor", "paired ratio"), 1.2, "lower")
goal("fit JPEG: vipsthumbnail / liveassets, 2 processes vs 2 jobs", ratio(get("fit-jpeg-2", "vipsthumbnail"), get("fit-jpeg-2", "liveassets")), 1.5)
goal("fit PNG: vipsthumbnail / liveassets, 1 thread", ratio(get("fit-png", "vipsthumbnail"), get("fit-png", "liveassets")), 1.2)
goal("fit PNG: output bytes liveassets / vipsthumbnail", ratio(get("png-bytes", "liveassets"), get("png-bytes", "vipsthumbnail")), 1.0, "lower")
goal("resample: Pillow-SIMD / liveassets, 1 thread", ratio(get("resample", "pillow-simd"), get("resample", "liveassets")), 1.3)
goal("resample: liveassets 1 thread / 2 threads", ratio(get("resample", "liveassets"), get("resample-2", "liveassets")), 1.8)
goal("  the same, timed in alternation (median of the rounds' ratios)", get("resample-2", "paired ratio"), 1.8)
goal("probe: liveassets / bare C loop, in process", ratio(get("probe-inprocess", "liveassets"), get("probe-inprocess", "C loop")), 1.2, "lower")
goal("probe: Pillow / liveassets, 2,000 files", ratio(get("probe", "pillow"), get("probe", "liveassets")), 5)
goal("  the same, timed in alternation (median of the rounds' ratios)", get("probe-pillow", "paired ratio"), 5)
goal("check 2,000 files: --jobs 1 / --jobs 2", ratio(get("check-batch", "liveassets --jobs 1"), get("check-batch", "liveassets --jobs 2")), 1.8)
goal("  the same, timed in alternation (median of the rounds' ratios)", get("check-batch-jobs", "paired ratio"), 1.8)
goal("fit JPEG folder: --jobs 1 / --jobs 2", ratio(la_j, get("fit-jpeg-2", "liveassets")), 1.8)
goal("  the same, timed in alternation (median of the rounds' ratios)", get("fit-jpeg-jobs", "paired ratio"), 1.8)
goal("fit PNG folder: --jobs 1 / --jobs 2", ratio(get("fit-png", "liveassets"), get("fit-png-2", "liveassets")), 1.8)
goal("peak RSS fitting a 12 MP JPEG / its decoded size (48.8 MB)", ratio(get("rss-jpeg", "liveassets"), 4032 * 3024 * 4), 0.5, "lower")
print()
print("resampler detail (liveassets-bench resample):")
print(open(sys.argv[2]).read().rstrip())
EOF
echo
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(vips --version 2>/dev/null | head -1); $(convert -version 2>/dev/null | head -1 | cut -d' ' -f2-3)"
has_pillow "$PY" && echo "Pillow $("$PY" -c 'import PIL; print(PIL.__version__)')"
has_pillow "$PY_SIMD" && echo "Pillow-SIMD $("$PY_SIMD" -c 'import PIL; print(PIL.__version__)')"
exit 0
