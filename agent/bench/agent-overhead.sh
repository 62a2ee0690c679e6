#!/usr/bin/env bash
# Measures the capture agent's overhead: each benchmark runs untooled and with the agent
# (OMP_TOOL_LIBRARIES=libompd-explorer-agent.so), and the script prints the median wall times and their
# ratio, and the median user+system CPU time (steadier on a busy machine, with --threads 1). The benchmarks
# (agent/bench/*.c):
#   fib_tasks    fine-grained: recursive Fibonacci with one task per call (no cutoff)
#   coarse_loop  coarse-grained: a parallel loop over large chunks of floating-point work
# With --null it also runs a tool that registers the same callbacks with empty bodies: the cost of OMPT
# itself in libomp, which no tool can go below. With --before REV it also runs the agent as it was at REV
# (git archive of agent/ at REV, built the same way): before/after figures from one interleaved session.
# With --record it also runs the agent in record mode (OMPD_EXPLORER_RECORD=1, the recording written to a temporary
# directory at exit, OMPD_EXPLORER_RECORD_MAX as set in the environment or its default), interleaved.
#
# Usage: agent/bench/agent-overhead.sh [--runs N] [--threads T] [--null] [--interleave] [--before REV]
#                                      [--record] [--fib "n reps"] [--loop "iters reps"]
# Uses hyperfine when installed (apt-get install hyperfine); otherwise, or with --interleave, N rounds that
# run each variant once in turn, so that a change of machine load hits all variants alike.
# Run it on a quiet machine: other load changes the result more than the agent does.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
agent_dir=$(dirname "$here")
runs=11
threads=${OMP_NUM_THREADS:-$(getconf _NPROCESSORS_ONLN)}
with_null=0
interleave=0
before=""
record=0
fib_args="29 3"
loop_args="4000000 20"
while (($#)); do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --null) with_null=1; shift ;;
        --interleave) interleave=1; shift ;;
        --before) before=$2; interleave=1; shift 2 ;;
        --record) record=1; interleave=1; shift ;;
        --fib) fib_args=$2; shift 2 ;;
        --loop) loop_args=$2; shift 2 ;;
        *) echo "agent-overhead: unknown option $1" >&2; exit 64 ;;
    esac
done

cc=$(command -v clang-19 || command -v clang || true)
[[ -n "$cc" ]] || { echo "agent-overhead: clang-19 not found (scripts/install-native-deps.sh)" >&2; exit 1; }
make -s -C "$agent_dir" all >/dev/null
agent="$agent_dir/target/native/libompd-explorer-agent.so"
build="$agent_dir/target/bench"
mkdir -p "$build"
"$cc" -fopenmp -O2 "$here/fib_tasks.c" -o "$build/fib_tasks"
"$cc" -fopenmp -O2 "$here/coarse_loop.c" -o "$build/coarse_loop" -lm
if ((with_null)); then
    "$cc" -O2 -shared -fPIC -Wall -Wextra -Werror "$here/null_tool.c" -o "$build/null_tool.so"
fi
agent_before=-
record_dir=""
if ((record)); then
    [[ -z "$before" ]] || { echo "agent-overhead: --record and --before share a column; give one" >&2; exit 64; }
    agent_before=$agent
    record_dir=$(mktemp -d)
    trap 'rm -rf "$record_dir"' EXIT
fi
if [[ -n "$before" ]]; then
    # The agent as it was at REV, built the same way in a directory of its own.
    agent_before=$("$here/build-before.sh" "$before" "$build")
fi

export OMP_NUM_THREADS=$threads
# Keep the agent quiet and out of the way: no signal trigger, nothing written.
export OMPD_EXPLORER_SIGNAL=none

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# With hyperfine: prints "<median wall s> <mean user+sys CPU s>" of a command run with a tool ("" = none).
time_runs() {
    local tool=$1
    shift
    local json
    json=$(mktemp)
    if ! OMP_TOOL_LIBRARIES="$tool" hyperfine --style none --warmup 1 --runs "$runs" --export-json "$json" \
        -- "$*" >/dev/null 2>&1; then
        echo "agent-overhead: '$*' failed (OMP_TOOL_LIBRARIES=$tool)" >&2
        exit 1
    fi
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][0]
print(r["median"], r["user"] + r["system"])' "$json"
    rm -f "$json"
}

ratio() { echo "$1 / $2" | bc -l; }

