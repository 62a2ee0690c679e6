#!/usr/bin/env bash
# Builds the offload fixture (native-fixtures/offload/target_in_flight.c, clang-19 -fopenmp
# -fopenmp-targets=x86_64-pc-linux-gnu) against the OMPD-capable runtime and libomptarget, and takes
# gcore cores of it while its target region is in flight: one with the capture agent loaded
# (OMP_TOOL_LIBRARIES; the agent publishes its device table in the process), one without.
#
# Output: ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/offload/<key>/, <key> being a hash of the fixture
# source, fixture.h, the agent's sources, this script, the runtime version and the compiler/gdb versions:
#   target_in_flight                     the executable (its .llvm.offloading section holds the device image)
#   agent/libompd-explorer-agent.so      the capture agent, built from agent/ with its Makefile
#   lib/libomp.so                        a link to the OMPD-capable libomp.so.5 (see below)
#   target_in_flight.agent.gcore.core    gcore with the agent loaded
#   target_in_flight.gcore.core          gcore without it
#   <core>.run.log                       the program's output
#   MANIFEST.tsv                         one line per core; written last, so it marks a complete set
# A complete set is reused. The last line of stdout is the output directory.
#
# Needs what scripts/install-native-deps.sh installs: clang-19 with clang-tools-19 (clang-offload-packager,
# which -fopenmp-targets runs), libomp-19-dev (libomptarget comes with it), gdb, make.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
source_file="$repo/native-fixtures/offload/target_in_flight.c"
llvm_lib=/usr/lib/llvm-19/lib

log() { echo "make-offload-fixtures: $*" >&2; }
die() { log "error: $*"; exit 1; }

for tool in clang-19 gdb gcore make sha256sum fallocate; do
    command -v "$tool" >/dev/null || die "$tool not found; run scripts/install-native-deps.sh first"
done
[[ -x /usr/lib/llvm-19/bin/clang-offload-packager ]] \
    || die "clang-offload-packager not found (package clang-tools-19); run scripts/install-native-deps.sh first"
[[ -e "$llvm_lib/libomptarget.so.19.1" ]] \
    || die "no $llvm_lib/libomptarget.so.19.1 (package libomp5-19); run scripts/install-native-deps.sh first"

prefix=$("$here/build-ompd-runtime.sh" | tail -1)
[[ -e "$prefix/lib/libomp.so.5" ]] || die "no OMPD runtime (scripts/build-ompd-runtime.sh printed '$prefix')"

key=$( {
    for f in "$source_file" "$repo/native-fixtures/fixture.h" "$repo/agent/Makefile" "$repo"/agent/src/* "$0"; do
        echo "== $(basename "$f")"
        cat "$f"
    done
    echo "runtime $(basename "$prefix")"
    clang-19 --version | head -1
    gdb --version | head -1
} | sha256sum | cut -c1-16)
root="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/offload"
out="$root/$key"

if [[ -f "$out/MANIFEST.tsv" ]]; then
    echo "$out"
    exit 0
fi
mkdir -p "$root"
exec 9>"$root/.$key.lock"
flock 9
if [[ -f "$out/MANIFEST.tsv" ]]; then
    echo "$out"
    exit 0
fi
rm -rf "$out"
mkdir -p "$out/lib" "$out/agent-out"
t0=$SECONDS

# The kernel's default filter, as make-core-fixtures.sh explains: a JVM parent widens it.
echo 0x33 >/proc/self/coredump_filter 2>/dev/null || log "cannot reset coredump_filter; cores may include text"
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(OMP|KMP|GOMP|LIBOMP|OMPD_EXPLORER)_' || true)

make -s -C "$repo/agent" OUT="$out/agent" all >"$out/agent.build.log" 2>&1 \
    || die "building the capture agent failed: $(tail -3 "$out/agent.build.log")"
agent="$out/agent/libompd-explorer-agent.so"

clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -g -O0 \
    -o "$out/target_in_flight" "$source_file" || die "compiling target_in_flight.c failed"

# libomptarget dlopens "libomp.so" (no version) for OMPT; the runtime build installs only libomp.so.5, so without
# this link it would load Debian's libomp from its own directory beside ours and abort (OMP: Error #15).
ln -s "$prefix/lib/libomp.so.5" "$out/lib/libomp.so"
library_path="$out/lib:$prefix/lib:$llvm_lib"

manifest=()
gcore_of() { # core with_agent
    local core=$1 with_agent=$2 runlog="$out/$1.run.log" i
    local -a env=(LD_LIBRARY_PATH="$library_path" OMP_DEBUG=enabled FIXTURE_ABORT=0)
    if [[ $with_agent == yes ]]; then
        env+=(OMP_TOOL_LIBRARIES="$agent" OMPD_EXPLORER_DIR="$out/agent-out")
    fi
    env "${env[@]}" "$out/target_in_flight" >"$runlog" 2>&1 &
    pid=$!
    for ((i = 0; i < 600; i++)); do
        grep -q '^READY ' "$runlog" && break
        kill -0 "$pid" 2>/dev/null || die "target_in_flight exited before READY: $(tail -3 "$runlog")"
        sleep 0.05
    done
    grep -q '^READY ' "$runlog" || { kill -KILL "$pid"; die "target_in_flight not READY after 30 s"; }
    gcore -o "$out/$core.tmp" "$pid" >"$out/$core.gcore.log" 2>&1 || {
        kill -KILL "$pid"
        die "gcore of target_in_flight failed: $(tail -3 "$out/$core.gcore.log")"
    }
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null || true
    rm -f "$out/$core.gcore.log"
    mv "$out/$core.tmp.$pid" "$out/$core"
    fallocate --dig-holes "$out/$core"
    manifest+=("$core	$with_agent	$pid")
}

gcore_of target_in_flight.agent.gcore.core yes
gcore_of target_in_flight.gcore.core no

{
    echo "# runtime: $prefix ($(cat "$prefix/SOURCE_VERSION" 2>/dev/null || basename "$prefix"))"
    printf '# core\tagent\tpid\n'
    printf '%s\n' "${manifest[@]}"
} >"$out/MANIFEST.tsv.tmp"
mv "$out/MANIFEST.tsv.tmp" "$out/MANIFEST.tsv"
log "made ${#manifest[@]} cores in $((SECONDS - t0)) s ($(du -sh "$out" | cut -f1) on disk)"
echo "$out"
