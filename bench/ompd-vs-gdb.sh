#!/usr/bin/env bash
# Core import benchmark (issue 5, point 8): whole-process import of gcore cores of native-fixtures/bench_tasks.c
# (THREADS threads holding TASKS live explicit tasks, all on thread stacks) by
#   (a) `ompd-explorer import-core CORE --exe EXE -o OUT` as a fresh process (JVM start included: what a user runs),
#   (b) OmpdCoreImporter.importCore alone, in process and warm (org.ompdexplorer.bench.CoreImportBenchmark),
#   (c) what a gdb user runs to see the same with LLVM's gdb OMPD plugin: `ompd init`,
#       `thread apply all -ascending ompd parallel`, `thread apply all -ascending ompd icvs`, `ompd bt on` +
#       `thread apply all bt`, in gdb -batch.
# Each core is measured RUNS times, the three tools alternating (the order rotates every round) so that all see
# the same machine load; figures are medians. (b) is one JVM per round: WARMUP imports, then INPROC_RUNS timed
# ones, whose median counts as that round's figure.
#
# Usage: bench/ompd-vs-gdb.sh [-r RUNS] [--full] [--cores-only] [THREADSxTASKS ...]
#   default cases: 2x1000 8x1000 64x1000 256x1000 64x10 64x10000; --full: {2,8,64,256} x {10,1000,10000}
# Environment: BENCH_RUNS (5), BENCH_WARMUP (3), BENCH_INPROC_RUNS (5), JAVA_HOME, BENCH_GDB_TIMEOUT (300 s: a
# core on which gdb's untimed warm-up run takes longer gets no timed gdb runs and is reported as "> N s"; gdb's
# `bt` grows with the square of the task chain depth: 2 threads x 10000 tasks took it 646 s).
# Build first: JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 mvn -B -q install -DskipTests
#
# Cores are cached under ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/bench-cores/<key>/ (<key>: hash of the
# fixture sources, the core recipe, the runtime, clang and gdb versions), one made when first asked for. gdb's
# output of each core is kept beside it (<core>.gdb.txt, from the untimed warm-up run, checked for sanity).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
runs=${BENCH_RUNS:-5}
warmup=${BENCH_WARMUP:-3}
inproc_runs=${BENCH_INPROC_RUNS:-5}
gdb_timeout=${BENCH_GDB_TIMEOUT:-300}
cores_only=no
cases=()
default_cases=(2x1000 8x1000 64x1000 256x1000 64x10 64x10000)
full_cases=(2x10 2x1000 2x10000 8x10 8x1000 8x10000 64x10 64x1000 64x10000 256x10 256x1000 256x10000)

log() { echo "ompd-vs-gdb: $*" >&2; }
die() { log "error: $*"; exit 1; }

while (($#)); do
    case $1 in
        -r | --runs) runs=$2; shift 2 ;;
        --full) cases+=("${full_cases[@]}"); shift ;;
        --cores-only) cores_only=yes; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        [0-9]*x[0-9]*) cases+=("$1"); shift ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done
