#!/usr/bin/env bash
# Runs one fuzzer for a given time (docs/reliability.md). In the normal build (`mvn verify`) the same fuzz
# tests run in regression mode only: each committed seed and every past finding, once.
#   scripts/fuzz.sh TARGET DURATION      e.g.  scripts/fuzz.sh json 30m
#   scripts/fuzz.sh --list
# TARGET: json (JSON importer: validate, export, re-import), elf (ELF/core reader on arbitrary bytes),
#         cache (the reopen cache's decoder on arbitrary entry bodies), cli (the command-line parser),
#         agent-json (the agent's C JSON writer, libFuzzer + ASan/UBSan).
# DURATION: libFuzzer's form: 90s, 30m, 2h. A finding fails the run; Jazzer writes its input under the fuzz
# test's src/test/resources/.../<Class>Inputs/<method>/ so that every later `mvn verify` replays it.
# Needs: JDK 25 (JAVA_HOME), Maven; for agent-json, clang-19 with libFuzzer (scripts/install-native-deps.sh).
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

declare -A module=([json]=importers [elf]=importers [cache]=importers [cli]=app)
declare -A test=(
    [json]='org.ompdexplorer.importers.fuzz.SnapshotJsonFuzzTest#roundTrip'
    [elf]='org.ompdexplorer.importers.fuzz.CoreReaderFuzzTest#coreFile'
    [cache]='org.ompdexplorer.importers.fuzz.CacheEntryFuzzTest#entry'
    [cli]='org.ompdexplorer.app.fuzz.CliArgumentsFuzzTest#arguments'
)

if [[ "${1:-}" == --list ]]; then
    for t in json elf cache cli; do echo "$t  ${test[$t]}"; done
    echo "agent-json  agent/fuzz/json_writer_fuzz.c"
    exit 0
fi
if (($# != 2)); then
    echo "usage: scripts/fuzz.sh TARGET DURATION   (TARGET: json, elf, cache, cli, agent-json; DURATION e.g. 30m)" >&2
    exit 64
fi
target=$1 duration=$2
if ! [[ "$duration" =~ ^[0-9]+[smh]?$ ]]; then
    echo "fuzz: DURATION is a number with s, m or h (e.g. 30m), not '$duration'" >&2
    exit 64
fi

if [[ "$target" == agent-json ]]; then
    exec "$top/agent/fuzz/run.sh" "$duration"
fi
if [[ -z "${test[$target]:-}" ]]; then
    echo "fuzz: unknown target '$target' (known: json, elf, cache, cli, agent-json)" >&2
    exit 64
fi
if [[ -z "${JAVA_HOME:-}" ]]; then
    export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
cd "$top"
# Instrument our own classes (Jazzer's default is only the fuzz test's package); keep the JVM's heap bounded
# so that a runaway allocation is a finding rather than a machine out of memory.
JAZZER_FUZZ=1 exec mvn -B verify -pl "${module[$target]}" -am \
    -Dtest="${test[$target]}" -Dsurefire.failIfNoSpecifiedTests=false -Djacoco.skip=true \
    -Djazzer.max_duration="$duration" \
    -Djazzer.instrumentation_includes='org.ompdexplorer.**' \
    -Djazzer.keep_going=1
