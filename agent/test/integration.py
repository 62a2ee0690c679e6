#!/usr/bin/env python3
"""Integration tests of the capture agent: compile programs with clang-19 -fopenmp, run them with the agent
(omp_control_tool flush, the trigger signal, the at-exit snapshot), and assert the exact structure of the
snapshots they write: thread count, team sizes, the generating tree, scheduling links of suspended tasks,
queued tasks, dependence edges, flags, and that every link resolves; and the interval series
(OMPD_EXPLORER_INTERVAL): names in time order, the bound, the timer thread only when asked for, fork; target
offload (offload_integration.py): devices, the mapping table, target regions, transfers. When the
ompd-explorer launcher is built, each snapshot must also pass `ompd-explorer validate` with no error.

Usage: integration.py <libompd-explorer-agent.so> <work dir>. Prints "N passed, M failed"; exits 1 on a
failure."""
import datetime
import glob
import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import offload_integration
import real_patterns

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LESSONS = os.path.join(REPO, "scripts", "lessons")
LAUNCHER = os.path.join(REPO, "ompd-explorer")
CC = shutil.which("clang-19") or shutil.which("clang")

passed = 0
failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def compile_program(src, work, *flags):
    exe = os.path.join(work, os.path.splitext(os.path.basename(src))[0])
    subprocess.run([CC, "-fopenmp", "-O0", "-g", *flags, src, "-o", exe], check=True)
    return exe


def agent_env(agent, out_dir, **extra):
    # Nor a launcher's rank variables (a run under Slurm or mpirun): these programs are single processes, named so.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OMP_", "KMP_", "OMPD_EXPLORER_", "OMPI_COMM_WORLD_", "PMIX_", "PMI_", "SLURM_"))}
    env.update({"OMP_TOOL_LIBRARIES": agent, "OMPD_EXPLORER_DIR": out_dir, "OMPD_EXPLORER_NUMBER_BLOCK": "1"})
    env.update(extra)
    return env


def snapshots(out_dir):
    return sorted(glob.glob(os.path.join(out_dir, "ompd-explorer-*.json")))


def current_task_id(thread):
    """A thread's currentTask id, or None when it has none or it is unavailable (stopped in the middle of a task
    switch: {"unavailable": ..., "detail": ...})."""
    at = thread.get("currentTask")
    return at if isinstance(at, int) else None


def links_resolve(snap):
    """The same rules as the importer's validator: every link names an entity of the file, no cycles."""
    threads = {t["id"] for t in snap["threads"]}
    regions = {r["id"]: r for r in snap["parallelRegions"]}
    tasks = {t["id"]: t for t in snap["tasks"]}
    errors = []

    def link(value, ids, where):
        if isinstance(value, int) and value not in ids:
            errors.append(where)

    for t in snap["threads"]:
        link(t.get("currentTask"), tasks, "thread %d currentTask" % t["id"])
        link(t.get("currentRegion"), regions, "thread %d currentRegion" % t["id"])
    for r in snap["parallelRegions"]:
        link(r.get("enclosingRegion"), regions, "region %d enclosingRegion" % r["id"])
        link(r.get("encounteringTask"), tasks, "region %d encounteringTask" % r["id"])
        nums = [m["threadNum"] for m in r["members"]]
        if len(set(nums)) != len(nums) or any(n < 0 or n >= r.get("teamSize", 1 << 30) for n in nums):
            errors.append("region %d members" % r["id"])
        for m in r["members"]:
            link(m.get("thread"), threads, "region %d member thread" % r["id"])
            link(m.get("implicitTask"), tasks, "region %d member task" % r["id"])
    for t in snap["tasks"]:
        for field in ("generatingTask", "schedulingTask"):
            link(t.get(field), tasks, "task %d %s" % (t["id"], field))
        link(t.get("parallelRegion"), regions, "task %d parallelRegion" % t["id"])
        link(t.get("thread"), threads, "task %d thread" % t["id"])
        for d in t.get("dependsOn", []):
            link(d, tasks, "task %d dependsOn" % t["id"])
    for field in ("generatingTask", "schedulingTask"):
        for start in tasks:
            seen, at = set(), start
            while at in tasks and at not in seen:
                seen.add(at)
                at = tasks[at].get(field)
            if at in seen:
                errors.append("cycle in %s through %d" % (field, start))
    return errors


_launcher_works = None


def launcher_works():
    """The launcher exists once the app is built; before that, snapshots are checked here only."""
    global _launcher_works
    if _launcher_works is None:
        _launcher_works = os.access(LAUNCHER, os.X_OK) and subprocess.run(
            [LAUNCHER, "--version"], capture_output=True).returncode == 0
        if not _launcher_works:
            print("integration: ompd-explorer is not built; snapshots are checked without its validator")
    return _launcher_works


def validate_with_launcher(path):
    if not launcher_works():
        return
    result = subprocess.run([LAUNCHER, "validate", path], capture_output=True, text=True)
    check(result.returncode == 0 and " 0 error(s)" in result.stdout,
          "ompd-explorer validate %s: %s%s" % (os.path.basename(path), result.stdout, result.stderr))


def load_checked(path, what):
    snap = json.load(open(path, encoding="utf-8"))
    check(snap["format"] == "ompd-explorer-snapshot" and snap["version"] == "1.4", what + ": format header")
    check(snap["capture"]["source"] == "ompt-agent", what + ": capture.source")
    errors = links_resolve(snap)
    check(not errors, "%s: links %s" % (what, errors[:5]))
    bad = sites_outside_modules(snap)
    check(not bad, "%s: creation sites outside the module map %s" % (what, bad[:5]))
    bad = stack_problems(snap)
    check(not bad, "%s: call stacks %s" % (what, bad[:5]))
    validate_with_launcher(path)
    return snap


def sites_outside_modules(snap):
    """Every creation site (and, format 1.4, sync-region site) lies in one module of the map, and every module holds
    one or a frame's pc (format 1.3)."""
    modules = [(int(m["start"], 16), int(m["end"], 16)) for m in snap.get("modules", [])]
    sites = [int(e["creationSite"]["address"], 16) for e in snap["tasks"] + snap["parallelRegions"]
             + snap.get("targetRegions", []) if isinstance(e.get("creationSite"), dict)]
    sites += [int(t["syncRegion"]["site"]["address"], 16) for t in snap["threads"] if "site" in t.get("syncRegion", {})]
    pcs = [int(f["pc"], 16) for t in snap["threads"] for f in t.get("stack", {}).get("frames", [])]
    bad = [hex(a) for a in sites if sum(1 for lo, hi in modules if lo <= a < hi) != 1]
    bad += ["module %d holds none" % i for i, (lo, hi) in enumerate(modules)
            if not any(lo <= a < hi for a in sites + pcs)]
    return bad


STACK_PARTIAL = ("depth cap", "unreadable memory", "outside the code of every loaded module",
                 "not above the one before", "misaligned frame pointer", "no unwind information")


def stack_problems(snap):
    """Each thread's stack (format 1.3, as the agent writes it): raw frames with a pc, a module index naming the module
    that holds the pc, a CFA that grows outwards, an activation only on the innermost, at most 256 frames, and a
    partial reason only of the kinds the agent gives."""
    modules = snap.get("modules", [])
    bad = []
    for t in snap["threads"]:
        stack = t.get("stack")
        if stack is None:
            continue
        frames = stack["frames"]
        where = "thread %d" % t["id"]
        if not 1 <= len(frames) <= 256:
            bad.append("%s: %d frames" % (where, len(frames)))
        if set(stack) - {"frames", "partial"}:
            bad.append("%s: fields %s" % (where, sorted(stack)))
        if "partial" in stack and not any(p in stack["partial"] for p in STACK_PARTIAL):
            bad.append("%s: partial %r" % (where, stack["partial"]))
        cfas = []
        for k, f in enumerate(frames):
            if set(f) - {"pc", "cfa", "activation", "module"} or (f.get("activation") and k > 0):
                bad.append("%s frame %d: %s" % (where, k, f))
            if "module" in f:
                m = modules[f["module"]] if 0 <= f["module"] < len(modules) else None
                if m is None or not int(m["start"], 16) <= int(f["pc"], 16) < int(m["end"], 16):
                    bad.append("%s frame %d: pc %s not in module %s" % (where, k, f["pc"], f["module"]))
            if "cfa" in f:
                cfas.append(int(f["cfa"], 16))
        if cfas != sorted(cfas) or len(set(cfas)) != len(cfas):
            bad.append("%s: CFAs not growing outwards %s" % (where, [hex(c) for c in cfas]))
    return bad


