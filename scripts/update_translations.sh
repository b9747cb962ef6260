#!/usr/bin/env bash
# Refreshes resources/translations/*.ts from every tr() in views/ and app/ and
# every QT_TRANSLATE_NOOP marker in core/ (see core/sim/translatable.h).
# Translate new entries with Qt Linguist (linguist-qt6) or by editing the .ts.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lupdate=$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)
"$lupdate" -locations relative -no-obsolete "$root/core" "$root/views" "$root/app" -ts "$root/resources/translations/commviz_zh_CN.ts"
