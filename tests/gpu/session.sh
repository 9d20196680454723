#!/usr/bin/env bash
# A whole lease in one call: a lent machine goes back 30 s after a call returns and a session has 15 minutes of
# device time, so there is no second look. Runs the checks in order of what a lease must not miss, each under the
# time still left of BUDGET seconds (default 500; give `run` a timeout_s some 60 s above it):
#   1. tests/gpu/lent_gpu.sh without the goldens: the tensor-core GEMM's self-check (a failure turns it off for the
#      rest), the Q4_K_M and IQ4_XS benches against llama.cpp's Vulkan llama-bench, the per-kernel profile;
#   2. a partial offload (half the layers on the GPU) of the same file;
#   3. every llama.cpp golden through the Vulkan backend (tests/gpu/golden_check.py);
#   4. tests/gpu/matmul_sweep.sh on Q4_K_M (prompt GEMM tiles and fragment shapes);
#   5. tests/gpu/matvec_sweep.sh (decode layouts, attention split at 2,048 positions).
# A machine returns at most 8 files: everything goes into $OUT/gpu-results.tar.gz, with gpu-summary.txt beside it.
# Prepare here as for lent_gpu.sh; run there carrying .gpu and .gl: bash tests/gpu/session.sh
set -u
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
final=${OUT:-$root/.gpu/final}; mkdir -p "$final"
export OUT=/tmp/smoldesk-gpu-out; rm -rf "$OUT"; mkdir -p "$OUT"
deadline=$(($(date +%s) + ${BUDGET:-500}))
left() { local s=$((deadline - $(date +%s))); [ "$s" -gt 5 ] && echo "$s" || echo 5; }
stage() { echo "== $(date -u +%T) $1 ($(left) s left)" | tee -a "$OUT/stages.txt"; }
pack() {
  tar czf "$final/gpu-results.tar.gz" -C "$OUT" . 2>/dev/null
  { cat "$OUT/stages.txt"; for f in device.txt gemm.txt selftest-gemm.txt gpu-bench.txt gpu-bench-IQ4_XS.txt split.txt \
      goldens-summary.txt matmul-sweep.txt sweep.txt; do [ -f "$OUT/$f" ] && { echo "--- $f"; cat "$OUT/$f"; }; done
    [ -f "$OUT/smoldesk-vulkan-profile.txt" ] && { echo "--- decode/prompt profile (head)"; head -n 40 "$OUT/smoldesk-vulkan-profile.txt"; }
  } >"$final/gpu-summary.txt" 2>&1
}
trap pack EXIT

stage "lent_gpu.sh (no goldens)"
SKIP_GOLDENS=1 timeout "$(left)" bash tests/gpu/lent_gpu.sh >"$OUT/lent.log" 2>&1
[ -f .gpu/no-coopmat ] && export SMOLDESK_VK_NO_COOPMAT=1
cli=$root/.gpu/cli
m=$root/.gpu/smollm3-3b-shaped.gguf

stage "partial offload, 18 of 36 layers"
[ -f "$m" ] && timeout "$(left)" "$cli" bench -m "$m" --backend vulkan --gpu-layers 18 -p 512 -n 64 -r 2 --no-bandwidth \
  >"$OUT/split.txt" 2>&1

stage "goldens"
g=$(left); [ "$g" -gt 150 ] && g=150
timeout "$g" python3 tests/gpu/golden_check.py "$cli" tests/data/models --backend vulkan --json "$OUT/goldens.json" \
  >"$OUT/goldens.txt" 2>&1
echo "exit $? after ${g} s at most" >>"$OUT/goldens.txt"
{ echo "$(grep -c '^ok ' "$OUT/goldens.txt") checks within tolerance"; grep -E '^FAIL|checks,|^exit' "$OUT/goldens.txt" | head -n 30; } \
  >"$OUT/goldens-summary.txt" 2>&1

stage "matmul sweep (Q4_K_M)"
TYPES=Q4_K_M REPS=1 timeout "$(left)" bash tests/gpu/matmul_sweep.sh >"$OUT/matmul-sweep.log" 2>&1

stage "matvec sweep"
[ "$(left)" -gt 40 ] && SPLITS="auto 1 2" ROWS_LIST="1 2 4" N=64 ATTN_SPLITS="0 64" timeout "$(left)" \
  bash tests/gpu/matvec_sweep.sh >"$OUT/matvec-sweep.log" 2>&1
stage "done"
