// The SigLIP vision encoder's forward pass with its projector, as llama.cpp's clip graph computes it
// for SmolVLM (idefics3) and Gemma 3:
//   x = conv2d(pixels, patch_embd) + bias + pos            (the conv as a matmul over patches)
//   per layer (pre-norm): x += Wo·attention(LN1(x)) + bo;  x += down(gelu(up·LN2(x) + bu)) + bd
//   x = post_ln(x);  idefics3: tokens = fc · pixel_shuffle(x)
//                    gemma3:   tokens = projᵀ · (rmsNorm(avg_pool(x)) ⊙ soft_emb_norm)
// Attention is bidirectional over the image's patches (AttentionShape::causal = false).
#include "common/error.h"
#include "vision/vision_encoder.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace smoldesk::vision {

void VisionEncoder::encode(std::span<const float> chw, std::vector<float>& out) {
    const size_t side = static_cast<size_t>(p_.imageSize);
    if (chw.size() != 3 * side * side)
        throw Error(ErrorCode::InvalidArgument, "The encoder takes a " + std::to_string(side) + "x" +
                                                    std::to_string(side) + " image, not " +
                                                    std::to_string(chw.size()) + " values.");
    const int n = p_.patches();
    const size_t d = static_cast<size_t>(p_.nEmbd), values = static_cast<size_t>(n) * d;
    unfoldPatches(chw);
    be_.matmul(patchW_, pixels_, x_, n);
    if (patchB_ != kAbsent) be_.addBias(x_, patchB_, n, p_.nEmbd);
    positions_.resize(static_cast<size_t>(n));
    std::iota(positions_.begin(), positions_.end(), 0);
    be_.embed(posEmbd_, positions_, h_);
    be_.add(x_, h_, x_, values);
    if (preLn_.w != kAbsent) be_.layerNorm(x_, preLn_.w, preLn_.b, x_, n, p_.nEmbd, p_.eps);
    for (int il = 0; il < p_.nLayer; ++il) layer(layers_[static_cast<size_t>(il)], il);
    if (postLn_.w != kAbsent) be_.layerNorm(x_, postLn_.w, postLn_.b, x_, n, p_.nEmbd, p_.eps);
    const int tokens = p_.tokensPerImage();
    if (p_.projector == Projector::Idefics3) {
        pixelShuffle();
    } else {
        averagePool();
        be_.rmsNorm(merged_, softEmbNorm_, merged_, tokens, p_.nEmbd, p_.eps);
    }
    be_.matmul(projW_, merged_, out_, tokens);
    out.resize(static_cast<size_t>(tokens) * static_cast<size_t>(p_.projectionDim));
    be_.read(out_, 0, out.size(), out.data());
}

// Patch (py, px) becomes row py·P + px of [c][ky][kx] values: the conv2d kernel's own order.
void VisionEncoder::unfoldPatches(std::span<const float> chw) {
    const size_t ps = static_cast<size_t>(p_.patchSize), side = static_cast<size_t>(p_.imageSize);
    const size_t perSide = side / ps, rowLen = 3 * ps * ps;
    unfolded_.resize(perSide * perSide * rowLen);
    for (size_t py = 0; py < perSide; ++py)
        for (size_t px = 0; px < perSide; ++px) {
            float* row = unfolded_.data() + (py * perSide + px) * rowLen;
            for (size_t c = 0; c < 3; ++c)
                for (size_t ky = 0; ky < ps; ++ky) {
                    const float* src = chw.data() + (c * side + py * ps + ky) * side + px * ps;
                    std::copy_n(src, ps, row + (c * ps + ky) * ps);
                }
        }
    be_.write(pixels_, 0, unfolded_.size(), unfolded_.data());
}

void VisionEncoder::layer(const Layer& L, int il) {
    const int n = p_.patches();
    const size_t d = static_cast<size_t>(p_.nEmbd), ff = static_cast<size_t>(p_.nFf);
    be_.layerNorm(x_, L.ln1.w, L.ln1.b, h_, n, p_.nEmbd, p_.eps);
    const compute::MatmulOutput qkv[] = {{L.wq, q_}, {L.wk, k_}, {L.wv, v_}};
    be_.matmulGroup(h_, qkv, n);
    be_.addBias(q_, L.bq, n, p_.nEmbd);
    be_.addBias(k_, L.bk, n, p_.nEmbd);
    be_.addBias(v_, L.bv, n, p_.nEmbd);
    be_.storeKv(il, k_, v_, n, 0);
    compute::AttentionShape shape;
    shape.nHead = p_.nHead;
    shape.nHeadKv = p_.nHead;
    shape.headDim = p_.headDim;
    shape.scale = 1.0f / std::sqrt(static_cast<float>(p_.headDim));
    shape.causal = false;
    be_.attention(il, q_, attn_, n, 0, shape);
    be_.matmulAdd(L.wo, attn_, x_, proj_, n, d); // the residual: x + Wo·a
    be_.addBias(x_, L.bo, n, p_.nEmbd);
    be_.layerNorm(x_, L.ln2.w, L.ln2.b, h_, n, p_.nEmbd, p_.eps);
    be_.matmul(L.up, h_, ffn_, n);
    be_.addBias(ffn_, L.bUp, n, p_.nFf);
    be_.gelu(ffn_, static_cast<size_t>(n) * ff);
    be_.matmulAdd(L.down, ffn_, x_, proj_, n, d);
    be_.addBias(x_, L.bDown, n, p_.nEmbd);
}

// Token (ty, tx) concatenates the s×s patches (ty·s + dy, tx·s + dx) in (dy, dx) order, as
// llama.cpp's build_patch_merge_permute lays them out; the s patches of one dy are adjacent rows,
// so each is one copy.
void VisionEncoder::pixelShuffle() {
    const size_t s = static_cast<size_t>(p_.scaleFactor), d = static_cast<size_t>(p_.nEmbd);
    const size_t side = static_cast<size_t>(p_.patchesPerSide()), tokSide = side / s;
    for (size_t ty = 0; ty < tokSide; ++ty)
        for (size_t tx = 0; tx < tokSide; ++tx) {
            const size_t dst = (ty * tokSide + tx) * s * s * d;
            for (size_t dy = 0; dy < s; ++dy) {
                const size_t srcRow = (ty * s + dy) * side + tx * s;
                be_.copy(x_, srcRow * d, merged_, dst + dy * s * d, s * d);
            }
        }
}

// Token (ty, tx) is the mean of the s×s patches (ty·s + dy, tx·s + dx), as ggml's pool_2d (avg,
// kernel = stride = s) over the patch grid: each (dy, dx) is gathered into attn_ by row copies and
// summed into merged_, then scaled once.
void VisionEncoder::averagePool() {
    const size_t s = static_cast<size_t>(p_.scaleFactor), d = static_cast<size_t>(p_.nEmbd);
    const size_t side = static_cast<size_t>(p_.patchesPerSide()), tokSide = side / s;
    const size_t values = tokSide * tokSide * d;
    for (size_t dy = 0; dy < s; ++dy)
        for (size_t dx = 0; dx < s; ++dx) {
            const compute::BufferId into = dy == 0 && dx == 0 ? merged_ : attn_;
            for (size_t ty = 0; ty < tokSide; ++ty)
                for (size_t tx = 0; tx < tokSide; ++tx)
                    be_.copy(x_, ((ty * s + dy) * side + tx * s + dx) * d, into, (ty * tokSide + tx) * d, d);
            if (into != merged_) be_.add(merged_, attn_, merged_, values);
        }
    be_.scale(merged_, values, 1.0f / static_cast<float>(s * s));
}

} // namespace smoldesk::vision
