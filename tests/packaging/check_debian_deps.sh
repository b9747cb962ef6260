#!/usr/bin/env bash
# Checks that scripts/lib/deps.sh names every Debian package commviz needs on a
# machine that has nothing else: each file under /usr that configuring the
# project reads, and each shared library the commviz binary and its Qt plugins
# load, must come from a listed package or from one of its hard dependencies
# (Depends / Pre-Depends, followed recursively; never Recommends, which
# `apt-get install --no-install-recommends` leaves out).
#
#   check_debian_deps.sh --source DIR --binary FILE --scratch DIR [--without PKG]...
#
# --without drops PKG from the list first, so a test can prove a missing entry
# is caught. Exits 0 when complete, 1 naming each missing package and the file
# that needs it, 77 (skipped) off Debian or without apt's package lists.
set -euo pipefail

source_dir='' binary='' scratch='' without=()
while (($#)); do
  case $1 in
    --source) source_dir=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    --scratch) scratch=$2; shift 2 ;;
    --without) without+=("$2"); shift 2 ;;
    *) echo "check_debian_deps.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -n $source_dir && -n $binary && -n $scratch ]] || { echo "check_debian_deps.sh: --source, --binary and --scratch are required" >&2; exit 2; }

command -v dpkg-query >/dev/null && command -v apt-cache >/dev/null || { echo "not a Debian system: skipped"; exit 77; }
apt-cache show g++ >/dev/null 2>&1 || { echo "apt has no package lists (run apt-get update): skipped"; exit 77; }

# The list, exactly as the README's commands install it.
COMMVIZ_PACKAGES=()
# shellcheck source=../../scripts/lib/deps.sh
source "$source_dir/scripts/lib/deps.sh"
listed=()
for pkg in "${COMMVIZ_PACKAGES[@]}"; do
  [[ " ${without[*]} " == *" $pkg "* ]] || listed+=("$pkg")
done

# Everything the list brings in through hard dependencies.
declare -A allowed=()
while read -r pkg; do
  pkg=${pkg#<}; allowed[${pkg%>}]=1
done < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
           --no-replaces --no-enhances "${listed[@]}" | grep -v '^ ')

rm -rf "$scratch" && mkdir -p "$scratch"
files=$scratch/files.txt
: >"$files"

# 1. Configure as scripts/test.sh does, tracing every CMake file it runs.
cmake -S "$source_dir" -B "$scratch/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DBUILD_TESTING=ON -DCOMMVIZ_BENCH=ON --trace-format=json-v1 --trace-redirect="$scratch/trace.json" \
  >"$scratch/configure.log" 2>&1 || { echo "configure failed:"; tail -20 "$scratch/configure.log"; exit 1; }
grep -o '"file":"[^"]*"' "$scratch/trace.json" | cut -d'"' -f4 | sort -u >>"$files"
# The compiler and build tool CMake chose. (Other cached paths are optional
# finds, such as git or valgrind, that the build does without.)
grep -E '^CMAKE_(CXX_COMPILER|MAKE_PROGRAM):' "$scratch/build/CMakeCache.txt" | cut -d= -f2- >>"$files"

# 2. Shared libraries of the binary and of the Qt plugins it loads: those an
#    export really loads (the dynamic loader's own log), plus the ones a desktop
#    session adds (the xcb platform and the SVG icon engine).
plugins=$(LD_DEBUG=files "$binary" export --scene rdma --format png -o "$scratch/probe.png" 2>&1 |
            grep 'dynamically loaded' | grep -oE 'file=/[^ ]+/plugins/[^ ]+' | cut -c6- | sort -u || true)
plugin_dir=$(printf '%s\n' "$plugins" | grep -m1 -oE '^.*/plugins' || true)
[[ -n $plugin_dir ]] || { echo "could not see which Qt plugins $binary loads"; exit 1; }
plugins+=$'\n'"$plugin_dir/platforms/libqxcb.so"$'\n'"$plugin_dir/iconengines/libqsvgicon.so"
plugins=$(for p in $plugins; do if [[ -f $p ]]; then echo "$p"; fi; done)
for object in "$binary" $plugins; do
  [[ $object == "$binary" ]] || echo "$object" >>"$files"
  if ldd "$object" | grep -q 'not found'; then
    echo "$object needs a library that is not installed:"; ldd "$object" | grep 'not found'; exit 1
  fi
  ldd "$object" | grep -oE '=> /[^ ]+' | cut -c4- >>"$files"
done

# 3. Which package owns each file: one dpkg query for them all, then, for the
#    few it does not know, the resolved path or the other side of merged /usr.
mapfile -t paths < <(sort -u "$files" | while read -r path; do
  [[ ($path == /usr/* || $path == /lib*) && -f $path ]] && echo "$path"   # directories belong to many packages
done)
declare -A owner_of=()
while IFS= read -r line; do
  owner_of[${line#*: }]=${line%%: *}
done < <(dpkg-query -S "${paths[@]}" 2>/dev/null | grep -v '^diversion')
owner() {
  local candidate found
  [[ -n ${owner_of[$1]:-} ]] && { echo "${owner_of[$1]}"; return 0; }
  for candidate in "$(readlink -f "$1")" "${1#/usr}" "/usr$1"; do
    found=$(dpkg-query -S "$candidate" 2>/dev/null | grep -v '^diversion' | head -1 || true)
    [[ -n $found ]] && { echo "${found%%: *}"; return 0; }
  done
  return 1
}
missing=0
declare -A reported=()
for path in "${paths[@]}"; do
  pkg=$(owner "$path") || { echo "no Debian package owns $path (installed by hand?)"; missing=1; continue; }
  pkg=${pkg%%,*}
  pkg=${pkg%%:*}
  [[ -n ${allowed[$pkg]:-} || -n ${reported[$pkg]:-} ]] && continue
  echo "missing from scripts/lib/deps.sh: $pkg (needed for $path)"
  reported[$pkg]=1
  missing=1
done

if ((missing)); then exit 1; fi
echo "every package the build and the binary need is listed or a hard dependency of the list (${#paths[@]} files checked)"
