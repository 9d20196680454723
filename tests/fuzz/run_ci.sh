#!/usr/bin/env bash
# CI's fuzzing step (.ci/run calls it after the test suite): builds every libFuzzer target with
# clang, ASan and UBSan in its own folder, then runs each for a short time on its seeds and on the
# inputs that once failed, so a new parser or a change to an old one meets the fuzzer before it
# lands. Fails when any target reports a crash, a leak, undefined behaviour, a timeout or an
# out-of-memory; the input that did it is left in <build folder>/fuzz-artifacts/<name>/ (fix the
# bug, then keep the input in tests/fuzz/regressions/<name>/).
#
# Environment: SMOLDESK_FUZZ_SECONDS (per target, default 25), SMOLDESK_FUZZ_BUILD_DIR (default
# build-fuzz-ci), SMOLDESK_FUZZ_TARGETS (names without fuzz_, default every tests/fuzz/fuzz_*.cpp).
set -euo pipefail
cd "$(dirname "$0")/../.."

build_dir="${SMOLDESK_FUZZ_BUILD_DIR:-build-fuzz-ci}"
seconds="${SMOLDESK_FUZZ_SECONDS:-25}"
if [ -n "${SMOLDESK_FUZZ_TARGETS:-}" ]; then
  read -r -a names <<<"$SMOLDESK_FUZZ_TARGETS"
else
  names=()
  for source in tests/fuzz/fuzz_*.cpp; do
    name="${source#tests/fuzz/fuzz_}"
    names+=("${name%.cpp}")
  done
fi

step_start=$SECONDS
CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSMOLDESK_FUZZ=ON -DSMOLDESK_SANITIZE=ON \
  -DSMOLDESK_BUILD_TESTS=OFF -DSMOLDESK_BUILD_APP=OFF -DSMOLDESK_VULKAN=OFF >/dev/null
# Only the fuzz targets and the libraries they link (not smoldesk-cli nor its Qt libraries).
cmake --build "$build_dir" --target "${names[@]/#/fuzz_}"
echo "fuzz: built ${#names[@]} targets in $((SECONDS - step_start)) s"

# Stop at the first report of any kind; libFuzzer itself checks for leaks after each input.
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

failed=()
for name in "${names[@]}"; do
  artifacts="$build_dir/fuzz-artifacts/$name"
  work="$build_dir/fuzz-corpus/$name" # what the run adds; the seeds in the tree stay as they are
  rm -rf "$work" "$artifacts"
  mkdir -p "$work" "$artifacts"
  log="$build_dir/fuzz-$name.log"
  corpora=("$work" "tests/fuzz/corpus/$name")
  # An empty regressions folder is fine for libFuzzer, a missing one is not.
  [ -d "tests/fuzz/regressions/$name" ] && corpora+=("tests/fuzz/regressions/$name")
  # Seeds that are test-data files, copied there at configure time (tests/fuzz/CMakeLists.txt).
  [ -d "$build_dir/fuzz-seeds/$name" ] && corpora+=("$build_dir/fuzz-seeds/$name")
  if "$build_dir/bin/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "${corpora[@]}" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    edges=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    echo "fuzz_$name: ${runs:-?} inputs in ${seconds} s, ${edges:-?} edges covered, no report"
  else
    echo "fuzz_$name FAILED; the end of its log ($log):"
    tail -n 60 "$log"
    ls -l "$artifacts"
    failed+=("fuzz_$name")
  fi
done

echo "fuzz: step took $((SECONDS - step_start)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: reports from ${failed[*]}; the inputs are in $build_dir/fuzz-artifacts/" >&2
  exit 1
fi
