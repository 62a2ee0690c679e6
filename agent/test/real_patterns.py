"""Integration tests of the capture agent on the patterns of real task programs (test/patterns/): untied
recursion with and without final/mergeable cut-offs, a producer of millions of tiny tasks, a detached task
fulfilled late, and a target nowait on the host device. Each snapshot must obey OpenMP's invariants (checked
here, independently of the Java validator, which the corpus in the app module runs too), lose no record, and
show what the pattern is about. Called from integration.py."""
import glob
import json
import os
import signal
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PATTERNS = os.path.join(HERE, "patterns")


def invariants(snap):
    """OpenMP's invariants of one snapshot, as a list of violations (empty when it holds)."""
    tasks = {t["id"]: t for t in snap["tasks"]}
    errors = []
    running = {}
    for t in snap["tasks"]:
        if t.get("lifecycle") == "running":
            running.setdefault(t.get("thread"), []).append(t["id"])
            if t.get("thread") is None:
                errors.append("task %d runs on no thread" % t["id"])
    for thread, ids in running.items():
        if len(ids) > 1:
            errors.append("thread %s runs %d tasks %s" % (thread, len(ids), ids[:5]))
    on_stack = {}
    # a thread stopped in the middle of a task switch has its currentTask unavailable: its stack is not known
    unknown = {th["id"] for th in snap["threads"] if isinstance(th.get("currentTask"), dict)}
    for th in snap["threads"]:
        if th["id"] in unknown:
            continue
        at, level, seen = th.get("currentTask"), 0, set()
        if at is not None and tasks.get(at, {}).get("lifecycle") not in (None, "running"):
            errors.append("thread %d's current task %d is %s" % (th["id"], at, tasks[at].get("lifecycle")))
        while at in tasks and at not in seen:
            seen.add(at)
            t = tasks[at]
            if level > 0 and t.get("lifecycle") not in (None, "suspended"):
                errors.append("task %d below thread %d's top is %s" % (at, th["id"], t.get("lifecycle")))
            if t.get("thread") != th["id"]:
                errors.append("task %d on thread %d's stack names thread %s" % (at, th["id"], t.get("thread")))
            on_stack[at] = th["id"]
            at, level = t.get("schedulingTask"), level + 1
    for t in snap["tasks"]:
        lc = t.get("lifecycle")
        if lc in ("queued", "completed", "detached") and (t["id"] in on_stack or t.get("thread") is not None):
            errors.append("task %d is %s but held by thread %s" % (t["id"], lc, t.get("thread")))
        if lc in ("running", "suspended") and t.get("thread") is not None and t["id"] not in on_stack \
                and t.get("thread") not in unknown:
            errors.append("task %d is %s on thread %s but not on its stack" % (t["id"], lc, t.get("thread")))
        # never scheduled on its own descendant: walk the scheduling task's generating chain
        at, hops = t.get("schedulingTask"), 0
        while at in tasks and hops <= len(tasks):
            if at == t["id"]:
                errors.append("task %d is scheduled on its own descendant %d" % (t["id"], t["schedulingTask"]))
                break
            at, hops = tasks[at].get("generatingTask"), hops + 1
    return errors


def check_all(it, out, what, at_least=1):
    """Loads every snapshot in out; each must hold the invariants and lose nothing. Returns them in order."""
    files = sorted(glob.glob(os.path.join(out, "ompd-explorer-*.json")))
    it.check(len(files) >= at_least, "%s: at least %d snapshots, found %d" % (what, at_least, len(files)))
    snaps = []
    for f in files:
        s = it.load_checked(f, "%s %s" % (what, os.path.basename(f)))
        errors = invariants(s)
        it.check(not errors, "%s %s: invariants %s" % (what, os.path.basename(f), errors[:5]))
        lost = s["capture"].get("lost", [])
        it.check(not lost, "%s %s: lost %s" % (what, os.path.basename(f), lost))
        snaps.append(s)
    return snaps


def run(it, exe, args, agent, out, timeout=300, expect=None, **env):
    """Runs exe with the agent; its output must be the one it prints without the agent (or `expect`)."""
    os.makedirs(out)
    if expect is None:
        expect = subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout,
                                env=dict(it.agent_env(agent, out), OMP_TOOL="disabled")).stdout
    with_agent = subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout,
                                env=it.agent_env(agent, out, **env))
    it.check(with_agent.returncode == 0 and with_agent.stdout == expect,
             "%s: same output with the agent (%r) as without (%r); stderr %s"
             % (os.path.basename(exe), with_agent.stdout, expect, with_agent.stderr[-300:]))
    return with_agent


