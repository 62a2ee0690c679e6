#!/usr/bin/env bash
# Builds the capture agent as it was at a git revision, for before/after runs of the overhead scripts.
# Usage: agent/bench/build-before.sh REV BUILD_DIR   -> prints the path of the agent library it built
# (the agent/ tree of REV, by `git archive`, under BUILD_DIR/before, built with that tree's Makefile).
set -euo pipefail

rev=${1:?usage: build-before.sh REV BUILD_DIR}
build=${2:?usage: build-before.sh REV BUILD_DIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$(dirname "$here")")
rm -rf "$build/before"
mkdir -p "$build/before"
git -C "$repo" archive "$rev" agent | tar -x -C "$build/before"
make -s -C "$build/before/agent" OUT="$build/before/native" all >/dev/null
echo "$build/before/native/libompd-explorer-agent.so"
