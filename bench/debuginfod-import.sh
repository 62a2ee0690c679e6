#!/usr/bin/env bash
# import-core of a stripped-runtime core through a warm debuginfod cache, against the same program's core on the
# unstripped runtime, interleaved (issue 26, docs/benchmarks.md §20): one task_tree program built with Debian's
# clang-19, run once on the project's OMPD runtime and once on a stripped copy of it (objcopy, same build-id), a core
# of each; a local `debuginfod -F` serves the split debug file over loopback; the cache is filled by one import
# first. Each round runs `ompd-explorer import-core` on both cores in an order that alternates, under /usr/bin/time;
# prints medians of wall and CPU seconds and their ratio, and the requests the server saw after warming (0 = every
# lookup came from the cache).
#
# Usage: bench/debuginfod-import.sh [ROUNDS (11)]   (build first: mvn -B -q install -DskipTests)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-11}
prefix=$("$here/scripts/build-ompd-runtime.sh" | tail -1)
work=$(mktemp -d "${TMPDIR:-/tmp}/debuginfod-bench.XXXXXX")
server=
cleanup() { [[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(OMP|KMP|DEBUGINFOD)_' || true)
echo 0x33 >/proc/self/coredump_filter 2>/dev/null || true

mkdir -p "$work/stripped" "$work/served" "$work/cache"
objcopy --only-keep-debug "$prefix/lib/libomp.so.5" "$work/served/libomp.so.5.debug"
objcopy --strip-debug --strip-unneeded --add-gnu-debuglink="$work/served/libomp.so.5.debug" \
    "$prefix/lib/libomp.so.5" "$work/stripped/libomp.so.5"
cp "$prefix/lib/libompd.so" "$work/stripped/"
clang-19 -fopenmp -g -O1 -o "$work/task_tree" "$here/native-fixtures/task_tree.c"

core_of() { # name lib
    LD_LIBRARY_PATH=$2 OMP_DEBUG=enabled "$work/task_tree" >"$work/$1.log" 2>&1 &
    local pid=$!
    for _ in $(seq 200); do grep -q READY "$work/$1.log" && break; sleep 0.05; done
    gcore -o "$work/$1" "$pid" >/dev/null 2>&1
    kill -9 "$pid"; wait "$pid" 2>/dev/null || true
    mv "$work/$1.$pid" "$work/$1.core"
}
core_of plain "$prefix/lib"
core_of stripped "$work/stripped"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
debuginfod -F -d :memory: -t 0 -g 0 -p "$port" "$work/served" >"$work/server.log" 2>&1 &
server=$!
id=$(readelf -n "$prefix/lib/libomp.so.5" | sed -n 's/.*Build ID: //p')
for _ in $(seq 300); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/buildid/$id/debuginfo" && break; sleep 0.2
done
export DEBUGINFOD_URLS=http://127.0.0.1:$port DEBUGINFOD_CACHE_PATH=$work/cache
"$here/ompd-explorer" import-core "$work/stripped.core" --exe "$work/task_tree" -o "$work/warm.json" 2>/dev/null
warmed=$(grep -c ' GET ' "$work/server.log")

run() { # which
    /usr/bin/time -f '%e %U %S' -o "$work/t" "$here/ompd-explorer" import-core "$work/$1.core" --exe "$work/task_tree" \
        -o "$work/$1.json" 2>/dev/null
    read -r e u s < <(tail -1 "$work/t")
    echo "$e" >>"$work/$1.wall"
    awk -v u="$u" -v s="$s" 'BEGIN { print u + s }' >>"$work/$1.cpu"
}
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%S) UTC; $rounds rounds"
for ((r = 0; r < rounds; r++)); do
    if ((r % 2)); then run plain; run stripped; else run stripped; run plain; fi
done
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
pw=$(median <"$work/plain.wall") sw=$(median <"$work/stripped.wall")
pc=$(median <"$work/plain.cpu") sc=$(median <"$work/stripped.cpu")
echo "load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
printf 'unstripped runtime: wall %s s  cpu %s s  | walls %s\n' "$pw" "$pc" "$(paste -sd' ' "$work/plain.wall")"
printf 'stripped, warm cache: wall %s s  cpu %s s  | walls %s\n' "$sw" "$sc" "$(paste -sd' ' "$work/stripped.wall")"
awk -v a="$sw" -v b="$pw" -v c="$sc" -v d="$pc" 'BEGIN { printf "stripped/unstripped: %.3f× wall, %.3f× cpu\n", a / b, c / d }'
echo "server requests after warming: $(($(grep -c ' GET ' "$work/server.log") - warmed))"
