#!/usr/bin/env bash
# Import + index benchmark (issue 2): synthetic snapshots of 10k, 100k and 1M tasks against a raw Jackson token
# scan of the same file. Fixtures are generated once into ~/.cache/ompd-explorer/bench/.
# Usage: bench/run-import-bench.sh [runs] [sizes...]     (build first: mvn -B -q install -DskipTests)
# BENCH_MAIN names another benchmark class of the module to run the same way (run-compressed-import-bench.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
gc="${BENCH_GC:--XX:+UseParallelGC}"   # the launcher's collector for batch commands
exec "$java" -Xms6g -Xmx6g $gc -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.${BENCH_MAIN:-ImportBenchmark} "$@"
