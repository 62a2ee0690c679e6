#!/usr/bin/env bash
# Installs the native tools the OMPD runtime build, the core fixtures and the capture agent need:
# a clang that understands -fopenmp, the stock libomp/libompd headers, gdb (for gcore and the
# OMPD oracle plugin), cmake/ninja, python3-dev (LLVM's gdb plugin builds a Python extension),
# xz-utils and dpkg-dev (to unpack Debian's source package), libclang-rt-19-dev (libFuzzer and the sanitizer
# runtimes for the agent's fuzz target), graphviz (a test checks that the task graph's DOT export is valid for dot),
# clang-tools-19 (clang-offload-packager, which clang-19 -fopenmp-targets=x86_64-pc-linux-gnu needs for the agent's
# offload tests, the offload benchmark, the target-offload lesson and the offload core fixtures; libomptarget itself
# comes with libomp5-19), libdw1 (elfutils' unwinder and symbolizer, which the core import uses for call stacks),
# elfutils (eu-stack, the oracle the call-stack tests compare pcs with), debuginfod (elfutils' server, which the
# debuginfod tests run on 127.0.0.1), clang-14, clang-15 and clang-16 (the agent's test on older LLVM runtimes compiles
# each lesson with the clang of the runtime's version; they install beside clang-19 and remove nothing, unlike
# libomp-N-dev, whose versions conflict: scripts/llvm-runtimes.sh unpacks those privately), openmpi-bin and
# libopenmpi-dev (Open MPI 4.1: mpirun and mpicc for the real MPI job of scripts/make-mpi-job.sh; they install
# beside the rest and remove nothing).
# Idempotent: on Debian, run as root; does nothing when every package is already installed.
# Elsewhere it only prints what to install.
set -euo pipefail

packages=(clang-19 clang-tools-19 libclang-rt-19-dev libomp-19-dev gdb cmake ninja-build python3-dev xz-utils dpkg-dev
          graphviz libdw1 elfutils debuginfod clang-14 clang-15 clang-16 openmpi-bin libopenmpi-dev)

if [[ ! -r /etc/debian_version ]] || ! command -v dpkg >/dev/null || ! command -v apt-get >/dev/null; then
    echo "install-native-deps: not a Debian system; install the equivalents of: ${packages[*]}" >&2
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    # dpkg -s exits 0 for removed-but-configured packages too, so check the status line.
    if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then
        missing+=("$p")
    fi
done

if ((${#missing[@]} == 0)); then
    echo "install-native-deps: all installed (${packages[*]})"
    exit 0
fi

if ((EUID != 0)); then
    echo "install-native-deps: missing ${missing[*]}; run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-native-deps: installed ${missing[*]}"