def test_untied(it, agent, work):
    exe = it.compile_program(os.path.join(PATTERNS, "untied_fib.c"), work)
    for cutoff, threads in (("0", "4"), ("6", "2")):
        if True:
            out = os.path.join(work, "untied-%s-%s" % (cutoff, threads))
            run(it, exe, ["27", cutoff], agent, out, OMP_NUM_THREADS=threads, OMPD_EXPLORER_INTERVAL="10",
                OMPD_EXPLORER_MAX_SNAPSHOTS="12", OMPD_EXPLORER_NUMBER_BLOCK="64")
            snaps = check_all(it, out, "untied fib cutoff %s, %s threads" % (cutoff, threads), at_least=2)
            # the recursion shows: explicit untied tasks suspended at their taskwait on some thread
            deep = max((sum(1 for t in s["tasks"] if t.get("lifecycle") == "suspended" and "untied" in t["flags"])
                        for s in snaps), default=0)
            it.check(deep >= 3, "untied fib: suspended untied tasks seen (%d)" % deep)


def test_producer(it, agent, work):
    exe = it.compile_program(os.path.join(PATTERNS, "producer.c"), work)
    out = os.path.join(work, "producer-snapshots")
    # 50M tasks, thousands alive at once (throttling off, a taskwait every 4096), a snapshot every 300 ms.
    n = 50000000
    checksum = (n // 8) * 28 + sum(range(n % 8))  # the sum of i & 7 over i < n
    run(it, exe, [str(n), "4096"], agent, out, timeout=600, expect="checksum %d\n" % checksum, OMP_NUM_THREADS="2",
        KMP_ENABLE_TASK_THROTTLING="0", OMPD_EXPLORER_INTERVAL="300", OMPD_EXPLORER_MAX_SNAPSHOTS="20")
    snaps = check_all(it, out, "producer of 50M tasks", at_least=2)
    live = max((len(s["tasks"]) for s in snaps), default=0)
    it.check(live >= 1000, "producer: thousands of tasks alive in a snapshot (%d)" % live)


def test_detach(it, agent, work):
    exe = it.compile_program(os.path.join(PATTERNS, "detach_late.c"), work)
    out = os.path.join(work, "detach")
    run(it, exe, [], agent, out, OMPD_EXPLORER_SIGNAL="none")
    snaps = check_all(it, out, "detach late fulfil")
    if not snaps:
        return
    s = snaps[0]
    detached = [t for t in s["tasks"] if t.get("lifecycle") == "detached"]
    it.check(len(detached) == 1 and detached[0].get("thread") is None,
             "detach: one detached task held by no thread %s" % [(t["id"], t.get("thread")) for t in detached])
    # the task that generated it waits for it: not completed
    if detached:
        parent = next((t for t in s["tasks"] if t["id"] == detached[0].get("generatingTask")), None)
        it.check(parent is not None and parent.get("lifecycle") in ("running", "suspended"),
                 "detach: its generating task is still there, waiting")


def test_target_nowait_host(it, agent, work, offload):
    missing = offload.offload_missing(it.CC)
    if missing:
        it.check(os.environ.get("CI") != "true", "target nowait: offload cannot be built: " + missing)
        print("integration: skipping target nowait on the host: " + missing)
        return
    src = os.path.join(PATTERNS, "target_nowait_host.c")
    exe = os.path.join(work, "target_nowait_host")
    subprocess.run([it.CC] + offload.TARGET_FLAGS + ["-O0", "-g", src, "-o", exe], check=True)
    out = os.path.join(work, "target-nowait")
    os.makedirs(out)
    env = offload.offload_env(it, agent, out)
    env.update(OMPD_EXPLORER_AT_EXIT="1", OMPD_EXPLORER_SIGNAL="none")
    r = subprocess.run([exe], capture_output=True, text=True, timeout=120, env=env)
    it.check(r.returncode == 0 and "x = 42" in r.stdout, "target nowait: ran (%r %r)" % (r.stdout, r.stderr[-300:]))
    labels = [json.load(open(f, encoding="utf-8"))["capture"]["label"]
              for f in sorted(glob.glob(os.path.join(out, "ompd-explorer-*.json")))]
    # The kernel's own initial task ended first; the program's end (the exit snapshot) comes after "after".
    it.check(labels == ["after", "exit"], "target nowait: snapshots in order after, exit: %s" % labels)


def test_real_patterns(it, agent, work, offload):
    test_untied(it, agent, work)
    test_producer(it, agent, work)
    test_detach(it, agent, work)
    test_target_nowait_host(it, agent, work, offload)
