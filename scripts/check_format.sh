#!/usr/bin/env bash
# Fails, naming the files, when a C++ source differs from the root .clang-format
# (clang-format 14, as Debian 12 ships). Fix with: clang-format -i FILE...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t sources < <(git ls-files -- '*.cpp' '*.h')
report=$(mktemp)
trap 'rm -f "$report"' EXIT
if ! clang-format --dry-run --Werror "${sources[@]}" 2>"$report"; then
  grep -oE '^[^:]+\.(cpp|h)' "$report" | sort -u | sed 's/^/not formatted: /' >&2
  echo "fix with: clang-format -i FILE... (the root .clang-format, clang-format 14)" >&2
  exit 1
fi
