#!/usr/bin/env python3
"""Writes the tiny embedding models of this folder with llama.cpp's gguf-py (random weights, fixed seeds):

  bert-tiny.gguf        arch bert: WordPiece vocab (lowercasing), token type and absolute position embeddings,
                        LayerNorm with bias, GELU FFN, non-causal attention, CLS pooling
  nomic-bert-tiny.gguf  arch nomic-bert: the same vocab without lowercasing, rotary (NeoX), fused QKV,
                        SwiGLU FFN, F16 matrices, MEAN pooling
  qwen3-embed-tiny.gguf arch qwen3 (Qwen3-Embedding style): a small byte-level BPE vocab, per-head Q/K norms,
                        causal attention, LAST pooling, EOS appended (add_eos_token)

Run:  PYTHONPATH=/work/shared/tools/llama.cpp-cpu/gguf-py /usr/bin/python3 make_models.py OUTDIR
"""
import os
import sys
import numpy as np
import gguf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tiny_gguf  # noqa: E402  (tests/data/tiny_gguf.py)

OUT = sys.argv[1] if len(sys.argv) > 1 else "."

# ---------------------------------------------------------------- WordPiece vocab (llama.cpp's GGUF spelling:
# a word-initial piece is "▁piece", a continuation ("##piece" in HF) is the bare "piece")
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "hello", "world", "un", "cafe",
         "naive", "is", "a", "test", "of", "embedding", "models", "search", "document", "chat", "with",
         "your", "documents", "page", "hello", "Hello", "World", "The", "Paris", "berlin", "über"]
CONT = ["ing", "ed", "s", "able", "believ", "ment", "er", "ly", "ion", "at", "ization", "token"]
CJK = ["中", "文", "字", "日", "本"]


