#!/usr/bin/env python3
"""Runs action.yml's steps as a GitHub runner runs a composite action's, on generated widget fixtures
(Tests/Scripts/widget_fixture.py): each `run:` step with `bash --noprofile --norc -eo pipefail`, its `env:`
with the `${{ inputs.* }}` and `${{ steps.*.outputs.* }}` expressions filled in, GITHUB_OUTPUT,
GITHUB_STEP_SUMMARY, GITHUB_ACTION_PATH and RUNNER_OS set. Of the `uses:` steps (the cache), the restore
gives `cache-hit` as actions/cache/restore would (true when the cached folder holds a build, here from an
earlier run with the same HOME); the others are skipped.

The build step runs against a `swift` first on PATH that records its arguments and, for the release build
of the liveassets product, puts the binary CI already built ($LIVEASSETS_BINARY) where SwiftPM would: the
test is of the action's steps, not of SwiftPM, and a second release build would cost CI minutes. Every
other `swift` call (the version check) goes to the real one.

    test_action.py REPOSITORY"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

REPOSITORY = os.path.abspath(sys.argv[1])
BINARY = os.environ["LIVEASSETS_BINARY"]
failures = []


def check(condition, what, detail=""):
    print(("ok: " if condition else "FAILED: ") + what)
    if not condition:
        failures.append(what)
        if detail:
            print("\n".join(str(detail).splitlines()[-20:]))


ACTION = yaml.safe_load(open(os.path.join(REPOSITORY, "action.yml")))
STEPS = ACTION["runs"]["steps"]


def expression(text, inputs, outputs):
    """`text` with its ${{ inputs.x }} and ${{ steps.y.outputs.z }} expressions filled in, as the runner does."""
    def value(match):
        parts = match.group(1).strip().split(".")
        if parts[0] == "inputs":
            return inputs[parts[1]]
        if parts[0] == "steps" and parts[2] == "outputs":
            return outputs.get(parts[1], {}).get(parts[3], "")
        raise SystemExit(f"test_action.py: no value for the expression {match.group(0)}")
    return re.sub(r"\$\{\{(.*?)\}\}", value, str(text))


def run_action(workspace, given, home, shim):
    """Runs the steps in `workspace` with the inputs `given` (the rest their defaults): the failing step's
    or the last step's exit status, the standard output of each step, the step summary and the outputs."""
    inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    inputs.update(given)
    outputs, stdout = {}, []
    summary = os.path.join(home, "summary.md")
    open(summary, "w").close()
    status = 0
    for step in STEPS:
        if "uses" in step:
            if step["uses"].startswith("actions/cache/restore@"):
                built = os.path.exists(os.path.join(home, ".cache/liveassets-action/release/liveassets"))
                outputs[step["id"]] = {"cache-hit": "true" if built else "false"}
            continue
        output_file = os.path.join(home, "output")
        open(output_file, "w").close()
        environment = {
            "PATH": shim + os.pathsep + os.environ["PATH"], "HOME": home, "RUNNER_OS": "Linux",
            "RUNNER_TEMP": home, "GITHUB_ACTION_PATH": REPOSITORY, "GITHUB_WORKSPACE": workspace,
            "GITHUB_OUTPUT": output_file, "GITHUB_STEP_SUMMARY": summary, "LIVEASSETS_BINARY": BINARY,
        }
        for name, text in (step.get("env") or {}).items():
            environment[name] = expression(text, inputs, outputs)
        script = os.path.join(home, "step.sh")
        with open(script, "w") as f:
            f.write(step["run"])
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace,
                                env=environment, capture_output=True, text=True)
        stdout.append(result.stdout)
        if "id" in step:
            outputs[step["id"]] = dict(line.split("=", 1) for line in open(output_file).read().splitlines() if "=" in line)
        status = result.returncode
        if status != 0:
            stdout.append(result.stderr)
            break
    return status, "".join(stdout), open(summary).read(), outputs


