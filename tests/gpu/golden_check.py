#!/usr/bin/env python3
"""Runs `smoldesk-cli logits` on every prompt golden under a test-data folder and compares with llama.cpp's logits.

Made for machines that have our CLI but not our Qt test executables (a lent GPU machine): it needs only python3's
standard library. Each golden is checked twice: the whole prompt at once (the matrix-matrix kernels) and token by token
(the matrix-vector kernels, the decode path). Prints one line per check and exits 1 when any is outside the golden's
recommended tolerance.
usage: golden_check.py CLI DATA_DIR [--backend vulkan] [--json OUT.json]
"""
import argparse, array, glob, json, math, operator, os, subprocess, sys, tempfile


def read_f32(path):
    a = array.array("f")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    if sys.byteorder != "little":
        a.byteswap()
    return a


def compare(got, want, n_vocab):
    rows = len(want) // n_vocab
    max_abs = sum_abs = 0.0
    min_cos = 1.0
    argmax_eq = 0
    for r in range(rows):
        g = got[r * n_vocab:(r + 1) * n_vocab]
        w = want[r * n_vocab:(r + 1) * n_vocab]
        diff = list(map(abs, map(operator.sub, g, w)))
        max_abs = max(max_abs, max(diff))
        sum_abs += sum(diff)
        dot, gg, ww = sum(map(operator.mul, g, w)), sum(map(operator.mul, g, g)), sum(map(operator.mul, w, w))
        min_cos = min(min_cos, dot / math.sqrt(gg * ww) if gg > 0 and ww > 0 else 0.0)
        argmax_eq += g.index(max(g)) == w.index(max(w))
    return {"rows": rows, "max_abs": max_abs, "mean_abs": sum_abs / len(want), "min_cos": min_cos, "argmax_eq": argmax_eq}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("data")
    ap.add_argument("--backend", default="vulkan")
    ap.add_argument("--json")
    a = ap.parse_args()
    results, failed = [], 0
    for meta_path in sorted(glob.glob(os.path.join(a.data, "**", "*.json"), recursive=True)):
        try:
            meta = json.load(open(meta_path))
        except (OSError, ValueError):
            continue
        if meta.get("positions") != "all" or "tokens" not in meta or "file" not in meta:
            continue
        folder = os.path.dirname(meta_path)
        model, golden = os.path.join(folder, meta["model"]), os.path.join(folder, meta["file"])
        if not (os.path.exists(model) and os.path.exists(golden)):
            continue
        want = read_f32(golden)
        n_vocab = len(want) // len(meta["tokens"])
        tol = meta.get("recommended_tolerance", {})
        for mode in ("batched", "one-by-one"):
            with tempfile.NamedTemporaryFile(suffix=".f32") as out:
                cmd = [a.cli, "logits", "-m", model, "--backend", a.backend, "--all",
                       "--tokens", ",".join(map(str, meta["tokens"])), "-o", out.name]
                n_ctx = meta.get("run", {}).get("n_ctx_seq (after llama.cpp pads n_ctx to a multiple of 256)")
                if n_ctx:  # the context decides LongRoPE's factor set, as in llama.cpp
                    cmd += ["--ctx", str(n_ctx)]
                if mode == "one-by-one":
                    cmd.append("--one-by-one")
                run = subprocess.run(cmd, capture_output=True, text=True)
                row = {"golden": os.path.basename(meta_path), "mode": mode}
                if run.returncode != 0:
                    row.update(ok=False, error=(run.stderr.strip().splitlines() or ["exit %d" % run.returncode])[-1])
                else:
                    got = read_f32(out.name)
                    if len(got) != len(want):
                        row.update(ok=False, error="%d floats, want %d" % (len(got), len(want)))
                    else:
                        row.update(compare(got, want, n_vocab))
                        row["ok"] = (row["max_abs"] <= tol.get("max_abs", math.inf)
                                     and row["mean_abs"] <= tol.get("mean_abs", math.inf)
                                     and row["min_cos"] >= tol.get("min_row_cosine", -1.0))
            failed += not row["ok"]
            results.append(row)
            if "error" in row:
                print("FAIL %-40s %-10s %s" % (row["golden"], mode, row["error"]), flush=True)
            else:
                print("%s %-40s %-10s max %.4f (tol %s) mean %.5f (tol %s) cos %.7f argmax %d/%d" % (
                    "ok  " if row["ok"] else "FAIL", row["golden"], mode, row["max_abs"], tol.get("max_abs"),
                    row["mean_abs"], tol.get("mean_abs"), row["min_cos"], row["argmax_eq"], row["rows"]), flush=True)
    if a.json:
        json.dump(results, open(a.json, "w"), indent=1)
    print("%d checks, %d outside tolerance" % (len(results), failed))
    return 1 if failed or not results else 0


if __name__ == "__main__":
    sys.exit(main())
