#!/usr/bin/env bash
# Unpacks Debian's stock LLVM OpenMP runtimes of other LLVM versions (libomp.so.5, libompd.so, omp.h,
# omp-tools.h) into a private prefix each, for the tests that run the capture agent on every runtime Debian 12
# packages (14, 15, 16 and 19).
#
# Why private: Debian's libomp-N-dev packages conflict with each other (installing libomp-16-dev removes
# libomp-19-dev, which the build needs), so they are never installed: `apt-get download libomp5-N libomp-N-dev`
# and `dpkg-deb -x` into ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/llvm-runtimes/<N>/, keyed by the
# packages' version (PACKAGE_VERSION in that directory; another version is unpacked afresh). clang-N itself
# installs beside clang-19 (scripts/install-native-deps.sh installs clang-14, -15 and -16).
#
# Usage: scripts/llvm-runtimes.sh [--cached] [N...]   (default: 14 15 16 19)
#   --cached  download nothing: fail (exit 1, one line) when a version is not unpacked already (the tests use it)
# Prints one line per version, in the order asked: the LLVM root of that version's runtime, which holds
# lib/libomp.so.5, lib/libompd.so and lib/clang/<N>*/include/omp.h (and omp-tools.h); so with one version the last
# line of stdout is its root:  root=$(scripts/llvm-runtimes.sh 16 | tail -1). Version 19 is the system's
# (/usr/lib/llvm-19, from libomp-19-dev), never unpacked. Progress goes to stderr. Needs apt's package lists (no
# root; as root it runs apt-get update when they lack the package) unless the cache is already filled. Idempotent:
# a filled cache of the current package version costs no download.
set -euo pipefail

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/llvm-runtimes"
system_version=19

log() { echo "llvm-runtimes: $*" >&2; }
die() { log "error: $*"; exit 1; }

# The LLVM root inside an unpacked prefix.
root_of() { echo "$cache_root/$1/usr/lib/llvm-$1"; }

# omp.h is in lib/clang/<N>/include from LLVM 16 on, in lib/clang/<N.m.p>/include before.
is_complete() {
    local headers=("$1"/lib/clang/"$2"*/include/omp.h)
    [[ -e "$1/lib/libomp.so.5" && -e "$1/lib/libompd.so" && -e "${headers[0]}" ]]
}

# The version apt would download (its candidate), or empty when apt knows no such package.
candidate() {
    apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '^(none)$' || true
}

unpack() {
    local n=$1 dir="$cache_root/$1" version work t0=$SECONDS
    if $cached_only; then
        is_complete "$(root_of "$n")" "$n" && return 0
        die "LLVM $n's OpenMP runtime is not unpacked in $dir; run $0 $n"
    fi
    version=$(candidate "libomp5-$n")
    if [[ -z "$version" ]] && ((EUID == 0)) && ! $updated; then
        log "apt knows no libomp5-$n: updating its package lists"
        apt-get update -qq >&2 || true
        updated=true
        version=$(candidate "libomp5-$n")
    fi
    if [[ -z "$version" ]]; then
        # No package lists (or not Debian): a filled cache is still good.
        if is_complete "$(root_of "$n")" "$n"; then
            log "$n: apt knows no libomp5-$n; using the cached $(cat "$dir/PACKAGE_VERSION" 2>/dev/null || echo '?')"
            return 0
        fi
        die "apt knows no package libomp5-$n; on Debian 12 run apt-get update (libomp5-$n and libomp-$n-dev are in its main archive)"
    fi
    if is_complete "$(root_of "$n")" "$n" && [[ "$(cat "$dir/PACKAGE_VERSION" 2>/dev/null)" == "$version" ]]; then
        return 0
    fi
    mkdir -p "$cache_root"
    exec 9>"$cache_root/.$n.lock"
    flock 9
    if is_complete "$(root_of "$n")" "$n" && [[ "$(cat "$dir/PACKAGE_VERSION" 2>/dev/null)" == "$version" ]]; then
        exec 9>&-
        return 0
    fi
    work=$(mktemp -d "${TMPDIR:-/tmp}/llvm-runtime-$n.XXXXXX")
    # A directory apt's sandbox user may write (else apt warns and downloads as root).
    chmod 755 "$work"
    mkdir "$work/dl"
    if ((EUID == 0)) && id _apt >/dev/null 2>&1; then chown _apt "$work/dl"; fi
    log "$n: downloading libomp5-$n and libomp-$n-dev $version"
    (cd "$work/dl" && apt-get download -qq "libomp5-$n=$version" "libomp-$n-dev=$version" >&2) \
        || { rm -rf "$work"; die "apt-get download libomp5-$n libomp-$n-dev failed (network, or stale lists: apt-get update)"; }
    log "$n: unpacking into $dir"
    mkdir "$work/stage"
    local deb
    for deb in "$work"/dl/*.deb; do
        dpkg-deb -x "$deb" "$work/stage"
    done
    is_complete "$work/stage/usr/lib/llvm-$n" "$n" \
        || { rm -rf "$work"; die "libomp5-$n/libomp-$n-dev $version hold no lib/libomp.so.5, lib/libompd.so and omp.h under /usr/lib/llvm-$n"; }
    echo "$version" >"$work/stage/PACKAGE_VERSION"
    # Moved into place whole, so that an interrupted unpack never leaves a prefix that looks complete.
    rm -rf "$dir"
    mv "$work/stage" "$dir"
    rm -rf "$work"
    exec 9>&-
    log "$n: done in $((SECONDS - t0)) s"
}

cached_only=false
updated=false
if [[ "${1:-}" == --cached ]]; then
    cached_only=true
    shift
fi
versions=("$@")
((${#versions[@]} > 0)) || versions=(14 15 16 "$system_version")
for n in "${versions[@]}"; do
    [[ "$n" =~ ^[0-9]+$ ]] || die "not an LLVM major version: $n (for example 16)"
done
for n in "${versions[@]}"; do
    if [[ "$n" == "$system_version" ]]; then
        is_complete "/usr/lib/llvm-$n" "$n" || die "no LLVM $n OpenMP runtime in /usr/lib/llvm-$n; run scripts/install-native-deps.sh (libomp-$n-dev)"
        echo "/usr/lib/llvm-$n"
    else
        unpack "$n"
        echo "$(root_of "$n")"
    fi
done
