#!/usr/bin/env bash
# A lent GPU machine: decode speed of the matrix-vector shader's layouts (K split in 32-lane subgroups
# × rows per workgroup, through SMOLDESK_VK_MATVEC_SPLIT / SMOLDESK_VK_MATVEC_ROWS; "auto" leaves the
# host's choice; SMOLDESK_VK_NO_SUBGROUP_SIZE=1 in the environment unpins the subgroup size) on the
# SmolLM3-3B-shaped Q4_K_M file,
# then the self-check twice (the second run shows the driver's shader cache). Prepare as for
# lent_gpu.sh; results in $OUT/sweep.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
G=$root/.gpu; OUT=${OUT:-$G/out}; mkdir -p "$OUT"
for d in "$G"/debs/libvulkan1_*.deb "$root"/.gl/*.deb; do [ -f "$d" ] && dpkg -x "$d" /; done
mkdir -p "$G/lib" "$G/x"
for d in "$G"/debs/*.deb; do case "$d" in *libvulkan1_*) ;; *) dpkg -x "$d" "$G/x" ;; esac; done
find "$G/x" -name '*.so*' -exec cp -P {} "$G/lib/" \; ; ldconfig
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
cli() { LD_LIBRARY_PATH="$G/lib" "$G/smoldesk-cli" "$@"; }
tar xJf tests/data/text/vocabs.tar.xz -C tests/data/text smollm3-vocab.gguf
M=$G/smollm3-3b-shaped.gguf
[ -f "$M" ] || cli synth -o "$M" --vocab tests/data/text/smollm3-vocab.gguf >/dev/null 2>&1 || { echo "synth failed" | tee "$OUT/sweep.txt"; exit 1; }
for split in ${SPLITS:-auto 1 2 4}; do
  for rows in ${ROWS_LIST:-1 2 4}; do
    r=$(if [ "$split" != auto ]; then export SMOLDESK_VK_MATVEC_SPLIT=$split; fi
        SMOLDESK_VK_MATVEC_ROWS=$rows cli bench -m "$M" --backend vulkan -p "${P:-512}" -n "${N:-128}" \
        -r "${REPS:-1}" --no-bandwidth 2>&1 | grep -E '^(prompt|decode|device)' | tr -s ' ' | tr '\n' ' ')
    echo "split $split rows $rows: $r" | tee -a "$OUT/sweep.txt"
  done
done
# Decode attention's split length (SMOLDESK_VK_ATTENTION_SPLIT, positions per split; 0: the host's
# choice) at a long context, where attention is a larger share of the token.
for len in ${ATTN_SPLITS:-0 64 256}; do
  r=$(SMOLDESK_VK_ATTENTION_SPLIT=$len cli bench -m "$M" --backend vulkan -p "${ATTN_P:-2048}" -n "${N:-128}" \
      -r "${REPS:-1}" --no-bandwidth 2>&1 | grep -E '^(decode|device)' | tr -s ' ' | tr '\n' ' ')
  echo "attention split $len at ${ATTN_P:-2048}: $r" | tee -a "$OUT/sweep.txt"
done
mkdir -p "$root/share/smoldesk/models" && cp resources/models/stories260K* "$root/share/smoldesk/models/"
for i in 1 2; do
  cli selftest --json >"$OUT/selftest$i.json" 2>"$OUT/selftest$i.err"
  echo "selftest run $i: exit $? $(tail -n 1 "$OUT/selftest$i.err")" | tee -a "$OUT/sweep.txt"
done
