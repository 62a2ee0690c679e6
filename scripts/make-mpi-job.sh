#!/usr/bin/env bash
# Runs a real hybrid MPI + OpenMP job under Open MPI with the capture agent, signals it once through mpirun, and
# keeps every rank's snapshot: the fixture of the job view (issue 27; docs/agent.md, "MPI jobs").
#
# The program (agent/test/mpi/held_job.c) runs 8 ranks of 2 OpenMP threads (mpirun --oversubscribe -np 8): on every
# rank each thread runs its task exchange_halo above its implicit task, suspended in a taskwait, except rank 5, whose
# thread 1 waits at a barrier in solve_boundary. `kill -USR2 <mpirun>` once; mpirun forwards SIGUSR2 to its ranks,
# and each rank's agent writes one snapshot into the one shared directory.
#
# Output: ${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/mpi-job/<key>/, <key> being a hash of the program, the
# agent's sources, this script and the compiler and Open MPI versions. It holds:
#   held_job                    the program (the snapshots' module map names it by this path)
#   agent/                      the capture agent, built from agent/ with its Makefile
#   snapshots/                  the 8 snapshots, one a rank: ompd-explorer-<job>-r000N-000001-<pid>-signal.json,
#                               alone in it (the directory the job view reads)
#   run.log                     the job's output (READY <rank> <pid> lines, the agent's lines)
#   MANIFEST.tsv                what the job is and which rank differs (below); written last, so it marks a complete
#                               set, which is reused (cache hit)
# The last line of stdout is the output directory.
#
# MANIFEST.tsv: lines "key<TAB>value", then "rank<TAB><rank><TAB><file>" for each rank in rank order; '#' starts a
# comment; <file> is relative to the output directory. Keys: format (ompd-explorer-mpi-job 1), snapshots (the
# snapshots' directory, relative), launcher, size, threadsPerRank, jobId, host, program,
# heldRank, heldThread (the held thread's id in that rank's snapshot), heldState, heldFunction (the source function
# it waits in), otherFunction (the task every other thread runs), otherState.
#
# Options: --out DIR (run into DIR, no cache; the agent's integration check), --agent LIB (use this agent library
# instead of building one). Needs Open MPI (openmpi-bin, libopenmpi-dev), clang-19 and python3.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
source_file="$repo/agent/test/mpi/held_job.c"
ranks=8
held_rank=5

log() { echo "make-mpi-job: $*" >&2; }
die() { log "error: $*"; exit 1; }

out_arg="" agent_arg=""
while (($# > 0)); do
    case "$1" in
        --out) out_arg=${2:?--out needs a directory}; shift 2 ;;
        --agent) agent_arg=${2:?--agent needs a library}; shift 2 ;;
        *) die "unknown option $1 (known: --out DIR, --agent LIB)" ;;
    esac
done

for tool in mpicc mpirun clang-19 python3 sha256sum flock; do
    command -v "$tool" >/dev/null || die "$tool not found; run scripts/install-native-deps.sh first"
done
mpirun --version 2>&1 | grep -q 'Open MPI' || die "mpirun is not Open MPI's ($(mpirun --version 2>&1 | head -1)); install openmpi-bin"

if [[ -n "$out_arg" ]]; then
    out=$out_arg
    rm -rf "$out"
    mkdir -p "$out"
