#!/usr/bin/env bash
# Builds the native fixture programs (native-fixtures/*.c) against the OMPD-capable runtime, takes
# core files of them at their known points, and records LLVM's gdb OMPD plugin's view of each core
# as the independent oracle for the importer tests.
#
# OMPD_LLVM_VERSION=N (default 19) makes them with LLVM N's runtime, libompd and gdb plugin (built by
# scripts/build-ompd-runtime.sh); for N other than 19 only nested_parallel and task_tree (+ its nodebug core).
#
# Output: ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/cores/<key>/ (LLVM 19) or .../cores-llvm<N>/<key>/,
# <key> being a hash of the fixture sources, this script, the runtime version and the compiler/gdb versions.
# It holds:
#   <fixture>                         the executable (cores name it by this path in NT_FILE)
#   <fixture>.gcore.core              gcore of the held process (OMP_DEBUG=enabled)
#   <fixture>.abort.core              kernel core via abort() (only if core_pattern allows)
#   task_tree.nodebug.gcore.core      gcore without OMP_DEBUG (no state tracking)
#   <core>.gdb-ompd.txt               `thread apply all -ascending ompd parallel` (the oracle)
#   <core>.gdb-ompd-icvs.txt          `thread apply all -ascending ompd icvs`
#   <core>.gdb-ompd-bt.txt            `ompd bt on` + `thread apply all -ascending bt` (task nesting)
#   <core>.run.log                    the program's output
#   MANIFEST.tsv                      one line per core; written last, so it marks a complete set
# A complete set is reused (cache hit). The last line of stdout is the output directory.
#
# Environment: FIXTURE_MANY_THREADS (default 64) -- thread count of many_threads.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
fixtures_dir="$repo/native-fixtures"
llvm=${OMPD_LLVM_VERSION:-19}
[[ "$llvm" =~ ^[0-9]+$ ]] || { echo "make-core-fixtures: error: OMPD_LLVM_VERSION='$llvm' is not an LLVM major version (e.g. 16)" >&2; exit 64; }
if [[ "$llvm" == 19 ]]; then
    fixtures=(nested_parallel task_tree icvs many_threads)
    cores_dir=cores
else
    # The other versions' tests compare a couple of programs with that version's gdb plugin.
    fixtures=(nested_parallel task_tree)
    cores_dir=cores-llvm$llvm
fi
many_threads=${FIXTURE_MANY_THREADS:-64}

log() { echo "make-core-fixtures: $*" >&2; }
die() { log "error: $*"; exit 1; }

for tool in clang-19 gdb gcore sha256sum fallocate; do
    command -v "$tool" >/dev/null || die "$tool not found; run scripts/install-native-deps.sh first"
done

prefix=$(OMPD_LLVM_VERSION=$llvm "$here/build-ompd-runtime.sh" | tail -1)
[[ -e "$prefix/lib/libomp.so.5" ]] || die "no OMPD runtime (scripts/build-ompd-runtime.sh printed '$prefix')"
plugin="$prefix/share/gdb/python/ompd/__init__.py"
if [[ ! -f "$plugin" && "$llvm" -lt 16 ]]; then
    # LLVM's gdb OMPD plugin first shipped with LLVM 16 (openmp/libompd/gdb-plugin); an older runtime is read by
    # 16's plugin, which loads the libompd the runtime names in ompd_dll_locations (the version's own).
    plugin_prefix=$(OMPD_LLVM_VERSION=16 "$here/build-ompd-runtime.sh" | tail -1)
    plugin="$plugin_prefix/share/gdb/python/ompd/__init__.py"
fi
[[ -f "$plugin" ]] || die "no gdb OMPD plugin at $plugin"

