#!/usr/bin/env python3
"""Times two commands alternately, A then B, round after round, and prints the medians of each and the
median of the per-round ratios A / B. On a shared or virtual machine whose speed drifts over seconds,
two commands timed in separate stretches can differ by more than the change being measured; timed in
alternation, each round's pair meets the same machine.

    paired.py --rounds 15 --items 8 --a "CMD" --b "CMD" [--b-selftimed] [--b-offset S] [--prepare "CMD"]

A command's time is its wall time divided by --items (started without a shell where it needs none,
its output thrown away); with --a-selftimed or --b-selftimed, that command
prints "RESULT median_s=..." (the shared bench's in-process tools) and the figure is taken as is.
--b-offset adds seconds to each B time before the ratio (the floor's 1 ms of encoding, say). --prepare
runs before each timed command, untimed (removing an output folder, say). A command must exit with 0,
or with a status given by --allow-status (2: `check` found errors, which is what it is asked to find).
Exit status 1 when a command fails. Output, one line: "a_s=... b_s=... ratio=... ratio_p25=... ratio_p75=... rounds=N", the ratio
being A / (B + offset).
"""
import argparse
import re
import shlex
import statistics
import subprocess
import sys
import time


def argv(command):
    """The command's words when it needs no shell (no pipe, redirection, variable or glob): it is then
    started directly, so that a shell's start is not timed with it, as hyperfine -N starts commands."""
    if not command.split() or re.search(r"[|&;<>()$`*?\[\]{}~'\"\\#\n]", command) or "=" in command.split()[0]:
        return None
    return shlex.split(command)


def run(command, prepare, selftimed, items, allowed):
    if prepare:
        subprocess.run(prepare, shell=True, check=True)
    words = argv(command)
    # Only a self-timed command's output is read; the others write to /dev/null, as under hyperfine
    # (a pipe read by this script would time the script's reading too).
    output = subprocess.PIPE if selftimed else subprocess.DEVNULL
    start = time.perf_counter()
    if words:
        done = subprocess.run(words, stdout=output, stderr=subprocess.DEVNULL, text=True)
    else:
        done = subprocess.run(command, shell=True, stdout=output, stderr=subprocess.DEVNULL, text=True)
    elapsed = time.perf_counter() - start
    if selftimed:
        found = re.search(r"^RESULT median_s=([0-9.]+)", done.stdout, re.M)
        if not found:
            sys.exit(f"paired.py: no RESULT line from: {command}")
        return float(found.group(1))
    if done.returncode not in allowed:
        sys.exit(f"paired.py: exit status {done.returncode} from: {command}")
    return elapsed / items


def quartiles(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 4], statistics.median(ordered), ordered[(3 * len(ordered)) // 4]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--items", type=int, default=1)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--a-selftimed", action="store_true")
    parser.add_argument("--b-selftimed", action="store_true")
    parser.add_argument("--b-offset", type=float, default=0.0)
    parser.add_argument("--prepare")
    parser.add_argument("--allow-status", type=int, action="append", default=[])
    options = parser.parse_args()
    a, b = [], []
    for round_ in range(options.warmup + options.rounds):
        allowed = {0, *options.allow_status}
        ta = run(options.a, options.prepare, options.a_selftimed, options.items, allowed)
        tb = run(options.b, options.prepare, options.b_selftimed, options.items, allowed)
        if round_ >= options.warmup:
            a.append(ta)
            b.append(tb)
    low, ratio, high = quartiles([x / (y + options.b_offset) for x, y in zip(a, b)])
    print(f"a_s={statistics.median(a):.6g} b_s={statistics.median(b):.6g} ratio={ratio:.4f} "
          f"ratio_p25={low:.4f} ratio_p75={high:.4f} rounds={options.rounds}")


if __name__ == "__main__":
    main()
