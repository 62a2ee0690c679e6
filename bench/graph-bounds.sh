#!/usr/bin/env bash
# The task graph's bounds (issue 22 item 5, issue 23 item 5; docs/benchmarks.md §16): `ompd-explorer graph` of a
# checkout on a 31 MB snapshot of a program whose every task was scheduled over a random earlier one (valid), and on
# the same with the scheduling links in one cycle (the validator's error), as GraphInputs writes them; peer: the
# checkout's `validate` of the same file (reading it and building the index, which the graph needs too). Each run
# under /usr/bin/time, stopped after TIMEOUT seconds; prints each run (wall s, peak RSS, the SVG's width × height,
# its nodes and edges), then the medians; then once, the picture of each input (GraphInputs also writes a tree search
# and 99 dependences between two aggregates): SVG width × height, nodes and edges.
#
# Usage: bench/graph-bounds.sh CHECKOUT [RUNS (3)] [TASKS (70000)] [TIMEOUT (1200)]
# This checkout's bench module built (mvn -B -q -pl bench -am package -DskipTests); CHECKOUT built as the README says.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
(($# >= 1)) || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
checkout=$(cd "$1" && pwd) runs=${2:-3} tasks=${3:-70000} limit=${4:-1200}
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/target/bench-*.jar | head -n 1)
inputs="${TMPDIR:-/tmp}/ompd-graph-bounds-$tasks"
[[ -f "$inputs/dependences.json" ]] || "$java" -Xmx4g -p "$jar:$here/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.GraphInputs "$inputs" "$tasks"
work=$(mktemp -d "${TMPDIR:-/tmp}/graph-bounds.XXXXXX")
trap 'rm -rf "$work"' EXIT
export OMPD_EXPLORER_NO_AOT=1 OMPD_EXPLORER_REOPEN_CACHE=off
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%S) UTC; $checkout;" \
    "$(du -m "$inputs/stolen.json" | cut -f1) MB, $runs runs"
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
for ((r = 0; r < runs; r++)); do
    for what in validate:stolen graph:stolen graph:cycle; do
        command=${what%:*} input=${what#*:} status=0
        out=(); [[ $command == graph ]] && out=(-o "$work/$input.svg")
        /usr/bin/time -f '%e %M' -o "$work/t" timeout "$limit" "$checkout/ompd-explorer" "$command" \
            "$inputs/$input.json" "${out[@]}" >/dev/null 2>"$work/err" || status=$?
        read -r wall rss <"$work/t" || true
        echo "$wall" >>"$work/$command-$input.wall"
        echo "$((rss / 1024))" >>"$work/$command-$input.rss"
        if ((status == 124)); then
            printf '%-15s stopped after %s s, peak RSS %d MB\n' "$what" "$limit" $((rss / 1024))
        elif [[ $command == graph ]]; then
            size=$(head -c 400 "$work/$input.svg" | grep -o 'width="[0-9.]*" height="[0-9.]*"' | head -n 1 | tr -dc '0-9. ')
            printf '%-15s exit %d, %7.1f s, peak RSS %5d MB, %s px, %d nodes, %d edges\n' "$what" "$status" "$wall" \
                $((rss / 1024)) "${size/ / × }" "$(grep -c '<g class="node ' "$work/$input.svg")" \
                "$(grep -c '<g class="edge ' "$work/$input.svg")"
        else
            printf '%-15s exit %d, %7.1f s, peak RSS %5d MB\n' "$what" "$status" "$wall" $((rss / 1024))
        fi
    done
done
for what in validate-stolen graph-stolen graph-cycle; do
    printf 'median %-15s %7.1f s, peak RSS %5d MB\n' "$what" "$(median <"$work/$what.wall")" \
        "$(median <"$work/$what.rss")"
done
for input in stolen cycle treesearch dependences; do
    status=0
    timeout "$limit" "$checkout/ompd-explorer" graph "$inputs/$input.json" -o "$work/$input.svg" 2>/dev/null || status=$?
    if ((status == 124)); then
        printf 'picture %-11s stopped after %s s\n' "$input" "$limit"
        continue
    fi
    size=$(head -c 400 "$work/$input.svg" | grep -o 'width="[0-9.]*" height="[0-9.]*"' | head -n 1 | tr -dc '0-9. ')
    printf 'picture %-11s %s px, %d nodes, %d edges\n' "$input" "${size/ / × }" \
        "$(grep -c '<g class="node ' "$work/$input.svg")" "$(grep -c '<g class="edge ' "$work/$input.svg")"
done
