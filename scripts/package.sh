#!/usr/bin/env bash
# Builds OMPD Explorer as an installable application from the built tree: a runtime with the application linked
# in (jlink), an app image and a .deb (jpackage). docs/decisions/0007-packaging.md says why it is built this way,
# 0008-explicit-modules-for-elk.md why ELK's automatic jars are made explicit modules here.
# The documented way in is `mvn -B -q install -DskipTests -Ppackage`, which builds the tree and then runs this.
#
#   scripts/package.sh [--out DIR] [--deb required|optional]
#
#   --out DIR    where the results go (default packaging/target/package):
#                  DIR/ompd-explorer/                      the app image (bin/ompd-explorer, lib/runtime, lib/app)
#                  DIR/ompd-explorer_VERSION_ARCH.deb      the Debian package
#                Everything is built in a temporary directory beside DIR and moved into place at the end: DIR holds
#                either the previous complete output or the new one, never a part.
#   --deb optional  without the .deb's tools (dpkg-deb, fakeroot), build the app image alone and say so in one
#                line (the build's tests then skip the .deb's checks, or fail in CI); by default that is an error.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$repo/packaging/target/package"
deb=required
while (($# > 0)); do
    case "$1" in
        --out) out="${2:?--out needs a directory}"; shift 2 ;;
        --deb) deb="${2:?--deb needs required or optional}"; shift 2 ;;
        *) echo "package: unknown argument $1 (usage: scripts/package.sh [--out DIR] [--deb required|optional])" >&2
           exit 64 ;;
    esac
done
[[ "$deb" == required || "$deb" == optional ]] || { echo "package: --deb is required or optional, not $deb" >&2; exit 64; }

name=ompd-explorer
main_module=org.ompdexplorer.app
main_class=org.ompdexplorer.app.Main
linux="$repo/packaging/linux"
# The module that calls libompd through FFM, and JavaFX's own System::load (as in ./ompd-explorer).
java_options="--enable-native-access=org.ompdexplorer.importers,javafx.graphics"
# The JIT directives of ./ompd-explorer (ADR 11): the JSON import's value readers and cursor are not inlined into the
# per-task reader, whose C2 compilation otherwise takes a core for ~1 s of a cold open of a large snapshot.
jit_options=(-XX:CompileCommand=quiet
    -XX:CompileCommand=dontinline,org.ompdexplorer.importers.json.ValueReaders::*
    -XX:CompileCommand=dontinline,org.ompdexplorer.importers.json.JsonCursor::*)
vendor="OMPD Explorer"
maintainer_email="maintainers@users.noreply.a-seed-3ad7eab2.example"   # the address the project commits under
description="See inside a running or crashed OpenMP program"
# What the window loads (JavaFX's glass and prism, fonts), as install-deps.sh installs it. jpackage adds xdg-utils and
# the packages of what the runtime's libraries, JavaFX's among them, link against (ldd, dpkg -S) — those installed
# on the building machine; this list holds where some are not. libdw1: the core import unwinds call stacks with it
# (loaded at run time through FFM, so ldd does not see it).
deps="libgtk-3-0 | libgtk-3-0t64, libxtst6, libxxf86vm1, libgl1, libfreetype6, fontconfig, fonts-dejavu-core, libdw1"

