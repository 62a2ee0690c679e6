#!/usr/bin/env bash
# Reopen cache (issue 13, item 3): a warm parse of the exporter-layout fixtures against a load of the same file from
# a reopen cache, alternating in one JVM; medians; and the time the first load's entry takes to write. Same JVM and
# flags as run-import-bench.sh; fixtures from ~/.cache/ompd-explorer/bench/ (bench/cold-launch.sh makes them).
# Usage: bench/run-reopen-bench.sh [runs] [sizes...]     (build first: mvn -B -q install -DskipTests)
BENCH_MAIN=ReopenBenchmark exec "$(dirname "${BASH_SOURCE[0]}")/run-import-bench.sh" "$@"
