#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml) as a team uses it, through `pre-commit try-repo` on a
# generated git repository (Tests/Scripts/widget_fixture.py), as a commit runs it (the staged files):
#  1. a commit adding a 300x300 @3x image that a widget's compactLeading: shows fails, with the oversized finding;
#  2. the same commit with a 90x90 image passes;
#  3. a commit touching none of the hook's files does not run it.
# pre-commit builds this package in release the first time (its own clone of this repository's HEAD,
# with any uncommitted change), so it takes minutes; the run's time is printed.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
command -v pre-commit >/dev/null 2>&1 || { echo "Tests/PreCommit/run.sh: pre-commit is not installed (python3 -m pip install pre-commit)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; printf '%s\n' "$2" | tail -n 25; }
started=$(date +%s)

# Every image extension check reads triggers the hooks, and a text file does not.
out=$(python3 - "$repo" <<'PY'
import re, sys, yaml
repo = sys.argv[1]
source = open(f"{repo}/Sources/LiveAssets/Files/FileTree.swift").read()
extensions = re.findall(r'"([a-z]+)"', source[source.index("imageExtensions"):source.index("]", source.index("imageExtensions"))])
for hook in yaml.safe_load(open(f"{repo}/.pre-commit-hooks.yaml")):
    pattern = re.compile(hook["files"])
    missed = [e for e in extensions + ["swift"] if not pattern.search(f"Widget/badge.{e.upper() if e == 'png' else e}")]
    missed += [p for p in ["App/.liveassets.json", "App.xcodeproj/project.pbxproj", "Package.swift",
                           "Widget/Assets.xcassets/Contents.json"] if not pattern.search(p)]
    if pattern.search("README.txt"): missed.append("(README.txt matches)")
    print(f"{hook['id']}: {len(extensions)} extensions; missed: {missed}")
PY
)
if printf '%s\n' "$out" | grep -q "missed: \[\]" && ! printf '%s\n' "$out" | grep -v "missed: \[\]" | grep -q .; then
  pass "both hooks run for every image extension check reads, catalogs, configurations and project files, and not for a text file"
else
  fail "a hook's files pattern misses what check reads" "$out"
fi

mkdir "$work/app"
cd "$work/app"
git init -q
git -c user.name=ci -c user.email=ci@localhost commit -q --allow-empty -m "empty"
python3 "$repo/Tests/Scripts/widget_fixture.py" . 300
git add -A
out=$(pre-commit try-repo "$repo" liveassets-check 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -qE 'badge@3x\.png \(300x300 px, @3x\) is too large for compact leading.*\[oversized\]'; then
  pass "a commit with a 300x300 @3x image in compactLeading fails with the oversized finding"
else
  fail "the hook should fail the commit with the oversized finding (exit $rc)" "$out"
fi

python3 "$repo/Tests/Scripts/widget_fixture.py" . 90
git add -A
out=$(pre-commit try-repo "$repo" liveassets-check 2>&1); rc=$?
if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -qE 'LiveAssets check\.+Passed'; then
  pass "the same commit with a 90x90 image passes"
else
  fail "the hook should pass with a 90x90 image (exit $rc)" "$out"
fi

git -c user.name=ci -c user.email=ci@localhost commit -qm "widget"
echo "notes" > README.txt
git add README.txt
out=$(pre-commit try-repo "$repo" liveassets-check-strict 2>&1); rc=$?
if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -qE 'LiveAssets check \(strict\)\.+\(no files to check\)Skipped'; then
  pass "a commit touching no image, catalog, Swift file or project file skips the hook"
else
  fail "the hook should be skipped for a text file (exit $rc)" "$out"
fi

echo "pre-commit: $passed passed, $failed failed, in $(( $(date +%s) - started )) s"
[ "$failed" -eq 0 ]
