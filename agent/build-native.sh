#!/usr/bin/env bash
# Drives the agent's Makefile from the Maven build (agent/pom.xml).
#   build-native.sh build <out-dir>   -> <out-dir>/libompd-explorer-agent.so
#   build-native.sh test  <out-dir>   -> builds and runs the C unit tests, the JSON writer's fuzz target over its
#                                        committed inputs (when clang-19 links libFuzzer; required with CI=true)
#                                        and the integration tests
# Without a C compiler, make or omp-tools.h it prints one line and succeeds, so that the Java build works on
# machines without the native toolchain; with CI=true it fails instead (CI installs clang-19 and
# libomp-19-dev with scripts/install-native-deps.sh).
set -euo pipefail

mode=${1:?usage: build-native.sh build|test <out-dir>}
out=${2:?usage: build-native.sh build|test <out-dir>}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

missing=""
if ! command -v make >/dev/null 2>&1; then
    missing="make is not installed"
elif ! reason=$(make -s -C "$here" OUT="$out" check-tools 2>/dev/null); then
    missing=${reason#agent: }
fi
if [[ -n "$missing" ]]; then
    if [[ "${CI:-}" == "true" ]]; then
        echo "agent: cannot build the native capture agent: $missing (CI=true, so this fails the build;" \
             "run scripts/install-native-deps.sh)" >&2
        exit 1
    fi
    echo "agent: skipping the native capture agent ($mode): $missing; run scripts/install-native-deps.sh to build it"
    exit 0
fi

case "$mode" in
    build) make -s -C "$here" OUT="$out" all ;;
    test)
        make -s -C "$here" OUT="$out" test
        # The JSON writer's fuzz target over its committed seeds and past findings (agent/fuzz/run.sh fuzzes).
        if reason=$(make -s -C "$here" OUT="$out" check-fuzz-tools 2>&1); then
            make -s -C "$here" OUT="$out" fuzz-regression
        elif [[ "${CI:-}" == "true" ]]; then
            echo "${reason}; CI=true, so the fuzz regression cannot be skipped (scripts/install-native-deps.sh)" >&2
            exit 1
        else
            echo "agent: skipping the JSON writer fuzz regression: ${reason#agent: }"
        fi
        if command -v python3 >/dev/null 2>&1; then
            make -s -C "$here" OUT="$out" integration
        elif [[ "${CI:-}" == "true" ]]; then
            echo "agent: python3 is missing, so the integration tests cannot run (CI=true: failing)" >&2
            exit 1
        else
            echo "agent: skipping the integration tests: python3 is not installed"
        fi
        ;;
    *) echo "build-native.sh: unknown mode '$mode' (build or test)" >&2; exit 2 ;;
esac
