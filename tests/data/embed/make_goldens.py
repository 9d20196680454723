#!/usr/bin/env python3
"""Runs llama.cpp's llama-tokenize and llama-embedding on the tiny models of this folder and writes the goldens:

  wordpiece-tokens.json   per WordPiece model: each text's token ids (llama-tokenize --ids, [CLS]/[SEP] per the file)
  <model>.embd.json       per model: runs of llama-embedding (--embd-output-format json), each with its prompts,
                          pooling, normalisation and whether the prompts went in one batch or one by one

Run:  /usr/bin/python3 make_goldens.py LLAMA_CPP_DIR MODEL_DIR OUTDIR
"""
import json
import subprocess
import sys

LLAMA, MODELS, OUT = sys.argv[1], sys.argv[2], sys.argv[3]

TOKEN_TEXTS = [
    "hello world", "Hello World", "HELLO WORLD", "The quick brown fox jumps over the lazy dog.",
    "unbelievable", "unbelievableness", "café naïve über Über", "ÜBER", "Ωmega", "中文字日本",
    "中文abc字", "hello,world!how are-you?", "  leading and trailing spaces  ", "tabs\tand\nnewlines\r\nhere",
    "[CLS] is text here", "embeddings", "tokenization", "search documents", "x" * 40, "a1b2c3 42",
    "don't stop", "e\u0301", "\u00e9", "ﬁ ligature", "naïve café", "", " ", "Paris Berlin paris",
    "$100 & 50% off #1 @home ~tilde", "zebra's quizzical jousting", "\u200bzero\u200bwidth",
]

PROMPTS = ["hello world", "The quick brown fox jumps over the lazy dog.", "Search your documents, chat with them!",
           "über café naïve 中文 Ωmega unbelievable", "a"]


def tokenize(model, text):
    out = subprocess.run([f"{LLAMA}/llama-tokenize", "-m", model, "--stdin", "--ids", "--log-disable"],
                         input=text.encode(), capture_output=True, check=True).stdout.decode().strip()
    return json.loads(out.splitlines()[-1])


def embed(model, prompts, pooling, normalize):
    args = [f"{LLAMA}/llama-embedding", "-m", model, "-t", "2", "--embd-output-format", "json",
            "--embd-normalize", str(normalize), "--embd-separator", "<#sep#>", "-p", "<#sep#>".join(prompts)]
    if pooling:
        args += ["--pooling", pooling]
    for _ in range(20):
        out = subprocess.run(args, capture_output=True, check=True).stdout.decode()
        try:
            data = json.loads(out[out.index("{"):])
        except ValueError:
            continue  # the log thread lost the tail of the output: run again
        if len(data["data"]) >= len(prompts):
            return [d["embedding"] for d in data["data"]]
    raise RuntimeError("llama-embedding gave no complete output")


def runs_for(model, pooling, normalize):
    runs = []
    for pool, norm in ((pooling, normalize), (pooling, -1)):
        runs.append({"pooling": pool, "normalize": norm, "batched": True, "prompts": PROMPTS,
                     "embeddings": embed(model, PROMPTS, None if pool == "file" else pool, norm)})
        runs.append({"pooling": pool, "normalize": norm, "batched": False, "prompts": PROMPTS,
                     "embeddings": [embed(model, [p], None if pool == "file" else pool, norm)[0] for p in PROMPTS]})
    return runs


def main():
    toks = {}
    for m in ("bert-tiny", "nomic-bert-tiny"):
        toks[m + ".gguf"] = [{"text": t, "ids": tokenize(f"{MODELS}/{m}.gguf", t)} for t in TOKEN_TEXTS]
    with open(f"{OUT}/wordpiece-tokens.json", "w", encoding="utf-8") as f:
        json.dump(toks, f, ensure_ascii=False, indent=0)
    for m in ("bert-tiny", "nomic-bert-tiny", "qwen3-embed-tiny"):
        runs = runs_for(f"{MODELS}/{m}.gguf", "file", 2)
        if m == "bert-tiny":  # the other poolings on one model, raw values
            for pool in ("mean", "last", "none"):
                prompts = PROMPTS[:2]
                got = [embed(f"{MODELS}/{m}.gguf", [p], pool, -1) for p in prompts]
                # pooling none gives one vector per token: "embeddings" holds each prompt's token vectors
                runs.append({"pooling": pool, "normalize": -1, "batched": False, "prompts": prompts,
                             "embeddings": got if pool == "none" else [g[0] for g in got]})
        with open(f"{OUT}/{m}.embd.json", "w", encoding="utf-8") as f:
            json.dump({"model": m + ".gguf", "runs": runs}, f, ensure_ascii=False)


if __name__ == "__main__":
    main()
