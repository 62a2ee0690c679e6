#!/usr/bin/env bash
# Cold whole-process figures (issue 13): each command launched as a user launches it, from `./ompd-explorer`,
# interleaved with its peers in every round, median of the rounds; wall time and peak RSS from /usr/bin/time -v.
# Peers in each round: the file read from the page cache (`cat FILE >/dev/null`, the physical floor),
# `./ompd-explorer validate FILE`, and the window on FILE from launch until the snapshot's tree is drawn (the window
# closes itself then: -Dompdexplorer.exitWhenShown=true through JDK_JAVA_OPTIONS; on $DISPLAY when set, else on
# JavaFX's headless platform). `validate` and the window run twice a round: a first open (the reopen cache off)
# and a reopen (a reopen cache of the benchmark's own, filled before the first round). Set OMPD_EXPLORER_NO_AOT=1 to
# measure without the launcher's AOT caches. Fixtures are the generated snapshots of docs/benchmarks.md (exporter
# layout, one entity a line), made once into ~/.cache/ompd-explorer/bench/.
# Usage: bench/cold-launch.sh [rounds] [tasks...]        e.g. bench/cold-launch.sh 5 10000 100000 200000 1000000
# (build first: mvn -B -q install -DskipTests; the machine should be otherwise idle)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-5}"
shift || true
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(10000 100000 200000 1000000)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/bench"
mkdir -p "$cache"
explorer="$here/ompd-explorer"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

fixture() {
    local m="$1" f="$cache/synthetic-t8-d2-m$1-s1.json"
    if [[ ! -f "$f" ]]; then
        "$explorer" generate --threads 8 --depth 2 --tasks "$m" --seed 1 -o "$f" >&2
    fi
    echo "$f"
}

# one measured launch: prints "wall_seconds peak_kib"
measure() {
    local log="$out/time.$$"
    /usr/bin/time -v -o "$log" "$@" >/dev/null 2>&1 || true
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
                /Maximum resident set size/ { kib = $2 }
                END { printf "%.3f %d\n", s, kib }' "$log"
}

window_options="-Dompdexplorer.exitWhenShown=true"
[[ -n "${DISPLAY:-}" ]] || window_options+=" -Dglass.platform=Headless -Dprism.order=sw -Djava.awt.headless=true"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%s, %s CPUs, load %s, %s\n' "$(date -u +%FT%TZ)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
printf 'AOT caches: %s\n' "$([[ -n "${OMPD_EXPLORER_NO_AOT:-}" ]] && echo off || echo on)"
printf '%-10s %8s %-26s %10s %12s\n' tasks MB what "median s" "peak MiB"
for m in "${sizes[@]}"; do
    f=$(fixture "$m")
    mb=$(( $(stat -c %s "$f") / 1000000 ))
    : >"$out/cat"; : >"$out/validate"; : >"$out/window"; : >"$out/revalidate"; : >"$out/rewindow"
    OMPD_EXPLORER_REOPEN_CACHE="$out/reopen" "$explorer" validate "$f" >/dev/null   # fills the reopen cache
    for ((r = 0; r < rounds; r++)); do
        measure cat "$f" >>"$out/cat"
        OMPD_EXPLORER_REOPEN_CACHE=off measure "$explorer" validate "$f" >>"$out/validate"
        OMPD_EXPLORER_REOPEN_CACHE="$out/reopen" measure "$explorer" validate "$f" >>"$out/revalidate"
        OMPD_EXPLORER_REOPEN_CACHE=off JDK_JAVA_OPTIONS="$window_options" measure "$explorer" "$f" >>"$out/window"
        OMPD_EXPLORER_REOPEN_CACHE="$out/reopen" JDK_JAVA_OPTIONS="$window_options" measure "$explorer" "$f" \
            >>"$out/rewindow"
    done
    for what in cat validate revalidate window rewindow; do
        wall=$(cut -d' ' -f1 "$out/$what" | median)
        rss=$(cut -d' ' -f2 "$out/$what" | median)
        case "$what" in
            cat) label="page-cache read (floor)" ;;
            validate) label="validate" ;;
            revalidate) label="validate, reopened" ;;
            window) label="window: launch → shown" ;;
            rewindow) label="window, reopened" ;;
        esac
        printf '%-10s %8s %-26s %10.3f %12.0f\n' "$m" "$mb" "$label" "$wall" "$(echo "$rss / 1024" | bc -l)"
    done
done
