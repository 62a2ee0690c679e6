#!/usr/bin/env bash
# Installs what building and testing OMPD Explorer needs. Idempotent: installs only what is missing.
# On Debian/Ubuntu, run as root; elsewhere (or without root, when something is missing) it prints what
# to install and exits 1.
#   --test-fixtures  also build what the native tests read: an OMPD-capable libomp + libompd from Debian's
#                    llvm-toolchain-19 source package, cores of the programs in native-fixtures/ and of the offload
#                    fixture (native-fixtures/offload/, with and without the capture agent), the same for LLVM
#                    14, 15 and 16 (runtime, libompd, two programs' cores) for the version tests, and Debian's stock
#                    libomp 14, 15 and 16 unpacked privately (scripts/llvm-runtimes.sh; the agent's runtime-version
#                    test), and a real 8-rank Open MPI job's snapshots taken by the agent (scripts/make-mpi-job.sh; the
#                    job view's tests) (all cached under ~/.cache/ompd-explorer; a few minutes the first time, instant after).
#   build:   maven; a JDK 25 (Temurin 25 here; Debian bookworm packages none, so it is checked, not installed)
#   UI:      fonts for headless JavaFX (without them JavaFX fails with "JavaFX detected no fonts!"); for the window,
#            what JavaFX's glass (GTK 3, Xtst) and prism (GL, Xxf86vm; software rendering otherwise) load
#   stacks:  libdw1 (elfutils), through which call stacks are unwound from cores and symbolized
#   package: fakeroot, under which jpackage builds the .deb (dpkg-deb, dpkg and ldd it also runs are essential);
#            desktop-file-utils, whose desktop-file-validate checks the .deb's desktop entry (scripts/package.sh)
#   native:  clang-19, clang-tools-19, libomp-19-dev, gdb, cmake, ninja-build, ... (scripts/install-native-deps.sh)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fixtures=false
for arg in "$@"; do
    case "$arg" in
        --test-fixtures) fixtures=true ;;
        *) echo "install-deps: unknown option $arg (known: --test-fixtures)" >&2; exit 64 ;;
    esac
done
packages=(maven fonts-dejavu-core fontconfig libgtk-3-0 libxtst6 libxxf86vm1 libgl1 libfreetype6 fakeroot desktop-file-utils libdw1)

find_jdk25() {
    local candidate v
    for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*; do
        [ -n "$candidate" ] && [ -x "$candidate/bin/javac" ] || continue
        v=$("$candidate/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
        if [ -n "$v" ] && [ "${v%%.*}" -ge 25 ] 2>/dev/null; then echo "$candidate"; return 0; fi
    done
    return 1
}

if [[ ! -r /etc/debian_version ]] || ! command -v apt-get >/dev/null; then
    echo "install-deps: not a Debian system; install: Maven 3.8.7+, a JDK 25, DejaVu fonts + fontconfig," >&2
    echo "  and for native tests clang 19 with libomp 19, gdb, cmake, ninja." >&2
    exit 1
fi

missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$p")
done
if ((${#missing[@]} > 0)); then
    if ((EUID != 0)); then
        echo "install-deps: missing ${missing[*]}; run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
    echo "install-deps: installed ${missing[*]}"
else
    echo "install-deps: build packages present (${packages[*]})"
fi

"$here/install-native-deps.sh"

if jdk=$(find_jdk25); then
    echo "install-deps: JDK 25 at $jdk (Maven must run on it: export JAVA_HOME=$jdk)"
else
    echo "install-deps: no JDK 25 found. Install Temurin 25 (or any JDK 25+) and set JAVA_HOME to it;" >&2
    echo "  Maven's .mvn/jvm.config uses a flag older JDKs reject, so run Maven on JDK 25." >&2
    exit 1
fi

if $fixtures; then
    "$here/build-ompd-runtime.sh" >/dev/null
    "$here/make-core-fixtures.sh" >/dev/null
    "$here/make-offload-fixtures.sh" >/dev/null
    "$here/llvm-runtimes.sh" >/dev/null
    "$here/make-mpi-job.sh" >/dev/null
    # LlvmVersionsOracleTest reads each older version's cores through its own libompd (16 first: 14 and 15,
    # which ship no gdb OMPD plugin, are checked with 16's).
    for llvm in 16 15 14; do
        OMPD_LLVM_VERSION=$llvm "$here/make-core-fixtures.sh" >/dev/null
    done
    echo "install-deps: native test fixtures ready under ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer"
fi
