#!/usr/bin/env bash
# Measures what call stacks add to one agent snapshot: snapshot_threads.c (a team of THREADS threads, each asleep
# 20 calls deep, built with frame pointers) takes SNAPSHOTS snapshots itself, with OMPD_EXPLORER_STACKS=1 and =0 in
# interleaved rounds, and the script prints the medians over the rounds of each run's median snapshot time (the
# whole snapshot: stop, copy, render, write) and of the time the threads were stopped (OMPD_EXPLORER_VERBOSE).
#
# Usage: agent/bench/snapshot-overhead.sh [--threads 64] [--snapshots 21] [--rounds 7]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
agent_dir=$(dirname "$here")
threads=64
snapshots=21
rounds=7
while (($#)); do
    case "$1" in
        --threads) threads=$2; shift 2 ;;
        --snapshots) snapshots=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        *) echo "snapshot-overhead: unknown option $1" >&2; exit 64 ;;
    esac
done
cc=$(command -v clang-19 || command -v clang || true)
[[ -n "$cc" ]] || { echo "snapshot-overhead: clang-19 not found (scripts/install-native-deps.sh)" >&2; exit 1; }
make -s -C "$agent_dir" all >/dev/null
agent="$agent_dir/target/native/libompd-explorer-agent.so"
build="$agent_dir/target/bench"
mkdir -p "$build"
"$cc" -fopenmp -O2 -fno-omit-frame-pointer "$here/snapshot_threads.c" -o "$build/snapshot_threads"

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for ((i = 0; i < rounds; i++)); do
    for stacks in 1 0; do
        out="$dir/out-$stacks"
        rm -rf "$out"
        mkdir -p "$out"
        OMP_TOOL_LIBRARIES="$agent" OMPD_EXPLORER_SIGNAL=none OMPD_EXPLORER_VERBOSE=1 OMPD_EXPLORER_DIR="$out" \
            OMPD_EXPLORER_STACKS=$stacks "$build/snapshot_threads" "$threads" "$snapshots" \
            >>"$dir/time-$stacks" 2>"$dir/log"
        sed -n 's/.*threads stopped for \([0-9.]*\) ms.*/\1/p' "$dir/log" | median >>"$dir/stopped-$stacks"
        [[ $i -gt 0 ]] || ls -l "$out" | awk 'NR == 2 {print $5}' >"$dir/bytes-$stacks"
    done
done
echo "snapshot-overhead: $threads threads, median of $rounds rounds of $snapshots snapshots, $(getconf _NPROCESSORS_ONLN) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
for stacks in 1 0; do
    printf 'OMPD_EXPLORER_STACKS=%s  one snapshot %7.3f ms  threads stopped %7.3f ms  file %s bytes\n' "$stacks" \
        "$(median <"$dir/time-$stacks")" "$(median <"$dir/stopped-$stacks")" "$(cat "$dir/bytes-$stacks")"
done
