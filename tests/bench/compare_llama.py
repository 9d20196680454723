#!/usr/bin/env python3
"""Side-by-side CPU speed of SmolDesk and llama.cpp on one model file (not part of CTest).

Alternates `llama-bench` and `smoldesk-cli bench --json` ROUNDS times (one repetition each
per round, so both see the same machine state), then prints medians, ranges and ratios as a
Markdown table for the README. Peak RSS is the kernel's ru_maxrss for both: llama-bench's from
wait4, SmolDesk's as its bench reports it (taken before its bandwidth probe allocates 1 GiB).

    tests/bench/compare_llama.py --llama-bench ../shared/tools/llama.cpp-cpu/llama-bench \\
        --model synth3b.gguf [--smoldesk build/bin/smoldesk-cli] [-t 2] [-p 512] [-n 128] \\
        [--depths 0,4096] [--rounds 3]

Run it on a quiet machine: a second busy process on 2 cores distorts both programs.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys


def run_measured(cmd):
    """Like run(), but collects the child's own peak RSS through wait4."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{cmd[0]} failed ({code}):\n{err}")
    return out, usage.ru_maxrss * 1024


def llama_round(args, depth):
    cmd = [args.llama_bench, "-m", args.model, "-t", str(args.threads), "-p", str(args.prompt),
           "-n", str(args.gen), "-d", str(depth), "-r", "1", "-o", "json"]
    out, rss = run_measured(cmd)
    pp = tg = None
    for test in json.loads(out):
        if test.get("n_prompt", 0) > 0 and test.get("n_gen", 0) == 0:
            pp = test["avg_ts"]
        elif test.get("n_gen", 0) > 0 and test.get("n_prompt", 0) == 0:
            tg = test["avg_ts"]
    return pp, tg, rss


def smoldesk_round(args, depth):
    ctx = max(4096, depth + max(args.prompt, args.gen) + 64)
    cmd = [args.smoldesk, "bench", "-m", args.model, "-t", str(args.threads), "-p", str(args.prompt),
           "-n", str(args.gen), "-d", str(depth), "-r", "1", "--ctx", str(ctx), "--json"]
    out, _ = run_measured(cmd)
    res = json.loads(out)
    # Its own ru_maxrss, taken before the 1 GiB bandwidth probe runs (wait4 would include it).
    return res["prompt_tokens_per_s"], res["decode_tokens_per_s"], res["peak_rss_bytes"], res


def describe(values, fmt="{:.1f}"):
    med = statistics.median(values)
    return med, f"{fmt.format(med)} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--llama-bench", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--smoldesk", default=os.path.join(os.path.dirname(__file__), "../../build/bin/smoldesk-cli"))
    ap.add_argument("-t", "--threads", type=int, default=2)
    ap.add_argument("-p", "--prompt", type=int, default=512)
    ap.add_argument("-n", "--gen", type=int, default=128)
    ap.add_argument("--depths", default="0")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    for path in (args.llama_bench, args.smoldesk, args.model):
        if not os.path.exists(path):
            sys.exit(f"'{path}' does not exist.")

    depths = [int(d) for d in args.depths.split(",")]
    print(f"{datetime.date.today()} · {platform.node()} · {os.cpu_count()} CPUs · "
          f"{os.path.basename(args.model)} · {args.threads} threads · {args.rounds} alternating rounds")
    print()
    print("| test | SmolDesk tokens/s | llama.cpp tokens/s | ratio |")
    print("|---|---|---|---|")
    rss_rows = []
    for depth in depths:
        ours = {"pp": [], "tg": [], "rss": []}
        theirs = {"pp": [], "tg": [], "rss": []}
        shares = []  # per round: decode share of the limit measured right after it, and of the fastest pass
        for _ in range(args.rounds):
            pp, tg, rss = llama_round(args, depth)
            theirs["pp"].append(pp)
            theirs["tg"].append(tg)
            theirs["rss"].append(rss)
            pp, tg, rss, extra = smoldesk_round(args, depth)
            if extra.get("decode_pct_of_limit") is not None:
                shares.append((extra["decode_pct_of_limit"], extra["decode_pct_of_best_pass"],
                               extra["bandwidth_gb_per_s"], extra["bandwidth_best_pass_gb_per_s"]))
            ours["pp"].append(pp)
            ours["tg"].append(tg)
            ours["rss"].append(rss)
        at = f" @ depth {depth}" if depth else ""
        for key, label in (("pp", f"prompt {args.prompt}{at}"), ("tg", f"decode {args.gen}{at}")):
            m1, s1 = describe(ours[key])
            m2, s2 = describe(theirs[key])
            print(f"| {label} | {s1} | {s2} | {m1 / m2:.2f}× |")
        rss_rows.append((depth, statistics.median(ours["rss"]), statistics.median(theirs["rss"]), shares))
    print()
    for depth, ours_rss, theirs_rss, shares in rss_rows:
        at = f" (depth {depth})" if depth else ""
        line = f"peak RSS{at}: SmolDesk {ours_rss / 1e9:.2f} GB, llama.cpp {theirs_rss / 1e9:.2f} GB"
        if shares:
            pct, best, bw, bw_best = (statistics.median(v) for v in zip(*shares))
            line += (f"; SmolDesk decode reaches {pct:.0f}% of its bandwidth limit (median over the rounds; "
                     f"{bw:.1f} GB/s sustained after each decode run) and {best:.0f}% of the limit of its "
                     f"fastest 1 GiB pass ({bw_best:.1f} GB/s)")
        print(line)


if __name__ == "__main__":
    main()