def functions_of(exe):
    """The executable's functions from its ELF symbol table (nm): [(start, end, name)], file-relative."""
    out = subprocess.run(["nm", "-S", "--defined-only", exe], capture_output=True, text=True, check=True).stdout
    functions = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            start = int(parts[0], 16)
            functions.append((start, start + int(parts[1], 16), parts[3]))
    return functions


def frame_functions(snap, thread, exe):
    """The names of a thread's frames in the executable (looked up at pc, or pc - 1 for a return address), innermost
    first; a frame in another module (or none) is "-"."""
    functions = functions_of(exe)
    names = []
    for f in thread.get("stack", {}).get("frames", []):
        module = snap["modules"][f["module"]] if "module" in f else None
        name = "-"
        if module is not None and module["path"] == exe:
            rel = int(f["pc"], 16) - int(module["loadBias"], 16) - (0 if f.get("activation") else 1)
            name = next((n for lo, hi, n in functions if lo <= rel < hi), "?")
        names.append(name)
    return names


def load_one(out_dir, what):
    files = snapshots(out_dir)
    check(len(files) == 1, "%s: expected one snapshot, found %d" % (what, len(files)))
    if not files:
        return None
    return load_checked(files[0], what)


def lesson_labels(name):
    catalog = json.load(open(os.path.join(LESSONS, "lessons.json"), encoding="utf-8"))
    return [s["label"] for s in next(l for l in catalog["lessons"] if l["name"] == name)["steps"]]


def run_lesson(name, agent, work, step):
    """Runs a lesson program; checks it took one snapshot per step of lessons.json, labelled as listed, and returns
    step number `step` (1 for the first)."""
    exe = compile_program(os.path.join(LESSONS, name + ".c"), work)
    out = os.path.join(work, name + ".out")
    os.makedirs(out)
    subprocess.run([exe], env=agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none"), check=True, timeout=60,
                   stdout=subprocess.DEVNULL)
    steps = [load_checked(f, "%s step %d" % (name, i + 1)) for i, f in enumerate(snapshots(out))]
    labels = [s["capture"]["label"] for s in steps]
    check(labels == lesson_labels(name), "%s: steps %s" % (name, labels))
    return steps[step - 1] if len(steps) >= step else None


def lifecycles(snap):
    counts = {}
    for t in snap["tasks"]:
        counts[t.get("lifecycle")] = counts.get(t.get("lifecycle"), 0) + 1
    return counts


def stack(snap, thread_id):
    tasks = {t["id"]: t for t in snap["tasks"]}
    thread = next(t for t in snap["threads"] if t["id"] == thread_id)
    chain, at = [], current_task_id(thread)
    while at in tasks:
        chain.append(at)
        at = tasks[at].get("schedulingTask")
    return chain


def test_fib(agent, work):
    s = run_lesson("fib-taskwait", agent, work, 1)
    if s is None:
        return
    check(len(s["threads"]) == 2, "fib: 2 threads")
    check(sorted(r["teamSize"] for r in s["parallelRegions"]) == [1, 2], "fib: teams of 1 and 2")
    gen = {t["id"]: t.get("generatingTask") for t in s["tasks"]}
    check(gen == {1: None, 2: 1, 3: 2, 4: 1, 5: 2, 6: 5, 7: 5, 8: 7, 9: 7, 10: 9, 11: 9}, "fib: generating tree %s" % gen)
    check(lifecycles(s) == {"suspended": 6, "running": 2, "queued": 3}, "fib: lifecycles %s" % lifecycles(s))
    check(stack(s, 1) == [11, 9, 7, 5, 2, 1], "fib: stack of thread 1 %s" % stack(s, 1))
    check(stack(s, 2) == [3, 4], "fib: stack of thread 2 %s" % stack(s, 2))
    queued = sorted(t["id"] for t in s["tasks"] if t["lifecycle"] == "queued")
    check(queued == [6, 8, 10], "fib: queued %s" % queued)
    fib11 = next(t for t in s["tasks"] if t["id"] == 11)
    check(fib11["creationSite"].get("symbol") == "fib", "fib: creation site symbol")
    check(fib11["function"] == {"unavailable": "unsupported",
                                "detail": "OMPT does not report a task's entry function"}, "fib: function unavailable")
    check("exit" in fib11["frames"] and "enter" in fib11["frames"], "fib: frames of a running task")
    check(fib11["toolData"]["value"] == 11 and fib11["creationOrder"] == 11, "fib: tool data = creation order")
    # The module map: the program itself, with the build-id its file has, loaded where the sites are.
    exe = os.path.join(work, "fib-taskwait")
    # the program holds every creation site; the other modules (the runtime, libc) hold frames of the threads' stacks
    with_sites = [m["path"] for m in s["modules"] if m["codeAddresses"]]
    check(with_sites == [exe] and s["modules"][0]["path"] == exe, "fib: module map %s" % with_sites)
    module = s["modules"][0]
    check(bytes.fromhex(module.get("buildId", "")) in open(exe, "rb").read() and len(module["buildId"]) == 40,
          "fib: the build-id is the file's %s" % module.get("buildId"))
    check(module["fileSize"] == os.path.getsize(exe) and int(module["loadBias"], 16) % 4096 == 0,
          "fib: file size and load bias %s" % module)
    # A program that never offloads: the process alone, no offload object, no target regions.
    check(s["addressSpaces"] == [{"id": 0}] and "targetRegions" not in s, "fib: no offload %s" % s["addressSpaces"])


