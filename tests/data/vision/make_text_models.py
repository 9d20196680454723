#!/usr/bin/env python3
"""Writes two tiny text models whose embedding width (64) is the tiny projectors' output, with
llama.cpp's gguf-py (random weights, fixed seeds), for the image-prompt logits goldens:

  smolvlm-text-tiny.gguf  arch llama, 1 layer, 4 heads / 2 KV heads of 16, FFN 32
  gemma3-text-tiny.gguf   arch gemma3, 2 layers (both local: llama.cpp makes every 6th layer global)
                          with a sliding window of 6, per-head Q/K norms, sandwich norms, 4 / 2 heads
                          of 16, FFN 32

Both share one small byte-level BPE vocabulary (pre-tokenizer qwen2) whose merges include "\\n\\n"
(one token, as in SmolVLM's vocabulary: libmtmd looks it up by its text) and the control tokens
both projectors put around images: <fake_token_around_image>, <global-img>, <row_R_col_C> for
R, C in 1..2, <start_of_image>, <end_of_image>; and <|im_start|>, <|im_end|>, <end_of_utterance>.
Matrices are F16, norms F32; kept small (the tree has little room left).

Run:  PYTHONPATH=/work/shared/tools/llama.cpp-cpu/gguf-py /usr/bin/python3 make_text_models.py OUTDIR
"""
import os
import sys
import numpy as np
import gguf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tiny_gguf  # noqa: E402  (tests/data/tiny_gguf.py)

OUT = sys.argv[1] if len(sys.argv) > 1 else "."

CORPUS = ("look at the image and say what is in it. describe the picture; what colour is the disc? "
          "the quick brown fox jumps over the lazy dog.")
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<end_of_utterance>", "<fake_token_around_image>",
            "<global-img>", "<row_1_col_1>", "<row_1_col_2>", "<row_2_col_1>", "<row_2_col_2>", "<image>",
            "<start_of_image>", "<end_of_image>", "<bos>", "<eos>"]


def bpe_vocab(n_merges=8):
    # "\n\n" first: one token, as in SmolVLM's vocabulary (libmtmd looks it up by its text).
    return tiny_gguf.bpe_vocab(CORPUS, n_merges, SPECIALS, punctuation=".?", first_merges=[(10, 10)])


def rnd(rng, *shape, std=0.2, f16=True):
    a = rng.normal(0.0, std, size=shape).astype(np.float32)
    return a.astype(np.float16) if f16 and len(shape) == 2 else a


def norm(rng, n):
    return (1.0 + rng.normal(0.0, 0.1, size=n)).astype(np.float32)


def vocab(w, toks, types, merges):
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2")
    w.add_token_list(toks)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_bos_token_id(toks.index("<bos>"))
    w.add_eos_token_id(toks.index("<eos>"))
    w.add_pad_token_id(toks.index("<|endoftext|>"))
    w.add_add_bos_token(True)


def common(w, n_embd, n_head, n_kv, hd, n_ff, n_layer):
    w.add_context_length(512)
    w.add_embedding_length(n_embd)
    w.add_feed_forward_length(n_ff)
    w.add_block_count(n_layer)
    w.add_head_count(n_head)
    w.add_head_count_kv(n_kv)
    w.add_key_length(hd)
    w.add_value_length(hd)
    w.add_layer_norm_rms_eps(1e-6)
    w.add_file_type(gguf.LlamaFileType.MOSTLY_F16)


def layer(w, rng, il, n_embd, n_head, n_kv, hd, n_ff, gemma):
    p = f"blk.{il}."
    w.add_tensor(p + "attn_norm.weight", norm(rng, n_embd))
    w.add_tensor(p + "attn_q.weight", rnd(rng, n_head * hd, n_embd, std=0.25))
    w.add_tensor(p + "attn_k.weight", rnd(rng, n_kv * hd, n_embd, std=0.25))
    w.add_tensor(p + "attn_v.weight", rnd(rng, n_kv * hd, n_embd, std=0.25))
    w.add_tensor(p + "attn_output.weight", rnd(rng, n_embd, n_head * hd, std=0.15))
    w.add_tensor(p + "ffn_norm.weight", norm(rng, n_embd))
    w.add_tensor(p + "ffn_gate.weight", rnd(rng, n_ff, n_embd, std=0.2))
    w.add_tensor(p + "ffn_up.weight", rnd(rng, n_ff, n_embd, std=0.2))
    w.add_tensor(p + "ffn_down.weight", rnd(rng, n_embd, n_ff, std=0.15))
    if gemma:
        w.add_tensor(p + "attn_q_norm.weight", norm(rng, hd))
        w.add_tensor(p + "attn_k_norm.weight", norm(rng, hd))
        w.add_tensor(p + "post_attention_norm.weight", norm(rng, n_embd))
        w.add_tensor(p + "post_ffw_norm.weight", norm(rng, n_embd))


def make(name, arch, seed, n_layer, gemma):
    rng = np.random.default_rng(seed)
    n_embd, n_head, n_kv, hd, n_ff = 64, 4, 2, 16, 32
    w = gguf.GGUFWriter(f"{OUT}/{name}", arch)
    w.add_name(f"tiny {arch} text model for image goldens")
    common(w, n_embd, n_head, n_kv, hd, n_ff, n_layer)
    if gemma:
        w.add_rope_freq_base(1000000.0)
        w.add_sliding_window(6)
    else:
        w.add_rope_freq_base(10000.0)
        w.add_rope_dimension_count(hd)
    toks, types, merges = bpe_vocab()
    vocab(w, toks, types, merges)
    w.add_tensor("token_embd.weight", rnd(rng, len(toks), n_embd, std=0.5))
    w.add_tensor("output_norm.weight", norm(rng, n_embd))
    for il in range(n_layer):
        layer(w, rng, il, n_embd, n_head, n_kv, hd, n_ff, gemma)
    tiny_gguf.finish(w)


if __name__ == "__main__":
    make("smolvlm-text-tiny.gguf", "llama", 3701, 1, False)
    make("gemma3-text-tiny.gguf", "gemma3", 3702, 2, True)
