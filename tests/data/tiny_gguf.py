"""What the scripts that write tiny test models with llama.cpp's gguf-py share (embed/make_models.py,
vision/make_text_models.py): a small byte-level BPE vocabulary learnt from a corpus, and the end of
writing a file. Each script puts this folder on sys.path and imports it.
"""
import gguf


def bytes_to_unicode():
    """GPT-2's printable stand-ins for the 256 byte values."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


def _merge(words, best):
    nw = {}
    for wd, c in words.items():
        out, i = [], 0
        while i < len(wd):
            if i + 1 < len(wd) and (wd[i], wd[i + 1]) == best:
                out.append(wd[i] + wd[i + 1])
                i += 2
            else:
                out.append(wd[i])
                i += 1
        nw[tuple(out)] = nw.get(tuple(out), 0) + c
    return nw


def bpe_vocab(corpus, n_merges, specials, punctuation=".", first_merges=()):
    """Tokens (the 256 bytes, `first_merges`, then the n_merges most frequent pairs of the corpus's
    space-prefixed words, with each of `punctuation` split off as a word), their types (the
    specials CONTROL) and merges, as gguf-py takes them. `first_merges` are pairs of bytes."""
    b2u = bytes_to_unicode()
    toks = [b2u[b] for b in range(256)]
    merges = []
    for a, b in first_merges:
        merges.append((b2u[a], b2u[b]))
        toks.append(b2u[a] + b2u[b])
    text = corpus
    for p in punctuation:
        text = text.replace(p, " " + p)
    words = {}
    for wd in text.split(" "):
        if wd:
            key = tuple(b2u[b] for b in (" " + wd).encode())
            words[key] = words.get(key, 0) + 1
    for _ in range(n_merges):
        pairs = {}
        for wd, c in words.items():
            for a, b in zip(wd, wd[1:]):
                pairs[(a, b)] = pairs.get((a, b), 0) + c
        if not pairs:
            break
        best = max(sorted(pairs), key=lambda p: pairs[p])
        merges.append(best)
        toks.append(best[0] + best[1])
        words = _merge(words, best)
    types = [gguf.TokenType.NORMAL] * len(toks)
    for s in specials:
        toks.append(s)
        types.append(gguf.TokenType.CONTROL)
    return toks, types, [f"{a} {b}" for a, b in merges]


def finish(w):
    """Writes the header, the metadata and the tensors, and closes the file."""
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