find_jdk() {
    local candidate
    for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25*; do
        if [[ -n "$candidate" && -x "$candidate/bin/jpackage" && -x "$candidate/bin/jlink" ]] \
            && [[ "$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$candidate/release" 2>/dev/null)" -ge 25 ]] 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}
if ! jdk=$(find_jdk); then
    echo "package: needs a JDK 25 or newer with jlink and jpackage (JAVA_HOME, or /usr/lib/jvm/temurin-25-jdk-amd64)" >&2
    exit 2
fi

shopt -s nullglob
app_jars=()
for jar in "$repo"/app/target/app-*.jar; do
    [[ "$jar" == *-tests.jar ]] || app_jars+=("$jar")
done
shopt -u nullglob
if ((${#app_jars[@]} != 1)) || [[ ! -d "$repo/app/target/lib" ]]; then
    if ((${#app_jars[@]} > 1)); then
        echo "package: several builds in app/target (${app_jars[*]##*/}); rebuild from clean:" >&2
    else
        echo "package: not built yet; build first:" >&2
    fi
    echo "  JAVA_HOME=$jdk mvn -B -q clean install -DskipTests   (or add -Ppackage to that to build and package)" >&2
    exit 2
fi
app_jar="${app_jars[0]}"
version="${app_jar##*/app-}"
version="${version%.jar}"                 # the Maven project version, e.g. 0.1.0-SNAPSHOT
package_version="${version%-SNAPSHOT}"    # what dpkg and jpackage accept: 0.1.0

with_deb=true
missing=()
for tool in dpkg-deb dpkg fakeroot; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if ((${#missing[@]} > 0)); then
    message="the .deb needs ${missing[*]} (apt-get install fakeroot dpkg; scripts/install-deps.sh installs them)"
    if [[ "$deb" == required ]]; then
        echo "package: $message" >&2
        exit 2
    fi
    echo "package: building the app image only: $message"
    with_deb=false
fi

# DIR is replaced whole, so it must hold nothing but an earlier output of this script.
if [[ -e "$out" || -L "$out" ]]; then
    if [[ -L "$out" || ! -d "$out" ]]; then
        echo "package: $out is not a directory; give --out a new or empty directory" >&2
        exit 64
    fi
    if [[ -n "$(find "$out" -mindepth 1 -maxdepth 1 ! -name "$name" ! -name "${name}_*.deb" -print -quit)" ]]; then
        echo "package: $out holds other files than an earlier package; give --out a new or empty directory" >&2
        exit 64
    fi
fi
mkdir -p "$(dirname "$out")"
work=$(mktemp -d "$(dirname "$out")/.package.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The services each automatic jar loads with ServiceLoader, as `uses` lines for its descriptor: an automatic module
# may load any service, an explicit one only those it declares, and jdeps cannot see which (javap -c shows the
# class loaded before each ServiceLoader.load). ELK core loads its layout providers (LayoutMetaDataService).
declare -A service_uses=(
    [org.eclipse.elk.core]="org.eclipse.elk.core.data.ILayoutMetaDataProvider"
)

# Why: jlink links explicit modules only, and ELK, EMF and Xtend's library (what the task graph is laid out with)
# are automatic ones, jars without a module-info. Rather than ship them on a module path beside the runtime (ADR 8),
# each is made an explicit module here, in copies under DIR (LIB is never changed):
#   - jdeps writes its descriptor from what its classes use: requires (transitive where its API shows the other
#     module's types), exports of every package, and provides from META-INF/services. Dependences on the Eclipse
#     platform and OSGi, which EMF uses only inside Eclipse, are left out (--ignore-missing-deps).
#   - what jdeps cannot see is added (complete_descriptor), and javac compiles the descriptors against the jars'
#     classes under the names the jars had as automatic modules, so the application's requires stay as they are.
#   - the copy is packed again with it (repack_module).
# Jars without classes (the empty javafx-*.jar beside the -linux ones, Guava's listenablefuture placeholder) are left
# as they are: nothing requires them, so they are never resolved. Usage: explicit_modules LIB DIR; the new jars are
# in DIR/modules.
explicit_modules() {
    local lib="$1" dir="$2" jar module location kind name version i
    local -a explicit=() jars=() names=() versions=() patches=()
    local -A automatic=()   # jar file name -> name@version, as one JVM sees the whole folder
    local -A ours=()        # the project's own modules' jars: they need the automatic ones, never the other way
    while read -r module location kind; do
        if [[ "$kind" == automatic ]]; then
            automatic["${location##*/}"]="$module"
        elif [[ "$module" == org.ompdexplorer.* ]]; then
            ours["${location##*/}"]=1
        fi
    done < <("$jdk/bin/java" --module-path "$lib" --list-modules)
    for jar in "$lib"/*.jar; do
        module="${automatic[${jar##*/}]:-}"
        if [[ -z "$module" ]]; then
            # the project's modules stay off the path the descriptors are written against: jdeps resolves every
            # module there, and importers requires protobuf, one of the jars being made explicit
            [[ -n "${ours[${jar##*/}]:-}" ]] || explicit+=("$jar")
            continue
        fi
        name="${module%%@*}"
        version=""
        if [[ "$module" == *@* ]]; then
            version="${module#*@}"
        fi
        mkdir -p "$dir/unpacked/$name"
        (cd "$dir/unpacked/$name" && "$jdk/bin/jar" xf "$jar")
        if [[ -n "$(find "$dir/unpacked/$name" -name '*.class' -print -quit)" ]]; then
            jars+=("$jar")
            names+=("$name")
            versions+=("$version")
            patches+=(--patch-module "$name=$dir/unpacked/$name")
        fi
    done
    ((${#jars[@]} > 0)) || return 0
    mkdir -p "$dir/src" "$dir/classes" "$dir/modules"
    "$jdk/bin/jdeps" --module-path "$(IFS=:; echo "${explicit[*]}")" --multi-release 25 --ignore-missing-deps \
        --generate-module-info "$dir/src" "${jars[@]}" 2>&1 | { grep -v -e '^writing to ' -e 'ignore-missing-deps' || true; }
    for i in "${!jars[@]}"; do
        complete_descriptor "${names[$i]}" "${jars[$i]}" "$dir/unpacked/${names[$i]}" \
            "$dir/src/${names[$i]}/versions/25/module-info.java"
    done
    "$jdk/bin/javac" -nowarn --module-path "$(IFS=:; echo "${explicit[*]}")" "${patches[@]}" \
        --module-source-path "$dir/src/*/versions/25" -d "$dir/classes" "$dir"/src/*/versions/25/module-info.java
    for i in "${!jars[@]}"; do
        repack_module "$dir/unpacked/${names[$i]}" "$dir/classes/${names[$i]}/module-info.class" "${versions[$i]}" \
            "$dir/modules/${jars[$i]##*/}"
    done
}

# Adds to jdeps' descriptor what it cannot see: `open`, as an automatic module is to reflection, and the services
# the module loads (service_uses). Fails on a jar that calls ServiceLoader and is not in service_uses.
# Usage: complete_descriptor NAME JAR UNPACKED SRC
complete_descriptor() {
    local name="$1" jar="$2" unpacked="$3" src="$4" service
    if [[ -n "$(grep -rlaF --include='*.class' java/util/ServiceLoader "$unpacked")" && -z "${service_uses[$name]:-}" ]]
    then
        echo "package: ${jar##*/} loads services with ServiceLoader; add the services it loads to service_uses in" \
            "scripts/package.sh (javap -c shows the class loaded before each ServiceLoader.load)" >&2
        return 2
    fi
    if [[ "$(head -n 1 "$src")" != "module $name {" || "$(tail -n 1 "$src")" != "}" ]]; then
        echo "package: jdeps wrote an unexpected descriptor for ${jar##*/}: $src" >&2
        return 2
    fi
    {
        echo "open module $name {"
        sed '1d;$d' "$src"
        for service in ${service_uses[$name]:-}; do
            echo "    uses $service;"
        done
        echo "}"
    } >"$src.new"
    mv "$src.new" "$src"
}

# Packs an unpacked automatic jar again as an explicit module: with its module-info.class and version, without
# Eclipse's signature, which would no longer cover it (and jlink refuses signed modular jars), and without its
# top-level folders that hold no classes (ELK's documentation images, EMF's .ecore models and schemas: for Eclipse's
# editors). An automatic module's packages are those of its classes alone; an explicit module's are every folder
# with files, and images and model would then be packages of several modules, which no module layer allows.
# Usage: repack_module UNPACKED MODULE_INFO_CLASS VERSION JAR
repack_module() {
    local unpacked="$1" descriptor="$2" version="$3" jar="$4" top manifest=()
    cp "$descriptor" "$unpacked/module-info.class"
    rm -f "$unpacked"/META-INF/*.{SF,RSA,DSA,EC}
    for top in "$unpacked"/*/; do
        top="${top%/}"
        if [[ "${top##*/}" != META-INF && -z "$(find "$top" -name '*.class' -print -quit)" ]]; then
            rm -r "$top"
        fi
    done
    if [[ -f "$unpacked/META-INF/MANIFEST.MF" ]]; then
        sed -i '/^\r\?$/,$d' "$unpacked/META-INF/MANIFEST.MF"   # its main section: the rest are the signature's digests
        manifest=(--manifest "$unpacked/META-INF/MANIFEST.MF")
    fi
    "$jdk/bin/jar" --create --file "$jar" "${manifest[@]}" ${version:+--module-version "$version"} -C "$unpacked" .
}
explicit_modules "$repo/app/target/lib" "$work/explicit"

# One runtime holding the JDK modules the application needs, JavaFX, the libraries and our modules: it starts the
# CLI about 0.1 s sooner than a module path would. It keeps bin/java (jpackage's own jlink would strip it): the
# window runs import-core and capture in a child JVM (ADR 3). Every module linked is explicit, as jlink requires:
# the explicit copies of the automatic jars come first on the module path, so they are found before the originals.
# Sound and the AWT splash screen are never used; leaving them out keeps libasound2 out of the dependencies.
# JavaFX's native libraries leave the modules for lib/ (below).
"$jdk/bin/jlink" \
    --module-path "$app_jar:$work/explicit/modules:$repo/app/target/lib" \
    --add-modules "$main_module" \
    --output "$work/runtime" \
    --strip-debug --no-header-files --no-man-pages \
    --exclude-files '**/bin/keytool,**/lib/libjsound.so,**/lib/libsplashscreen.so' \
    --exclude-resources 'glob:/javafx.*/*.so' \
    --generate-cds-archive >/dev/null

# JavaFX's native libraries beside the JDK's in lib/, where JavaFX looks first: left in its modules, they would be
# extracted into each user's ~/.openjfx/cache on the first start. There ldd sees them too, so jpackage adds what
# they link against (GTK, GL, Pango) to the .deb's dependencies.
for jar in "$repo"/app/target/lib/javafx-*-linux.jar; do
    mapfile -t libs < <("$jdk/bin/jar" tf "$jar" | grep '^[^/]*\.so$' || true)
    if ((${#libs[@]} > 0)); then
        (cd "$work/runtime/lib" && "$jdk/bin/jar" xf "$jar" "${libs[@]}")
    fi
done

jit_flags=()
for option in "${jit_options[@]}"; do jit_flags+=(--java-options "$option"); done
common=(--name "$name" --app-version "$package_version" --vendor "$vendor" --description "$description")

"$jdk/bin/jpackage" --type app-image "${common[@]}" \
    --runtime-image "$work/runtime" \
    --module "$main_module/$main_class" \
    --java-options "$java_options" \
    "${jit_flags[@]}" \
    --icon "$linux/$name.png" \
    --app-content "$linux/$name-snapshot.xml" \
    --dest "$work/result"

if $with_deb; then
    "$jdk/bin/jpackage" --type deb "${common[@]}" \
        --app-image "$work/result/$name" \
        --resource-dir "$linux" \
        --icon "$linux/$name.png" \
        --linux-package-name "$name" \
        --linux-deb-maintainer "$maintainer_email" \
        --linux-app-category devel \
        --linux-menu-group "Development;Debugger;" \
        --linux-shortcut \
        --linux-package-deps "$deps" \
        --dest "$work/result"
fi

if [[ -e "$out" ]]; then
    mv "$out" "$work/previous"   # deleted with the rest of $work
fi
mv "$work/result" "$out"
built=("$out/$name")
$with_deb && built+=("$out"/*.deb)
echo "package: wrote ${built[*]}"