key=$( {
    for f in "$fixtures_dir"/*.c "$fixtures_dir"/*.h "$0"; do
        echo "== $(basename "$f")"
        cat "$f"
    done
    echo "runtime $(basename "$prefix")"
    echo "plugin $plugin"
    echo "threads $many_threads"
    clang-19 --version | head -1
    gdb --version | head -1
} | sha256sum | cut -c1-16)
cores_root="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/$cores_dir"
out="$cores_root/$key"

if [[ -f "$out/MANIFEST.tsv" ]]; then
    echo "$out"
    exit 0
fi
mkdir -p "$cores_root"
exec 9>"$cores_root/.$key.lock"
flock 9
if [[ -f "$out/MANIFEST.tsv" ]]; then
    echo "$out"
    exit 0
fi
# Build in place (not in a staging dir) because the cores record the executable's path.
rm -rf "$out"
mkdir -p "$out"
t0=$SECONDS

# Cores leave out unchanged file-backed text only under the kernel's default filter (0x33); a JVM
# parent widens it (DumpPrivateMappingsInCore) and children inherit it. The kernel and gcore both obey it.
echo 0x33 >/proc/self/coredump_filter 2>/dev/null || log "cannot reset coredump_filter; cores may include text"

# The caller's OpenMP settings must not leak into the fixtures' state.
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(OMP|KMP|GOMP|LIBOMP)_' || true)

for f in "${fixtures[@]}"; do
    clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -g -O0 -o "$out/$f" "$fixtures_dir/$f.c" \
        || die "compiling $f.c failed"
done

args_of() { [[ "$1" == many_threads ]] && echo "$many_threads" || true; }

# Starts a fixture in the background and waits until it prints READY; sets $pid.
start_held() {
    local name=$1 runlog=$2 omp_debug=$3
    local args
    args=$(args_of "$name")
    # shellcheck disable=SC2086 # args is empty or one number
    env LD_LIBRARY_PATH="$prefix/lib" ${omp_debug:+OMP_DEBUG=$omp_debug} FIXTURE_ABORT=0 \
        "$out/$name" $args >"$runlog" 2>&1 &
    pid=$!
    local i
    for ((i = 0; i < 600; i++)); do
        grep -q '^READY ' "$runlog" && return 0
        kill -0 "$pid" 2>/dev/null || die "$name exited before READY: $(tail -3 "$runlog")"
        sleep 0.05
    done
    kill -KILL "$pid" 2>/dev/null || true
    die "$name not READY after 30 s: $(tail -3 "$runlog")"
}

manifest=()
add_core() { # core kind program omp_debug pid
    local threads
    threads=$(grep -c '^\[New LWP' "$out/$1.gdb-ompd.txt" || true)
    manifest+=("$1	$2	$3	${4:-off}	$5	$threads	$(args_of "$3")")
}

gcore_of() { # name core omp_debug
    local name=$1 core=$2 omp_debug=$3
    start_held "$name" "$out/$core.run.log" "$omp_debug"
    gcore -o "$out/$core.tmp" "$pid" >"$out/$core.gcore.log" 2>&1 || {
        kill -KILL "$pid"
        die "gcore of $name failed: $(tail -3 "$out/$core.gcore.log")"
    }
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null || true
    rm -f "$out/$core.gcore.log"
    mv "$out/$core.tmp.$pid" "$out/$core"
    # gcore writes never-touched stacks and arenas as zeros (GBs at 64 threads); make them holes.
    fallocate --dig-holes "$out/$core"
    held_pid=$pid
}

# A kernel core lands in the process's working directory only if core_pattern names a plain file.
pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null || echo '|')
kernel_cores=yes
if [[ "$pattern" == \|* || "$pattern" == */* ]]; then
    kernel_cores=no
    log "skipping kernel cores: core_pattern '$pattern' is not a file in the working directory"
elif ! (ulimit -c unlimited) 2>/dev/null; then
    kernel_cores=no
    log "skipping kernel cores: cannot raise the core size limit (ulimit -c unlimited)"
fi

