#!/usr/bin/env bash
# Builds OMPD Explorer as an installable application from the built tree: a runtime with the application linked
# in (jlink), an app image and a .deb (jpackage). docs/decisions/0007-packaging.md says why it is built this way.
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
vendor="OMPD Explorer"
maintainer_email="maintainers@users.noreply.a-seed-3ad7eab2.example"   # the address the project commits under
description="See inside a running or crashed OpenMP program"
# What the window loads (JavaFX's glass and prism, fonts), as install-deps.sh installs it. jpackage adds xdg-utils and
# the packages of what the runtime's libraries, JavaFX's among them, link against (ldd, dpkg -S) — those installed
# on the building machine; this list holds where some are not.
deps="libgtk-3-0 | libgtk-3-0t64, libxtst6, libxxf86vm1, libgl1, libfreetype6, fontconfig, fonts-dejavu-core"

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

# One runtime holding the JDK modules the application needs, JavaFX, the libraries and our modules: it starts the
# CLI about 0.1 s sooner than a module path would. It keeps bin/java (jpackage's own jlink would strip it): the
# window runs import-core and capture in a child JVM (ADR 3). Every module here is explicit; jlink refuses
# automatic ones (the empty javafx-*.jar beside the -linux ones are never resolved, so they do no harm).
# Sound and the AWT splash screen are never used; leaving them out keeps libasound2 out of the dependencies.
# JavaFX's native libraries leave the modules for lib/ (below).
"$jdk/bin/jlink" \
    --module-path "$app_jar:$repo/app/target/lib" \
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

common=(--name "$name" --app-version "$package_version" --vendor "$vendor" --description "$description")

"$jdk/bin/jpackage" --type app-image "${common[@]}" \
    --runtime-image "$work/runtime" \
    --module "$main_module/$main_class" \
    --java-options "$java_options" \
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
