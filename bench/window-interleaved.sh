#!/usr/bin/env bash
# The window's cold launch → shown (bench/cold-launch.sh's window peer) for several builds or launcher settings,
# interleaved in every round so that the load of a shared machine falls on all of them alike; medians of the rounds,
# wall time, CPU time (user + system) and peak RSS from /usr/bin/time -v. Each CHECKOUT is a directory holding a built ./ompd-explorer (a copy
# of a build, with its own AOT caches, or the same build with other window VM options in its launcher).
# Usage: bench/window-interleaved.sh ROUNDS TASKS CHECKOUT...   e.g. bench/window-interleaved.sh 7 200000 /tmp/before .
# COMMAND=validate (or another batch command) times that command on the file instead of the window.
set -euo pipefail
rounds="$1" tasks="$2"
shift 2
file="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/bench/synthetic-t8-d2-m$tasks-s1.json"
[[ -f "$file" ]] || { echo "no $file: make it with bench/cold-launch.sh 1 $tasks" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
options="-Dompdexplorer.exitWhenShown=true"
[[ -n "${DISPLAY:-}" ]] || options+=" -Dglass.platform=Headless -Dprism.order=sw -Djava.awt.headless=true"
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%s, %s CPUs, load %s, %s; %s tasks, %s rounds\n' "$(date -u +%FT%TZ)" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)" "$tasks" "$rounds"
# With QUIET=1 each round waits (up to 10 minutes) for a second in which the CPUs were at least 90 % idle: on a
# machine shared with other builds a round then runs between them rather than under them.
idle_pct() {
    local a b
    read -r -a a < <(head -n 1 /proc/stat); sleep 1; read -r -a b < <(head -n 1 /proc/stat)
    local total=0 k
    for k in 1 2 3 4 5 6 7 8; do total=$((total + b[k] - a[k])); done
    echo $(( total > 0 ? 100 * (b[4] + b[5] - a[4] - a[5]) / total : 0 ))
}
for ((r = 0; r < rounds; r++)); do
    if [[ -n "${QUIET:-}" ]]; then
        for ((w = 0; w < 600; w++)); do (( $(idle_pct) >= 90 )) && break; done
    fi
    i=0
    for co in "$@"; do
        JDK_JAVA_OPTIONS="$options" /usr/bin/time -v -o "$out/t" "$co/ompd-explorer" ${COMMAND:-} "$file" \
            >/dev/null 2>&1 || true
        awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k] }
                    /Maximum resident set size/ { kib = $2 }
                    /User time|System time/ { cpu += $2 }
                    END { printf "%.3f %d %.2f\n", s, kib, cpu }' "$out/t" >>"$out/$i"
        i=$((i + 1))
    done
done
# the ratio to the first checkout is taken in each round, then its median: robust to a round that the load slowed
printf '%-32s %9s %9s %9s %12s  %s\n' checkout "median s" "CPU s" "peak MiB" "first/this" "all rounds (s)"
i=0
for co in "$@"; do
    ratio=$(paste -d' ' "$out/0" "$out/$i" | awk '{ printf "%.4f\n", $1 / $4 }' | median)
    printf '%-32s %9.3f %9.2f %9.0f %11.2f×  %s\n' "$co" "$(cut -d' ' -f1 "$out/$i" | median)" \
        "$(cut -d' ' -f3 "$out/$i" | median)" \
        "$(echo "$(cut -d' ' -f2 "$out/$i" | median) / 1024" | bc -l)" "$ratio" "$(cut -d' ' -f1 "$out/$i" | tr '\n' ' ')"
    i=$((i + 1))
done
printf 'load after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