# Interleaved rounds: prints "<wall> <cpu>" medians per variant, in the order of the tools given (untooled,
# agent, empty tool, agent before; "-" = not run).
interleaved() {
    local -a tools=("$1" "$2" "$3" "$4")
    shift 4
    local dir i k
    dir=$(mktemp -d)
    for ((i = 0; i < runs; i++)); do
        for k in 0 1 2 3; do
            [[ "${tools[k]}" == "-" ]] && continue
            if ((record && k == 3)); then
                OMP_TOOL_LIBRARIES="${tools[k]}" OMPD_EXPLORER_RECORD=1 OMPD_EXPLORER_DIR="$record_dir" \
                    /usr/bin/time -f "%e %U %S" -o "$dir/$k" -a "$@" >/dev/null
                rm -f "$record_dir"/*
            else
                OMP_TOOL_LIBRARIES="${tools[k]}" /usr/bin/time -f "%e %U %S" -o "$dir/$k" -a "$@" >/dev/null
            fi
        done
    done
    for k in 0 1 2 3; do
        if [[ -f "$dir/$k" ]]; then
            echo "$(awk '{print $1}' "$dir/$k" | median) $(awk '{print $2 + $3}' "$dir/$k" | median)"
        else
            echo "0 0"
        fi
    done
    rm -rf "$dir"
}

report() {
    local name=$1
    shift
    local base base_cpu with with_cpu null=0 null_cpu=0 old=0 old_cpu=0
    if ((interleave)) || ! command -v hyperfine >/dev/null; then
        local results
        results=$(interleaved "" "$agent" "$( ((with_null)) && echo "$build/null_tool.so" || echo -)" \
            "$agent_before" "$@")
        read -r base base_cpu < <(sed -n 1p <<<"$results")
        read -r with with_cpu < <(sed -n 2p <<<"$results")
        read -r null null_cpu < <(sed -n 3p <<<"$results")
        read -r old old_cpu < <(sed -n 4p <<<"$results")
    else
        read -r base base_cpu < <(time_runs "" "$@")
        read -r with with_cpu < <(time_runs "$agent" "$@")
        if ((with_null)); then
            read -r null null_cpu < <(time_runs "$build/null_tool.so" "$@")
        fi
    fi
    printf '%-12s wall: untooled %7.3f s  agent %7.3f s  ratio %5.2fx' "$name" "$base" "$with" "$(ratio "$with" "$base")"
    if ((with_null)); then
        printf '  (empty OMPT tool %.3f s, %.2fx)' "$null" "$(ratio "$null" "$base")"
    fi
    printf '\n%-12s cpu:  untooled %7.3f s  agent %7.3f s  ratio %5.2fx' "" "$base_cpu" "$with_cpu" \
        "$(ratio "$with_cpu" "$base_cpu")"
    if ((with_null)); then
        printf '  (empty OMPT tool %.3f s, %.2fx)' "$null_cpu" "$(ratio "$null_cpu" "$base_cpu")"
    fi
    printf '\n'
    if ((record)); then
        printf '%-12s record mode: wall %7.3f s (%.2fx untooled, %.2fx agent' "" "$old" "$(ratio "$old" "$base")" \
            "$(ratio "$old" "$with")"
        if ((with_null)); then
            printf ', %.2fx empty tool' "$(ratio "$old" "$null")"
        fi
        printf ')  cpu %7.3f s' "$old_cpu"
        if ((with_null)); then
            printf ' (%.2fx empty tool)' "$(ratio "$old_cpu" "$null_cpu")"
        fi
        printf '\n'
    fi
    if [[ -n "$before" ]]; then
        printf '%-12s agent before (%s): wall %7.3f s  cpu %7.3f s' "" "$before" "$old" "$old_cpu"
        if ((with_null)); then
            printf '\n%-12s agent / empty tool: before %.2fx wall, %.2fx cpu; now %.2fx wall, %.2fx cpu' "" \
                "$(ratio "$old" "$null")" "$(ratio "$old_cpu" "$null_cpu")" "$(ratio "$with" "$null")" \
                "$(ratio "$with_cpu" "$null_cpu")"
        fi
        printf '\n'
    fi
}

mode=$( ( ((interleave)) || ! command -v hyperfine >/dev/null) && echo interleaved || echo hyperfine)
echo "agent-overhead: $threads threads, median of $runs runs ($mode), $(getconf _NPROCESSORS_ONLN) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
# shellcheck disable=SC2086
report fib_tasks "$build/fib_tasks" $fib_args
# shellcheck disable=SC2086
report coarse_loop "$build/coarse_loop" $loop_args
