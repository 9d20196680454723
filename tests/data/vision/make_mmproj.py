#!/usr/bin/env python3
# Writes the tiny mmproj test files of tests/data/vision with llama.cpp's gguf-py:
#   smolvlm-tiny-mmproj.gguf   idefics3 projector (SmolVLM): SigLIP ViT + pixel shuffle + linear
#   qwen25vl-tiny-mmproj.gguf  the same file with clip.projector_type = qwen2.5vl_merger (must be refused)
#   tiny-32.png                a 32x32 RGB test image (gradients + a disc), the golden's input
# Run: PYTHONPATH=<llama.cpp>/gguf-py /usr/bin/python3 make_mmproj.py
# Weights: numpy default_rng(37), F32, std 0.05 for matrices (0.02 patch embedding, 0.5 positions),
# LayerNorm weights 1 + 0.1 N(0,1), biases 0.02 N(0,1). Text width 64 = stories260K's n_embd.
import os, struct, zlib
import numpy as np
import gguf

HERE = os.path.dirname(os.path.abspath(__file__))
IMG, PATCH, WIDTH, HEADS, FF, LAYERS, SCALE, TEXT = 32, 8, 32, 2, 64, 2, 2, 64


def write(path, projector, seed=37, longest=IMG, gemma=False, f16=False):
    rng = np.random.default_rng(seed)
    w = gguf.GGUFWriter(path, "clip")
    w.add_string("clip.projector_type", projector)
    w.add_bool("clip.has_vision_encoder", True)
    w.add_bool("clip.use_gelu", True)
    w.add_uint32("clip.vision.embedding_length", WIDTH)
    w.add_uint32("clip.vision.feed_forward_length", FF)
    w.add_uint32("clip.vision.block_count", LAYERS)
    w.add_uint32("clip.vision.projection_dim", TEXT)
    w.add_uint32("clip.vision.attention.head_count", HEADS)
    w.add_float32("clip.vision.attention.layer_norm_epsilon", 1e-6)
    w.add_uint32("clip.vision.image_size", IMG)
    w.add_uint32("clip.vision.patch_size", PATCH)
    w.add_uint32("clip.vision.projector.scale_factor", SCALE)
    w.add_uint32("clip.vision.preproc_image_size", longest)
    w.add_array("clip.vision.image_mean", [0.5, 0.45, 0.4])
    w.add_array("clip.vision.image_std", [0.5, 0.55, 0.6])

    def t(name, arr):  # f16: the matrices and the patch kernel as F16, as real files have them
        arr = np.ascontiguousarray(arr, dtype=np.float32)
        half = f16 and arr.ndim >= 2 and "position_embd" not in name  # ggml adds positions in F32
        w.add_tensor(name, arr.astype(np.float16) if half else arr)

    def mat(out, inp, std=0.05):
        return rng.standard_normal((out, inp)) * std

    npos = (IMG // PATCH) ** 2
    t("v.patch_embd.weight", rng.standard_normal((WIDTH, 3, PATCH, PATCH)) * 0.02)
    t("v.patch_embd.bias", rng.standard_normal(WIDTH) * 0.02)
    t("v.position_embd.weight", rng.standard_normal((npos, WIDTH)) * 0.5)
    for il in range(LAYERS):
        p = f"v.blk.{il}."
        for n in ("ln1", "ln2"):
            t(p + n + ".weight", 1 + 0.1 * rng.standard_normal(WIDTH))
            t(p + n + ".bias", 0.02 * rng.standard_normal(WIDTH))
        for n in ("attn_q", "attn_k", "attn_v", "attn_out"):
            t(p + n + ".weight", mat(WIDTH, WIDTH, 0.2))
            t(p + n + ".bias", 0.02 * rng.standard_normal(WIDTH))
        t(p + "ffn_up.weight", mat(FF, WIDTH, 0.2))
        t(p + "ffn_up.bias", 0.02 * rng.standard_normal(FF))
        t(p + "ffn_down.weight", mat(WIDTH, FF, 0.2))
        t(p + "ffn_down.bias", 0.02 * rng.standard_normal(WIDTH))
    t("v.post_ln.weight", 1 + 0.1 * rng.standard_normal(WIDTH))
    t("v.post_ln.bias", 0.02 * rng.standard_normal(WIDTH))
    if gemma:  # avg pooling by the scale factor, RMS norm, then x·W with W stored [TEXT][WIDTH] in ggml order
        t("mm.soft_emb_norm.weight", 1 + 0.1 * rng.standard_normal(WIDTH))
        t("mm.input_projection.weight", mat(WIDTH, TEXT, 0.2))
    else:
        t("mm.model.fc.weight", mat(TEXT, WIDTH * SCALE * SCALE, 0.2))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def png(path, width, height):
    y, x = np.mgrid[0:height, 0:width]
    r = (x * 255 // max(1, width - 1))
    g = (y * 255 // max(1, height - 1))
    b = np.where((x - width / 2) ** 2 + (y - height / 3) ** 2 < (min(width, height) / 4) ** 2, 230, 20)
    rgb = np.stack([r, g, b], -1).astype(np.uint8)
    raw = b"".join(b"\x00" + rgb[i].tobytes() for i in range(height))
    chunk = lambda k, d: struct.pack(">I", len(d)) + k + d + struct.pack(">I", zlib.crc32(k + d))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


write(os.path.join(HERE, "smolvlm-tiny-mmproj.gguf"), "idefics3")
write(os.path.join(HERE, "qwen25vl-tiny-mmproj.gguf"), "qwen2.5vl_merger")
png(os.path.join(HERE, "tiny-32.png"), 32, 32)
png(os.path.join(HERE, "wide-70x40.png"), 70, 40)
# The same weights with images resized to a longest edge of 64: up to 2x2 tiles of 32 px.
write(os.path.join(HERE, "smolvlm-tiny-tiles-mmproj.gguf"), "idefics3", longest=2 * IMG)
png(os.path.join(HERE, "tall-20x50.png"), 20, 50)
# Gemma 3: the same encoder, a 2x2 average pool (4 tokens), soft-embedding RMS norm, a linear map.
write(os.path.join(HERE, "gemma3-tiny-mmproj.gguf"), "gemma3", gemma=True)
# F16 matrices (the common real-file type): the tiles file and Gemma 3 again.
write(os.path.join(HERE, "smolvlm-tiny-tiles-f16-mmproj.gguf"), "idefics3", longest=2 * IMG, f16=True)
write(os.path.join(HERE, "gemma3-tiny-f16-mmproj.gguf"), "gemma3", gemma=True, f16=True)
# Odd sizes for the preprocessing goldens: a larger image scaled down into tiles, and a 3x2 speck.
png(os.path.join(HERE, "large-161x97.png"), 161, 97)
png(os.path.join(HERE, "speck-3x2.png"), 3, 2)
