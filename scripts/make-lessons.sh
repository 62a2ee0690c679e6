#!/usr/bin/env bash
# Regenerates the bundled lessons: compiles each teaching program in scripts/lessons/ with clang-19 and the
# stock libomp, runs it with the capture agent, and stores the snapshots it takes (one at each of its
# omp_control_tool flushes, labelled with the flush's argument) as resources/.../lessons/<name>/step-NN.json.
# scripts/lessons/lessons.json lists the lessons in order: name, title, the one-line question the lesson
# answers, description, and each step's label and narrative ("offload": true builds it for the host device with
# -fopenmp-targets=x86_64-pc-linux-gnu and runs it with libomptarget). The labels the program passes must be the
# steps' labels, in order, or this script fails. It writes lessons/index.json (the same, with each step's file)
# and lessons/index.txt (the same as tab-separated lines, for BundledResources).
#
# Every lesson program holds its other threads at known points before asking for each snapshot, so a rerun
# gives the same structure (ids, links, lifecycles); only addresses, pids and times change.
#
# Needs: clang-19, libomp-19-dev, clang-tools-19 (for offload lessons), make, python3
# (scripts/install-native-deps.sh installs all but python3).
# Usage: scripts/make-lessons.sh [lesson-name...]   (default: all lessons, in the order of lessons.json)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
sources="$here/lessons"
catalog="$sources/lessons.json"
out="$repo/resources/src/main/resources/org/ompdexplorer/resources/lessons"
agent_rel="agent/target/native/libompd-explorer-agent.so"

log() { echo "make-lessons: $*" >&2; }
die() { log "error: $*"; exit 1; }

for tool in clang-19 make python3; do
    command -v "$tool" >/dev/null || die "$tool not found; run scripts/install-native-deps.sh (and install python3)"
done
launcher="$repo/ompd-explorer"
[[ -x "$launcher" && -d "$repo/app/target/lib" ]] || die "build OMPD Explorer first (mvn -B -q install -DskipTests): lessons are normalized by its exporter"

# name<TAB>offload (0/1)<TAB>description, one line per lesson, in order
mapfile -t lessons < <(python3 - "$catalog" <<'PY'
import json, sys
for lesson in json.load(open(sys.argv[1], encoding="utf-8"))["lessons"]:
    print(lesson["name"] + "\t" + str(int(lesson.get("offload", False))) + "\t" + lesson["description"])
PY
)

