#!/usr/bin/env bash
# Times `commviz noc` and BookSim2 as whole processes (start-up, config
# reading and printing included), alternating on the same machine, on the
# speed rows of docs/performance.md. Prints each row's median wall time and
# median CPU time (user + system) of both, and the ratios; on a busy machine
# the CPU times are the steadier figure.
#
#   bench/booksim/noc_vs_booksim.sh BOOKSIM COMMVIZ [REPETITIONS]
#
# BOOKSIM is a BookSim2 binary (src/booksim), COMMVIZ the commviz launcher
# (build/app/commviz). Rows: 8x8 at 0.1 and 0.3, 16x16 at 0.1, 32x32 at 0.1;
# ROWS="8 0.1,16 0.1" picks some (k and injection_rate, comma-separated).
set -euo pipefail
booksim=${1:?BookSim2 binary}
commviz=${2:?commviz binary}
repetitions=${3:-3}
config=$(cd "$(dirname "$0")" && pwd)/a1.cfg
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The children's CPU time so far in milliseconds (user + system), from bash's
# `times` (millisecond resolution; /usr/bin/time rounds to 10 ms, a tenth of a
# short row). Builtins only, run in this shell: a subshell has no children,
# and a helper process would count itself.
cpu_ms=0
children_cpu() {
  local line
  times > "$scratch/times"
  { read -r line; read -r line; } < "$scratch/times"
  local re='^([0-9]+)m([0-9]+)\.([0-9]+)s ([0-9]+)m([0-9]+)\.([0-9]+)s$'
  [[ $line =~ $re ]] || { echo "noc_vs_booksim.sh: cannot read times: $line" >&2; exit 1; }
  local r=("${BASH_REMATCH[@]}")
  cpu_ms=$(( (10#${r[1]} * 60 + 10#${r[2]}) * 1000 + 10#${r[3]} + (10#${r[4]} * 60 + 10#${r[5]}) * 1000 + 10#${r[6]} ))
}

seconds() {  # "wall cpu" seconds of one whole run, its output discarded (BookSim2 exits 255 when done)
  children_cpu
  local cpu0=$cpu_ms start=$EPOCHREALTIME
  "$@" > /dev/null 2>&1 || true
  local end=$EPOCHREALTIME
  children_cpu
  awk -v s="$start" -v e="$end" -v c="$((cpu_ms - cpu0))" 'BEGIN { printf "%.3f %.3f\n", e - s, c / 1000 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-10s %10s %10s %7s %10s %10s %7s\n' row booksim commviz ratio booksim commviz ratio
printf '%-10s %10s %10s %7s %10s %10s %7s\n' '' wall_s wall_s '' cpu_s cpu_s ''

IFS=, read -r -a rows <<< "${ROWS:-8 0.1,8 0.3,16 0.1,32 0.1}"
for row in "${rows[@]}"; do
  read -r k rate <<< "$row"
  : > "$scratch/b"
  : > "$scratch/c"
  for ((i = 0; i < repetitions; ++i)); do
    seconds "$booksim" "$config" "k=$k" "injection_rate=$rate" >> "$scratch/b"
    seconds "$commviz" noc "$config" "k=$k" "injection_rate=$rate" >> "$scratch/c"
  done
  bw=$(cut -d' ' -f1 "$scratch/b" | median) cw=$(cut -d' ' -f1 "$scratch/c" | median)
  bc=$(cut -d' ' -f2 "$scratch/b" | median) cc=$(cut -d' ' -f2 "$scratch/c" | median)
  printf '%-10s %10s %10s %7s %10s %10s %7s\n' "${k}x${k}@$rate" "$bw" "$cw" "$(ratio "$bw" "$cw")" \
    "$bc" "$cc" "$(ratio "$bc" "$cc")"
done
