#!/usr/bin/env bash
# Whole-process import-core of two checkouts against gdb's OMPD plugin, interleaved (issue 13 item 5,
# docs/benchmarks.md §12): each round runs gdb (the command of bench/ompd-vs-gdb.sh), A's and B's
# `ompd-explorer import-core CORE --exe EXE -o OUT`, in an order that rotates every round, under /usr/bin/time;
# prints medians of wall and CPU (user + sys) seconds, the largest peak RSS, and whether A and B wrote the same.
#
# Usage: bench/import-core-ab.sh CHECKOUT_A CHECKOUT_B [ROUNDS (7)] [THREADSxTASKS (64x1000)]
# Both checkouts built (mvn -B -q install -DskipTests) and each launched once before, so that their AOT caches exist.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
(($# >= 2)) || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
a=$(cd "$1" && pwd) b=$(cd "$2" && pwd) rounds=${3:-7} case=${4:-64x1000}
cores=$("$here/ompd-vs-gdb.sh" --cores-only "$case" | tail -1)
core="$cores/bench_tasks.${case%x*}t.${case#*x}k.core" exe="$cores/bench_tasks"
prefix=$("$here/../scripts/build-ompd-runtime.sh" | tail -1)
plugin="$prefix/share/gdb/python/ompd/__init__.py"
echo 0x33 >/proc/self/coredump_filter 2>/dev/null || true
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(OMP|KMP|GOMP|LIBOMP)_' || true)
work=$(mktemp -d "${TMPDIR:-/tmp}/import-core-ab.XXXXXX")
trap 'rm -rf "$work"' EXIT

run() { # which
    case $1 in
        gdb) gdb -batch -nx -x "$plugin" -ex 'ompd init' -ex 'thread apply all -ascending ompd parallel' \
                 -ex 'thread apply all -ascending ompd icvs' -ex 'ompd bt on' -ex 'thread apply all bt' \
                 "$exe" "$core" >/dev/null 2>&1 ;;
        A) /usr/bin/time -f '%e %U %S %M' -o "$work/t" "$a/ompd-explorer" import-core "$core" --exe "$exe" \
               -o "$work/A.json" ;;
        B) /usr/bin/time -f '%e %U %S %M' -o "$work/t" "$b/ompd-explorer" import-core "$core" --exe "$exe" \
               -o "$work/B.json" ;;
    esac
}
tools=(gdb A B)
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%S) UTC; A=$a B=$b; $case, $rounds rounds"
for ((r = 0; r < rounds; r++)); do
    for ((k = 0; k < 3; k++)); do
        tool=${tools[$(((r + k) % 3))]}
        if [[ $tool == gdb ]]; then
            /usr/bin/time -f '%e %U %S %M' -o "$work/t" bash -c "$(declare -f run); exe=$exe core=$core plugin=$plugin run gdb"
        else
            run "$tool"
        fi
        read -r e u s m < <(tail -1 "$work/t")
        echo "$e" >>"$work/$tool.wall"
        awk -v u="$u" -v s="$s" 'BEGIN { print u + s }' >>"$work/$tool.cpu"
        echo "$m" >>"$work/$tool.rss"
    done
done
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
g=$(median <"$work/gdb.wall") gc=$(median <"$work/gdb.cpu")
for tool in "${tools[@]}"; do
    w=$(median <"$work/$tool.wall") c=$(median <"$work/$tool.cpu")
    printf '%-3s wall %s s  cpu %s s  peak RSS %s KiB  gdb/this %.1f× wall, %.1f× cpu  | walls %s\n' "$tool" "$w" "$c" \
        "$(sort -n "$work/$tool.rss" | tail -1)" "$(awk -v g="$g" -v w="$w" 'BEGIN { print g / w }')" \
        "$(awk -v g="$gc" -v c="$c" 'BEGIN { print g / c }')" "$(paste -sd' ' "$work/$tool.wall")"
done
if diff <(grep -v '"time"' "$work/A.json") <(grep -v '"time"' "$work/B.json") >/dev/null; then
    echo "A and B wrote the same snapshot (but its capture time)"
else
    echo "A and B wrote different snapshots"
fi
