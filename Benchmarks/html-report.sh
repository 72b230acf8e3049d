#!/usr/bin/env bash
# The HTML report's speed and size on the benchmark corpus's small-image set (issue "The picture"): the
# report of MANY=150 files on one core, beside vipsthumbnail making one 816x320 thumbnail of each of the
# same files and `fit` writing its results (the report computes fit's exact result for every oversized
# image), in one hyperfine run (-i: check exits 2 on the oversized images); then the page's size and what it is made of.
#   bash Benchmarks/html-report.sh        # needs hyperfine and libvips-tools (../shared/bench/setup.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
corpus=${CORPUS_DIR:-/tmp/liveassets-bench/corpus-150}
[ -d "$corpus/many" ] || MANY=150 CORPUS_DIR="$corpus" bash ../shared/bench/make-corpus.sh
swift build -c release --product liveassets >/dev/null
bin=$PWD/.build/release/liveassets
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$corpus"
hyperfine -i -w 1 -r 5 -N --prepare "rm -rf $out/fitted" \
  "taskset -c 0 $bin check --format html -j 1 -o $out/report.html many" \
  "taskset -c 0 $bin fit -j 1 --out $out/fitted many" \
  "taskset -c 0 bash -c 'vipsthumbnail --size 816x320 -o $out/%s.jpg many/*'" 2>/dev/null | grep -v '^ *Range'
"$bin" check --format html -j 1 -o "$out/report.html" many || true
python3 - "$out/report.html" <<'PYEOF'
import html, json, re, sys
page = open(sys.argv[1]).read()
colour = mask = 0
for rule in re.findall(r'^\.p\d+\{[^\n]*', page, re.M):
    for kind, data in re.findall(r'data:image/(\w+);base64,([^"]*)', rule):
        if kind == "jpeg":
            colour += len(data)
        else:
            mask += len(data)
drawings = sum(len(json.loads(html.unescape(d))) for d in re.findall(r'data-(?:drawings|more)="([^"]*)"', page))
print(f"page: {len(page) / 1e6:.2f} MB ({colour / 1e6:.2f} MB previews, {mask / 1e6:.2f} MB their alpha masks, "
      f"{(len(page) - colour - mask) / 1e6:.2f} MB the rest) for {drawings} drawings")
PYEOF
