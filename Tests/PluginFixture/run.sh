#!/usr/bin/env bash
# Exercises LiveAssets' SwiftPM plugins in a package that uses them (run by .ci/run after swift test):
#  1. `swift build` fails, showing the oversized image's diagnostic at its Contents.json line;
#  2. with a configuration under which the image fits, `swift build` passes;
#  3. `swift package liveassets-check` reports the finding and fails.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")"
config=Sources/Widgets/.liveassets.json
saved=$(cat "$config")
trap 'printf "%s\n" "$saved" > "$config"' EXIT
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; printf '%s\n' "$2" | tail -n 15; }

out=$(swift build 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -qE 'Media\.xcassets/TeamLogo\.imageset/Contents\.json:12:7: error: team-logo\.png \(300x300 px, @3x\) is too large for .*\[oversized\]'; then
  pass "swift build fails and shows the oversized image at Contents.json:12:7"
else
  fail "swift build should fail with the oversized diagnostic (exit $rc)" "$out"
fi

printf '%s\n' '{"devices": ["iphone"], "presentations": {"Media.xcassets/*.imageset": ["lock-screen"]}}' > "$config"
out=$(swift build 2>&1); rc=$?
if [ $rc -eq 0 ]; then pass "swift build passes once the image fits its presentation"; else fail "swift build should pass (exit $rc)" "$out"; fi
printf '%s\n' "$saved" > "$config"

out=$(swift package liveassets-check --format json Sources 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q '"rule": "oversized"'; then
  pass "swift package liveassets-check reports the finding and fails"
else
  fail "swift package liveassets-check should fail with an oversized finding (exit $rc)" "$out"
fi

out=$(swift package liveassets-check --format json 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q '"rule": "oversized"'; then
  pass "swift package liveassets-check with an option value and no path checks the whole package"
else
  fail "swift package liveassets-check --format json should check the package (exit $rc)" "$out"
fi

echo "plugin fixture: $passed passed, $failed failed"
[ $failed -eq 0 ]