selected=("$@")
wanted() {
    ((${#selected[@]} == 0)) && return 0
    local s
    for s in "${selected[@]}"; do [[ "$s" == "$1" ]] && return 0; done
    return 1
}

log "building the agent"
make -s -C "$repo/agent" all >/dev/null
[[ -f "$repo/$agent_rel" ]] || die "the agent build did not produce $agent_rel"

work=$(mktemp -d "${TMPDIR:-/tmp}/ompd-lessons.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# The snapshots list the program's OMP_*/KMP_* environment: run with none of the caller's.
clean_env=()
while IFS='=' read -r name _; do
    case "$name" in OMP_* | KMP_*) clean_env+=(-u "$name") ;; esac
done < <(env)

for entry in "${lessons[@]}"; do
    name=${entry%%$'\t'*}
    rest=${entry#*$'\t'}
    offload=${rest%%$'\t'*}
    description=${rest#*$'\t'}
    wanted "$name" || continue
    src="$sources/$name.c"
    [[ -f "$src" ]] || die "no lesson source $src"
    log "$name: compiling"
    cflags=()
    run_env=()
    if [[ "$offload" == 1 ]]; then
        # Devices that are the host itself (libomptarget's host plugin); the packager is in clang-tools-19.
        [[ -x /usr/lib/llvm-19/bin/clang-offload-packager ]] \
            || die "$name offloads: install clang-tools-19 (scripts/install-native-deps.sh)"
        cflags=(-fopenmp-targets=x86_64-pc-linux-gnu)
        run_env=(LD_LIBRARY_PATH=/usr/lib/llvm-19/lib)
    fi
    # -g: the export below symbolizes each creation site to the line of its pragma. Compiled in the sources'
    # directory with that directory left out of the debug information, so that a step says "fib-taskwait.c:25"
    # wherever it was made.
    (cd "$sources" && clang-19 -fopenmp "${cflags[@]}" -O0 -g -fdebug-prefix-map="$sources=" -Wall -Wextra -Werror \
        "$(basename "$src")" -o "$work/$name")
    mkdir -p "$work/$name.out"
    log "$name: running with the agent"
    # Run from the repository root so that the agent path in OMP_TOOL_LIBRARIES is the relative one.
    (cd "$repo" && env "${clean_env[@]}" "${run_env[@]}" \
        OMP_TOOL_LIBRARIES="$agent_rel" \
        OMPD_EXPLORER_DIR="$work/$name.out" \
        OMPD_EXPLORER_SIGNAL=none \
        OMPD_EXPLORER_NUMBER_BLOCK=1 \
        OMPD_EXPLORER_DESCRIPTION="$description" \
        timeout 60 "$work/$name" >"$work/$name.log" 2>&1) \
        || die "$name failed (exit $?); its output: $(cat "$work/$name.log")"
    # The snapshots in capture order (the agent numbers them), checked against the catalog's steps, then
    # kept as written but for the temporary path of the program, which becomes its name.
    rm -rf "$work/$name.steps"
    mkdir -p "$work/$name.steps"
    python3 - "$catalog" "$name" "$work/$name.out" "$work/$name.steps" <<'PY'
import glob, json, os, re, sys
catalog, name, captured, steps_dir = sys.argv[1:]
lesson = next(l for l in json.load(open(catalog, encoding="utf-8"))["lessons"] if l["name"] == name)
files = sorted(glob.glob(os.path.join(captured, "ompd-explorer-*.json")))
labels = [json.load(open(f, encoding="utf-8"))["capture"]["label"] for f in files]
expected = [s["label"] for s in lesson["steps"]]
if labels != expected:
    sys.exit("%s: the program took the steps %s, lessons.json lists %s" % (name, labels, expected))
for i, f in enumerate(files, 1):
    text = open(f, encoding="utf-8").read()
    text, n = re.subn(r'"program": "(?:[^"\\]|\\.)*"', '"program": ' + json.dumps(name), text, count=1)
    assert n == 1, "no capture.program in " + f
    open(os.path.join(steps_dir, "step-%02d.json" % i), "w", encoding="utf-8").write(text)
PY
    # Normalize each step with the exporter (fixed field order, one entity per line), refusing any error, so
    # that the bundled files are byte-stable under import → export (a golden test checks it). The export reads the
    # step where its program is, so its creation sites and call stacks come out symbolized (file:line); the module
    # map is kept, for the frames' module+offset where nothing has a symbol (libomp's internals), with the temporary
    # program's path cut to its file name and what would name this machine's build left out (build-id, size): a
    # bundled step symbolizes nothing when it is read, so no module is ever looked for.
    rm -rf "$out/$name" "$out/$name.json"
    mkdir -p "$out/$name"
    for step in "$work/$name.steps"/step-*.json; do
        file=$(basename "$step")
        "$launcher" export --strict "$step" -o "$work/$name.steps/exported-$file" >/dev/null \
            || die "$name/$file does not validate: $launcher validate $step"
        python3 - "$work/$name.steps/exported-$file" "$out/$name/$file" "$work" <<'PY'
import json, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
work = sys.argv[3]
if '  "modules": [' in lines:
    at = lines.index('  "modules": [')
    end = lines.index("  ],", at)
    for i in range(at + 1, end):
        line = lines[i]
        assert line.startswith('    {"path":'), "unexpected modules section"
        comma = line.endswith(",")
        module = json.loads(line.rstrip(",").strip())
        if module["path"].startswith(work):
            module["path"] = module["path"].rsplit("/", 1)[-1]
        for key in ("buildId", "fileSize"):
            module.pop(key, None)
        lines[i] = "    " + json.dumps(module, separators=(",", ":")) + ("," if comma else "")
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
PY
        chmod 644 "$out/$name/$file"
    done
    log "$name: wrote ${out#"$repo"/}/$name/ ($(ls "$out/$name" | wc -l) steps)"
done

# The index lists every lesson whose steps exist, in the catalog's order.
python3 - "$catalog" "$out" <<'PY'
import json, os, sys
catalog, out = sys.argv[1:]
index = []
for lesson in json.load(open(catalog, encoding="utf-8"))["lessons"]:
    folder = os.path.join(out, lesson["name"])
    if not os.path.isdir(folder):
        continue
    steps = [dict(file="%s/step-%02d.json" % (lesson["name"], i), **step) for i, step in enumerate(lesson["steps"], 1)]
    for step in steps:
        if not os.path.exists(os.path.join(out, step["file"])):
            sys.exit("missing " + step["file"] + ": rerun scripts/make-lessons.sh " + lesson["name"])
    index.append({"name": lesson["name"], "title": lesson["title"], "question": lesson["question"],
                  "description": lesson["description"], "steps": steps})
with open(os.path.join(out, "index.json"), "w", encoding="utf-8") as f:
    json.dump({"lessons": index}, f, indent=2, ensure_ascii=False)
    f.write("\n")
def field(text):
    assert "\t" not in text and "\n" not in text, "a tab or a line break in " + repr(text)
    return text
with open(os.path.join(out, "index.txt"), "w", encoding="utf-8") as f:
    f.write("# Bundled lessons, in order (written by scripts/make-lessons.sh from scripts/lessons/lessons.json).\n")
    f.write("# lesson<TAB>name<TAB>title<TAB>question<TAB>description, then its steps: step<TAB>file<TAB>label<TAB>narrative\n")
    for lesson in index:
        f.write("\t".join(["lesson"] + [field(lesson[k]) for k in ("name", "title", "question", "description")]) + "\n")
        for step in lesson["steps"]:
            f.write("\t".join(["step"] + [field(step[k]) for k in ("file", "label", "narrative")]) + "\n")
PY
log "all lessons validate and are normalized"
log "done: ${out#"$repo"/}"
