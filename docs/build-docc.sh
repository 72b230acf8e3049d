#!/usr/bin/env bash
# Builds the documentation of every library product (LiveAssetsCore, LiveAssets, LiveAssetsRun) and of
# LiveAssetsRules, whose public types LiveAssets re-exports, with the toolchain's own docc (run by .ci/run): the public
# symbol graphs from `swift package dump-symbol-graph`, then `docc convert` with warnings as errors, so
# an undocumented parameter or a broken ``link`` fails CI. Output: $DOCC_OUT (default /tmp/liveassets-docc).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${DOCC_OUT:-/tmp/liveassets-docc}
mkdir -p "$out"  # docc convert writes into an existing folder only
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift package dump-symbol-graph --minimum-access-level public 2>&1 | tail -n 1
for module in LiveAssetsCore LiveAssetsRules LiveAssets LiveAssetsRun; do
  mkdir -p "$graphs/$module"
  cp "$(swift build --show-bin-path)/../symbolgraph/$module".symbols.json "$graphs/$module/"
  cp "$(swift build --show-bin-path)/../symbolgraph/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
      --fallback-display-name "$module" --fallback-bundle-identifier "org.liveassets.$module" \
      --warnings-as-errors --output-path "$out/$module.doccarchive"
  echo "ok: $module documentation built in $out/$module.doccarchive"
done