abort_core_of() { # name core
    local name=$1 core=$2 dir="$out/.abort-$1" args status=0
    args=$(args_of "$name")
    mkdir "$dir"
    # The outer subshell swallows bash's "Aborted (core dumped)" job report; the abort is the point.
    # shellcheck disable=SC2086
    ( (cd "$dir" && ulimit -c unlimited &&
        exec env LD_LIBRARY_PATH="$prefix/lib" OMP_DEBUG=enabled FIXTURE_ABORT=1 "$out/$name" $args) \
        >"$out/$core.run.log" 2>&1; exit $?) 2>/dev/null || status=$?
    local dumped
    dumped=$(find "$dir" -maxdepth 1 -type f | head -1)
    if [[ -z "$dumped" ]]; then
        rm -rf "$dir"
        log "no kernel core from $name (exit status $status); skipping"
        return 1
    fi
    mv "$dumped" "$out/$core"
    rmdir "$dir"
    held_pid=$(sed -n 's/^READY //p' "$out/$core.run.log")
}

# The oracle: LLVM's gdb plugin on the core. Only threads a command touched are known to it, so
# every command runs per thread (ascending: the descending form overflows past 32 threads).
oracle() { # program core expect
    local program=$1 core=$2 expect=$3
    gdb -nx -batch -x "$plugin" -ex 'ompd init' -ex 'thread apply all -ascending ompd parallel' \
        "$out/$program" "$out/$core" >"$out/$core.gdb-ompd.txt" 2>&1 || true
    gdb -nx -batch -x "$plugin" -ex 'ompd init' -ex 'thread apply all -ascending ompd icvs' \
        "$out/$program" "$out/$core" >"$out/$core.gdb-ompd-icvs.txt" 2>&1 || true
    gdb -nx -batch -x "$plugin" -ex 'ompd init' -ex 'ompd bt on' -ex 'thread apply all -ascending bt' \
        "$out/$program" "$out/$core" >"$out/$core.gdb-ompd-bt.txt" 2>&1 || true
    grep -q 'Loaded OMPD lib successfully' "$out/$core.gdb-ompd.txt" \
        || die "gdb's OMPD plugin did not load on $core: see $out/$core.gdb-ompd.txt"
    grep -q "$expect" "$out/$core.gdb-ompd.txt" \
        || die "oracle for $core lacks '$expect': see $out/$core.gdb-ompd.txt"
}

expect_of() {
    case $1 in
        nested_parallel) echo 'Nesting Level 2: Team Size: 2' ;;
        task_tree) echo 'Nesting Level 1: Team Size: 2' ;;
        icvs) echo 'Nesting Level 1: Team Size: 3' ;;
        many_threads) echo "Nesting Level 1: Team Size: $many_threads" ;;
    esac
}

for f in "${fixtures[@]}"; do
    gcore_of "$f" "$f.gcore.core" enabled
    oracle "$f" "$f.gcore.core" "$(expect_of "$f")"
    add_core "$f.gcore.core" gcore "$f" enabled "$held_pid"
    if [[ $kernel_cores == yes ]] && abort_core_of "$f" "$f.abort.core"; then
        oracle "$f" "$f.abort.core" "$(expect_of "$f")"
        add_core "$f.abort.core" kernel "$f" enabled "$held_pid"
    fi
done
gcore_of task_tree task_tree.nodebug.gcore.core ""
# Without OMP_DEBUG the plugin's `ompd parallel` stops at ompd_get_state (needs state tracking):
# that error is the expected oracle output here.
oracle task_tree task_tree.nodebug.gcore.core 'call_ompd_get_state'
add_core task_tree.nodebug.gcore.core gcore task_tree "" "$held_pid"

{
    echo "# runtime: $prefix ($(cat "$prefix/SOURCE_VERSION" 2>/dev/null || basename "$prefix"))"
    echo "# oracle: $plugin"
    printf '# core\tkind\tprogram\tomp_debug\tpid\tthreads\targs\n'
    printf '%s\n' "${manifest[@]}"
} >"$out/MANIFEST.tsv.tmp"
mv "$out/MANIFEST.tsv.tmp" "$out/MANIFEST.tsv"
log "made ${#manifest[@]} cores in $((SECONDS - t0)) s ($(du -sh "$out" | cut -f1) on disk)"
echo "$out"
