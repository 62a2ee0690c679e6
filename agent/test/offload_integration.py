"""Integration tests of the agent on target offload (run by integration.py, with its helpers): offload_target.c,
built by clang-19 for the host device (-fopenmp-targets=x86_64-pc-linux-gnu), takes a snapshot after
`target enter data`, while a target region's kernel runs, while two `nowait` target tasks run and after
`target exit data`; each snapshot's devices, mapping table, target regions, tasks and transfers are asserted
exactly, against what the program prints (omp_get_num_devices(), omp_get_initial_device(), its arrays'
addresses) and against the published device table it reads as a debugger would.

Offload needs clang-tools-19 (clang-offload-packager) and libomptarget in /usr/lib/llvm-19/lib: without them
the test skips with one line, unless CI=true, where it fails (scripts/install-native-deps.sh installs them)."""
import os
import subprocess

LLVM_LIB = "/usr/lib/llvm-19/lib"
TARGET_FLAGS = ["-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu"]
N, BIG = 1000, 4096  # offload_target.c
LABELS = ["entered", "in-flight", "nowait", "exited"]


def offload_missing(cc):
    if cc is None:
        return "clang-19 is not installed"
    if not os.path.exists("/usr/lib/llvm-19/bin/clang-offload-packager"):
        return "clang-offload-packager is not installed (Debian package clang-tools-19)"
    if not os.path.exists(os.path.join(LLVM_LIB, "libomptarget.so")):
        return "libomptarget is not in %s (Debian package libomp5-19)" % LLVM_LIB
    return None


def offload_env(it, agent, out):
    env = it.agent_env(agent, out, OMPD_EXPLORER_SIGNAL="none")
    env["LD_LIBRARY_PATH"] = LLVM_LIB + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    return env


def printed(stdout):
    """`key value...` lines of offload_target.c's output."""
    values = {}
    for line in stdout.splitlines():
        key, _, rest = line.partition(" ")
        values.setdefault(key, []).append(rest)
    return values


def offload_links(snap):
    """Links of 1.1: a target region's device, tasks; a mapping's mappedBy; a device's parent."""
    spaces = {a["id"]: a for a in snap["addressSpaces"]}
    tasks = {t["id"]: t for t in snap["tasks"]}
    regions = {g["id"]: g for g in snap.get("targetRegions", [])}
    errors = []
    for a in snap["addressSpaces"]:
        if "parent" in a and a["parent"] not in spaces:
            errors.append("address space %d parent" % a["id"])
        for m in a.get("mappings", []):
            if "mappedBy" in m and m["mappedBy"] not in regions:
                errors.append("address space %d mapping mappedBy" % a["id"])
    for g in regions.values():
        if "device" in g and "deviceNum" not in spaces.get(g["device"], {}):
            errors.append("target region %d device" % g["id"])
        for field in ("encounteringTask", "targetTask"):
            if field in g and g[field] not in tasks:
                errors.append("target region %d %s" % (g["id"], field))
        if "targetTask" in g and tasks.get(g["targetTask"], {}).get("kind") != "target":
            errors.append("target region %d targetTask kind" % g["id"])
    return errors


def device_space(snap, num):
    return next((a for a in snap["addressSpaces"] if a.get("deviceNum") == num), None)


def transfers(to_bytes, to_ops, from_bytes, from_ops):
    return {"toDeviceBytes": to_bytes, "toDeviceOps": to_ops, "fromDeviceBytes": from_bytes, "fromDeviceOps": from_ops}


def check_devices(it, snap, what, ndev, initial):
    devices = [a for a in snap["addressSpaces"] if "deviceNum" in a]
    it.check(snap["addressSpaces"][0]["id"] == 0 and "parent" not in snap["addressSpaces"][0], what + ": process first")
    it.check([d["deviceNum"] for d in devices] == list(range(ndev)), "%s: devices %s" % (what, devices))
    it.check(all(d["parent"] == 0 and d["deviceType"] == "generic-64bit" for d in devices), what + ": device fields")
    it.check(len({d["id"] for d in devices}) == ndev and 0 not in {d["id"] for d in devices}, what + ": device ids")
    off = snap["addressSpaces"][0].get("offload", {})
    it.check(off.get("deviceCount") == ndev and off.get("initialDevice") == initial, "%s: offload %s" % (what, off))
    it.check(os.path.basename(off.get("runtime", "")).startswith("libomptarget.so"), what + ": offload runtime")
    it.check(off.get("imageTriples") == ["x86_64-pc-linux-gnu"], "%s: image triples %s" % (what, off))
    dev0 = device_space(snap, 0)
    images = dev0.get("images", []) if dev0 else []
    it.check(len(images) == 1 and images[0]["bytes"] > 1000 and int(images[0]["hostAddress"], 16) != 0,
             "%s: the program's image on device 0 %s" % (what, images))
    it.check(all(d.get("images") == [] for d in devices if d["deviceNum"] != 0), what + ": no image elsewhere")
    it.check(all(d.get("mappings") == [] for d in devices if d["deviceNum"] != 0), what + ": no mapping elsewhere")
    it.check(not offload_links(snap), "%s: offload links %s" % (what, offload_links(snap)))