def wordpiece_vocab():
    toks, seen = list(SPECIALS), set(SPECIALS)

    def add(t):
        if t not in seen:
            seen.add(t)
            toks.append(t)
    chars = [chr(c) for c in range(ord("a"), ord("z") + 1)] + [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    chars += [str(d) for d in range(10)]
    for c in chars:
        add("\u2581" + c)
        add(c)
    for p in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~":
        add("\u2581" + p)
    for w in WORDS:
        add("\u2581" + w)
    for c in CONT:
        add(c)
    for c in CJK:
        add("\u2581" + c)
    types = [gguf.TokenType.CONTROL] * len(SPECIALS) + [gguf.TokenType.NORMAL] * (len(toks) - len(SPECIALS))
    types[1] = gguf.TokenType.UNKNOWN
    return toks, types


def add_wordpiece(w, lowercase):
    toks, types = wordpiece_vocab()
    w.add_tokenizer_model("bert")
    w.add_token_list(toks)
    w.add_token_types(types)
    w.add_token_type_count(2)
    w.add_pad_token_id(0)
    w.add_unk_token_id(1)
    w.add_bos_token_id(2)   # [CLS]
    w.add_sep_token_id(3)   # [SEP]
    w.add_mask_token_id(4)
    w.add_add_bos_token(True)
    w.add_add_eos_token(False)
    w.add_add_sep_token(True)
    w.add_key_value("tokenizer.ggml.normalizer.lowercase", lowercase, gguf.GGUFValueType.BOOL)
    return len(toks)


def rnd(rng, *shape, std=0.2):
    return (rng.standard_normal(shape) * std).astype(np.float32)


def norm_pair(w, rng, name, n):
    w.add_tensor(name + ".weight", (1.0 + rnd(rng, n, std=0.1)).astype(np.float32))
    w.add_tensor(name + ".bias", rnd(rng, n, std=0.05))


def common_encoder_keys(w, n_embd, n_head, n_ff, n_layer, n_ctx, pooling):
    w.add_context_length(n_ctx)
    w.add_embedding_length(n_embd)
    w.add_feed_forward_length(n_ff)
    w.add_block_count(n_layer)
    w.add_head_count(n_head)
    w.add_layer_norm_eps(1e-12)
    w.add_causal_attention(False)
    w.add_pooling_type(pooling)
    w.add_file_type(gguf.LlamaFileType.ALL_F32)


def make_bert():
    rng = np.random.default_rng(1001)
    n_embd, n_head, n_ff, n_layer, n_ctx = 32, 4, 64, 2, 512
    w = gguf.GGUFWriter(f"{OUT}/bert-tiny.gguf", "bert")
    common_encoder_keys(w, n_embd, n_head, n_ff, n_layer, n_ctx, gguf.PoolingType.CLS)
    n_vocab = add_wordpiece(w, True)
    w.add_tensor("token_embd.weight", rnd(rng, n_vocab, n_embd, std=0.5))
    w.add_tensor("token_types.weight", rnd(rng, 2, n_embd, std=0.5))
    w.add_tensor("position_embd.weight", rnd(rng, n_ctx, n_embd, std=0.5).astype(np.float16))
    norm_pair(w, rng, "token_embd_norm", n_embd)
    for il in range(n_layer):
        p = f"blk.{il}."
        for m in ("attn_q", "attn_k", "attn_v", "attn_output"):
            w.add_tensor(p + m + ".weight", rnd(rng, n_embd, n_embd, std=0.25))
            w.add_tensor(p + m + ".bias", rnd(rng, n_embd, std=0.1))
        norm_pair(w, rng, p + "attn_output_norm", n_embd)
        w.add_tensor(p + "ffn_up.weight", rnd(rng, n_ff, n_embd, std=0.25))
        w.add_tensor(p + "ffn_up.bias", rnd(rng, n_ff, std=0.1))
        w.add_tensor(p + "ffn_down.weight", rnd(rng, n_embd, n_ff, std=0.2))
        w.add_tensor(p + "ffn_down.bias", rnd(rng, n_embd, std=0.1))
        norm_pair(w, rng, p + "layer_output_norm", n_embd)
    finish(w)


def make_nomic():
    rng = np.random.default_rng(2002)
    n_embd, n_head, n_ff, n_layer, n_ctx = 32, 4, 48, 2, 512
    w = gguf.GGUFWriter(f"{OUT}/nomic-bert-tiny.gguf", "nomic-bert")
    common_encoder_keys(w, n_embd, n_head, n_ff, n_layer, n_ctx, gguf.PoolingType.MEAN)
    w.add_rope_freq_base(1000.0)
    n_vocab = add_wordpiece(w, False)
    f16 = lambda a: a.astype(np.float16)
    w.add_tensor("token_embd.weight", rnd(rng, n_vocab, n_embd, std=0.5))
    w.add_tensor("token_types.weight", rnd(rng, 2, n_embd, std=0.5))
    norm_pair(w, rng, "token_embd_norm", n_embd)
    for il in range(n_layer):
        p = f"blk.{il}."
        w.add_tensor(p + "attn_qkv.weight", f16(rnd(rng, 3 * n_embd, n_embd, std=0.3)))
        w.add_tensor(p + "attn_output.weight", f16(rnd(rng, n_embd, n_embd, std=0.25)))
        norm_pair(w, rng, p + "attn_output_norm", n_embd)
        w.add_tensor(p + "ffn_up.weight", f16(rnd(rng, n_ff, n_embd, std=0.25)))
        w.add_tensor(p + "ffn_gate.weight", f16(rnd(rng, n_ff, n_embd, std=0.25)))
        w.add_tensor(p + "ffn_down.weight", f16(rnd(rng, n_embd, n_ff, std=0.2)))
        norm_pair(w, rng, p + "layer_output_norm", n_embd)
    finish(w)


# ---------------------------------------------------------------- byte-level BPE vocab for the qwen3 embedder
CORPUS = ("the quick brown fox jumps over the lazy dog. hello world! search your documents and chat with them. "
          "embedding models turn text into vectors; the vectors of similar texts are close.")


def bpe_vocab(n_merges=80):
    return tiny_gguf.bpe_vocab(CORPUS, n_merges, ("<|endoftext|>", "<|im_start|>", "<|im_end|>"))


def make_qwen3():
    rng = np.random.default_rng(3003)
    n_embd, n_head, n_kv, hd, n_ff, n_layer, n_ctx = 32, 4, 2, 16, 64, 2, 512
    w = gguf.GGUFWriter(f"{OUT}/qwen3-embed-tiny.gguf", "qwen3")
    w.add_context_length(n_ctx)
    w.add_embedding_length(n_embd)
    w.add_feed_forward_length(n_ff)
    w.add_block_count(n_layer)
    w.add_head_count(n_head)
    w.add_head_count_kv(n_kv)
    w.add_key_length(hd)
    w.add_value_length(hd)
    w.add_rope_freq_base(1000000.0)
    w.add_layer_norm_rms_eps(1e-6)
    w.add_pooling_type(gguf.PoolingType.LAST)
    w.add_file_type(gguf.LlamaFileType.ALL_F32)
    toks, types, merges = bpe_vocab()
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2")
    w.add_token_list(toks)
    w.add_token_types(types)
    w.add_token_merges(merges)
    eot = toks.index("<|endoftext|>")
    w.add_eos_token_id(eot)
    w.add_pad_token_id(eot)
    w.add_bos_token_id(eot)
    w.add_add_bos_token(False)
    w.add_add_eos_token(True)
    n_vocab = len(toks)
    w.add_tensor("token_embd.weight", rnd(rng, n_vocab, n_embd, std=0.5))
    w.add_tensor("output_norm.weight", (1.0 + rnd(rng, n_embd, std=0.1)).astype(np.float32))
    for il in range(n_layer):
        p = f"blk.{il}."
        w.add_tensor(p + "attn_norm.weight", (1.0 + rnd(rng, n_embd, std=0.1)).astype(np.float32))
        w.add_tensor(p + "attn_q.weight", rnd(rng, n_head * hd, n_embd, std=0.25))
        w.add_tensor(p + "attn_k.weight", rnd(rng, n_kv * hd, n_embd, std=0.25))
        w.add_tensor(p + "attn_v.weight", rnd(rng, n_kv * hd, n_embd, std=0.25))
        w.add_tensor(p + "attn_q_norm.weight", (1.0 + rnd(rng, hd, std=0.1)).astype(np.float32))
        w.add_tensor(p + "attn_k_norm.weight", (1.0 + rnd(rng, hd, std=0.1)).astype(np.float32))
        w.add_tensor(p + "attn_output.weight", rnd(rng, n_embd, n_head * hd, std=0.15))
        w.add_tensor(p + "ffn_norm.weight", (1.0 + rnd(rng, n_embd, std=0.1)).astype(np.float32))
        w.add_tensor(p + "ffn_gate.weight", rnd(rng, n_ff, n_embd, std=0.2))
        w.add_tensor(p + "ffn_up.weight", rnd(rng, n_ff, n_embd, std=0.2))
        w.add_tensor(p + "ffn_down.weight", rnd(rng, n_embd, n_ff, std=0.15))
    finish(w)


finish = tiny_gguf.finish


if __name__ == "__main__":
    make_bert()
    make_nomic()
    make_qwen3()
