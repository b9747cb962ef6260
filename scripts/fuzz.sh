#!/usr/bin/env bash
# Builds the libFuzzer targets in build-fuzz/ (clang, ASan + UBSan) and runs
# them: every target, or the one named, for SECONDS each (default 60), as many
# at once as there are cores. Prints each target's final cov:/ft:/exec/s line;
# exits 1 when a target found a crash, hang, leak or out-of-memory (the input
# is kept under build-fuzz/findings/).
set -euo pipefail
COMMVIZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${COMMVIZ_FUZZ_BUILD:-$COMMVIZ_ROOT/build-fuzz}
TARGETS=(fuzz_scenario_rdma fuzz_scenario_rdma_vs_socket fuzz_scenario_nccl fuzz_scenario_noc fuzz_scenario_collectives
         fuzz_scenario_nccl_topology
         fuzz_booksim_config fuzz_anynet_file fuzz_param_set fuzz_lesson fuzz_topology_xml fuzz_graph_xml fuzz_nccl_log fuzz_tuning_log)

usage() {
  echo "usage: scripts/fuzz.sh [TARGET|all] [SECONDS]"
  echo "Builds the libFuzzer targets with clang in build-fuzz/ and runs each for"
  echo "SECONDS (default 60) with -rss_limit_mb=2048 -timeout=\${COMMVIZ_FUZZ_TIMEOUT:-10}. Targets:"
  printf '  %s\n' "${TARGETS[@]}"
  echo "Needs the Debian packages clang and libclang-rt-14-dev (scripts/lib/deps.sh)."
}

target=all seconds=60
if [[ $# -gt 0 ]]; then
  case $1 in
    --help) usage; exit 0 ;;
    all) ;;
    fuzz_*) target=$1 ;;
    *) echo "scripts/fuzz.sh: unknown target $1 (try --help)" >&2; exit 2 ;;
  esac
