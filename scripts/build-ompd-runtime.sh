#!/usr/bin/env bash
# Builds an OMPD-capable LLVM OpenMP runtime (libomp.so.5 with symbols, libompd.so and LLVM's gdb
# OMPD plugin) from Debian's llvm-toolchain-N source package (N = $OMPD_LLVM_VERSION, default 19).
#
# Why: Debian's libomp.so.5 is stripped, so libompd cannot find the runtime's ompd_* / __kmp_*
# symbols and OMPD does not work against it (see shared/docs/ompd-runtime-facts.md).
#
# The result is cached under ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/runtime/<version>/,
# keyed by the source package version (epoch dropped: a ':' would break LD_LIBRARY_PATH; the version
# starts with N, so each LLVM version has its own directory). <prefix>/SOURCE_VERSION names the source
# package and version, <prefix>/COMPILER the compiler that built it.
# The last line of stdout is always the install prefix:
#     prefix=$(scripts/build-ompd-runtime.sh | tail -1)
# Progress goes to stderr. Needs root for the apt steps unless the cache is already filled.
#
# Environment:
#   OMPD_LLVM_VERSION            LLVM major version to build (default 19; bookworm has 14, 15, 16, 19)
#   OMPD_RUNTIME_SOURCE_VERSION  build this source version instead of the installed libomp5-N's
#   OMPD_RUNTIME_COMPILER        the C compiler, e.g. clang-19 (default: clang-N if installed, else clang-19;
#                                the C++ compiler is its clang++ twin)
#   OMPD_RUNTIME_JOBS            ninja -j (default: ninja's own choice)
set -euo pipefail

llvm=${OMPD_LLVM_VERSION:-19}
[[ "$llvm" =~ ^[0-9]+$ ]] || { echo "build-ompd-runtime: error: OMPD_LLVM_VERSION='$llvm' is not an LLVM major version (e.g. 16)" >&2; exit 64; }
src_package=llvm-toolchain-$llvm
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/runtime"

log() { echo "build-ompd-runtime: $*" >&2; }
die() { log "error: $*"; exit 1; }

is_complete() { [[ -e "$1/lib/libompd.so" && -e "$1/lib/libomp.so.5" ]]; }

# The version to build: the installed runtime's source version, so the cache key matches the
# libomp headers clang-N compiles against; else the archive's newest source version.
source_version() {
    local v="${OMPD_RUNTIME_SOURCE_VERSION:-}"
    if [[ -z "$v" ]]; then
        v=$(dpkg-query -W -f='${source:Version}' "libomp5-$llvm" 2>/dev/null || true)
    fi
    if [[ -z "$v" ]]; then
        v=$(apt-cache showsrc "$src_package" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -1 || true)
    fi
    echo "$v"
}

version=$(source_version)
if [[ -n "$version" ]]; then
    prefix="$cache_root/${version#*:}"
    if is_complete "$prefix"; then
        echo "$prefix"
        exit 0
    fi
fi

if ((EUID != 0)); then
    die "OMPD runtime not cached in $cache_root${version:+ for $src_package $version}; run once as root: sudo env XDG_CACHE_HOME=\"${XDG_CACHE_HOME:-$HOME/.cache}\" $0"
fi

# --- deb-src entry, derived from the machine's own deb entry so no file here names a package host.
sources=/etc/apt/sources.list.d/debian.sources
src_sources=/etc/apt/sources.list.d/ompd-explorer-deb-src.sources
if ! grep -qs '^Types:.*deb-src' "$sources" "$src_sources"; then
    [[ -r "$sources" ]] || die "no $sources to derive a deb-src entry from; add a deb-src line for Debian's archive and rerun"
    log "adding deb-src entries in $src_sources (copied from $sources)"
    sed 's/^Types:.*/Types: deb-src/' "$sources" >"$src_sources"
    apt-get update -qq >&2
elif ! apt-cache showsrc "$src_package" 2>/dev/null | grep -q '^Version:'; then
    apt-get update -qq >&2
fi

if [[ -z "$version" ]]; then
    version=$(source_version)
    [[ -n "$version" ]] || die "apt knows no source package $src_package"
    prefix="$cache_root/${version#*:}"
    if is_complete "$prefix"; then
        echo "$prefix"
        exit 0
    fi
fi

# The version's own compiler if installed, else clang-19 (the project's compiler): libomp's sources
# build with a newer clang, and the runtime's ABI does not depend on the compiler's version.
if [[ -n "${OMPD_RUNTIME_COMPILER:-}" ]]; then
    cc=$OMPD_RUNTIME_COMPILER cxx=${OMPD_RUNTIME_COMPILER/clang/clang++}
