#!/usr/bin/env python3
# A SmolVLM-256M-shaped mmproj with random F16 weights (SigLIP base/16 at 512 px: width 768, 12 layers,
# 12 heads, FFN 3072; pixel shuffle 4 -> 64 tokens; projection to 64 so stories260K can pair with it in
# libmtmd), for indicative speed and a check on real shapes. ~176 MB: written to /tmp, never committed.
# Run: PYTHONPATH=<llama.cpp>/gguf-py /usr/bin/python3 make_smolvlm256_shaped.py
import numpy as np, gguf
IMG, PATCH, W, H, FF, L, S, TEXT = 512, 16, 768, 12, 3072, 12, 4, 64
rng = np.random.default_rng(1)
w = gguf.GGUFWriter('/tmp/vbench/smolvlm256-shaped-mmproj.gguf', 'clip')
w.add_string("clip.projector_type", "idefics3"); w.add_bool("clip.has_vision_encoder", True); w.add_bool("clip.use_gelu", True)
for k, v in [("embedding_length", W), ("feed_forward_length", FF), ("block_count", L), ("projection_dim", TEXT), ("attention.head_count", H)]:
    w.add_uint32("clip.vision." + k, v)
w.add_float32("clip.vision.attention.layer_norm_epsilon", 1e-6)
w.add_uint32("clip.vision.image_size", IMG); w.add_uint32("clip.vision.patch_size", PATCH)
w.add_uint32("clip.vision.projector.scale_factor", S); w.add_uint32("clip.vision.preproc_image_size", IMG)
w.add_array("clip.vision.image_mean", [0.5, 0.5, 0.5]); w.add_array("clip.vision.image_std", [0.5, 0.5, 0.5])
h = lambda *shape: (rng.standard_normal(shape, dtype=np.float32) * 0.02).astype(np.float16)
f = lambda n, base=0.0: (base + 0.02 * rng.standard_normal(n)).astype(np.float32)
w.add_tensor("v.patch_embd.weight", h(W, 3, PATCH, PATCH)); w.add_tensor("v.patch_embd.bias", f(W))
w.add_tensor("v.position_embd.weight", (rng.standard_normal(((IMG // PATCH) ** 2, W)) * 0.1).astype(np.float32))
for il in range(L):
    p = f"v.blk.{il}."
    for n in ("ln1", "ln2"):
        w.add_tensor(p + n + ".weight", f(W, 1.0)); w.add_tensor(p + n + ".bias", f(W))
    for n in ("attn_q", "attn_k", "attn_v", "attn_out"):
        w.add_tensor(p + n + ".weight", h(W, W)); w.add_tensor(p + n + ".bias", f(W))
    w.add_tensor(p + "ffn_up.weight", h(FF, W)); w.add_tensor(p + "ffn_up.bias", f(FF))
    w.add_tensor(p + "ffn_down.weight", h(W, FF)); w.add_tensor(p + "ffn_down.bias", f(W))
w.add_tensor("v.post_ln.weight", f(W, 1.0)); w.add_tensor("v.post_ln.bias", f(W))
w.add_tensor("mm.model.fc.weight", h(TEXT, W * S * S))
w.write_header_to_file(); w.write_kv_data_to_file(); w.write_tensors_to_file(); w.close()