((${#cases[@]})) || cases=("${default_cases[@]}")
((runs >= 1)) || die "RUNS must be at least 1"

for tool in clang-19 gdb gcore fallocate sha256sum timeout; do
    command -v "$tool" >/dev/null || die "$tool not found; run scripts/install-native-deps.sh first"
done
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
bench_jar=$(ls "$repo"/bench/target/bench-*.jar 2>/dev/null | head -n 1 || true)
if [[ $cores_only == no ]]; then
    [[ -x "$java" ]] || die "no java at $java; set JAVA_HOME to a JDK 25"
    [[ -n "$bench_jar" && -d "$repo/bench/target/lib" && -d "$repo/app/target/lib" ]] \
        || die "not built: JAVA_HOME=${java%/bin/java} mvn -B -q install -DskipTests"
fi

prefix=$("$repo/scripts/build-ompd-runtime.sh" | tail -1)
[[ -e "$prefix/lib/libomp.so.5" ]] || die "no OMPD runtime (scripts/build-ompd-runtime.sh printed '$prefix')"
plugin="$prefix/share/gdb/python/ompd/__init__.py"
[[ -f "$plugin" ]] || die "no gdb OMPD plugin at $plugin"

# --- cores -------------------------------------------------------------------------------------------------------
recipe="bench_tasks gcore OMP_DEBUG=enabled coredump_filter=0x33 dig-holes stack=depth*1K+1M v1"
key=$( {
    cat "$repo/native-fixtures/bench_tasks.c" "$repo/native-fixtures/fixture.h"
    echo "$recipe"
    echo "runtime $(basename "$prefix")"
    clang-19 --version | head -1
    gdb --version | head -1
} | sha256sum | cut -c1-16)
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/bench-cores"
out="$cache_root/$key"
exe="$out/bench_tasks"
mkdir -p "$out"
exec 9>"$out/.lock"
flock 9 # one maker/measurer per core set: two runs at once would measure each other

# Cores leave out unchanged file-backed text only under the kernel's default filter (0x33); a JVM parent widens it.
echo 0x33 >/proc/self/coredump_filter 2>/dev/null || log "cannot reset coredump_filter; cores may include text"
# The caller's OpenMP settings must not leak into the fixture's state.
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(OMP|KMP|GOMP|LIBOMP)_' || true)

if [[ ! -x "$exe" ]]; then
    clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -g -O0 -o "$exe.tmp" "$repo/native-fixtures/bench_tasks.c" \
        || die "compiling bench_tasks.c failed"
    mv "$exe.tmp" "$exe" # the cores name this path
fi

core_of() { echo "$out/bench_tasks.${1}t.${2}k.core"; }

make_core() { # threads tasks
    local threads=$1 tasks=$2 core
    core=$(core_of "$threads" "$tasks")
    [[ -f "$core" ]] && return 0
    # A chain level takes ~0.8 KiB of stack at -O0: give deep chains room (workers: OMP_STACKSIZE; initial thread:
    # ulimit -s), leave the runtime's defaults otherwise.
    local depth=$(((tasks + threads - 1) / threads)) stack_k
    stack_k=$((depth + 1024))
    local runlog="$core.run.log" pid i t0=$SECONDS
    (
        if ((stack_k > 4096)); then
            ulimit -s $((stack_k > 8192 ? stack_k : 8192))
            export OMP_STACKSIZE="${stack_k}K"
        fi
        exec env LD_LIBRARY_PATH="$prefix/lib" OMP_DEBUG=enabled FIXTURE_ABORT=0 "$exe" "$threads" "$tasks"
    ) >"$runlog" 2>&1 &
    pid=$!
    for ((i = 0; i < 1200; i++)); do
        grep -q '^READY ' "$runlog" && break
        kill -0 "$pid" 2>/dev/null || die "bench_tasks $threads $tasks exited before READY: $(tail -3 "$runlog")"
        sleep 0.05
    done
    grep -q '^READY ' "$runlog" || { kill -KILL "$pid"; die "bench_tasks $threads $tasks not READY after 60 s"; }
    gcore -o "$core.tmp" "$pid" >"$core.gcore.log" 2>&1 || {
        kill -KILL "$pid"
        die "gcore failed: $(tail -3 "$core.gcore.log")"
    }
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null || true
    rm -f "$core.gcore.log"
    # gcore writes never-touched stacks and arenas as zeros (GBs with many threads); make them holes.
    fallocate --dig-holes "$core.tmp.$pid"
    mv "$core.tmp.$pid" "$core"
    log "made $(basename "$core") in $((SECONDS - t0)) s ($(du -h --apparent-size "$core" | cut -f1) apparent," \
        "$(du -h "$core" | cut -f1) on disk)"
}

for c in "${cases[@]}"; do
    make_core "${c%x*}" "${c#*x}"
done
if [[ $cores_only == yes ]]; then
    echo "$out"
    exit 0
fi

# --- measuring ---------------------------------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/ompd-vs-gdb.XXXXXX")
trap 'rm -rf "$work"' EXIT

gdb_args() { # core: what a gdb user runs to see threads, regions, ICVs and task backtraces
    printf '%q ' gdb -batch -nx -x "$plugin" -ex 'ompd init' -ex 'thread apply all -ascending ompd parallel' \
        -ex 'thread apply all -ascending ompd icvs' -ex 'ompd bt on' -ex 'thread apply all bt' "$exe" "$1"
}
gdb_cmd() { # core output
    timeout "$gdb_timeout" gdb -batch -nx -x "$plugin" -ex 'ompd init' -ex 'thread apply all -ascending ompd parallel' \
        -ex 'thread apply all -ascending ompd icvs' -ex 'ompd bt on' -ex 'thread apply all bt' \
        "$exe" "$1" >"$2" 2>&1
}
ours_cmd() { # core
    "$repo/ompd-explorer" import-core "$1" --exe "$exe" -o "$work/out.json" 2>"$work/ours.err"
}
inproc_cmd() { # core
    "$java" --enable-native-access=org.ompdexplorer.importers -p "$bench_jar:$repo/bench/target/lib" \
        -m org.ompdexplorer.bench/org.ompdexplorer.bench.CoreImportBenchmark \
        --warmup "$warmup" --runs "$inproc_runs" "$1" "$exe"
}
# Runs "$@" (a function or command) and appends its wall and CPU (user + sys of its waited-for child processes)
# seconds to $work/$tag.wall and $work/$tag.cpu; returns its status. `times` runs in this shell (a forked subshell
# would count from zero), its second line being the children's "XmY.YYYs XmY.YYYs".
timed() { # tag command...
    local tag=$1 status=0 t0
    shift
    t0=$EPOCHREALTIME
    times >"$work/times.0"
    "$@" || status=$?
    times >"$work/times.1"
    awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f\n", b - a }' >>"$work/$tag.wall"
    awk 'FNR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] }; v[++n] = s }
        END { printf "%.3f\n", v[2] - v[1] }' "$work/times.0" "$work/times.1" >>"$work/$tag.cpu"
    return $status
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Sanity, once per core (and gdb's warm-up): the plugin loads, every thread shows the team, `ompd bt` shows every
# task's entry frame; our import runs. Sets gdb_timed_out=yes if gdb ran past $gdb_timeout s.
check_core() { # threads tasks core
    local threads=$1 tasks=$2 core=$3 txt="$3.gdb.txt" n status=0
    gdb_timed_out=no
    gdb_cmd "$core" "$txt" || status=$?
    grep -q 'Loaded OMPD lib successfully' "$txt" || die "gdb's OMPD plugin did not load on $core: see $txt"
    n=$(grep -c "Nesting Level 1: Team Size: $threads\$" "$txt" || true)
    ((n == threads)) || die "gdb's 'ompd parallel' shows the team of $threads on $n threads: see $txt"
    n=$(grep -c '^#[0-9]* .*\.omp_task_entry\. "#pragma omp task"' "$txt" || true)
    if ((status == 124)); then
        gdb_timed_out=yes
        log "$(basename "$core"): gdb still running after $gdb_timeout s (had shown $n of $tasks task frames); not timed"
    else
        ((n == tasks)) || die "gdb's 'ompd bt' shows $n task frames, not $tasks: see $txt"
    fi
    ours_cmd "$core" || die "import-core failed on $core: $(tail -3 "$work/ours.err")"
}

printf 'core\tthreads\ttasks\tours_tasks\tcore_bytes\tcore_disk\tgdb_s\tours_s\tinproc_ms\tgdb_cpu_s\tours_cpu_s\tgdb_timed_out\n' \
    >"$work/results.tsv"
log "$runs rounds per core (in-process: $warmup warm-up + $inproc_runs timed imports per round); $(nproc) cores," \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
log "gdb command: $(gdb_args CORE)"
log "our command: $repo/ompd-explorer import-core CORE --exe $exe -o OUT"
for c in "${cases[@]}"; do
    threads=${c%x*}
    tasks=${c#*x}
    core=$(core_of "$threads" "$tasks")
    check_core "$threads" "$tasks" "$core"
    rm -f "$work"/{gdb,ours,inproc}.*
    found=
    for ((r = 0; r < runs; r++)); do
        for ((k = 0; k < 3; k++)); do
            case $(((r + k) % 3)) in
                0) [[ $gdb_timed_out == yes ]] || timed gdb gdb_cmd "$core" /dev/null || true ;;
                1) timed ours ours_cmd "$core" || die "import-core failed on $core: $(tail -3 "$work/ours.err")" ;;
                2)
                    line=$(inproc_cmd "$core") || die "CoreImportBenchmark failed on $core"
                    found=$(sed -n 's/.* tasks=\([0-9]*\) explicit=\([0-9]*\) .*/\1 (\2 explicit)/p' <<<"$line")
                    sed -n 's/.* median_ms=\([0-9.]*\) .*/\1/p' <<<"$line" >>"$work/inproc.wall" ;;
            esac
        done
    done
    if [[ $gdb_timed_out == yes ]]; then
        g=$gdb_timeout gc=$gdb_timeout
        echo "timed out" >"$work/gdb.wall"
        echo "-" >"$work/gdb.cpu"
    else
        g=$(median <"$work/gdb.wall") gc=$(median <"$work/gdb.cpu")
    fi
    o=$(median <"$work/ours.wall") i=$(median <"$work/inproc.wall") oc=$(median <"$work/ours.cpu")
    log "$c: gdb $(paste -sd' ' "$work/gdb.wall") s (cpu $(paste -sd' ' "$work/gdb.cpu"))" \
        "| import-core $(paste -sd' ' "$work/ours.wall") s (cpu $(paste -sd' ' "$work/ours.cpu"))" \
        "| in-process $(paste -sd' ' "$work/inproc.wall") ms"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$core")" "$threads" "$tasks" "$found" \
        "$(stat -c %s "$core")" "$(($(stat -c %b "$core") * $(stat -c %B "$core")))" "$g" "$o" "$i" "$gc" "$oc" \
        "$gdb_timed_out" >>"$work/results.tsv"
done
results="$out/results-$(date +%Y%m%d-%H%M%S).tsv"
cp "$work/results.tsv" "$results"
log "raw medians: $results"

echo
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at the end; $runs rounds per core, medians;" \
    "java $("$java" -version 2>&1 | head -1 | cut -d'"' -f2), $(gdb --version | head -1)"
echo
echo '| core (threads × live tasks) | tasks found by our import | core size (apparent / on disk) | gdb median s (cpu s) | ompd-explorer import-core median s (cpu s) | in-process import median ms | gdb / import-core (wall; cpu) | gdb / in-process |'
echo '|---|---:|---:|---:|---:|---:|---:|---:|'
tail -n +2 "$work/results.tsv" | awk -F'\t' '{
    if ($12 == "yes") {
        printf "| %s × %s | %s | %.0f MB / %.1f MB | > %d (gdb stopped) | %.2f (%.2f) | %.0f | > %.0f×; > %.0f× | > %.0f× |\n",
            $2, $3, $4, $5 / 1e6, $6 / 1e6, $7, $8, $11, $9, $7 / $8, $10 / $11, $7 * 1000 / $9
    } else {
        printf "| %s × %s | %s | %.0f MB / %.1f MB | %.2f (%.2f) | %.2f (%.2f) | %.0f | %.1f×; %.1f× | %.0f× |\n",
            $2, $3, $4, $5 / 1e6, $6 / 1e6, $7, $10, $8, $11, $9, $7 / $8, $10 / $11, $7 * 1000 / $9
    }
}'

# Linearity: least-squares lines of each tool's median time over threads (at 1000 tasks) and over tasks (at 64
# threads), and, with 4 or more cores, a plane time = a + b * threads + c * tasks over all of them; from whichever
# cases ran (gdb's stopped runs left out).
echo
tail -n +2 "$work/results.tsv" | awk -F'\t' '
    function fit(what, unit, n, xs, ys,    i, sx, sy, sxx, sxy, s, b) {
        if (n < 2) return
        for (i = 1; i <= n; i++) { sx += xs[i]; sy += ys[i]; sxx += xs[i] * xs[i]; sxy += xs[i] * ys[i] }
        s = (n * sxy - sx * sy) / (n * sxx - sx * sx); b = (sy - s * sx) / n
        printf "- %s: %.3f ms per %s + %.0f ms;", what, s, unit, b
        for (i = 1; i <= n; i++) printf " %s: %.0f ms", xs[i], ys[i]
        printf "\n"
    }
    # y = a + b x + c z by the normal equations (Cramer), over n points.
    function plane(what, n, xs, zs, ys,    i, S, X, Z, XX, ZZ, XZ, Y, XY, ZY, d, a, b, c) {
        if (n < 4) return
        for (i = 1; i <= n; i++) {
            S++; X += xs[i]; Z += zs[i]; XX += xs[i] * xs[i]; ZZ += zs[i] * zs[i]; XZ += xs[i] * zs[i]
            Y += ys[i]; XY += xs[i] * ys[i]; ZY += zs[i] * ys[i]
        }
        d = S * (XX * ZZ - XZ * XZ) - X * (X * ZZ - XZ * Z) + Z * (X * XZ - XX * Z)
        if (d == 0) return
        a = (Y * (XX * ZZ - XZ * XZ) - X * (XY * ZZ - XZ * ZY) + Z * (XY * XZ - XX * ZY)) / d
        b = (S * (XY * ZZ - XZ * ZY) - Y * (X * ZZ - XZ * Z) + Z * (X * ZY - XY * Z)) / d
        c = (S * (XX * ZY - XY * XZ) - X * (X * ZY - XY * Z) + Y * (X * XZ - XX * Z)) / d
        printf "- %s over all %d cores: %.0f ms + %.3f ms per thread + %.4f ms per task\n", what, n, a, b, c
    }
    $3 == 1000 { tn++; tx[tn] = $2; ti[tn] = $9; to[tn] = $8 * 1000; if ($12 != "yes") { gn++; gx[gn] = $2; gy[gn] = $7 * 1000 } }
    $2 == 64 { kn++; kx[kn] = $3; ki[kn] = $9; ko[kn] = $8 * 1000; if ($12 != "yes") { hn++; hx[hn] = $3; hy[hn] = $7 * 1000 } }
    { an++; ax[an] = $2; az[an] = $3; ai[an] = $9; ao[an] = $8 * 1000 }
    END {
        fit("in-process import over threads (1000 tasks)", "thread", tn, tx, ti)
        fit("import-core process over threads (1000 tasks)", "thread", tn, tx, to)
        fit("gdb over threads (1000 tasks)", "thread", gn, gx, gy)
        fit("in-process import over tasks (64 threads)", "task", kn, kx, ki)
        fit("import-core process over tasks (64 threads)", "task", kn, kx, ko)
        fit("gdb over tasks (64 threads)", "task", hn, hx, hy)
        plane("in-process import", an, ax, az, ai)
        plane("import-core process", an, ax, az, ao)
    }'
