#!/usr/bin/env python3
"""Load test for the local API server (not part of CTest: timings are reported, never asserted).

N clients send a streamed chat completion at the same moment; each records its time to first
token (including its wait in the queue) and its own decode rate (tokens after the first, over
the time from first to last token). Usage:
    smoldesk-cli serve -m MODEL --port 8080 &
    tests/server/bench_server.py --url http://127.0.0.1:8080/v1 --clients 8 --tokens 64
"""
import argparse
import http.client
import json
import statistics
import threading
import time
import urllib.parse


def one_client(url, prompt, tokens, start, out, index):
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    body = json.dumps({
        "messages": [{"role": "user", "content": prompt}],
        "max_tokens": tokens, "temperature": 0, "stream": True, "ignore_eos": True,
        "chat_template_kwargs": {"enable_thinking": False},
    })
    start.wait()
    t0 = time.monotonic()
    conn.request("POST", parts.path + "/chat/completions", body, {"Content-Type": "application/json"})
    resp = conn.getresponse()
    first = last = None
    usage = {}
    for raw in resp:
        line = raw.decode("utf-8", "replace").strip()
        if not line.startswith("data: ") or line == "data: [DONE]":
            continue
        chunk = json.loads(line[6:])
        delta = chunk["choices"][0]["delta"] if chunk.get("choices") else {}
        if delta.get("content") or delta.get("reasoning_content"):
            now = time.monotonic()
            first = first if first is not None else now
            last = now
        usage = chunk.get("usage", usage)
    n = usage.get("completion_tokens", 0)
    out[index] = {
        "status": resp.status,
        "ttft_ms": (first - t0) * 1000 if first else None,
        "tokens": n,
        "tok_s": (n - 1) / (last - first) if first and last and last > first and n > 1 else None,
        "total_s": time.monotonic() - t0,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default="http://127.0.0.1:8080/v1")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--tokens", type=int, default=64)
    args = ap.parse_args()
    start = threading.Event()
    out = [None] * args.clients
    threads = [threading.Thread(target=one_client,
                                args=(args.url, f"Story {i}: once upon a time", args.tokens, start, out, i))
               for i in range(args.clients)]
    for t in threads:
        t.start()
    t0 = time.monotonic()
    start.set()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    for i, r in enumerate(out):
        print(f"client {i}: status {r['status']}, first token {r['ttft_ms']:.0f} ms, "
              f"{r['tokens']} tokens at {r['tok_s']:.1f} tokens/s, done after {r['total_s']:.2f} s")
    ttfts = [r["ttft_ms"] for r in out]
    rates = [r["tok_s"] for r in out if r["tok_s"]]
    total = sum(r["tokens"] for r in out)
    print(f"{args.clients} clients x {args.tokens} tokens: wall {wall:.2f} s, aggregate {total / wall:.1f} tokens/s; "
          f"per-client decode median {statistics.median(rates):.1f} tokens/s; "
          f"first token min {min(ttfts):.0f} / median {statistics.median(ttfts):.0f} / max {max(ttfts):.0f} ms")


if __name__ == "__main__":
    main()
