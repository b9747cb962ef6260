#!/usr/bin/env bash
# Installs what is missing, builds commviz in build/ and runs it with the given
# arguments: no arguments opens the window; `scripts/run.sh export ...` works too.
set -euo pipefail
COMMVIZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$COMMVIZ_ROOT/scripts/lib/deps.sh"

if [[ ${1:-} == --help && $# == 1 ]]; then
  echo "usage: scripts/run.sh [commviz arguments]"
  echo "Installs what is missing, builds commviz in build/ and runs it with the"
  echo "arguments given (none opens the window; 'scripts/run.sh export ...' exports)."
  echo "'build/app/commviz --help' lists commviz's own commands."
  echo
  commviz_print_packages
  exit 0
fi

commviz_ensure_packages
commviz_configure_and_build "$COMMVIZ_ROOT/build" -DBUILD_TESTING=OFF >/dev/null
exec "$COMMVIZ_ROOT/build/app/commviz" "$@"
