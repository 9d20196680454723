#!/usr/bin/env python3
"""Writes bert-tiny-chunks.json: llama.cpp's llama-embedding vectors (L2-normalised, the file's CLS pooling) of
every chunk text the library index stores for corpus/ with ../embed/bert-tiny.gguf, and of a few queries.

The chunk texts (heading path, a blank line, the text) are read from an index that test_library_index wrote
(build/tests/retrieval/lib-goldens/library.sqlite); the vectors are llama.cpp's alone, so the test proves that the
vectors SmolDesk stores for those texts are llama.cpp's.

    python3 tests/data/docs/make_goldens.py build/tests/retrieval/lib-goldens/library.sqlite
"""
import json
import os
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LLAMA = os.environ.get("LLAMA_CPP", os.path.join(HERE, "../../../../shared/tools/llama.cpp-cpu"))
MODEL = os.path.join(HERE, "../embed/bert-tiny.gguf")
QUERIES = ["watering can seedlings", "bread and yeast", "document search for Paris and Berlin", "class Planner"]


def embed(prompts):
    args = [f"{LLAMA}/llama-embedding", "-m", MODEL, "-t", "2", "--embd-output-format", "json", "--embd-normalize",
            "2", "--embd-separator", "<#sep#>", "-c", "512", "-b", "512", "-ub", "512", "-p", "<#sep#>".join(prompts)]
    for _ in range(20):
        out = subprocess.run(args, capture_output=True, check=True).stdout.decode()
        try:
            data = json.loads(out[out.index("{"):])
        except ValueError:
            continue  # the log thread lost the tail of the output: run again
        if len(data["data"]) >= len(prompts):
            return [d["embedding"] for d in data["data"]]
    raise RuntimeError("llama-embedding gave no complete output")


def main():
    db = sqlite3.connect(sys.argv[1])
    texts = sorted({(h + "\n\n" + t) if h else t for h, t in db.execute("SELECT heading, text FROM chunks")})
    # One process per text: llama-embedding batches sequences of up to -b tokens together.
    vectors = [embed([t])[0] for t in texts]
    queries = [embed([q])[0] for q in QUERIES]
    with open(os.path.join(HERE, "bert-tiny-chunks.json"), "w", encoding="utf-8") as f:
        json.dump({"model": "bert-tiny.gguf", "normalize": 2, "texts": texts, "embeddings": vectors,
                   "queries": QUERIES, "query_embeddings": queries}, f, ensure_ascii=False)
        f.write("\n")


main()