def main():
    # The action file itself: composite, bash steps, every input described and reaching scripts through env only.
    check(ACTION["runs"]["using"] == "composite", "action.yml is a composite action")
    check(all(step.get("shell") == "bash" for step in STEPS if "run" in step), "each run step names its shell, bash")
    check(not any("${{" in step.get("run", "") for step in STEPS), "no ${{ }} expression inside a run: script (inputs come through env:)")
    uses = [step["uses"] for step in STEPS if "uses" in step]
    check(uses == ["actions/cache/restore@v4", "actions/cache/save@v4"],
          "the cache is restored and saved in steps of their own (actions/cache saves only when the job succeeds)", uses)
    readme = open(os.path.join(REPOSITORY, "docs/in-a-build.md")).read()
    for name, spec in ACTION["inputs"].items():
        check(bool(spec.get("description")), f"the input {name} has a description")
        check(f"`{name}`" in readme, f"docs/in-a-build.md documents the input {name}")

    work = tempfile.mkdtemp()
    try:
        shim = os.path.join(work, "shim")
        os.makedirs(shim)
        real = shutil.which("swift")
        with open(os.path.join(shim, "swift"), "w") as f:
            f.write(f"""#!/usr/bin/env bash
echo "$*" >> "$HOME/swift-calls"
if [ "$1" = build ]; then
  scratch=
  for ((i = 1; i <= $#; i++)); do [ "${{!i}}" = --scratch-path ] && {{ j=$((i + 1)); scratch=${{!j}}; }}; done
  case " $* " in
    *" --show-bin-path "*) echo "$scratch/release"; exit 0 ;;
    *" --product liveassets "*) mkdir -p "$scratch/release" && cp "$LIVEASSETS_BINARY" "$scratch/release/liveassets"; exit 0 ;;
  esac
fi
exec "{real}" "$@"
""")
        os.chmod(os.path.join(shim, "swift"), 0o755)

        def fixture(name, side):
            folder = os.path.join(work, name)
            subprocess.run([sys.executable, os.path.join(REPOSITORY, "Tests/Scripts/widget_fixture.py"), folder, str(side)], check=True)
            # A checked-out repository, as the runner's workspace is: check's scope starts at its root.
            subprocess.run(["git", "init", "-q", folder], check=True)
            home = os.path.join(work, name + "-home")
            os.makedirs(home)
            return folder, home

        # Too large: annotations, the summary, exit 2, and the build as the action asks for it.
        folder, home = fixture("large", 300)
        status, out, summary, outputs = run_action(folder, {}, home, shim)
        check(status == 2, "a 300x300 @3x image in compactLeading fails the action with check's exit status 2", out)
        check(re.search(r"^::error file=DeliveryWidget/Assets\.xcassets/badge\.imageset/Contents\.json,line=4.*\[oversized\]", out, re.M)
              is not None, "the oversized finding is a GitHub annotation at its Contents.json line", out)
        check("1 error" in summary, "the step summary is written", summary)
        check(outputs.get("check", {}).get("exit-code") == "2", "the exit-code output is 2")
        check(outputs.get("setup", {}).get("key", "").startswith("liveassets-Linux-"), "the cache key names the runner's OS", outputs)
        calls = open(os.path.join(home, "swift-calls")).read()
        check(f"build -c release --product liveassets --package-path {REPOSITORY}" in calls,
              "the build step builds the liveassets product in release from the action's own folder", calls)
        # Again with the cache restored: no build.
        status, out, summary, outputs = run_action(folder, {}, home, shim)
        builds = open(os.path.join(home, "swift-calls")).read().count("--product liveassets")
        check(status == 2 and builds == 1 and "Using the cached build of liveassets." in out,
              "a cache hit runs the cached build without building again", out)

        # Fits: no annotation of an error, exit 0, the summary still written.
        folder, home = fixture("small", 90)
        status, out, summary, outputs = run_action(folder, {}, home, shim)
        check(status == 0, "a 90x90 @3x image passes", out)
        check("::error" not in out, "and no error is annotated", out)
        check("0 errors" in summary, "the summary says 0 errors", summary)

        # Inputs are text: a command substitution or backquotes in them reach the tool as they are.
        folder, home = fixture("hostile", 300)
        hostile = "$(touch injected-a)\n`touch injected-b`"
        status, out, summary, outputs = run_action(folder, {"paths": hostile, "devices": "$(touch injected-c)"}, home, shim)
        planted = [name for name in ("injected-a", "injected-b", "injected-c") if os.path.exists(os.path.join(folder, name))]
        check(not planted, "an input holding $(...) or backquotes runs nothing", planted)
        check(status == 64 and "Unknown device '$(touch injected-c)'" in out, "the devices input reaches check as text", out)
        status, out, summary, outputs = run_action(folder, {"paths": hostile}, home, shim)
        check(status == 1 and "$(touch injected-a) does not exist" in out, "the paths input reaches check as text, a path a line", out)

        # Strict, SARIF, and a bad strict value.
        folder, home = fixture("strict", 90)
        status, out, summary, outputs = run_action(folder, {"strict": "true", "sarif": "reports/results.sarif"}, home, shim)
        check(status == 3, "strict: true fails on the missing @2x warning (exit 3)", out)
        sarif = json.load(open(os.path.join(folder, "reports", "results.sarif")))
        rules = sorted(result["ruleId"] for result in sarif["runs"][0]["results"])
        check(rules == ["missing-scale-variant"], "the sarif input writes the findings as SARIF, its folder made", rules)
        status, out, summary, outputs = run_action(folder, {"strict": "yes please"}, home, shim)
        check(status == 64 and "::error title=LiveAssets::the strict input must be true or false." in out,
              "a strict value other than true or false is refused, without echoing it", out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"action: {len(failures)} failed")
    sys.exit(1 if failures else 0)


main()
