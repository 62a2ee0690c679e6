#!/usr/bin/env bash
# The merged tree of all threads' call stacks (issue 25, item 8), against a peer (folding every stack's frame keys)
# in the same JVM. Usage: bench/run-stacks-bench.sh [runs] [threads...]   (build first: mvn -B -q install -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
exec "$java" -Xms2g -Xmx2g -XX:+UseG1GC -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.MergedStacksBenchmark "$@"