def mapping_at(snap, address):
    dev0 = device_space(snap, 0)
    return next((m for m in (dev0 or {}).get("mappings", []) if int(m["hostAddress"], 16) == address), None)


def test_offload(it, agent, work):
    missing = offload_missing(it.CC)
    if missing:
        if os.environ.get("CI") == "true":
            it.check(False, "offload: %s (CI=true: run scripts/install-native-deps.sh)" % missing)
        else:
            print("integration: skipping the offload tests: %s; run scripts/install-native-deps.sh" % missing)
        return
    exe = os.path.join(work, "offload_target")
    subprocess.run([it.CC] + TARGET_FLAGS + ["-O0", "-g", os.path.join(it.HERE, "offload_target.c"), "-o", exe],
                   check=True)
    out = os.path.join(work, "offload.out")
    os.makedirs(out)
    result = subprocess.run([exe], env=offload_env(it, agent, out), capture_output=True, text=True, timeout=120)
    it.check(result.returncode == 0 and "timed out" not in result.stderr,
             "offload: the program ran: %s %s" % (result.stdout, result.stderr))
    p = printed(result.stdout)
    ndev, initial = int(p["num_devices"][0]), int(p["initial_device"][0])
    a, b, big = (int(p[k][0], 16) for k in ("a", "b", "big"))
    it.check(ndev == 4 and initial == 4, "offload: omp_get_num_devices() %d, initial device %d" % (ndev, initial))

    # The published device table, as the program read it at its end.
    it.check(p.get("device_table") == ["OMPDXDEV 1 64 64 %d %d" % (ndev, initial)],
             "offload: device table header %s" % p.get("device_table"))
    it.check(p.get("device_entry") == ["%d 1 generic-64bit" % d for d in range(ndev)],
             "offload: device table entries %s" % p.get("device_entry"))

    snaps = [it.load_checked(f, "offload step %d" % (i + 1)) for i, f in enumerate(it.snapshots(out))]
    it.check([s["capture"]["label"] for s in snaps] == LABELS, "offload: labels %s" % [s["capture"]["label"] for s in snaps])
    if len(snaps) != len(LABELS):
        return
    entered, in_flight, nowait, exited = snaps
    for s in snaps:
        check_devices(it, s, "offload %s" % s["capture"]["label"], ndev, initial)
        it.check("description" not in s["capture"], "offload %s: nothing dropped or unmatched %s"
                 % (s["capture"]["label"], s["capture"].get("description")))

    # 1. After `target enter data map(to: big[0:BIG])`: one mapping, made by the ended enter_data construct.
    dev = device_space(entered, 0)
    regions = entered["targetRegions"]
    it.check(len(regions) == 1 and regions[0]["kind"] == "enter_data" and regions[0]["inFlight"] is False
             and regions[0]["device"] == dev["id"] and regions[0]["deviceNum"] == 0
             and regions[0]["encounteringTask"] == 1 and regions[0]["kernels"] == []
             and regions[0]["kernelsSubmitted"] == 0 and "targetTask" not in regions[0],
             "offload entered: the enter data construct %s" % regions)
    it.check(regions and regions[0]["transfers"] == transfers(8 * BIG, 1, 0, 0), "offload entered: construct transfers")
    m = mapping_at(entered, big)
    it.check(len(dev["mappings"]) == 1 and m is not None and m["bytes"] == 8 * BIG and m["refCount"] == 1
             and m["mappedBy"] == regions[0]["id"] and m["transfers"] == transfers(8 * BIG, 1, 0, 0),
             "offload entered: the present table %s" % dev["mappings"])
    it.check(dev["transfers"] == transfers(8 * BIG, 1, 0, 0), "offload entered: device transfers")
    enter_id = regions[0]["id"] if regions else None

    # 2. A target region in flight: map(to: a[0:N]) map(from: b[0:N]), its kernel spinning.
    tasks = {t["id"]: t for t in in_flight["tasks"]}
    flying = [g for g in in_flight["targetRegions"] if g["inFlight"]]
    it.check(len(flying) == 1 and flying[0]["kind"] == "target" and flying[0]["deviceNum"] == 0
             and flying[0]["device"] == device_space(in_flight, 0)["id"]
             and flying[0]["kernels"] == [{"requestedTeams": 1}] and flying[0]["kernelsSubmitted"] == 1
             and "targetTask" not in flying[0] and flying[0]["transfers"] == transfers(8 * N, 1, 0, 0),
             "offload in-flight: the target region %s" % flying)
    if flying:
        g = flying[0]
        enc = tasks.get(g.get("encounteringTask"), {})
        it.check(enc.get("kind") == "implicit" and enc.get("threadNum") == 0 and enc.get("lifecycle") == "suspended",
                 "offload in-flight: its encountering task, suspended %s" % enc)
        thread = next((t for t in in_flight["threads"] if t["id"] == enc.get("thread")), {})
        # libomp 19 has no wait_target state for it: the thread runs the kernel (host device) in its own state.
        it.check(thread.get("state", {}).get("name") == "ompt_state_work_parallel"
                 and thread.get("currentTask") == enc.get("id"),
                 "offload in-flight: the thread running the kernel %s" % thread)
        ma, mb = mapping_at(in_flight, a), mapping_at(in_flight, b)
        it.check(ma is not None and ma["bytes"] == 8 * N and ma["mappedBy"] == g["id"]
                 and ma["transfers"] == transfers(8 * N, 1, 0, 0), "offload in-flight: a mapped to %s" % ma)
        it.check(mb is not None and mb["bytes"] == 8 * N and mb["mappedBy"] == g["id"]
                 and mb["transfers"] == transfers(0, 0, 0, 0), "offload in-flight: b mapped from %s" % mb)
        mbig = mapping_at(in_flight, big)
        it.check(mbig is not None and mbig["mappedBy"] == enter_id, "offload in-flight: big still present %s" % mbig)
        it.check(len(device_space(in_flight, 0)["mappings"]) == 3, "offload in-flight: three mappings")
        it.check([x["id"] for x in in_flight["targetRegions"]] == [enter_id, g["id"]],
                 "offload in-flight: the ended enter data construct kept for its mapping")

    # 3. Two nowait target tasks in flight, each on a hidden helper thread.
    tasks = {t["id"]: t for t in nowait["tasks"]}
    flying = [g for g in nowait["targetRegions"] if g["inFlight"]]
    targets = [tasks.get(g.get("targetTask"), {}) for g in flying]
    it.check(len(flying) == 2 and all(g["kind"] == "target_nowait" and g["encounteringTask"] == 1 for g in flying)
             and len({g["targetTask"] for g in flying}) == 2, "offload nowait: two target regions %s" % flying)
    it.check(all(t.get("kind") == "target" and t.get("generatingTask") == 1 and t.get("lifecycle") == "running"
                 for t in targets), "offload nowait: their target tasks %s" % targets)
    it.check(tasks.get(1, {}).get("lifecycle") == "running", "offload nowait: the initial task is not waiting")
    ma = mapping_at(nowait, a)
    it.check(ma is not None and ma["bytes"] == 8 * N and ma["mappedBy"] in [g["id"] for g in flying],
             "offload nowait: a mapped by one of them %s" % ma)
    it.check(mapping_at(nowait, b) is None and mapping_at(nowait, big) is not None, "offload nowait: b gone, big kept")

    # 4. After `target exit data map(from: big)`: the table is empty, nothing kept, every byte counted.
    dev = device_space(exited, 0)
    it.check(dev["mappings"] == [] and exited["targetRegions"] == [], "offload exited: empty %s" % dev["mappings"])
    moved = 8 * BIG + 8 * N + 8 * N  # big, a (the target region), a (the nowait regions); back: b, a, big
    it.check(dev["transfers"] == transfers(moved, 3, moved, 3), "offload exited: device transfers %s" % dev["transfers"])
