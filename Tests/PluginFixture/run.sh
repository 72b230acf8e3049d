#!/usr/bin/env bash
# Uses LiveAssets as an app's package does, by version (run by .ci/run after swift test): the working tree
# (tracked and untracked files, not ignored ones) is committed in a repository of its own and tagged
# 0.3.0, and a copy of this fixture depends on it with `from: "0.3.0"`. Then:
#  1. the dependency resolves to version 0.3.0;
#  2. `swift build` fails, showing the oversized image's diagnostic at its Contents.json line;
#  3. with a configuration under which the image fits, `swift build` and `swift package liveassets-check`
#     pass; with one that says nothing of presentations, `swift build` fails again, citing the
#     target's Swift code that shows the image in compact leading (the plugin passes it as --sources);
#  4. `swift package liveassets-check` reports the finding and fails (with paths, and without);
#     without the configuration beside the catalog the image would fit, so this shows it was read;
#  5. a program calling the libraries (fixture-probe, on the LiveAssetsRun product) builds, reads the image and checks it.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; printf '%s\n' "$2" | tail -n 15; }

mkdir "$work/LiveAssets" "$work/Fixture"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar -c --null --ignore-failed-read -T - -f -) 2>/dev/null \
    | tar -x -C "$work/LiveAssets"
(cd "$work/LiveAssets" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "release" \
    && git tag 0.3.0) || { echo "FAILED: could not make a tagged copy of the working tree"; exit 1; }
tar -C "$here" --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - . | tar -x -C "$work/Fixture"
cd "$work/Fixture"
export LIVEASSETS_PACKAGE_URL="file://$work/LiveAssets"
config=Sources/Widgets/.liveassets.json
saved=$(cat "$config")

out=$(swift package resolve 2>&1); rc=$?
if [ $rc -eq 0 ] && grep -q '"version" : "0.3.0"' Package.resolved; then
  pass "the dependency resolves by version, to 0.3.0"
else
  fail "the dependency should resolve to version 0.3.0 (exit $rc)" "$out$(cat Package.resolved 2>/dev/null)"
fi

out=$(swift build 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -qE 'Media\.xcassets/TeamLogo\.imageset/Contents\.json:12:7: error: team-logo\.png \(300x300 px, @3x\) is too large for .*\[oversized\]'; then
  pass "swift build fails and shows the oversized image at Contents.json:12:7"
else
  fail "swift build should fail with the oversized diagnostic (exit $rc)" "$out"
fi

printf '%s\n' '{"devices": ["iphone"], "presentations": {"Media.xcassets/*.imageset": ["lock-screen"]}}' > "$config"
out=$(swift build 2>&1); rc=$?
if [ $rc -eq 0 ]; then pass "swift build passes once the image fits its presentation"; else fail "swift build should pass (exit $rc)" "$out"; fi
for paths in "" "Sources" "Sources/Widgets/Media.xcassets"; do
  # The command plugin finds the configuration beside the catalog as the build plugin does.
  out=$(swift package liveassets-check $paths 2>&1); rc=$?
  if [ $rc -eq 0 ]; then
    pass "swift package liveassets-check ${paths:-(no path)} passes under the same configuration"
  else
    fail "swift package liveassets-check ${paths:-(no path)} should pass under the configuration beside the catalog (exit $rc)" "$out"
  fi
done
printf '%s\n' '{"devices": ["iphone"]}' > "$config"
out=$(swift build 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -qE 'error: team-logo\.png \(300x300 px, @3x\) is too large for compact leading;.* shown in compact leading \(MatchLiveActivity\.swift:17\)\. \[oversized\]'; then
  pass "swift build reads the target's Swift code: the image is held to compact leading, where its view shows it"
else
  fail "swift build should fail citing MatchLiveActivity.swift:17 (exit $rc)" "$out"
fi
printf '%s\n' "$saved" > "$config"

# Without a configuration the image fits (the default presentations, Lock Screen and expanded, hold
# 100x100 pt), so an oversized finding shows the one beside the catalog was read.
for paths in "" "Sources" "Sources/Widgets/Media.xcassets"; do
  out=$(swift package liveassets-check --format json $paths 2>&1); rc=$?
  if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q '"rule": "oversized"'; then
    pass "swift package liveassets-check ${paths:-(no path)} reads the configuration beside the catalog, reports the finding and fails"
  else
    fail "swift package liveassets-check --format json ${paths:-(no path)} should fail with an oversized finding (exit $rc)" "$out"
  fi
done

image=Sources/Widgets/Media.xcassets/TeamLogo.imageset/team-logo.png
out=$(swift run -q fixture-probe "$image" 2>&1); rc=$?
if [ $rc -eq 0 ] && [ "$out" = "$image: png 300x300, 1 error in minimal" ]; then
  pass "a program calling the libraries (LiveAssets, LiveAssetsRun) builds, reads the image and checks it"
else
  fail "fixture-probe should print the image's size (exit $rc)" "$out"
fi

echo "plugin fixture (LiveAssets by version): $passed passed, $failed failed"
[ $failed -eq 0 ]