fi
[[ $# -gt 1 ]] && seconds=$2
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || { echo "scripts/fuzz.sh: SECONDS must be a positive integer, not '$seconds'" >&2; exit 2; }
[[ $# -gt 2 ]] && { echo "scripts/fuzz.sh: too many arguments (try --help)" >&2; exit 2; }
if [[ $target != all ]]; then
  [[ " ${TARGETS[*]} " == *" $target "* ]] || { echo "scripts/fuzz.sh: unknown target $target (try --help)" >&2; exit 2; }
  TARGETS=("$target")
fi

# COMMVIZ_FUZZ_TIMEOUT=N: seconds one input may take (default 10; raise it on a
# loaded machine, where the limit counts wall time). COMMVIZ_FUZZ_PREBUILT=1 runs
# the targets as built, without configuring or
# building (a long run that must not pick up edits made to the tree meanwhile).
if [[ ${COMMVIZ_FUZZ_PREBUILT:-0} != 1 ]]; then
  source "$COMMVIZ_ROOT/scripts/lib/deps.sh"
  commviz_configure_sanitized "$BUILD"
  cmake --build "$BUILD" --parallel "$(nproc)" --target "${TARGETS[@]}"
fi

# Seed inputs of a target, written into $1: the bundled examples and the
# configs written inline in the tests.
seed() {
  local name=$1 dir=$2
  case $name in
    fuzz_scenario_*)
      # Every bundled scenario of the target's scene, wherever its folder is.
      local id=${name#fuzz_scenario_}
      id=${id//_/-}
      if [[ $id == nccl ]]; then id=nccl-bootstrap; fi
      grep -rlE --include='*.json' "\"scene\": *\"$id\"" "$COMMVIZ_ROOT/resources/scenarios" | xargs -r cp -t "$dir" ;;
    fuzz_booksim_config)
      find "$COMMVIZ_ROOT/resources/scenarios" -name '*.cfg' -exec cp -t "$dir" {} +
      # Each multi-line raw string of the NoC tests is a config file.
      perl -0777 -ne 'my ($base) = $ARGV =~ m{([^/]+)$}; my $i = 0;
        while (/R"\((\n.*?)\)"/sg) { open(my $f, ">", "$ENV{SEED_DIR}/inline_$base.$i") or die; print $f $1; $i++ }' \
        "$COMMVIZ_ROOT"/tests/noc/*.cpp "$COMMVIZ_ROOT"/tests/noc/*.h ;;
    fuzz_anynet_file)
      # The bundled network files, and the ring and irregular graph of the anynet tests.
      find "$COMMVIZ_ROOT/resources/scenarios" -name '*_file' -exec cp -t "$dir" {} +
      printf 'router 0 node 0 node 1 router 1\nrouter 1 node 2 router 2 3\nrouter 2 node 3 router 0 2\n' >"$dir/ring3"
      printf 'router 0 node 0 router 1 3 router 2\nrouter 1 node 1 node 2 router 3 2 router 0\nrouter 2 node 3 router 3\nrouter 3 node 4\nnode 5 router 3\n' >"$dir/irregular" ;;
    fuzz_param_set)
      # Byte 0 picks the scene, byte 1 the key; then its value.
      local scene_byte key_byte
      for scene_byte in 0 1 2 3 4 5; do
        for key_byte in $(seq 0 23); do
          printf "\\x$(printf %02x "$scene_byte")\\x$(printf %02x "$key_byte")1" >"$dir/s${scene_byte}_k${key_byte}"
        done
      done ;;
    fuzz_lesson) cp "$COMMVIZ_ROOT"/resources/lessons/*.json "$dir"/ ;;
    fuzz_topology_xml)
      # Byte 0 picks the assumptions (NVLink fill, GDR on): each bundled server with each fill.
      local file fill
      for file in "$COMMVIZ_ROOT"/resources/topologies/*.xml; do
        for fill in 0 1 2; do
          { printf "\\x$(printf %02x $((fill + 4)))"; cat "$file"; } >"$dir/$(basename "$file" .xml)_$fill"
        done
      done ;;
    fuzz_graph_xml)
      perl -0777 -ne 'my ($base) = $ARGV =~ m{([^/]+)$}; my $i = 0;
        while (/R"\((<graphs.*?)\)"/sg) { open(my $f, ">", "$ENV{SEED_DIR}/inline_$base.$i") or die; print $f $1; $i++ }' \
        "$COMMVIZ_ROOT"/tests/nccl/topology_scene/*.cpp "$COMMVIZ_ROOT"/tests/nccl/topology_scene/*.h ;;
    fuzz_nccl_log) cp "$COMMVIZ_ROOT"/resources/nccl_logs/*.log "$dir"/ ;;
    fuzz_tuning_log)
      # Byte 0 picks the keys (gpu_sm, version, counts): each published TUNING log with two choices.
      local file choice
      for file in "$COMMVIZ_ROOT"/tests/nccl/graph/fixtures/*.log; do
        for choice in 0 23; do
          { printf "\\x$(printf %02x $choice)"; cat "$file"; } >"$dir/$(basename "$file" .log)_$choice"
        done
      done ;;
  esac
}

# One target's run; its report line(s) go to $BUILD/logs/<target>.report, and
# the file ends with "rc=N".
run_target() {
  local name=$1
  local corpus=$BUILD/corpus/$name seeds=$BUILD/seeds/$name findings=$BUILD/findings/$name log=$BUILD/logs/$name.log
  local report=$BUILD/logs/$name.report
  rm -rf "$seeds" && mkdir -p "$corpus" "$seeds" "$findings" "$(dirname "$log")"
  SEED_DIR=$seeds seed "$name" "$seeds"
  # fuzz/regressions/<target>/ holds inputs that once failed: they run first, every time.
  local regressions=()
  [[ -d $COMMVIZ_ROOT/fuzz/regressions/$name ]] && regressions=("$COMMVIZ_ROOT/fuzz/regressions/$name")
  local rc=0
  "$BUILD/fuzz/$name" "$corpus" "$seeds" "${regressions[@]}" -dict="$COMMVIZ_ROOT/fuzz/dict/$name.dict" \
    -max_total_time="$seconds" -seed="${COMMVIZ_FUZZ_SEED:-0}" -rss_limit_mb=2048 -timeout="${COMMVIZ_FUZZ_TIMEOUT:-10}" \
    -artifact_prefix="$findings/" \
    -print_final_stats=1 >"$log" 2>&1 || rc=$?
  local final
  final=$(grep -E '^#[0-9]+.*(DONE|cov:)' "$log" | tail -1 || true)
  {
    if ((rc)); then
      echo "$name: FOUND a problem (exit $rc), input in $findings/, log $log"
      grep -E '^==[0-9]+==ERROR|^SUMMARY|runtime error|Test unit written' "$log" | head -5 | sed 's/^/  /' || true
    else
      echo "$name: ${final:-no final line, see $log}"
    fi
    echo "rc=$rc"
  } >"$report"
}

# As many targets at once as there are cores (each runs on one), reported in order.
running=0
for name in "${TARGETS[@]}"; do
  if ((running >= $(nproc))); then
    wait -n || true  # a target's result is in its report, not in its exit status
    running=$((running - 1))
  fi
  run_target "$name" &
  running=$((running + 1))
done
wait || true
status=0
for name in "${TARGETS[@]}"; do
  report=$BUILD/logs/$name.report
  grep -v '^rc=' "$report"
  grep -qx 'rc=0' "$report" || status=1
done
exit $status
