#!/usr/bin/env bash
# A debuginfod cache hit (issue 26): the first find of a fresh JVM and the median/p99/max of many, each by a new
# client, on a real ELF file placed in a temporary cache. Usage: bench/run-debuginfod-bench.sh [runs] [ELF file]
# (build first: mvn -B -q -pl bench -am package -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
exec "$java" ${BENCH_JAVA_OPTS:-} -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.DebuginfodCacheBenchmark "$@"
