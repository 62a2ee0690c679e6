#!/usr/bin/env bash
# Diff engine benchmark (issue 10): generated snapshots of 100k and 1M tasks, B = A with 1 % of the tasks
# changed, 1 % gone and 1 % new, against a peer (building A's index again) in the same JVM.
# Usage: bench/run-diff-bench.sh [runs] [sizes...]     (build first: mvn -B -q install -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
gc="${BENCH_GC:--XX:+UseG1GC}"   # the window's collector: compare mode runs there
exec "$java" -Xms6g -Xmx6g $gc -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.DiffBenchmark "$@"
