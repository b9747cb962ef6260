# Sourced by run.sh and test.sh: installs the Debian 12 (bookworm) packages
# commviz needs, but only those missing, and only when it can (root or sudo).
# COMMVIZ_PACKAGES is the list to build and run; tests/packaging/check_debian_deps.sh
# proves it complete. COMMVIZ_TEST_PACKAGES adds what only the tests use.

COMMVIZ_DEBIAN_RELEASE="Debian 12 (bookworm)"

# Installed with --no-install-recommends, so anything a package only recommends
# must be listed: qt6-charts-dev merely recommends libqt6opengl6-dev, yet
# Qt6ChartsConfig.cmake needs Qt6OpenGL's CMake package from it; and clang only
# recommends libclang-rt-14-dev, which holds libFuzzer and the sanitizer
# runtimes scripts/fuzz.sh links. FFmpeg's libraries encode the animations
# (GIF, WebP, MP4, WebM) that export writes.
COMMVIZ_PACKAGES=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libqt6opengl6-dev libgl-dev nlohmann-json3-dev libpugixml-dev libbenchmark-dev
  clang-format fonts-noto-cjk clang libclang-rt-14-dev
  libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libavutil-dev
)

# Prints what a script installs, for its --help; with --test also the
# test-time packages.
commviz_print_packages() {
  echo "Runs on $COMMVIZ_DEBIAN_RELEASE. Missing packages are installed with"
  echo "'apt-get install -y --no-install-recommends' when run as root or with sudo"
  echo "(otherwise the one apt-get line to run is printed). The packages:"
  printf '%s\n' "${COMMVIZ_PACKAGES[*]}" | fold -s -w 76 | sed 's/ *$//; s/^/  /'
  if [[ ${1:-} == --test ]]; then
    echo "and, for the tests only:"
    printf '%s\n' "${COMMVIZ_TEST_PACKAGES[*]}" | fold -s -w 76 | sed 's/ *$//; s/^/  /'
  fi
}

# Test-time only, never needed to build or run commviz (so not in the list
# tests/packaging checks): Debian's chromium opens the HTML stepper page that
# export writes and runs its self-test (tests/views/tst_views_html_stepper.cpp).
COMMVIZ_TEST_PACKAGES=(chromium)

# Prints those of the given packages that are not installed.
commviz_missing_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || printf '%s\n' "$pkg"
  done
}

# Installs those of the given packages that are missing; with none given, COMMVIZ_PACKAGES.
commviz_ensure_packages() {
  local missing
  (($#)) || set -- "${COMMVIZ_PACKAGES[@]}"
  mapfile -t missing < <(commviz_missing_packages "$@")
  ((${#missing[@]})) || return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo=(sudo)
    else
      echo "commviz needs these Debian packages; install them with:" >&2
      echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

commviz_configure_and_build() {
  local dir=$1; shift
  cmake -S "$COMMVIZ_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
  cmake --build "$dir" --parallel "$(nproc)"
}

# The sanitizer build (clang, ASan + UBSan, -O1): the core suites and the
# libFuzzer targets share it, so the core is compiled under the sanitizers once.
commviz_configure_sanitized() {
  local dir=$1 launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$COMMVIZ_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DCOMMVIZ_GUI=OFF -DBUILD_TESTING=ON \
    -DCOMMVIZ_SANITIZE=ON -DCOMMVIZ_FUZZ=ON "${launcher[@]}" >/dev/null
}
