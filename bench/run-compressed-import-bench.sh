#!/usr/bin/env bash
# Import of plain vs gzip-compressed snapshots (issue 13, item 4): the synthetic 200k- and 1M-task snapshots as
# .json and .json.gz, loaded alternately in one JVM through SnapshotLoader; medians. The fixtures are written
# (and timed once) into ~/.cache/ompd-explorer/bench/compressed/.
# Usage: bench/run-compressed-import-bench.sh [runs] [sizes...]     (build first: mvn -B -q install -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
gc="${BENCH_GC:--XX:+UseParallelGC}"   # the launcher's collector for batch commands
exec "$java" -Xms6g -Xmx6g $gc -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.CompressedImportBenchmark "$@"
