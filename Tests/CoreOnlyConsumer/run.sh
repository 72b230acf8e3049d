#!/usr/bin/env bash
# A package that depends on LiveAssetsCore alone (run by .ci/run): it builds without the C codecs, its
# binary links neither libpng nor libjpeg, and it answers a preflight on the sample logo.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${CORE_CONSUMER_BUILD:-/tmp/liveassets-core-consumer}
cd "$here"
rm -rf "$scratch"  # a fresh build: what it compiles is part of the test
swift build --product preflight --scratch-path "$scratch" 2>&1 | tail -n 1
binary=$(swift build --scratch-path "$scratch" --show-bin-path)/preflight
status=0
# SwiftPM makes a folder for every target of the graph; compiling leaves object files in it. Core may
# compile itself, the platform shim (LiveAssetsPlatform and its C headers, CLiveAssetsSystem) and nothing
# else: a module it gains as a dependency shows here and fails the run (zlib is a system library: a
# module map, nothing compiled).
allowed='^(LiveAssetsCore|LiveAssetsPlatform|CLiveAssetsSystem|preflight)$'
compiled=$(find "$scratch" -name '*.o' -path '*.build/*' | sed -E 's|.*/([^/]+)\.build/.*|\1|' | sort -u)
extra=$(grep -vE "$allowed" <<< "$compiled" || true)
if [ -n "$extra" ]; then
  echo "FAILED: a package that uses LiveAssetsCore alone compiled more than Core and the platform shim:"; printf '%s\n' "$extra"; status=1
else
  echo "ok: building it compiles $(tr '\n' ' ' <<< "$compiled")and nothing else"
fi
# Core stays small: what an app links for Preflight.
lines=$(find "$repo/Sources/LiveAssetsCore" -name '*.swift' -exec cat {} + | wc -l)
if [ "$lines" -ge 5000 ]; then
  echo "FAILED: LiveAssetsCore has $lines lines of Swift; it is what an app links, keep it under 5,000"; status=1
else
  echo "ok: LiveAssetsCore has $lines lines of Swift (under 5,000)"
fi
# Into variables and here-strings: `grep -q` stopping early would kill a pipe's writer with SIGPIPE,
# which pipefail would turn into "no match".
linked=$(readelf -d "$binary" | grep NEEDED || true)
symbols=$(nm "$binary")
if grep -qiE 'libpng|libjpeg' <<< "$linked"; then
  echo "FAILED: the binary links a C codec:"; printf '%s\n' "$linked"; status=1
elif grep -qE ' [TU] (png|jpeg)_' <<< "$symbols"; then
  echo "FAILED: the binary holds or needs libpng/libjpeg symbols"; status=1
else
  echo "ok: the binary links no C codec ($(printf '%s\n' "$linked" | sed -E 's/.*\[(.*)\]/\1/' | tr '\n' ' '))"
fi
out=$("$binary" "$repo/samples/Widgets.xcassets/TeamLogo.imageset/team-logo.png")
expected="iPhone 14 Pro, iPhone 15, iPhone 15 Pro or iPhone 16 shows the compact leading view at up to 157x110 px (52.33x36.67 pt @3x); $repo/samples/Widgets.xcassets/TeamLogo.imageset/team-logo.png is 300x300 px, larger, so Activity.request may fail: use at most 110x110 px."
if grep -qxF "$expected" <<< "$out" && [ "$(tail -n 1 <<< "$out")" = 'resize to 110x110' ]; then
  echo "ok: the preflight answers for samples/Widgets.xcassets/TeamLogo.imageset/team-logo.png"
else
  echo "FAILED: unexpected preflight output:"; printf '%s\n' "$out"; status=1
fi
exit $status
