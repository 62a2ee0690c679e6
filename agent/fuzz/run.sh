#!/usr/bin/env bash
# Fuzzes the agent's JSON writer (fuzz/json_writer_fuzz.c) with libFuzzer, ASan and UBSan for DURATION.
#   agent/fuzz/run.sh DURATION        DURATION: 90s, 30m, 2h (or plain seconds)
# Builds into agent/target/fuzz/, keeps its corpus in agent/target/fuzz/corpus (seeded from agent/fuzz/seeds/
# and agent/fuzz/regressions/), and writes a failing input to agent/target/fuzz/artifacts/. Commit such an
# input to agent/fuzz/regressions/ with the fix: `mvn verify` (make fuzz-regression) replays it from then on.
# Needs clang-19 with libFuzzer (Debian: libclang-rt-19-dev; scripts/install-native-deps.sh).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
duration=${1:?usage: agent/fuzz/run.sh DURATION (e.g. 30m)}
if ! [[ "$duration" =~ ^([0-9]+)([smh]?)$ ]]; then
    echo "fuzz: DURATION is a number with s, m or h (e.g. 30m), not '$duration'" >&2
    exit 64
fi
seconds=${BASH_REMATCH[1]}
case "${BASH_REMATCH[2]}" in
    m) seconds=$((seconds * 60)) ;;
    h) seconds=$((seconds * 3600)) ;;
esac

out="$here/target/fuzz"
make -s -C "$here" FUZZ_DIR="$out" check-fuzz-tools
make -s -C "$here" FUZZ_DIR="$out" "$out/json_writer_fuzz"
mkdir -p "$out/corpus" "$out/artifacts"
cp -n "$here"/fuzz/seeds/* "$here"/fuzz/regressions/* "$out/corpus/" 2>/dev/null || true

echo "fuzz: agent-json for ${seconds}s; corpus $out/corpus, findings in $out/artifacts/"
# -rss_limit_mb bounds a runaway allocation; -print_final_stats gives the executions and exec/s.
exec "$out/json_writer_fuzz" -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" "$out/corpus"
