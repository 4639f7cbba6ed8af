#!/usr/bin/env bash
# Builds CairnDB and runs a benchmark class from bench/src against it.
#   bench/run.sh [ServerBench] [args...]
set -euo pipefail
cd "$(dirname "$0")/.."
main=${1:-ServerBench}
shift || true
mvn -q -B -ntp -DskipTests package dependency:build-classpath -Dmdep.outputFile=target/bench-cp.txt -Dmdep.includeScope=test
cp="target/classes:$(cat target/bench-cp.txt)"
mkdir -p target/bench-classes
javac -d target/bench-classes -cp "$cp" bench/src/io/cairndb/bench/*.java
exec java -Xmx8g -cp "target/bench-classes:$cp" "io.cairndb.bench.$main" "$@"
