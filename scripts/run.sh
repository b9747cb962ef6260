#!/usr/bin/env bash
# Installs what is missing, builds commviz in build/ and runs it with the given
# arguments: no arguments opens the window; `scripts/run.sh export ...` works too.
set -euo pipefail
COMMVIZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$COMMVIZ_ROOT/scripts/lib/deps.sh"

commviz_ensure_packages
commviz_configure_and_build "$COMMVIZ_ROOT/build" -DBUILD_TESTING=OFF >/dev/null
exec "$COMMVIZ_ROOT/build/app/commviz" "$@"
