#!/usr/bin/env bash
# Import of plain vs gzip-compressed snapshots (issue 13, item 4): the synthetic 200k- and 1M-task snapshots as
# .json and .json.gz, loaded alternately in one JVM through SnapshotLoader; medians. The fixtures are written
# (and timed once) into ~/.cache/ompd-explorer/bench/compressed/. Same JVM and flags as run-import-bench.sh.
# Usage: bench/run-compressed-import-bench.sh [runs] [sizes...]     (build first: mvn -B -q install -DskipTests)
BENCH_MAIN=CompressedImportBenchmark exec "$(dirname "${BASH_SOURCE[0]}")/run-import-bench.sh" "$@"
