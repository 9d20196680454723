#!/usr/bin/env bash
# One call's work on a lent GPU machine (see README, "Checking on a real GPU"): first correctness, then speed.
# Prepare here with tests/gpu/prepare.sh (../shared/tools/gpu/prepare.sh plus SQLite and zlib) and a CLI built without Qt (README: SMOLDESK_CLI_SERVER=OFF), then run there, carrying .gpu: bash tests/gpu/lent_gpu.sh
# 0. the tensor-core prompt GEMM first (matmul_coop.comp): which GEMM a prompt runs (gemm.txt), then the self-check
#    with it (the default where VK_NV_cooperative_matrix has a usable shape), its emulated build and the tiled
#    matmul.comp (selftest-gemm.txt; SKIP_GEMM_SELFTEST=1 skips the three runs, about 10 s each on an H200);
# 1. every llama.cpp prompt golden through our Vulkan backend, whole prompt and token by token (golden_check.py);
# 2. ../shared/tools/gpu/remote.sh: self-check, SmolLM3-3B-shaped Q4_K_M against llama.cpp's Vulkan llama-bench,
#    then our GPU time per kernel (SMOLDESK_VK_PROFILE) of that file;
# 3. the same comparison on an IQ4_XS file (EXTRA_TYPES, default IQ4_XS; empty skips it);
# 4. with MATMUL_SWEEP=1, tests/gpu/matmul_sweep.sh: prompt-512 per GEMM tile against llama.cpp (3–4 more minutes;
#    SKIP_GOLDENS=1 makes room for it in one call).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
G=$root/.gpu; OUT=${OUT:-$G/out}; mkdir -p "$OUT"
# The Vulkan loader and libglvnd (NVIDIA's Vulkan driver needs libGLdispatch) go into / as the device README says:
# carry .gl too (its debs: libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2).
for d in "$G"/debs/libvulkan1_*.deb "$root"/.gl/*.deb; do [ -f "$d" ] && dpkg -x "$d" /; done
mkdir -p "$G/lib" "$G/x"
for d in "$G"/debs/*.deb; do case "$d" in *libvulkan1_*) ;; *) dpkg -x "$d" "$G/x" ;; esac; done
find "$G/x" -name '*.so*' -exec cp -P {} "$G/lib/" \; ; ldconfig
# tests/gpu/prepare.sh packs the CLI (the 64 MiB a machine takes); ../shared's prepare.sh leaves it as it is.
if [ -f "$G/smoldesk-cli.xz" ]; then xz -d -f "$G/smoldesk-cli.xz" && chmod +x "$G/smoldesk-cli"; fi
# Only our CLI sees these libraries: the machine's own tools (cp, python3) crash on Debian's PCRE2.
printf '#!/bin/sh\nLD_LIBRARY_PATH="%s/lib" exec "%s/smoldesk-cli" "$@"\n' "$G" "$G" >"$G/cli"; chmod +x "$G/cli"
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
# The packed test data is unpacked in place (this is the GPU machine's copy; remote.sh looks for the vocabulary there).
data=$root/tests/data
find "$data" -name '*.tar.xz' | while read -r t; do tar xJf "$t" -C "$(dirname "$t")"; done
device=$("$G/cli" bench -m "$data/models/arch/qwen3-tiny.gguf" --backend vulkan -p 8 -n 4 -r 1 --no-bandwidth 2>&1 | grep -m1 '^device:')
echo "$device" | tee "$OUT/device.txt"
case "$device" in *CPU*|"")
  { echo "the Vulkan backend did not start on this machine: stopping"; ls -l /usr/local/nvidia/share/vulkan/icd.d /usr/share/vulkan/icd.d /etc/vulkan/icd.d
    VK_LOADER_DEBUG=error,warn,driver "$G/cli" bench -m "$data/models/arch/qwen3-tiny.gguf" --backend vulkan -p 8 -n 4 -r 1 --no-bandwidth 2>&1 | head -n 40
  } 2>&1 | tee -a "$OUT/device.txt"; exit 1 ;;
esac
# The profile's table names each prompt product's shader: matmul_coop (tensor cores) or matmul (tiled).
SMOLDESK_VK_PROFILE=1 "$G/cli" bench -m "$data/models/arch/qwen3-tiny.gguf" --backend vulkan -p 64 -n 1 -r 1 \
  --no-bandwidth --json 2>&1 >/dev/null | grep -E 'matmul' | head -n 4 | tee "$OUT/gemm.txt"
if [ -z "${SKIP_GEMM_SELFTEST:-}" ]; then
  mkdir -p "$root/share/smoldesk/models" && cp resources/models/stories260K* "$root/share/smoldesk/models/"
  for mode in default coopmat-emulated tiled; do
    echo "== selftest, SMOLDESK_VK_MATMUL=$mode"
    SMOLDESK_VK_MATMUL=${mode#default} timeout 120 "$G/cli" selftest --backend vulkan 2>&1 | grep -E 'matrix-matrix|FAIL|checks'
  done | tee "$OUT/selftest-gemm.txt"
  # A failing tensor-core GEMM must not spoil the rest of the lease: the benches then measure the tiled GEMM, and
  # tests/gpu/session.sh keeps it off for its later stages.
  if sed -n '1,/SMOLDESK_VK_MATMUL=coopmat-emulated/p' "$OUT/selftest-gemm.txt" | grep -q FAIL; then
    echo "the tensor-core GEMM failed its self-check: SMOLDESK_VK_NO_COOPMAT=1 from here on" | tee -a "$OUT/selftest-gemm.txt"
    export SMOLDESK_VK_NO_COOPMAT=1; touch "$G/no-coopmat"
  fi
fi
if [ -z "${SKIP_GOLDENS:-}" ]; then
  echo "== goldens through the Vulkan backend" | tee "$OUT/goldens.txt"
  timeout "${GOLDEN_TIMEOUT:-200}" python3 tests/gpu/golden_check.py "$G/cli" "$data/models" --backend vulkan \
    --json "$OUT/goldens.json" 2>&1 | tee -a "$OUT/goldens.txt"
fi
# The demo model and its golden where `smoldesk-cli selftest` looks for them (bin/../share/smoldesk/models).
mkdir -p "$root/share/smoldesk/models" && cp resources/models/stories260K* "$root/share/smoldesk/models/"
bash "$G/remote.sh"
# Host-side cost per token (dispatches, submits, fence waits, recording time) of the same run, and with
# SMOLDESK_VK_PROFILE the GPU time of every kernel per prompt and decode token (the table goes to stderr).
SMOLDESK_VK_PROFILE=1 "$G/cli" bench -m "$G/smollm3-3b-shaped.gguf" --backend vulkan -p "${P:-512}" -n "${N:-128}" -r 1 --json \
  >"$OUT/smoldesk-vulkan.json" 2>"$OUT/smoldesk-vulkan-profile.txt"
# The driver compiler's statistics of every pipeline (registers, spills: do matvec.comp's acc[] and
# attention.comp's q/o arrays stay in registers?), from a short run of its own.
SMOLDESK_VK_PIPELINE_STATS=1 "$G/cli" bench -m "$G/smollm3-3b-shaped.gguf" --backend vulkan -p 16 -n 4 -r 1 \
  --no-bandwidth 2>&1 | grep SMOLDESK_VK_PIPELINE_STATS >"$OUT/pipeline-stats.txt"
for t in ${EXTRA_TYPES-IQ4_XS}; do
  m=$G/smollm3-3b-$t.gguf
  "$G/cli" synth -o "$m" --vocab "$(find "$data" -name smollm3-vocab.gguf | head -n1)" --type "$t" >/dev/null 2>&1 || continue
  { echo "== $t: SmolDesk Vulkan"; "$G/cli" bench -m "$m" --backend vulkan -p "${P:-512}" -n "${N:-128}" -r "${REPS:-3}" 2>&1
    echo "== $t: llama.cpp Vulkan"; "$G/llama.cpp-vulkan/llama-bench" -m "$m" -ngl 99 -p "${P:-512}" -n "${N:-128}" -r "${REPS:-3}" 2>&1 | grep -E "\| *(pp|tg)[0-9]"
  } | tee -a "$OUT/gpu-bench-$t.txt"
done
if [ -n "${MATMUL_SWEEP:-}" ]; then bash tests/gpu/matmul_sweep.sh; fi
