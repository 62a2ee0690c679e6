#!/usr/bin/env bash
# Job view benchmark (issue 27): rank snapshots of 1,000 tasks read, folded and merged by JobReader + JobFindings,
# against the plain SnapshotLoader of the same files on the same workers, in a 1 GB heap. The rank files are
# generated once under ~/.cache/ompd-explorer/bench/job-<ranks>-1000.
# Usage: bench/run-job-bench.sh [runs] [ranks...]     (build first: mvn -B -q -pl bench -am package -DskipTests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar=$(ls "$here"/bench/target/bench-*.jar | head -n 1)
exec "$java" -Xmx1g -p "$jar:$here/bench/target/lib" \
    -m org.ompdexplorer.bench/org.ompdexplorer.bench.JobBenchmark "$@"
