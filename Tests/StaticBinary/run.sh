#!/usr/bin/env bash
# Builds the self-contained binary as the README says (one static executable) and checks that it reports
# and fits the samples exactly as the test build does: the same output and messages in every format (the
# JUnit run's timestamp and duration aside), the exit codes the samples call for, the same fitted bytes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

log=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$work" "$log"' EXIT
if ! swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product liveassets \
        --scratch-path .build/static >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
static=.build/static/release/liveassets
reference=.build/debug/liveassets
swift build --product liveassets >/dev/null
file "$static" | grep -q "statically linked" || { echo "static binary: $static is not statically linked"; exit 1; }

failed=0
run() {  # NAME BINARY ARGS...: output to $work/NAME, exit status to $work/NAME.status
    local name=$1 binary=$2
    shift 2
    set +e
    "$binary" "$@" >"$work/$name" 2>"$work/$name.err"
    echo $? >"$work/$name.status"
    set -e
}
same() {  # A B WHAT STATUS: both ran with exit status STATUS and said the same
    if ! cmp -s "$work/$1" "$work/$2" || ! cmp -s "$work/$1.err" "$work/$2.err"; then
        echo "static binary: $3 differs from the test build's"
        diff "$work/$1" "$work/$2" | head -5 || true
        failed=1
    fi
    expected "$1" "$4" "$3"
    expected "$2" "$4" "$3"
}
expected() {  # NAME STATUS WHAT: NAME's run ended with STATUS and wrote something
    if [ "$(cat "$work/$1.status")" != "$2" ] || [ ! -s "$work/$1" ]; then
        echo "static binary: $3 ($1) exited with $(cat "$work/$1.status") and wrote $(wc -c <"$work/$1") bytes; expected $2 and a report"
        failed=1
    fi
}
for format in xcode json sarif junit github; do
    run "check.$format.static" "$static" check --format "$format" samples
    run "check.$format.reference" "$reference" check --format "$format" samples
    if [ "$format" = junit ]; then
        sed -i -E 's/ (timestamp|time)="[^"]*"//g' "$work/check.junit.static" "$work/check.junit.reference"
    fi
    same "check.$format.static" "check.$format.reference" "check --format $format samples" 2
done
run info.static "$static" info samples/badge@3x.png samples/hero-oversized.jpg samples/photo-exif-rotated.jpg
run info.reference "$reference" info samples/badge@3x.png samples/hero-oversized.jpg samples/photo-exif-rotated.jpg
same info.static info.reference "info" 0
run fit.static "$static" fit --jobs 2 --out "$work/fit-static" samples
run fit.reference "$reference" fit --jobs 2 --out "$work/fit-reference" samples
expected fit.static 0 "fit"
expected fit.reference 0 "fit"
if [ -z "$(find "$work/fit-static" -type f 2>/dev/null)" ] || ! diff -r "$work/fit-static" "$work/fit-reference" >/dev/null; then
    echo "static binary: the files fit wrote differ from the test build's"
    failed=1
fi
[ "$failed" = 0 ] && echo "static binary: $(du -h "$static" | cut -f1), the same reports and fitted files as the test build"
exit "$failed"
