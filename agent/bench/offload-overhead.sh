#!/usr/bin/env bash
# The agent's cost on target offload, and that it costs nothing more for a program that never offloads.
#   target_loop  many small target regions (`target map(tofrom: x)` on device 0; agent/bench/target_loop.c), run
#                untooled, with the empty OMPT tool (null_tool.c: the same callbacks, empty bodies) and with the
#                agent: the agent's cost over the empty tool is what following the offload events costs.
#   fib_tasks    the fine-grained task benchmark of agent-overhead.sh, with the empty tool, with the agent built
#                from --before REV (the agent before offload tracking) and with the agent of this tree.
# Every variant runs once per round, in turn, for --runs rounds (a change of machine load hits all alike);
# the script prints each variant's median wall time and median user+system CPU time, and the ratios.
#
# Usage: agent/bench/offload-overhead.sh [--runs N] [--threads T] [--targets "n reps"] [--fib "n reps"]
#                                        [--before REV]
# Needs clang-19 with clang-tools-19 (offload) and libomptarget in /usr/lib/llvm-19/lib.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
agent_dir=$(dirname "$here")
runs=11
threads=2
target_args="20000 10"
fib_args="29 3"
before=""
while (($#)); do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --targets) target_args=$2; shift 2 ;;
        --fib) fib_args=$2; shift 2 ;;
        --before) before=$2; shift 2 ;;
        *) echo "offload-overhead: unknown option $1" >&2; exit 64 ;;
    esac
done

command -v clang-19 >/dev/null || { echo "offload-overhead: clang-19 not found (scripts/install-native-deps.sh)" >&2; exit 1; }
[[ -x /usr/lib/llvm-19/bin/clang-offload-packager ]] \
    || { echo "offload-overhead: clang-offload-packager not found (clang-tools-19)" >&2; exit 1; }
build="$agent_dir/target/bench"
mkdir -p "$build"
make -s -C "$agent_dir" all >/dev/null
agent="$agent_dir/target/native/libompd-explorer-agent.so"
clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O2 "$here/target_loop.c" -o "$build/target_loop"
clang-19 -fopenmp -O2 "$here/fib_tasks.c" -o "$build/fib_tasks"
clang-19 -O2 -shared -fPIC -Wall -Wextra -Werror "$here/null_tool.c" -o "$build/null_tool.so"
agent_before=""
if [[ -n "$before" ]]; then
    # The agent as it was at REV, built the same way in a directory of its own.
    agent_before=$("$here/build-before.sh" "$before" "$build")
fi

export OMP_NUM_THREADS=$threads OMPD_EXPLORER_SIGNAL=none
export LD_LIBRARY_PATH=/usr/lib/llvm-19/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# Variants: "name|tool|command".
# shellcheck disable=SC2206
variants=("target untooled||$build/target_loop $target_args"
          "target empty-tool|$build/null_tool.so|$build/target_loop $target_args"
          "target agent|$agent|$build/target_loop $target_args"
          "fib empty-tool|$build/null_tool.so|$build/fib_tasks $fib_args"
          "fib agent|$agent|$build/fib_tasks $fib_args")
[[ -n "$agent_before" ]] && variants+=("fib agent-before|$agent_before|$build/fib_tasks $fib_args")

times=$(mktemp -d)
trap 'rm -rf "$times"' EXIT
for ((round = 0; round < runs; round++)); do
    for k in "${!variants[@]}"; do
        IFS='|' read -r _ tool cmd <<<"${variants[k]}"
        # shellcheck disable=SC2086
        OMP_TOOL_LIBRARIES="$tool" /usr/bin/time -f "%e %U %S" -a -o "$times/$k" $cmd >/dev/null
    done
done

python3 - "$times" "$runs" "$threads" "${variants[@]}" <<'PY'
import os, statistics, sys
times, runs, threads, variants = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
med = {}
for k, v in enumerate(variants):
    rows = [list(map(float, line.split())) for line in open(os.path.join(times, str(k)))]
    med[v.split("|")[0]] = (statistics.median(r[0] for r in rows), statistics.median(r[1] + r[2] for r in rows))
print("offload-overhead: %s rounds, OMP_NUM_THREADS=%s, %d CPUs, load %s" % (
    runs, threads, os.cpu_count(), open("/proc/loadavg").read().split()[:3]))
for name, (wall, cpu) in med.items():
    print("  %-18s wall %7.3f s   cpu %7.3f s" % (name, wall, cpu))
def ratio(a, b):
    if a in med and b in med:
        print("  %-18s / %-18s wall %.2fx  cpu %.2fx" % (a, b, med[a][0] / med[b][0], med[a][1] / med[b][1]))
ratio("target agent", "target empty-tool")
ratio("target empty-tool", "target untooled")
ratio("fib agent", "fib agent-before")
ratio("fib agent", "fib empty-tool")
ratio("fib agent-before", "fib empty-tool")
PY
