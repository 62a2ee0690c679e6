#!/usr/bin/env bash
# Recording replay benchmark (issue 28): a generated recording of 1M events opened and stepped.
# Usage: bench/run-recording-bench.sh [runs] [events...]     (build first: mvn -B -q install -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
exec "$java" -Xmx2g -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.RecordingBenchmark "$@"
