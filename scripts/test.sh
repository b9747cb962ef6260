#!/usr/bin/env bash
# Installs what is missing, builds commviz with its tests and runs them; then
# builds the core suites again under AddressSanitizer + UBSan and runs those.
set -euo pipefail
COMMVIZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$COMMVIZ_ROOT/scripts/lib/deps.sh"

commviz_ensure_packages
commviz_configure_and_build "$COMMVIZ_ROOT/build" -DBUILD_TESTING=ON -DCOMMVIZ_BENCH=ON
(cd "$COMMVIZ_ROOT/build" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)")

commviz_configure_and_build "$COMMVIZ_ROOT/build-asan" -DBUILD_TESTING=ON -DCOMMVIZ_GUI=OFF -DCOMMVIZ_SANITIZE=ON
(cd "$COMMVIZ_ROOT/build-asan" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --output-on-failure --parallel "$(nproc)" -L core)