else
    key=$( {
        for f in "$source_file" "$repo/agent/Makefile" "$repo"/agent/src/* "$0"; do
            echo "== $(basename "$f")"
            cat "$f"
        done
        clang-19 --version | head -1
        mpirun --version 2>&1 | head -1
    } | sha256sum | cut -c1-16)
    root="${XDG_CACHE_HOME:-$HOME/.cache}/ompd-explorer/mpi-job"
    out="$root/$key"
    if [[ -f "$out/MANIFEST.tsv" ]]; then
        echo "$out"
        exit 0
    fi
    mkdir -p "$root"
    exec 9>"$root/.$key.lock"
    flock 9
    if [[ -f "$out/MANIFEST.tsv" ]]; then
        echo "$out"
        exit 0
    fi
    rm -rf "$out"
    mkdir -p "$out"
fi
t0=$(date +%s.%N)

if [[ -n "$agent_arg" ]]; then
    agent=$(cd "$(dirname "$agent_arg")" && pwd)/$(basename "$agent_arg")
    [[ -f "$agent" ]] || die "no agent library at $agent_arg"
else
    make -s -C "$repo/agent" OUT="$out/agent" all >"$out/agent.build.log" 2>&1 \
        || die "building the capture agent failed: $(tail -3 "$out/agent.build.log")"
    agent="$out/agent/libompd-explorer-agent.so"
fi

# LLVM's libomp (the agent is an OMPT tool; GCC's libgomp starts none), frame pointers for the agent's stacks.
OMPI_CC=clang-19 mpicc -fopenmp -std=gnu11 -g -O0 -fno-omit-frame-pointer -Wall -Wextra -Werror \
    -o "$out/held_job" "$source_file" || die "compiling $source_file failed"

# The caller's OpenMP and agent settings must not leak into the job; nor another launcher's rank variables.
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(OMP|KMP|OMPD_EXPLORER|PMIX|PMI|OMPI_COMM)_' || true)
mkdir -p "$out/snapshots"
export OMP_TOOL_LIBRARIES="$agent" OMPD_EXPLORER_DIR="$out/snapshots" OMPD_EXPLORER_VERBOSE=1
mpirun --oversubscribe --allow-run-as-root -np "$ranks" -x OMP_TOOL_LIBRARIES -x OMPD_EXPLORER_DIR \
    -x OMPD_EXPLORER_VERBOSE "$out/held_job" "$held_rank" >"$out/run.log" 2>&1 &
mpirun_pid=$!
stop_job() {
    kill -TERM "$mpirun_pid" 2>/dev/null || return 0
    local i
    for ((i = 0; i < 100; i++)); do
        kill -0 "$mpirun_pid" 2>/dev/null || { wait "$mpirun_pid" 2>/dev/null || true; return 0; }
        sleep 0.1
    done
    kill -KILL "$mpirun_pid" 2>/dev/null || true
    wait "$mpirun_pid" 2>/dev/null || true
}
trap stop_job EXIT

# Bounded waits for events, not timings: every rank held, then every snapshot written.
for ((i = 0; i < 1200; i++)); do
    (($(grep -c '^READY ' "$out/run.log") >= ranks)) && break
    kill -0 "$mpirun_pid" 2>/dev/null || die "the job ended before every rank was held: $(tail -5 "$out/run.log")"
    sleep 0.05
done
(($(grep -c '^READY ' "$out/run.log") >= ranks)) || die "not every rank was held after 60 s: $(tail -5 "$out/run.log")"
t_held=$(date +%s.%N)
kill -USR2 "$mpirun_pid"
snaps() { find "$out/snapshots" -maxdepth 1 -name 'ompd-explorer-*.json' | wc -l; }
for ((i = 0; i < 1200; i++)); do
    (($(snaps) >= ranks)) && break
    sleep 0.05
done
(($(snaps) >= ranks)) || die "$(snaps) of $ranks snapshots after 60 s: $(tail -5 "$out/run.log")"
t_written=$(date +%s.%N)
stop_job
trap - EXIT

# Check the set and write the manifest (last).
python3 - "$out" "$ranks" "$held_rank" "$(hostname)" <<'EOF' || die "the snapshots are not the job's (above)"
import glob, json, os, re, sys
out, ranks, held, host = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
snap_dir = os.path.join(out, "snapshots")
files = sorted(os.listdir(snap_dir))
problems = []
def need(cond, what):
    if not cond:
        problems.append(what)
need(len(files) == ranks, "%d snapshots, not %d: %s" % (len(files), ranks, files))
by_rank, job_ids = {}, set()
name = re.compile(r"ompd-explorer-(\d+)-r(\d{4})-000001-(\d+)-signal\.json$")
for f in files:
    m = name.match(f)
    need(m is not None, "%s: not ompd-explorer-<job>-r<rank>-000001-<pid>-signal.json" % f)
    s = json.load(open(os.path.join(snap_dir, f), encoding="utf-8"))
    c, job = s["capture"], s["capture"].get("job", {})
    need(s["version"] == "1.4", "%s: version %s" % (f, s["version"]))
    need(job.get("size") == ranks and job.get("launcher") == "openmpi", "%s: job %s" % (f, job))
    need(c.get("host") == host, "%s: host %s, not %s" % (f, c.get("host"), host))
    need(m is None or (int(m.group(2)) == job.get("rank") and m.group(1) == job.get("id")
                       and int(m.group(3)) == c.get("pid")), "%s: name does not match capture %s" % (f, job))
    need(job.get("rank") not in by_rank, "%s: rank %s twice" % (f, job.get("rank")))
    by_rank[job.get("rank")] = (f, s)
    job_ids.add(job.get("id"))
need(sorted(by_rank) == list(range(ranks)), "ranks %s, not 0-%d once each" % (sorted(by_rank), ranks - 1))
need(len(job_ids) == 1, "job ids %s" % job_ids)
held_thread = None
for rank, (f, s) in sorted(by_rank.items()):
    states = [t["state"].get("name") for t in s["threads"]]
    need(len(states) == 2, "%s: %d threads, not 2" % (f, len(states)))
    if rank == held:
        waiting = [t for t in s["threads"] if t["state"].get("name") == "ompt_state_wait_barrier_explicit"]
        need(len(waiting) == 1 and states.count("ompt_state_work_parallel") == 1,
             "%s: the held rank's states %s" % (f, states))
        held_thread = waiting[0]["id"] if waiting else None
    else:
        need(states == ["ompt_state_work_parallel"] * 2, "%s: states %s" % (f, states))
        running = [t for t in s["tasks"] if t["kind"] == "explicit" and t["lifecycle"] == "running"]
        need(len(running) == 2, "%s: %d explicit tasks running, not 2" % (f, len(running)))
if problems:
    print("\n".join("make-mpi-job: " + p for p in problems), file=sys.stderr)
    sys.exit(1)
any_snap = by_rank[0][1]
lines = ["# the job view's fixture: scripts/make-mpi-job.sh (rank lines: rank, snapshot file)",
         "format\tompd-explorer-mpi-job 1", "snapshots\tsnapshots", "launcher\topenmpi", "size\t%d" % ranks, "threadsPerRank\t2",
         "jobId\t%s" % job_ids.pop(), "host\t%s" % host, "program\t%s" % os.path.join(out, "held_job"),
         "heldRank\t%d" % held, "heldThread\t%d" % held_thread, "heldState\tompt_state_wait_barrier_explicit",
         "heldFunction\tsolve_boundary", "otherFunction\texchange_halo", "otherState\tompt_state_work_parallel"]
lines += ["rank\t%d\tsnapshots/%s" % (r, by_rank[r][0]) for r in sorted(by_rank)]
tmp = os.path.join(out, ".MANIFEST.tsv.tmp")
with open(tmp, "w", encoding="utf-8") as m:
    m.write("\n".join(lines) + "\n")
os.rename(tmp, os.path.join(out, "MANIFEST.tsv"))
EOF
t1=$(date +%s.%N)
log "$ranks ranks held, signalled once, $ranks snapshots in $out/snapshots ($(awk -v a="$t0" -v b="$t1" -v h="$t_held" \
    -v w="$t_written" 'BEGIN { printf "%.1f s in all; the snapshots %.2f s after the signal", b - a, w - h }'))"
echo "$out"