elif command -v "clang-$llvm" >/dev/null && command -v "clang++-$llvm" >/dev/null; then
    cc=clang-$llvm cxx=clang++-$llvm
else
    cc=clang-19 cxx=clang++-19
fi
for tool in "$cc" "$cxx" cmake ninja xz patch python3; do
    command -v "$tool" >/dev/null || die "$tool not found; run scripts/install-native-deps.sh first"
done

mkdir -p "$cache_root"
# One builder at a time per version; a second caller waits and then finds the cache filled.
exec 9>"$cache_root/.${version#*:}.lock"
flock 9
if is_complete "$prefix"; then
    echo "$prefix"
    exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ompd-runtime.XXXXXX")
trap 'rm -rf "$work"' EXIT
t0=$SECONDS

# --- 1. download, into a directory apt's sandbox user may write (else apt warns and runs as root)
log "downloading $src_package=$version"
chmod 755 "$work"
mkdir "$work/dl"
if id _apt >/dev/null 2>&1; then chown _apt "$work/dl"; fi
(cd "$work/dl" && apt-get source -qq --download-only "$src_package=$version" >&2)
orig=$(ls "$work"/dl/*.orig.tar.xz 2>/dev/null | head -1 || true)
debian=$(ls "$work"/dl/*.debian.tar.xz 2>/dev/null | head -1 || true)
[[ -f "$orig" && -f "$debian" ]] || die "apt-get source left no .orig.tar.xz / .debian.tar.xz in $work/dl"
t1=$SECONDS

# --- 2. extract only openmp/ and the top-level cmake/ modules it includes
log "extracting openmp/ and cmake/ from $(basename "$orig")"
# Only the first member is needed; head closes the pipe early, so the pipeline's status is moot.
top=$( { xz -dc "$orig" | tar -t | head -1 | cut -d/ -f1; } 2>/dev/null || true)
[[ -n "$top" ]] || die "cannot list $orig"
tar -C "$work" -xJf "$orig" "$top/openmp" "$top/cmake"
tar -C "$work" -xJf "$debian" debian/patches/openmp-soname.diff
src="$work/$top"
# Debian's patches are -p1 relative to the source root.
patch -d "$src" -p1 -s <"$work/debian/patches/openmp-soname.diff" >&2
t2=$SECONDS

# --- 3. configure, build, install into a staging DESTDIR, then move into place, so an
# interrupted build never leaves a half-filled prefix that looks complete.
log "configuring"
cmake -G Ninja -S "$src/openmp" -B "$work/build" \
    -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DLIBOMP_OMPT_SUPPORT=ON -DLIBOMP_OMPD_SUPPORT=ON -DLIBOMP_OMPD_GDB_SUPPORT=ON \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    -DOPENMP_ENABLE_LIBOMPTARGET=OFF -DOPENMP_ENABLE_OMPT_TOOLS=OFF \
    -DLIBOMP_INSTALL_ALIASES=OFF -DLIBOMP_LIBFLAGS=-lm >"$work/configure.log" 2>&1 \
    || { tail -30 "$work/configure.log" >&2; die "cmake configure failed"; }
t3=$SECONDS
log "building"
ninja -C "$work/build" ${OMPD_RUNTIME_JOBS:+-j "$OMPD_RUNTIME_JOBS"} >"$work/build.log" 2>&1 \
    || { tail -30 "$work/build.log" >&2; die "ninja build failed"; }
t4=$SECONDS
DESTDIR="$work/stage" ninja -C "$work/build" install >"$work/install.log" 2>&1 \
    || { tail -30 "$work/install.log" >&2; die "ninja install failed"; }
is_complete "$work/stage$prefix" || die "install produced no lib/libomp.so.5 + lib/libompd.so"
rm -rf "$prefix"
mkdir -p "$(dirname "$prefix")"
mv "$work/stage$prefix" "$prefix"
echo "$src_package $version" >"$prefix/SOURCE_VERSION"
"$cc" --version | head -1 >"$prefix/COMPILER"

log "$src_package $version built with $cc: done in $((SECONDS - t0)) s (download $((t1 - t0)) s, extract+patch $((t2 - t1)) s," \
    "configure $((t3 - t2)) s, build $((t4 - t3)) s, install $((SECONDS - t4)) s)"
echo "$prefix"
