#!/usr/bin/env bash
# A lent GPU machine: prompt speed of the prompt GEMM for each tile the host can pick
# (SMOLDESK_VK_MATMUL_TILE=128|64|32; "auto" leaves the host's choice) — the tensor-core matmul_coop.comp where
# the device has VK_NV_cooperative_matrix, with each fragment shape (SMOLDESK_VK_COOPMAT_SHAPE; one the device
# does not list leaves its own) and step (BK 16/64), and the tiled matmul.comp (SMOLDESK_VK_MATMUL=tiled) per
# tile, the f32 weight tile (SMOLDESK_VK_MATMUL_F16=0) and a narrower step (SMOLDESK_VK_MATMUL_BK=16), against llama.cpp's Vulkan
# llama-bench on the same SmolLM3-3B-shaped files (Q4_K_M and IQ4_XS; TYPES to change); then the GPU time of
# every kernel of one prompt (SMOLDESK_VK_PROFILE) and the driver's statistics of the matmul pipelines
# (registers, spills: does the 8×8 acc[] stay in registers?). Prepare as for lent_gpu.sh (.gpu carried, with
# llama.cpp-vulkan.tar.xz); results in $OUT/matmul-sweep.txt. About 5 minutes on an H200 (two synth runs
# and 22 short benches); P (512) and REPS (2) through the environment.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
G=$root/.gpu; OUT=${OUT:-$G/out}; mkdir -p "$OUT"; P=${P:-512}; REPS=${REPS:-2}
for d in "$G"/debs/libvulkan1_*.deb "$root"/.gl/*.deb; do [ -f "$d" ] && dpkg -x "$d" /; done
mkdir -p "$G/lib" "$G/x"
for d in "$G"/debs/*.deb; do case "$d" in *libvulkan1_*) ;; *) dpkg -x "$d" "$G/x" ;; esac; done
find "$G/x" -name '*.so*' -exec cp -P {} "$G/lib/" \; ; ldconfig
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
cli() { LD_LIBRARY_PATH="$G/lib" "$G/smoldesk-cli" "$@"; }
log() { echo "$*" | tee -a "$OUT/matmul-sweep.txt"; }
[ -x "$G/llama.cpp-vulkan/llama-bench" ] || tar xJf "$G/llama.cpp-vulkan.tar.xz" -C "$G"
tar xJf tests/data/text/vocabs.tar.xz -C tests/data/text smollm3-vocab.gguf
log "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
# One bench of our prompt speed with the given tile settings (NAME=VALUE ...), on one line.
ours() {
  local m=$1; shift
  env "$@" timeout 150 "$G/cli-sweep" bench -m "$m" --backend vulkan -p "$P" -n 4 -r "$REPS" --no-bandwidth 2>&1 |
    grep -E '^(prompt|device)' | tr -s ' ' | tr '\n' ' '
}
printf '#!/bin/sh\nLD_LIBRARY_PATH="%s/lib" exec "%s/smoldesk-cli" "$@"\n' "$G" "$G" >"$G/cli-sweep"; chmod +x "$G/cli-sweep"
for t in ${TYPES:-Q4_K_M IQ4_XS}; do
  m=$G/smollm3-3b-$t.gguf; [ "$t" = Q4_K_M ] && m=$G/smollm3-3b-shaped.gguf # the names lent_gpu.sh uses
  [ -f "$m" ] || timeout 120 cli synth -o "$m" --vocab tests/data/text/smollm3-vocab.gguf --type "$t" >/dev/null 2>&1 ||
    { log "$t: synth failed"; continue; }
  log "== $t, prompt $P"
  for gemm in default tiled; do
    tiles=${TILES:-auto 128 64 32}; [ "$gemm" = tiled ] && tiles=${TILED_TILES:-auto} # matmul.comp's tiles: swept before
    for tile in $tiles; do
      if [ "$tile" = auto ]; then log "$gemm, tile auto: $(ours "$m" SMOLDESK_VK_MATMUL=${gemm#default} SMOLDESK_VK_MATMUL_TILE=)"
      else log "$gemm, tile $tile: $(ours "$m" SMOLDESK_VK_MATMUL=${gemm#default} SMOLDESK_VK_MATMUL_TILE="$tile")"; fi
    done
  done
  for shape in ${SHAPES:-16x8x16 16x16x8 16x8x8}; do log "default, shape $shape: $(ours "$m" SMOLDESK_VK_COOPMAT_SHAPE="$shape")"; done
  log "default, BK 64: $(ours "$m" SMOLDESK_VK_MATMUL_BK=64)"
  log "tiled, f32 weight tile: $(ours "$m" SMOLDESK_VK_MATMUL_F16=0)"
  log "tiled, BK 16: $(ours "$m" SMOLDESK_VK_MATMUL=tiled SMOLDESK_VK_MATMUL_BK=16)"
  log "llama.cpp Vulkan: $(timeout 150 "$G/llama.cpp-vulkan/llama-bench" -m "$m" -ngl 99 -p "$P" -n 0 -r "$REPS" 2>&1 |
    grep -E 'ggml_vulkan: 0 =|\| *pp[0-9]' | tr -s ' ' | tr '\n' ' ')"
done
# The GPU time of every kernel of one prompt (the table goes to stderr), and the matmul pipelines' statistics.
m=$G/smollm3-3b-shaped.gguf
SMOLDESK_VK_PROFILE=1 timeout 150 "$G/cli-sweep" bench -m "$m" --backend vulkan -p "$P" -n 4 -r 1 --no-bandwidth --json \
  >"$OUT/matmul-profile.out" 2>"$OUT/matmul-profile.txt"
for tile in 128 64 32; do
  for gemm in "" tiled; do
  SMOLDESK_VK_MATMUL=$gemm SMOLDESK_VK_MATMUL_TILE=$tile SMOLDESK_VK_PIPELINE_STATS=1 timeout 100 "$G/cli-sweep" bench -m "$m" --backend vulkan \
    -p 64 -n 1 -r 1 --no-bandwidth 2>&1 | grep 'SMOLDESK_VK_PIPELINE_STATS matmul' | sed "s/^/tile $tile: /" \
    >>"$OUT/matmul-pipeline-stats.txt"
  done
done
log "pipeline statistics: $(wc -l <"$OUT/matmul-pipeline-stats.txt") lines in matmul-pipeline-stats.txt"
