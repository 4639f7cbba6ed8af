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
# The SSB/TPC-H generator and query texts live with the tests (io.cairndb.benchdata, src/test/resources/bench).
javac -d target/bench-classes -cp "$cp" bench/src/io/cairndb/bench/*.java \
    $(ls src/test/java/io/cairndb/benchdata/*.java | grep -v 'Test\.java$')
cp -r src/test/resources/bench target/bench-classes/
exec java -Xmx8g -cp "target/bench-classes:$cp" "io.cairndb.bench.$main" "$@"