def test_compressed(agent, work):
    """OMPD_EXPLORER_COMPRESS=1: every step written as .json.gz, which gunzips to a valid snapshot that the Java
    importer loads (and exports) exactly as the same JSON uncompressed."""
    name = "fib-taskwait"
    sub = os.path.join(work, "compressed")
    os.makedirs(sub)
    exe = compile_program(os.path.join(LESSONS, name + ".c"), sub)
    out = os.path.join(sub, "out")
    os.makedirs(out)
    result = subprocess.run([exe], env=agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none", OMPD_EXPLORER_COMPRESS="1"),
                            timeout=60, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    check(result.returncode == 0 and not agent_lines(result.stderr), "compressed: ran quietly: %s" % result.stderr)
    packed = sorted(glob.glob(os.path.join(out, "ompd-explorer-*.json.gz")))
    check(len(packed) == len(lesson_labels(name)) and not snapshots(out),
          "compressed: one .json.gz per step, no .json: %s" % os.listdir(out))
    for i, gz in enumerate(packed):
        data = open(gz, "rb").read()
        check(data[:2] == b"\x1f\x8b", "compressed: %s starts with gzip's magic bytes" % os.path.basename(gz))
        plain = os.path.join(sub, "step%d.json" % (i + 1))
        with open(plain, "wb") as f:
            f.write(gzip.decompress(data))
        snap = load_checked(plain, "compressed step %d" % (i + 1))
        check(snap["capture"]["label"] == lesson_labels(name)[i], "compressed: step %d label" % (i + 1))
        if launcher_works():
            validate_with_launcher(gz)
            a, b = os.path.join(sub, "a%d.json" % i), os.path.join(sub, "b%d.json" % i)
            ra = subprocess.run([LAUNCHER, "export", gz, "-o", a], capture_output=True, text=True)
            rb = subprocess.run([LAUNCHER, "export", plain, "-o", b], capture_output=True, text=True)
            check(ra.returncode == 0 and rb.returncode == 0 and open(a, "rb").read() == open(b, "rb").read(),
                  "compressed: step %d imports as the plain file does %s%s" % (i + 1, ra.stderr, rb.stderr))


def test_nested(agent, work):
    s = run_lesson("nested-parallel", agent, work, 2)
    if s is None:
        return
    check(len(s["threads"]) == 4, "nested: 4 threads")
    regions = {r["id"]: r for r in s["parallelRegions"]}
    shape = sorted((r["level"], r["teamSize"], r.get("activeLevel")) for r in regions.values())
    check(shape == [(0, 1, 0), (1, 2, 1), (2, 2, 2), (2, 2, 2)], "nested: levels/teams %s" % shape)
    inner = [r for r in regions.values() if r["level"] == 2]
    check(all(regions[r["enclosingRegion"]]["level"] == 1 for r in inner), "nested: inner regions enclosed by outer")
    check(all(len(r["members"]) == 2 for r in inner), "nested: inner teams complete")
    check(all(t["kind"] in ("implicit", "initial") for t in s["tasks"]) and len(s["tasks"]) == 7, "nested: 7 tasks")
    icvs = {i["name"]: i["id"] for i in s["icvs"]}
    for r in inner:
        values = {v["icv"]: v["value"] for v in r["icvs"]}
        check(values.get(icvs["team-size-var"]) == 2 and values.get(icvs["levels-var"]) == 2,
              "nested: ICVs of an inner region %s" % values)
    # max-active-levels-var (omp_set_max_active_levels(2) in the initial task, inherited): read by each stopped
    # thread for the task it runs, so on exactly the four running inner implicit tasks
    check(next(i["scope"] for i in s["icvs"] if i["name"] == "max-active-levels-var") == "task",
          "nested: max-active-levels-var in the catalogue, task scope")
    limit = {t["id"]: v["value"] for t in s["tasks"] for v in t["icvs"] if v["icv"] == icvs["max-active-levels-var"]}
    running = {t["id"] for t in s["tasks"] if t.get("lifecycle") == "running"}
    check(len(running) == 4 and limit == {n: 2 for n in running}, "nested: max-active-levels-var %s" % limit)


def test_taskgroup(agent, work):
    s = run_lesson("taskgroup-flags", agent, work, 3)
    if s is None:
        return
    flags = sorted(tuple(t["flags"]) for t in s["tasks"] if t["kind"] == "explicit")
    check(flags == [(), ("final",), ("undeferred", "final", "included"), ("untied",)], "taskgroup: flags %s" % flags)
    check(lifecycles(s).get("queued") == 1, "taskgroup: one queued task")
    included = next(t for t in s["tasks"] if "included" in t["flags"])
    final = next(t for t in s["tasks"] if t["flags"] == ["final"])
    check(included["generatingTask"] == final["id"] and included["schedulingTask"] == final["id"],
          "taskgroup: the included task runs on top of its final parent")
    check(final["lifecycle"] == "suspended" and included["lifecycle"] == "running", "taskgroup: lifecycles")
    untied = next(t for t in s["tasks"] if t["flags"] == ["untied"])
    check(untied["lifecycle"] == "running" and untied["thread"] != included["thread"], "taskgroup: untied on thread 2")


def test_dependences(agent, work):
    s = run_lesson("task-dependences", agent, work, 2)
    if s is None:
        return
    edges = {t["id"]: t.get("dependsOn") for t in s["tasks"] if t.get("dependsOn")}
    check(edges == {5: [3], 6: [3], 7: [5, 6], 8: [3], 9: [8]}, "dependences: edges %s" % edges)
    types = {t["id"]: [d["type"] for d in t.get("dependences", [])] for t in s["tasks"] if t["kind"] == "explicit"}
    check(types == {3: ["inout"], 5: ["in", "inout"], 6: ["in", "inout"], 7: ["in", "in"], 8: ["in", "inout"],
                    9: ["inout"]}, "dependences: types %s" % types)
    check(lifecycles(s).get("queued") == 5, "dependences: five queued")


def test_stolen(agent, work):
    s = run_lesson("task-stolen", agent, work, 2)
    if s is None:
        return
    task = next(t for t in s["tasks"] if t["kind"] == "explicit")
    tasks = {t["id"]: t for t in s["tasks"]}
    check(task["lifecycle"] == "running" and task["schedulingTask"] != task["generatingTask"],
          "stolen: running on top of another task than its generating one %s" % task)
    check(tasks[task["schedulingTask"]]["thread"] == task["thread"] != tasks[task["generatingTask"]]["thread"],
          "stolen: its scheduling task on its thread, its generating task on the other")


def test_backlog(agent, work):
    s = run_lesson("task-backlog", agent, work, 2)
    if s is None:
        return
    queued = [t for t in s["tasks"] if t["lifecycle"] == "queued"]
    check(len(queued) == 100, "backlog: 100 queued, found %d" % len(queued))
    check(len({t["creationSite"]["address"] for t in queued}) == 1, "backlog: one creation site")
    check([t["creationOrder"] for t in queued] == list(range(5, 105)), "backlog: creation order")
    check(all("thread" not in t for t in queued), "backlog: queued tasks have no thread")


def test_signal(agent, work):
    exe = compile_program(os.path.join(HERE, "signal_target.c"), work)
    out = os.path.join(work, "signal.out")
    os.makedirs(out)
    proc = subprocess.Popen([exe], env=agent_env(agent, out), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        check(proc.stdout.readline().strip() == "ready", "signal: target ready")
        proc.send_signal(signal.SIGUSR2)
        deadline = time.time() + 20
        while not snapshots(out) and time.time() < deadline:
            time.sleep(0.05)
        proc.stdin.write("\n")
        proc.stdin.flush()
        check(proc.wait(timeout=30) == 0, "signal: the program runs on")
    finally:
        if proc.poll() is None:
            proc.kill()
    s = load_one(out, "signal")
    if s is None:
        return
    check(s["capture"]["label"] == "signal", "signal: label")
    check(len(s["threads"]) == 3, "signal: 3 threads")
    team = next(r for r in s["parallelRegions"] if r["level"] == 1)
    check(team["teamSize"] == 3 and [m["threadNum"] for m in team["members"]] == [0, 1, 2], "signal: team of 3")
    check(all(t["state"].get("name") == "ompt_state_work_parallel" for t in s["threads"]), "signal: states")
    check(all(t.get("currentRegion") == team["id"] for t in s["threads"]), "signal: current regions")
    check(sorted(t.get("lwp") for t in [x["osIds"] for x in s["threads"]])[0] == proc.pid, "signal: lwp of thread 1")


def test_at_exit_and_unwritable(agent, work):
    exe = compile_program(os.path.join(LESSONS, "nested-parallel.c"), work)
    out = os.path.join(work, "exit.out")
    os.makedirs(out)
    subprocess.run([exe], env=agent_env(agent, out, OMPD_EXPLORER_AT_EXIT="1"), check=True, timeout=60,
                   stdout=subprocess.DEVNULL)
    labels = sorted(json.load(open(f))["capture"]["label"] for f in snapshots(out))
    # the lesson's own snapshots (one per step of lessons.json), then the one taken at exit
    check(labels == sorted(lesson_labels("nested-parallel") + ["exit"]), "at exit: labels %s" % labels)
    for f in snapshots(out):
        check(not links_resolve(json.load(open(f))), "at exit: links of " + os.path.basename(f))
        validate_with_launcher(f)

    result = subprocess.run([exe], env=agent_env(agent, "/nonexistent/ompd-explorer-test"), timeout=60,
                            capture_output=True, text=True)
    check(result.returncode == 0 and "done" in result.stdout, "unwritable: the program runs on")
    lines = [l for l in result.stderr.splitlines() if l.startswith("ompd-explorer-agent:")]
    check(len(lines) == 1 and "cannot write snapshot" in lines[0], "unwritable: one line %s" % lines)


def run_exit_target(exe, mode, agent, out, **env):
    """Runs exit_target.c in one mode with the agent into a new directory; returns the result (a hang is a failure:
    the timeout is only a guard)."""
    os.makedirs(out)
    env = dict({"OMPD_EXPLORER_SIGNAL": "none"}, **env)
    try:
        return subprocess.run([exe, mode], env=agent_env(agent, out, **env), timeout=60, capture_output=True,
                              text=True)
    except subprocess.TimeoutExpired:
        check(False, "%s: the program hung" % out)
        return None


def test_exit_inside(agent, work):
    """OMPD_EXPLORER_AT_EXIT=1 and exit() called inside OpenMP: the runtime never ends the initial task nor finalizes
    the tool then, yet one snapshot must show the state at the exit() call, and the program end as it would."""
    exe = compile_program(os.path.join(HERE, "exit_target.c"), work)
    for mode, team in (("parallel", 3), ("worker", 3), ("task", 2), ("nested", 4)):
        what = "exit inside %s" % mode
        out = os.path.join(work, "exit-" + mode + ".out")
        result = run_exit_target(exe, mode, agent, out, OMPD_EXPLORER_AT_EXIT="1")
        if result is None:
            continue
        check(result.returncode == 3 and result.stdout.startswith("exit from "),
              "%s: exit status %d, output %r" % (what, result.returncode, result.stdout))
        check(not agent_lines(result.stderr), "%s: agent lines %s" % (what, agent_lines(result.stderr)))
        check(not [n for n in os.listdir(out) if n.endswith(".tmp")], what + ": a temporary file remains")
        s = load_one(out, what)
        if s is None:
            continue
        check(s["capture"]["label"] == "exit", what + ": label")
        lwp = int(result.stdout.split()[2])
        caller = [t for t in s["threads"] if t["osIds"]["lwp"] == lwp]
        check(len(caller) == 1, "%s: the thread that called exit (lwp %d) is in the snapshot" % (what, lwp))
        if not caller:
            continue
        tasks = {t["id"]: t for t in s["tasks"]}
        regions = {r["id"]: r for r in s["parallelRegions"]}
        current = tasks.get(current_task_id(caller[0]), {})
        check(current.get("lifecycle") == "running" and current.get("thread") == caller[0]["id"],
              "%s: the caller's current task runs on it %s" % (what, current))
        check(current.get("kind") == ("explicit" if mode == "task" else "implicit"),
              "%s: the caller's current task is %s" % (what, current.get("kind")))
        region = regions.get(caller[0].get("currentRegion"), {})
        check(region.get("level") == (2 if mode == "nested" else 1), "%s: the caller's region %s" % (what, region))
        expected_num = {"parallel": 0, "worker": 2, "task": 0, "nested": 1}[mode]
        implicit = current if mode != "task" else tasks.get(current.get("schedulingTask"), {})
        check(implicit.get("kind") == "implicit" and implicit.get("threadNum") == expected_num,
              "%s: the caller's implicit task %s" % (what, implicit))
        if mode == "task":
            check(implicit.get("lifecycle") == "suspended", "%s: the implicit task waits under the task" % what)
        # The other threads were stopped where they spin, in their own implicit tasks of the team.
        inner = [r for r in s["parallelRegions"] if r["level"] == (2 if mode == "nested" else 1)]
        members = sum(len(r["members"]) for r in inner)
        check(members == team, "%s: %d team members %s" % (what, members, inner))
        others = [t for t in s["threads"] if t["osIds"]["lwp"] != lwp and t.get("currentRegion") in
                  [r["id"] for r in inner]]
        check(len(others) == team - 1 and all(t["state"].get("name") == "ompt_state_work_parallel" for t in others)
              and all(tasks.get(current_task_id(t), {}).get("lifecycle") == "running" for t in others),
              "%s: the other threads where they are %s" % (what, others))


def test_exit_in_handler(agent, work):
    """exit() from a signal handler that interrupted the thread while it took a snapshot (it holds the agent's lock):
    the at-exit snapshot must not wait for ever on that lock; the program ends with its status and one line."""
    exe = compile_program(os.path.join(HERE, "exit_target.c"), work)
    out = os.path.join(work, "exit-handler.out")
    result = run_exit_target(exe, "handler", agent, out, OMPD_EXPLORER_AT_EXIT="1")
    if result is None:
        return
    check(result.returncode == 4, "exit in handler: exit status %d" % result.returncode)
    lines = agent_lines(result.stderr)
    check(len(lines) == 1 and "at-exit snapshot" in lines[0], "exit in handler: one line %s" % lines)
    check(not [n for n in os.listdir(out) if n.endswith(".tmp")], "exit in handler: a temporary file remains")
    for f in snapshots(out):
        load_checked(f, "exit in handler " + os.path.basename(f))


def test_signal_after_exit(agent, work):
    """A trigger signal that arrives after the program ended (between exit() and the runtime's finalizer, when its
    threads are being torn down) takes no snapshot: it would hold no threads and no tasks, after the at-exit one."""
    exe = compile_program(os.path.join(HERE, "exit_target.c"), work)
    out = os.path.join(work, "late-signal.out")
    result = run_exit_target(exe, "late", agent, out, OMPD_EXPLORER_SIGNAL="SIGUSR2", OMPD_EXPLORER_AT_EXIT="1")
    if result is None:
        return
    check(result.returncode == 0 and result.stdout == "team of 3\n",
          "late signal: exit status %d, output %r" % (result.returncode, result.stdout))
    names = snapshots(out)
    check(len(names) == 1, "late signal: only the at-exit snapshot %s" % [os.path.basename(n) for n in names])
    s = load_one(out, "late signal")
    if s is not None:
        check(s["capture"]["label"] == "exit", "late signal: the one snapshot is the at-exit one")


def test_signal_variables(agent, work):
    """A signal the agent cannot use is refused by number as by name: a trigger on SIGSEGV must not turn a crash into
    a loop of snapshots, a stop signal of SIGKILL or SIGSTOP must not kill or stop the program."""
    exe = compile_program(os.path.join(HERE, "exit_target.c"), work)
    result = run_exit_target(exe, "segv", agent, os.path.join(work, "segv.out"), OMPD_EXPLORER_SIGNAL="11")
    if result is not None:
        check(result.returncode == -signal.SIGSEGV, "SIGNAL=11: the program dies of its fault (status %d)"
              % result.returncode)
        check(not snapshots(os.path.join(work, "segv.out")), "SIGNAL=11: no snapshot")
        lines = agent_lines(result.stderr)
        check(len(lines) == 1 and "OMPD_EXPLORER_SIGNAL=11 " in lines[0] and "SIGSEGV" in lines[0],
              "SIGNAL=11: one line %s" % lines)
    for number in ("9", "19", "11"):
        out = os.path.join(work, "stop-%s.out" % number)
        result = run_exit_target(exe, "plain", agent, out, OMPD_EXPLORER_STOP_SIGNAL=number, OMPD_EXPLORER_AT_EXIT="1")
        if result is None:
            continue
        check(result.returncode == 0 and result.stdout == "team of 3\n",
              "STOP_SIGNAL=%s: exit status %d, output %r" % (number, result.returncode, result.stdout))
        lines = agent_lines(result.stderr)
        check(len(lines) == 1 and ("OMPD_EXPLORER_STOP_SIGNAL=%s " % number) in lines[0]
              and "using SIGRTMIN+5" in lines[0], "STOP_SIGNAL=%s: one line %s" % (number, lines))
        s = load_one(out, "STOP_SIGNAL=%s" % number)
        if s is not None:
            check(len(s["threads"]) == 3 and all("state" in t and "value" in t["state"] for t in s["threads"]),
                  "STOP_SIGNAL=%s: all three threads stopped %s" % (number, s["threads"]))


def capture_seconds(snap):
    """capture.time (UTC, milliseconds) as seconds since the epoch."""
    when = datetime.datetime.strptime(snap["capture"]["time"], "%Y-%m-%dT%H:%M:%S.%fZ")
    return when.replace(tzinfo=datetime.timezone.utc).timestamp()


def agent_lines(stderr):
    return [l for l in stderr.splitlines() if l.startswith("ompd-explorer-agent:")]


def run_series(exe, args, agent, out, **env):
    """Runs exe with the agent into a new directory out; returns (result, names in plain sorted order, snapshots)."""
    os.makedirs(out)
    env = dict({"OMPD_EXPLORER_SIGNAL": "none"}, **env)
    result = subprocess.run([exe] + args, env=agent_env(agent, out, **env), timeout=60, capture_output=True, text=True)
    check(result.returncode == 0, "%s: exit status %d: %s" % (out, result.returncode, result.stderr))
    check(not [n for n in os.listdir(out) if n.endswith(".tmp")], "%s: a temporary file remains" % out)
    names = sorted(n for n in os.listdir(out) if n.endswith(".json"))
    return result, names, [json.load(open(os.path.join(out, n), encoding="utf-8")) for n in names]


def check_series(what, out, names, snaps, interval, max_snapshots=100):
    """Names sort in time; each file is a whole, valid snapshot labelled interval, numbered in the series. (The
    gaps between capture times are not checked: on a loaded machine a tick waits for the threads to stop.)"""
    pid = snaps[0]["capture"]["pid"] if snaps else 0
    seqs = [n.split("-")[3] for n in names]
    check(all(n.startswith("ompd-explorer-%d-" % pid) and n.endswith("-interval.json") for n in names),
          "%s: names %s" % (what, names[:3]))
    check(all(len(q) == 6 and q.isdigit() for q in seqs) and [int(q) for q in seqs] == list(range(1, len(names) + 1)),
          "%s: six-digit sequence numbers from 1 %s" % (what, seqs))
    times = [capture_seconds(s) for s in snaps]
    check(times == sorted(times) and len(set(times)) == len(times), "%s: name order is time order %s" % (what, times))
    for k, (name, snap) in enumerate(zip(names, snaps), 1):
        check(snap["format"] == "ompd-explorer-snapshot" and snap["version"] == "1.4", what + ": format header")
        check(snap["capture"]["label"] == "interval", "%s: label of %s" % (what, name))
        check("[agent: interval snapshot %d of at most %d, one every %d ms]" % (k, max_snapshots, interval)
              in snap["capture"].get("description", ""), "%s: series position in %s" % (what, name))
        errors = links_resolve(snap) + stack_problems(snap)
        check(not errors, "%s: links and stacks of %s %s" % (what, name, errors[:5]))
        validate_with_launcher(os.path.join(out, name))


def test_series(agent, work):
    exe = compile_program(os.path.join(HERE, "hang_target.c"), work)
    out = os.path.join(work, "series.out")
    started = time.time()
    result, names, snaps = run_series(exe, ["0.5"], agent, out, OMPD_EXPLORER_INTERVAL="50")
    # 0.5 s at 50 ms: up to 10 (or 11 with the runtime's start-up); fewer only on a very busy machine.
    check(4 <= len(names) <= 11, "series: %d snapshots in 0.5 s at 50 ms" % len(names))
    check(not agent_lines(result.stderr), "series: no agent line %s" % agent_lines(result.stderr))
    check_series("series", out, names, snaps, 50)
    check(snaps and capture_seconds(snaps[0]) >= started + 0.045, "series: the first snapshot after one interval")

    out = os.path.join(work, "series-bounded.out")
    result, names, snaps = run_series(exe, ["0.5"], agent, out, OMPD_EXPLORER_INTERVAL="50",
                                      OMPD_EXPLORER_MAX_SNAPSHOTS="3")
    check(len(names) == 3, "series bounded: 3 snapshots, found %d" % len(names))
    check_series("series bounded", out, names, snaps, 50, 3)
    lines = agent_lines(result.stderr)
    check(len(lines) == 1 and "took 3 interval snapshots" in lines[0], "series bounded: one line %s" % lines)

    # Explicit triggers are not counted: the at-exit snapshot comes after a full series, last in name order.
    out = os.path.join(work, "series-exit.out")
    result, names, snaps = run_series(exe, ["0.3"], agent, out, OMPD_EXPLORER_INTERVAL="10",
                                      OMPD_EXPLORER_MAX_SNAPSHOTS="2", OMPD_EXPLORER_AT_EXIT="1")
    labels = [s["capture"]["label"] for s in snaps]
    check(labels == ["interval", "interval", "exit"], "series and exit: labels in name order %s" % labels)
    times = [capture_seconds(s) for s in snaps]
    check(times == sorted(times), "series and exit: name order is time order")

    out = os.path.join(work, "series-unset.out")
    result, names, _ = run_series(exe, ["0.3"], agent, out)
    check(not names and not agent_lines(result.stderr), "no variable: no snapshot, no line %s" % names)
    out = os.path.join(work, "series-invalid.out")
    result, names, _ = run_series(exe, ["0.3"], agent, out, OMPD_EXPLORER_INTERVAL="1s")
    lines = agent_lines(result.stderr)
    check(not names and len(lines) == 1 and "OMPD_EXPLORER_INTERVAL=1s" in lines[0],
          "invalid interval: no snapshot, one line %s %s" % (names, lines))


def agent_threads(exe, agent, out, **env):
    """Names of the agent's own threads (ompd-x-*) in a running signal_target."""
    os.makedirs(out, exist_ok=True)
    proc = subprocess.Popen([exe], env=agent_env(agent, out, **env), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        check(proc.stdout.readline().strip() == "ready", "threads: target ready")
        names = []
        for task in glob.glob("/proc/%d/task/*/comm" % proc.pid):
            with open(task) as f:
                names.append(f.read().strip())
        proc.stdin.write("\n")
        proc.stdin.flush()
        check(proc.wait(timeout=30) == 0, "threads: the program runs on")
    finally:
        if proc.poll() is None:
            proc.kill()
    return sorted(n for n in names if n.startswith("ompd-x-"))


def test_series_thread(agent, work):
    exe = compile_program(os.path.join(HERE, "signal_target.c"), work)
    out = os.path.join(work, "threads.out")
    none = agent_threads(exe, agent, out, OMPD_EXPLORER_SIGNAL="none")
    check(none == [], "no variable: no agent thread %s" % none)
    series = agent_threads(exe, agent, out, OMPD_EXPLORER_SIGNAL="none", OMPD_EXPLORER_INTERVAL="60000")
    check(series == ["ompd-x-series"], "interval: one timer thread %s" % series)
    both = agent_threads(exe, agent, out, OMPD_EXPLORER_INTERVAL="60000")
    check(both == ["ompd-x-series", "ompd-x-signal"], "interval and signal: two agent threads %s" % both)


def test_hang_series(agent, work):
    """The target for comparing a series: one thread stuck at the same place, the other creating tasks."""
    exe = compile_program(os.path.join(HERE, "hang_target.c"), work)
    out = os.path.join(work, "hang.out")
    # Ticks at 0.35, 0.7, 1.05 and 1.4 s: the last one well before the spinner is released at 1.5 s.
    result, names, snaps = run_series(exe, [], agent, out, OMPD_EXPLORER_INTERVAL="350")
    check("spinner on thread 0" in result.stdout, "hang: the spinner runs on thread 0: " + result.stdout)
    check(len(snaps) >= 3, "hang: at least 3 snapshots in 1.5 s at 350 ms, found %d" % len(snaps))
    check_series("hang", out, names, snaps, 350)
    spinners, workers = [], []
    for s in snaps:
        tasks = {t["id"]: t for t in s["tasks"]}
        stuck = [t for t in s["tasks"] if t["kind"] == "explicit" and t["lifecycle"] == "running"
                 and tasks.get(t.get("schedulingTask"), {}).get("lifecycle") == "suspended"
                 and tasks[t["schedulingTask"]]["kind"] == "implicit"
                 and tasks[t["schedulingTask"]].get("threadNum") == 0]
        spinners.append([(t["id"], t["thread"], t["schedulingTask"]) for t in stuck])
        workers.append(sorted(t["id"] for t in s["tasks"] if t["kind"] == "explicit" and t.get("generatingTask")
                              not in [x["schedulingTask"] for x in stuck]))
    check(len(spinners[0]) == 1 and all(sp == spinners[0] for sp in spinners),
          "hang: the same task stuck on the same thread in every snapshot %s" % spinners)
    # The worker may be between two rounds when a snapshot comes (no task of its own then).
    busy = [w for w in workers if w]
    check(len(busy) >= 2 and all(max(a) < min(b) for a, b in zip(busy, busy[1:])),
          "hang: tasks created and finished between snapshots %s" % workers)


def test_series_fork(agent, work):
    """Forks while the timer takes snapshots every 10 ms: a child whose runtime announces its thread while the
    parent's timer held the snapshot lock used to hang (in about half of the 1 s runs)."""
    exe = compile_program(os.path.join(HERE, "fork_target.c"), work)
    out = os.path.join(work, "fork.out")
    result, names, snaps = run_series(exe, ["1.0"], agent, out, OMPD_EXPLORER_INTERVAL="10",
                                      OMPD_EXPLORER_MAX_SNAPSHOTS="1000", OMPD_EXPLORER_SIGNAL="SIGUSR2")
    check("children" in result.stdout, "fork: children ran " + result.stdout + result.stderr)
    check(len(snaps) >= 5 and all(s["capture"]["pid"] == snaps[0]["capture"]["pid"] for s in snaps),
          "fork: a series from the parent only, %d snapshots" % len(snaps))


# Thread states in which a thread executes a task (work_serial, work_parallel, work_reduction, wait_taskwait,
# wait_taskgroup): the validator's no-current-task rule (StackChecks) requires a currentTask then, known or unavailable.
TASK_STATES = {0x0, 0x1, 0x2, 0x20, 0x21}


def working_without_task(snap):
    """Threads in a task-executing state that name no current task: what `validate` reports as no-current-task."""
    return [t["id"] for t in snap["threads"]
            if isinstance(t.get("state"), dict) and t["state"].get("value") in TASK_STATES and "currentTask" not in t]


def switching_threads(snap):
    """Threads stopped in the middle of a task switch: their currentTask is unavailable."""
    return [t["id"] for t in snap["threads"] if isinstance(t.get("currentTask"), dict)]


def test_churn(agent, work):
    """Threads join and leave teams in a tight loop (tiny parallel regions with tiny tasks) under a 10 ms series:
    about 1 in 100 snapshots stops a thread in the middle of a task switch — inside the agent's implicit_task
    callback, before it published the task's record, or in the runtime before it reported the task. Such a thread
    is in work_parallel and its current task is not known: it must be written unavailable, never left out (before,
    3 runs gave 0 to 4 threads without one, `no-current-task`). Every snapshot is held to that rule, its links and
    its stacks; `ompd-explorer validate` (a JVM start each) runs on every snapshot that caught a switch and on every
    25th other one."""
    exe = compile_program(os.path.join(HERE, "churn_target.c"), work)
    total, missing, switching, validated = 0, [], 0, 0
    for run in range(3):
        out = os.path.join(work, "churn-%d.out" % run)
        result, names, snaps = run_series(exe, ["1.5"], agent, out, OMP_NUM_THREADS="8", OMPD_EXPLORER_INTERVAL="10",
                                          OMPD_EXPLORER_MAX_SNAPSHOTS="150")
        check(result.stdout.startswith("churn_target: ") and result.returncode == 0, "churn: output " + result.stdout)
        for k, (name, snap) in enumerate(zip(names, snaps)):
            total += 1
            missing += [(name, t) for t in working_without_task(snap)]
            caught = switching_threads(snap)
            switching += len(caught)
            errors = links_resolve(snap) + stack_problems(snap)
            check(not errors, "churn: links and stacks of %s %s" % (name, errors[:5]))
            if caught or k % 25 == 0:
                validated += 1
                validate_with_launcher(os.path.join(out, name))
    check(total >= 30, "churn: at least 30 snapshots in 3 runs of 1.5 s, found %d" % total)
    check(not missing, "churn: threads in a working state without a current task (no-current-task) %s" % missing[:5])
    print("integration: churn: %d snapshots, %d threads caught switching tasks (currentTask unavailable), "
          "%d threads without a current task, %d validated" % (total, switching, len(missing), validated))


def test_taskloop(agent, work):
    """A taskloop's tasks are created at its call site in user code, not in __kmpc_taskloop: the small one's, and
    those a big one's helper tasks make later on the other thread; two taskloops of one task each keep theirs."""
    sub = os.path.join(work, "taskloop")
    os.makedirs(sub)
    exe = compile_program(os.path.join(HERE, "taskloop_target.c"), sub)
    calls = [int(line.split(":")[0], 16) + 5 for line in subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", exe], capture_output=True, text=True).stdout.splitlines()
             if "call" in line and "<__kmpc_taskloop@plt>" in line] if shutil.which("objdump") else []
    for mode, sites in (("small", 1), ("split", 1), ("two", 2)):
        out = os.path.join(sub, mode)
        os.makedirs(out)
        subprocess.run([exe, mode], env=agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none"), check=True, timeout=60,
                       stdout=subprocess.DEVNULL)
        s = load_one(out, "taskloop " + mode)
        if s is None:
            continue
        bias = int(s["modules"][0]["loadBias"], 16)
        loop_tasks = [t for t in s["tasks"] if t["kind"] == "explicit" and t.get("lifecycle") == "queued"]
        symbols = {t["creationSite"].get("symbol") for t in loop_tasks}
        check(len(loop_tasks) >= 4 and "__kmpc_taskloop" not in symbols and "description" not in s["capture"],
              "taskloop %s: no task created in the runtime %s %s" % (mode, symbols, s["capture"].get("description")))
        found = {int(t["creationSite"]["address"], 16) - bias for t in loop_tasks}
        check(len(found) == sites and (not calls or found <= set(calls)),
              "taskloop %s: sites %s are after calls to __kmpc_taskloop %s" % (mode, [hex(a) for a in found],
                                                                            [hex(a) for a in calls]))
        if mode != "small":
            # the helper task the other thread ran made half of the first taskloop's tasks there
            threads = {t.get("thread") for t in s["tasks"] if t.get("lifecycle") == "running"}
            check(len(threads) == 2, "taskloop %s: the helper ran on the other thread %s" % (mode, threads))


def test_stacks(agent, work):
    """Each thread's call stack (format 1.3) in a program built with frame pointers, held at a known point: three fib
    tasks, each on its own worker in fib_hold under five fib frames, the primary thread in main's parallel region.
    Taken by the primary thread itself (omp_control_tool: it unwinds itself through .eh_frame, down to main and
    _start) and by the trigger signal (every thread walks its frame pointers in the stop handler);
    OMPD_EXPLORER_STACKS=0 writes none."""
    sub = os.path.join(work, "stacks")
    os.makedirs(sub)
    exe = compile_program(os.path.join(HERE, "stack_target.c"), sub, "-fno-omit-frame-pointer")
    expected_output = "fib(5) = 5\n" * 3

    def check_workers(s, what):
        tasks = {t["id"]: t for t in s["tasks"]}
        workers = [t for t in s["threads"] if t["kind"] == "worker"]
        check(len(workers) == 3, "%s: 3 workers" % what)
        for t in workers:
            names = frame_functions(s, t, exe)
            current = tasks.get(current_task_id(t), {})
            check(current.get("kind") == "explicit" and current.get("lifecycle") == "running",
                  "%s: thread %d runs a fib task %s" % (what, t["id"], current))
            check(t.get("stack", {}).get("frames", [{}])[0].get("activation") is True,
                  "%s: thread %d innermost an activation" % (what, t["id"]))
            check(names[:6] == ["fib_hold"] + ["fib"] * 5, "%s: thread %d frames %s" % (what, t["id"], names))
            # under the fib frames, the task's entry (outlined by the compiler in the program), then the runtime
            check(len(names) > 6 and names[6] == ".omp_task_entry.", "%s: thread %d task entry %s"
                  % (what, t["id"], names[6:8]))

    # the primary thread takes the snapshot itself
    out = os.path.join(sub, "flush")
    os.makedirs(out)
    result = subprocess.run([exe], env=agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none"), timeout=60,
                            capture_output=True, text=True)
    check(result.returncode == 0 and result.stdout == expected_output and not agent_lines(result.stderr),
          "stacks: the program ran as without the agent %r %r" % (result.stdout, result.stderr))
    s = load_one(out, "stacks flush")
    if s is not None:
        check_workers(s, "stacks flush")
        initial = next(t for t in s["threads"] if t["kind"] == "initial")
        names = frame_functions(s, initial, exe)
        order = [n for n in names if n in ("primary_snapshot", "main.omp_outlined", "main", "_start")]
        check(order == ["primary_snapshot", "main.omp_outlined", "main", "_start"] and names[-1] == "_start",
              "stacks flush: the initial thread, from the runtime's call into the agent down to main %s" % names)
        check(not any(f.get("activation") for f in initial["stack"]["frames"]) and "partial" not in initial["stack"],
              "stacks flush: the snapshot-taking thread's frames are all return addresses, whole %s" % initial["stack"])
        check(all("cfa" in f for f in initial["stack"]["frames"]), "stacks flush: every CFA from .eh_frame")
        check(s["modules"][0]["path"] == exe, "stacks flush: the program is module 0 %s" % s["modules"][0]["path"])

    # every thread stopped by the signal walks its own frame pointers
    out = os.path.join(sub, "signal")
    os.makedirs(out)
    proc = subprocess.Popen([exe, "signal"], env=agent_env(agent, out), stdout=subprocess.PIPE, text=True)
    try:
        check(proc.stdout.readline().strip() == "ready", "stacks signal: target ready")
        proc.send_signal(signal.SIGUSR2)
        deadline = time.time() + 20
        while not snapshots(out) and time.time() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGUSR1)
        check(proc.wait(timeout=30) == 0 and proc.stdout.read() == expected_output, "stacks signal: the program ran on")
    finally:
        if proc.poll() is None:
            proc.kill()
    s = load_one(out, "stacks signal")
    if s is not None:
        check_workers(s, "stacks signal")
        initial = next(t for t in s["threads"] if t["kind"] == "initial")
        names = frame_functions(s, initial, exe)
        check(names[:3] == ["primary_wait", "main.omp_outlined_debug__", "main.omp_outlined"]
              and initial["stack"]["frames"][0].get("activation") is True,
              "stacks signal: the initial thread waits in main's parallel region %s" % names)

    # OMPD_EXPLORER_STACKS=0: no stack, the rest as before
    out = os.path.join(sub, "off")
    os.makedirs(out)
    result = subprocess.run([exe], env=agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none", OMPD_EXPLORER_STACKS="0"),
                            timeout=60, capture_output=True, text=True)
    check(result.returncode == 0 and not agent_lines(result.stderr), "stacks off: ran quietly %r" % result.stderr)
    s = load_one(out, "stacks off")
    if s is not None:
        check(len(s["threads"]) == 4 and not any("stack" in t for t in s["threads"]),
              "stacks off: no thread has a stack")


def source_line(src, marker):
    """The 1-based line of `src` that holds the comment marker (SITE:name)."""
    with open(src, encoding="utf-8") as f:
        return next(i + 1 for i, line in enumerate(f) if marker in line)


def test_sync_site(agent, work):
    """A thread waiting at an explicit barrier (format 1.4 syncRegion): its innermost sync region is that barrier and
    its site, a return address in the user's code, lies in the function holding the barrier, on the pragma's line
    (addr2line at the call, one byte back), though its call stack stops in the runtime. Taken by the other thread
    itself (omp_control_tool) and by the trigger signal; the other thread, in no sync region, has no syncRegion."""
    sub = os.path.join(work, "sync_site")
    os.makedirs(sub)
    src = os.path.join(HERE, "barrier_target.c")
    exe = compile_program(src, sub)
    line = source_line(src, "SITE:barrier")

    def check_waiter(s, what):
        waiter = next((t for t in s["threads"] if t["kind"] == "worker"), {})
        region = waiter.get("syncRegion", {})
        check(region.get("kind") == "barrier_explicit" and waiter.get("state", {}).get("value") == 0x14,
              "%s: the worker waits at an explicit barrier %s %s" % (what, region, waiter.get("state")))
        site = region.get("site", {}).get("address")
        module = next((m for m in s["modules"] if m["path"] == exe), None)
        check(site is not None and module is not None, "%s: the site is in the program %s" % (what, region))
        if site is None or module is None:
            return
        rel = int(site, 16) - int(module["loadBias"], 16) - 1
        name = next((n for lo, hi, n in functions_of(exe) if lo <= rel < hi), "?")
        where = subprocess.run(["addr2line", "-e", exe, hex(rel)], capture_output=True, text=True).stdout.strip()
        check(name == "solve_boundary" and where.endswith("barrier_target.c:%d" % line),
              "%s: the site is solve_boundary at barrier_target.c:%d, not %s at %s" % (what, line, name, where))
        initial = next(t for t in s["threads"] if t["kind"] == "initial")
        check("syncRegion" not in initial, "%s: the initial thread is in no sync region %s" % (what, initial))

    out = os.path.join(sub, "flush")
    os.makedirs(out)
    result = subprocess.run([exe], env=agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none"), timeout=60,
                            capture_output=True, text=True)
    check(result.returncode == 0 and result.stdout == "done\n", "sync site flush: ran %r" % result.stdout)
    s = load_one(out, "sync site flush")
    if s is not None:
        check_waiter(s, "sync site flush")

    out = os.path.join(sub, "signal")
    os.makedirs(out)
    proc = subprocess.Popen([exe, "signal"], env=agent_env(agent, out), stdout=subprocess.PIPE, text=True)
    try:
        check(proc.stdout.readline().strip() == "ready", "sync site signal: target ready")
        proc.send_signal(signal.SIGUSR2)
        deadline = time.time() + 20
        while not snapshots(out) and time.time() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGUSR1)
        check(proc.wait(timeout=30) == 0 and proc.stdout.read() == "done\n", "sync site signal: the program ran on")
    finally:
        if proc.poll() is None:
            proc.kill()
    s = load_one(out, "sync site signal")
    if s is not None:
        check_waiter(s, "sync site signal")


def test_offload(agent, work):
    offload_integration.test_offload(sys.modules[__name__], agent, work)


def test_real_patterns(agent, work):
    real_patterns.test_real_patterns(sys.modules[__name__], agent, work, offload_integration)


def test_mpi_job(agent, work):
    """A real 8-rank Open MPI job, 2 OpenMP threads a rank, signalled once through mpirun (scripts/make-mpi-job.sh):
    one snapshot a rank in one directory, named by job, rank and sequence, each with its place in the job."""
    if shutil.which("mpirun") is None or shutil.which("mpicc") is None:
        check(os.environ.get("CI") != "true", "mpi job: Open MPI is not installed (scripts/install-native-deps.sh)")
        print("integration: no Open MPI (scripts/install-native-deps.sh); the MPI job is not checked")
        return
    out = os.path.join(work, "mpi-job")
    result = subprocess.run([os.path.join(REPO, "scripts", "make-mpi-job.sh"), "--out", out, "--agent", agent],
                            capture_output=True, text=True, timeout=300)
    check(result.returncode == 0 and result.stdout.strip().splitlines()[-1:] == [out],
          "mpi job: make-mpi-job.sh: %s%s" % (result.stdout[-500:], result.stderr[-1500:]))
    if result.returncode != 0:
        return
    manifest = [line.split("\t") for line in open(os.path.join(out, "MANIFEST.tsv"), encoding="utf-8")
                if not line.startswith("#")]
    keys = {f[0]: f[1].strip() for f in manifest if f[0] != "rank"}
    files = [f[2].strip() for f in manifest if f[0] == "rank"]
    names = sorted(os.listdir(os.path.join(out, "snapshots")))
    check(len(names) == 8 and [os.path.join("snapshots", n) for n in names] == files,
          "mpi job: 8 files in one directory, sorted by rank: %s" % names)
    host = subprocess.run(["hostname"], capture_output=True, text=True).stdout.strip()
    ranks, pids = [], set()
    for rank, name in enumerate(names):
        snap = load_checked(os.path.join(out, "snapshots", name), "mpi job rank %d" % rank)
        job, capture = snap["capture"].get("job", {}), snap["capture"]
        ranks.append(job.get("rank"))
        pids.add(capture["pid"])
        check(job.get("size") == 8 and job.get("launcher") == "openmpi" and job.get("id") == keys["jobId"],
              "mpi job: %s: job %s" % (name, job))
        check(name == "ompd-explorer-%s-r%04d-000001-%d-signal.json" % (job.get("id"), rank, capture["pid"]),
              "mpi job: %s names its job, rank, sequence and pid" % name)
        check(capture["host"] == host and capture["label"] == "signal", "mpi job: %s: host and label" % name)
        check(len(snap["threads"]) == 2, "mpi job: %s: 2 OpenMP threads" % name)
        states = sorted(t["state"].get("name") for t in snap["threads"])
        want = (["ompt_state_wait_barrier_explicit", "ompt_state_work_parallel"] if rank == int(keys["heldRank"])
                else ["ompt_state_work_parallel"] * 2)
        check(states == want, "mpi job: rank %d: states %s, not %s" % (rank, states, want))
    check(ranks == list(range(8)) and len(pids) == 8, "mpi job: ranks 0-7 once each, 8 processes: %s" % ranks)


def read_recording(out_dir, what):
    """The recording's header, events and trailer; None (a failure counted) when there is none or it is malformed."""
    names = glob.glob(os.path.join(out_dir, "ompd-explorer-*-recording.ndjson"))
    check(len(names) == 1, "%s: one recording %s" % (what, names))
    if len(names) != 1:
        return None
    lines = [json.loads(line) for line in open(names[0], encoding="utf-8")]
    check(lines[0].get("format") == "ompd-explorer-recording" and lines[0].get("version") == "1.1",
          "%s: header %s" % (what, lines[0]))
    check(lines[-1].get("e") == "end" and lines[-1]["events"] == len(lines) - 2, "%s: trailer %s" % (what, lines[-1]))
    events = lines[1:-1]
    times = [e["t"] for e in events]
    check(times == sorted(times), "%s: events merged by time" % what)
    return lines[0], events, lines[-1]


def run_record(exe, args, agent, out, **env):
    """Runs exe with record mode on; its stdout and its peak RSS in kB. The peak is measured by /usr/bin/time when
    installed: a child spawned from this script starts in this script's memory (vfork), and Linux keeps that peak in
    the child's ru_maxrss after exec, so the script's own growth would count as the program's."""
    os.makedirs(out, exist_ok=True)
    stdout_path, stderr_path = os.path.join(out, "stdout.txt"), os.path.join(out, "stderr.txt")
    rss_path = os.path.join(out, "rss.txt")
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)]
    timed = os.access("/usr/bin/time", os.X_OK)
    argv = ["/usr/bin/time", "-f", "%M", "-o", rss_path, exe, *args] if timed else [exe, *args]
    pid = os.posix_spawn(argv[0], argv, agent_env(agent, out, OMPD_EXPLORER_RECORD="1", **env),
                         file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    stdout, stderr = open(stdout_path).read(), open(stderr_path).read()
    maxrss = int(open(rss_path).read().split()[-1]) if timed and os.path.exists(rss_path) else usage.ru_maxrss
    for path in (stdout_path, stderr_path, rss_path):
        if os.path.exists(path):
            os.unlink(path)
    check(status == 0, "record %s: exit status %d, stderr %s" % (args, status, stderr))
    return stdout, maxrss


def test_record_fib(agent, work):
    exe = compile_program(os.path.join(HERE, "record_target.c"), work)
    out = os.path.join(work, "record-fib")
    stdout, _ = run_record(exe, ["fib", "8"], agent, out)
    check(stdout.strip() == "result 21", "record fib: result %s" % stdout)
    got = read_recording(out, "record fib")
    if got is None:
        return
    _, events, trailer = got
    check(trailer["dropped"] == [], "record fib: nothing dropped %s" % trailer["dropped"])
    created = [e for e in events if e["e"] == "task-create"]
    # The header's module map: the program holds every creation site, listed among its code addresses.
    modules = [m for m in got[0].get("modules", []) if m["path"] == os.path.realpath(exe)]
    listed = {int(a, 16) for m in modules for a in m["codeAddresses"]}
    check(len(modules) == 1 and {int(e["site"], 16) for e in created} <= listed
          and all(int(modules[0]["start"], 16) <= a < int(modules[0]["end"], 16) for a in listed),
          "record fib: the module map holds the sites %s" % got[0].get("modules"))
    # fib(8) makes 2 tasks in each of its 33 calls with n >= 2 (fib(n) calls - 1 = 66 tasks).
    check(len(created) == 66, "record fib: %d task-create" % len(created))
    implicit = {e["task"] for e in events if e["e"] == "implicit-begin"}
    single = {e["gen"] for e in created} - {e["task"] for e in created}
    check(len(single) == 1 and single <= implicit, "record fib: the first tasks come from an implicit task %s" % single)
    kids = {}
    for e in created:
        kids.setdefault(e["gen"], []).append(e["task"])
    check(all(len(k) == 2 for k in kids.values()), "record fib: every generating task made two")
    order = {e["task"]: i for i, e in enumerate(events) if e["e"] == "task-create"}
    check(all(g not in order or order[g] < order[c[0]] for g, c in kids.items()),
          "record fib: a generating task was created before its children")
    done = [e["prior"] for e in events if e["e"] == "schedule" and e["status"] == "complete"]
    check(sorted(t for t in done if t in order) == sorted(order), "record fib: each task completes once")
    waits = [e for e in events if e["e"] == "sync-begin" and e["kind"] == "taskwait"]
    check(len(waits) == 33, "record fib: 33 taskwaits %d" % len(waits))
    check(sum(e["e"] == "thread-begin" for e in events) == 2, "record fib: two threads began")
    snaps = [e for e in events if e["e"] == "snapshot"]
    check(len(snaps) == 1 and snaps[0]["label"] == "after-fib"
          and os.path.exists(os.path.join(out, snaps[0]["file"])), "record fib: the flush snapshot %s" % snaps)
    if snaps:
        # The state at the snapshot: every task created before it has completed (fib returned).
        before = [e for e in events if e["t"] <= snaps[0]["t"]]
        check(sum(e["e"] == "task-create" for e in before) == 66, "record fib: all tasks before the snapshot")


def test_record_dependences(agent, work):
    exe = compile_program(os.path.join(HERE, "record_target.c"), work)
    out = os.path.join(work, "record-deps")
    stdout, _ = run_record(exe, ["deps"], agent, out)
    check(stdout.strip() == "result 4", "record deps: result %s" % stdout)
    got = read_recording(out, "record deps")
    if got is None:
        return
    _, events, _ = got
    created = [e for e in events if e["e"] == "task-create"]
    check(len(created) == 4, "record deps: four tasks %s" % created)
    if len(created) != 4:
        return
    ids = [e["task"] for e in created]
    types = [[d["type"] for d in e["deps"]] for e in created]
    check(types == [["inout"], ["in"], ["in"], ["inout"]], "record deps: types %s" % types)
    check(len({d["addr"] for e in created for d in e["deps"]}) == 1, "record deps: one variable")
    edges = sorted((ids.index(e["from"]), ids.index(e["to"])) for e in events if e["e"] == "task-dep")
    check(edges == [(0, 1), (0, 2), (1, 3), (2, 3)], "record deps: edges %s" % edges)


def test_record_storm(agent, work):
    exe = compile_program(os.path.join(HERE, "record_target.c"), work)
    rss = []
    for n in (100000, 800000):
        out = os.path.join(work, "record-storm-%d" % n)
        stdout, maxrss = run_record(exe, ["storm", str(n)], agent, out, OMPD_EXPLORER_RECORD_MAX="20000")
        check(stdout.strip() == "result %d" % (n * (n - 1) // 2), "record storm: result %s" % stdout)
        rss.append(maxrss)
        got = read_recording(out, "record storm %d" % n)
        if got is None:
            continue
        _, events, trailer = got
        per_thread = {}
        for e in events:
            per_thread[e["th"]] = per_thread.get(e["th"], 0) + 1
        check(all(c <= 20000 for c in per_thread.values()), "record storm: at most the bound a thread %s" % per_thread)
        dropped = trailer["dropped"]
        check(dropped and all(d["bound"] == "OMPD_EXPLORER_RECORD_MAX=20000" and d["count"] > 0 and d["from"] > 0
                              for d in dropped), "record storm: drops in the trailer %s" % dropped)
        # Each task is at least created and completed: what was kept and what was dropped cover them.
        check(len(events) + sum(d["count"] for d in dropped) >= 2 * n, "record storm: kept + dropped cover the run")
    # Eight times the tasks, the same bound: memory does not grow with the run (kB; unbounded would be ~100 MB more).
    check(len(rss) == 2 and rss[1] - rss[0] < 16 * 1024, "record storm: bounded memory, max RSS %s kB" % rss)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 64
    agent, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if CC is None:
        print("integration: clang-19 not found")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for test in (test_fib, test_stolen, test_nested, test_taskgroup, test_dependences, test_backlog, test_signal,
                 test_at_exit_and_unwritable, test_exit_inside, test_exit_in_handler, test_signal_after_exit, test_signal_variables,
                 test_series, test_series_thread, test_hang_series, test_series_fork, test_churn,
                 test_offload, test_compressed, test_real_patterns, test_taskloop, test_stacks, test_sync_site, test_mpi_job,
                 test_record_fib, test_record_dependences, test_record_storm):
        try:
            test(agent, work)
        except Exception as e:  # a crash of one test is a failure, the others still run
            check(False, "%s raised %r" % (test.__name__, e))
    print("agent integration tests: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
