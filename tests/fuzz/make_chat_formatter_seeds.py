#!/usr/bin/env python3
"""Writes corpus/chat_formatter/ from the chat-template fixtures (tests/data/jinja/templates.tar.xz):
every template with every conversation whose messages carry plain text, each with one of the
fixture variants (generation prompt on/off, thinking on/off/unset, tools as extra JSON).
The layout is the one fuzz_chat_formatter.cpp reads. Deterministic; run from anywhere."""
import hashlib
import json
import pathlib
import tarfile

here = pathlib.Path(__file__).resolve().parent
# The templates are packed (tests/data/jinja/templates.tar.xz); the build unpacks them for the tests.
with tarfile.open(here.parent / "data/jinja/templates.tar.xz") as pack:
    fixtures = json.loads(pack.extractfile("templates/conversations.json").read().decode("utf-8"))
out = here / "corpus/chat_formatter"
out.mkdir(parents=True, exist_ok=True)
for old in out.glob("seed-*"):
    old.unlink()

templates = list(fixtures["templates"])  # the fuzz target keeps this order; the next index is ChatML
variants = [  # (flags, extra JSON or None)
    (1, None), (0, None), (1 | 2, None), (1 | 2 | 4, None),
    (1 | 8, json.dumps({"tools": fixtures["variants"]["gen_tools"]["tools"]})),
]
count = 0
for t in range(len(templates) + 1):
    for c, (name, conv) in enumerate(fixtures["conversations"].items()):
        msgs = conv["messages"]
        if not all(isinstance(m.get("content"), str) for m in msgs):
            continue
        flags, extra = variants[(t + c) % len(variants)]
        records = [m["role"].encode() + b"\x1f" + m["content"].encode() for m in msgs]
        if extra is not None:
            records.append(extra.encode())
        data = bytes([t, flags]) + b"\x1e".join(records)
        (out / ("seed-" + hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)
        count += 1
print(f"{count} seeds in {out}")
