#!/usr/bin/env bash
# Times `commviz noc` and BookSim2 as whole processes (start-up, config
# reading and printing included), alternating on the same machine, on the
# speed rows of docs/performance.md. Prints each row's median wall time of
# both and the ratio.
#
#   bench/booksim/noc_vs_booksim.sh BOOKSIM COMMVIZ [REPETITIONS]
#
# BOOKSIM is a BookSim2 binary (src/booksim), COMMVIZ the commviz launcher
# (build/app/commviz). Rows: 8x8 at 0.1 and 0.3, 16x16 at 0.1, 32x32 at 0.1.
set -euo pipefail
booksim=${1:?BookSim2 binary}
commviz=${2:?commviz binary}
repetitions=${3:-3}
config=$(cd "$(dirname "$0")" && pwd)/a1.cfg
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

seconds() {  # wall seconds of one whole run, its output discarded (BookSim2 exits 255 when done)
  /usr/bin/time -f %e -o "$scratch/t" "$@" > /dev/null 2>&1 || true
  tail -n 1 "$scratch/t"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-14s %12s %12s %8s\n' row booksim_s commviz_s ratio
for row in "8 0.1" "8 0.3" "16 0.1" "32 0.1"; do
  read -r k rate <<< "$row"
  : > "$scratch/b"
  : > "$scratch/c"
  for ((i = 0; i < repetitions; ++i)); do
    seconds "$booksim" "$config" "k=$k" "injection_rate=$rate" >> "$scratch/b"
    seconds "$commviz" noc "$config" "k=$k" "injection_rate=$rate" >> "$scratch/c"
  done
  b=$(median < "$scratch/b")
  c=$(median < "$scratch/c")
  printf '%-14s %12s %12s %8.1f\n' "${k}x${k}@$rate" "$b" "$c" "$(echo "$b / $c" | bc -l)"
done
