#!/usr/bin/env bash
# Runs the cross-built smoldesk-cli.exe (packaging/windows/cross-build.sh) under Wine and checks
# `logits` on smollm3-tiny (prompts P1, P2, P3) and stories260K against the llama.cpp goldens,
# with the tolerances of tests/model/test_golden_logits.cpp, plus `run` on the demo model.
# Usage: packaging/windows/wine-goldens.sh [OUT_DIR]     (default build-win; needs wine, python3)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
out=$(realpath -m "${1:-build-win}")
exe=$out/smoldesk/bin/smoldesk-cli.exe
data=$repo/tests/data/models
[ -f "$exe" ] || { echo "wine-goldens: $exe missing: run packaging/windows/cross-build.sh first" >&2; exit 1; }
export WINEPREFIX=$out/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
start=$(date +%s)
step() { echo "== [$(($(date +%s) - start)) s] $*"; }

if [ ! -d "$WINEPREFIX" ]; then
  step "wineboot (new prefix)"
  wineboot -i >/dev/null 2>&1 || true
fi
win() { winepath -w "$1" 2>/dev/null; }

step "smoldesk-cli.exe --version; run on the demo model"
wine "$exe" --version
text=$(wine "$exe" run -m "$(win "$repo/resources/models/stories260K.gguf")" -p "Once upon a time" -n 24 --temp 0 2>"$out/run.err") ||
  { cat "$out/run.err"; exit 1; }
echo "$text"
grep -q "there was a little girl named Lily" <<<"$text" || { echo "FAIL: unexpected text" >&2; exit 1; }
grep -i "cpu\|thread" "$out/run.err" | head -3 || true

check() { # NAME MODEL MEAN MAX COS
  local name=$1 model=$2
  local tokens
  tokens=$(python3 -c "import json,sys; print(','.join(map(str, json.load(open(sys.argv[1]))['tokens'])))" "$data/$name.json")
  wine "$exe" logits -m "$(win "$model")" --tokens "$tokens" --all -o "$(win "$out/$name.f32")" 2>>"$out/logits.err"
  python3 - "$out/$name.f32" "$data/$name.f32" "$data/$name.json" "$3" "$4" "$5" <<'EOF'
import array, json, math, sys
ours, gold = array.array("f"), array.array("f")
ours.frombytes(open(sys.argv[1], "rb").read()); gold.frombytes(open(sys.argv[2], "rb").read())
n = json.load(open(sys.argv[3]))["n_vocab"]
mean_lim, max_lim, cos_lim = map(float, sys.argv[4:7])
assert len(ours) == len(gold), f"{len(ours)} values, golden has {len(gold)}"
diffs = [abs(a - b) for a, b in zip(ours, gold)]
cos_min, argmax_same = 1.0, 0
for r in range(len(gold) // n):
    a, b = ours[r * n:(r + 1) * n], gold[r * n:(r + 1) * n]
    dot = sum(x * y for x, y in zip(a, b))
    cos_min = min(cos_min, dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b)))
    argmax_same += max(range(n), key=a.__getitem__) == max(range(n), key=b.__getitem__)
mean_abs, max_abs = sum(diffs) / len(diffs), max(diffs)
ok = mean_abs <= mean_lim and max_abs <= max_lim and cos_min >= cos_lim
print(f"{sys.argv[1].rsplit('/', 1)[-1]}: rows {len(gold) // n}, mean|d| {mean_abs:.5f} (<= {mean_lim}), "
      f"max|d| {max_abs:.4f} (<= {max_lim}), min cos {cos_min:.6f} (>= {cos_lim}), "
      f"argmax equal {argmax_same}/{len(gold) // n}: {'ok' if ok else 'FAIL'}")
sys.exit(0 if ok else 1)
EOF
}

step "logits against the goldens"
fails=0
for p in P1 P2 P3; do check "smollm3-tiny-$p" "$data/smollm3-tiny.gguf" 0.10 0.75 0.997 || fails=$((fails + 1)); done
check stories260K-once "$repo/resources/models/stories260K.gguf" 0.005 0.05 0.99999 || fails=$((fails + 1))
step "$([ $fails -eq 0 ] && echo PASS || echo "FAIL ($fails)"): smoldesk-cli.exe under $(wine --version)"
exit $fails
