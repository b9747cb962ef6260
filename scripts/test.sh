#!/usr/bin/env bash
# Installs what is missing, checks formatting, builds commviz with its tests and
# runs them; then builds the core suites and the libFuzzer targets with clang
# under AddressSanitizer + UBSan, runs those suites, and each target briefly.
set -euo pipefail
COMMVIZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$COMMVIZ_ROOT/scripts/lib/deps.sh"

if [[ $# -gt 0 ]]; then
  [[ $1 == --help ]] || { echo "scripts/test.sh: unknown argument $1 (try --help)" >&2; exit 2; }
  echo "usage: scripts/test.sh"
  echo "Installs what is missing, checks that every C++ file is formatted with the"
  echo "root .clang-format, builds commviz with its tests and benchmarks in build/"
  echo "and runs ctest; then builds the core suites and the libFuzzer targets with"
  echo "clang, AddressSanitizer and UBSan in build-fuzz/, runs those suites, and"
  echo "runs each fuzz target for 10 seconds (scripts/fuzz.sh)."
  echo
  commviz_print_packages --test
  exit 0
fi

# The build's packages and the test-time ones (a browser for the HTML stepper's test).
commviz_ensure_packages "${COMMVIZ_PACKAGES[@]}" "${COMMVIZ_TEST_PACKAGES[@]}"
"$COMMVIZ_ROOT/scripts/check_format.sh"
# Line tables only (-g1): backtraces still name file and line, and the build
# takes about a fifth less time than with full debug info. The sanitizer build
# uses -O1, as sanitizer builds usually do: a third less compile time.
commviz_configure_and_build "$COMMVIZ_ROOT/build" -DBUILD_TESTING=ON -DCOMMVIZ_BENCH=ON \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
(cd "$COMMVIZ_ROOT/build" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)")

# The core suites again under ASan + UBSan, in the clang build the fuzz targets
# use (one sanitized build of the core instead of two).
commviz_configure_sanitized "$COMMVIZ_ROOT/build-fuzz"
cmake --build "$COMMVIZ_ROOT/build-fuzz" --parallel "$(nproc)"
(cd "$COMMVIZ_ROOT/build-fuzz" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --output-on-failure --parallel "$(nproc)" -L core)

# Each reader's fuzz target for a few seconds, from its seeds and its past
# findings (fuzz/regressions/), so a reader that crashes again is caught here.
# A fixed seed keeps the short run the same from one CI run to the next; a
# longer scripts/fuzz.sh run (random seed) is where new findings come from.
COMMVIZ_FUZZ_SEED=1 "$COMMVIZ_ROOT/scripts/fuzz.sh" all 10
