#!/usr/bin/env bash
# A lent GPU machine, after tests/gpu/session.sh: clean figures now that `bench` warms up as llama-bench does (every
# earlier sweep's first run also compiled its pipelines, ~0.2 s each with a cold driver cache), in one call:
#   1. the cold and the warm start (warm-up seconds, pipelines compiled and their cost);
#   2. Q4_K_M and IQ4_XS against llama.cpp's Vulkan llama-bench, alternating;
#   3. the prompt GEMM's tiles (tensor-core and tiled), fragment shape and step;
#   4. the decode matvec's unroll, the multi-token matvec (-p 4/-p 8), K split × rows per workgroup, and decode attention's split at 2,048 positions;
#   5. a partial offload, 18 and 30 of 36 layers.
# Prepare as for lent_gpu.sh; run there carrying .gpu and .gl: BUDGET=300 bash tests/gpu/tuning.sh
# Everything goes into $OUT/tuning.txt and $OUT/tuning-json.tar.gz (a machine returns at most 8 files).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
G=$root/.gpu; final=${OUT:-$G/final}; mkdir -p "$final"; J=/tmp/tuning-json; rm -rf "$J"; mkdir -p "$J"
deadline=$(($(date +%s) + ${BUDGET:-300}))
left() { local s=$((deadline - $(date +%s))); [ "$s" -gt 5 ] && echo "$s" || echo 5; }
log() { echo "$*" | tee -a "$final/tuning.txt"; }
trap 'tar czf "$final/tuning-json.tar.gz" -C "$J" . 2>/dev/null' EXIT
for d in "$G"/debs/libvulkan1_*.deb "$root"/.gl/*.deb; do [ -f "$d" ] && dpkg -x "$d" /; done
mkdir -p "$G/lib" "$G/x"
for d in "$G"/debs/*.deb; do case "$d" in *libvulkan1_*) ;; *) dpkg -x "$d" "$G/x" ;; esac; done
find "$G/x" -name '*.so*' -exec cp -P {} "$G/lib/" \; ; ldconfig
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
[ -f "$G/smoldesk-cli.xz" ] && xz -d -f "$G/smoldesk-cli.xz" && chmod +x "$G/smoldesk-cli"
cli() { LD_LIBRARY_PATH="$G/lib" timeout "$(left)" "$G/smoldesk-cli" "$@"; }
tar xJf "$G/llama.cpp-vulkan.tar.xz" -C "$G"
tar xJf tests/data/text/vocabs.tar.xz -C tests/data/text smollm3-vocab.gguf
log "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
q4=$G/q4km.gguf; iq=$G/iq4xs.gguf
cli synth -o "$q4" --vocab tests/data/text/smollm3-vocab.gguf --type Q4_K_M >/dev/null 2>&1 || log "Q4_K_M synth failed"
# One bench as JSON into $J/NAME.json; one line of the figures into tuning.txt.
ours() {
  local name=$1 m=$2; shift 2
  [ $((deadline - $(date +%s))) -gt 8 ] || { log "$name: skipped, out of time"; return; }
  env "${@:3}" LD_LIBRARY_PATH="$G/lib" timeout "$(left)" "$G/smoldesk-cli" bench -m "$m" --backend vulkan $1 $2 --json \
    >"$J/$name.json" 2>"$J/$name.err"
  log "$name: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); p=d.get("pipelines",{});
print("prompt %s decode %s (runs %s / %s) warm-up %.2f s, pipelines %s in %s ms" % (d["prompt_tokens_per_s"], d["decode_tokens_per_s"],
d["prompt_tokens_per_s_runs"], d["decode_tokens_per_s_runs"], d.get("warmup_seconds",-1), p.get("created"), p.get("create_ms")))' \
    "$J/$name.json" 2>&1 | tail -n 1)"
}
llama() {
  [ $((deadline - $(date +%s))) -gt 8 ] || return
  log "$1 llama.cpp: $(timeout "$(left)" "$G/llama.cpp-vulkan/llama-bench" -m "$2" -ngl 99 -p 512 -n 128 -r 3 2>&1 |
    grep -E '\| *(pp|tg)[0-9]' | awk -F'|' '{print $7 $8}' | tr -s ' ' | tr '\n' ' ')"
}
log "== 1. cold start, then warm (Q4_K_M, -p 512 -n 128 -r 3)"
ours cold "$q4" "-p 512 -n 128 -r 3" "--no-bandwidth"
ours warm "$q4" "-p 512 -n 128 -r 3" "--no-bandwidth"
log "== 2. against llama.cpp"
llama Q4_K_M "$q4"
ours q4km-again "$q4" "-p 512 -n 128 -r 3" "--no-bandwidth"
cli synth -o "$iq" --vocab tests/data/text/smollm3-vocab.gguf --type IQ4_XS >/dev/null 2>&1 || log "IQ4_XS synth failed"
ours iq4xs "$iq" "-p 512 -n 128 -r 3" "--no-bandwidth"
llama IQ4_XS "$iq"
log "== 3. prompt GEMM (Q4_K_M, -p 512)"
for v in "coop-auto" "coop-128 SMOLDESK_VK_MATMUL_TILE=128" "coop-64 SMOLDESK_VK_MATMUL_TILE=64" \
  "coop-32 SMOLDESK_VK_MATMUL_TILE=32" "coop-bk64 SMOLDESK_VK_MATMUL_BK=64" "coop-16x8x16 SMOLDESK_VK_COOPMAT_SHAPE=16x8x16" \
  "tiled-auto SMOLDESK_VK_MATMUL=tiled" "tiled-128 SMOLDESK_VK_MATMUL=tiled SMOLDESK_VK_MATMUL_TILE=128" \
  "tiled-64 SMOLDESK_VK_MATMUL=tiled SMOLDESK_VK_MATMUL_TILE=64" "tiled-32 SMOLDESK_VK_MATMUL=tiled SMOLDESK_VK_MATMUL_TILE=32"; do
  set -- $v; name=$1; shift
  ours "gemm-$name" "$q4" "-p 512 -n 4 -r 3" "--no-bandwidth" X=1 "$@"
done
# The submit work cap (prompt steps split into submissions of <= 0.25 s of work at 2 TFLOP/s) off.
ours "gemm-no-submit-cap" "$q4" "-p 512 -n 4 -r 3" "--no-bandwidth" SMOLDESK_VK_SUBMIT_WORK_CAP=0
log "== 4. decode (Q4_K_M, -p 8 -n 128)"
# matvec.comp's UNROLL (super-blocks whose loads a lane issues together; default 2 for 1-2 tokens, 1 above), then
# the multi-token matvec (prompts of <= 8 tokens: its prompt figure), at its defaults (4 rows, unroll 1) and not.
for u in 1 2 4; do ours "matvec-unroll$u" "$q4" "-p 8 -n 128 -r 3" "--no-bandwidth" SMOLDESK_VK_MATVEC_UNROLL=$u; done
# RoPE and the K/V cache write in the q/k/v matvec's epilogue (default) against store_kv as its own dispatch.
ours "kv-fusion-off" "$q4" "-p 8 -n 128 -r 3" "--no-bandwidth" SMOLDESK_VK_NO_KV_FUSION=1
ours "multitoken-p4" "$q4" "-p 4 -n 4 -r 3" "--no-bandwidth"
for v in "default" "unroll2 SMOLDESK_VK_MATVEC_UNROLL=2" "rows2 SMOLDESK_VK_MATVEC_ROWS=2"; do
  set -- $v; name=$1; shift
  ours "multitoken-p8-$name" "$q4" "-p 8 -n 4 -r 3" "--no-bandwidth" X=1 "$@"
done
for split in auto 1 2 4; do
  for rows in 1 2 4; do
    e=(SMOLDESK_VK_MATVEC_ROWS=$rows); [ "$split" != auto ] && e+=(SMOLDESK_VK_MATVEC_SPLIT=$split)
    ours "matvec-s$split-r$rows" "$q4" "-p 8 -n 128 -r 3" "--no-bandwidth" "${e[@]}"
  done
done
for len in 0 64 256; do ours "attn-d2048-split$len" "$q4" "-p 8 -d 2048 -n 64 -r 2" "--no-bandwidth" SMOLDESK_VK_ATTENTION_SPLIT=$len; done
log "== 5. partial offload"
for n in 18 30; do ours "split-$n" "$q4" "-p 512 -n 64 -r 2 --gpu-layers $n" "--no-bandwidth"; done
log "== done, $(left) s left"
