#pragma once
// The small op interface every architecture's forward pass is written against. The CPU
// backend executes each op at once; the Vulkan backend records them and submits per step.
// Activations are f32 row-major [rows][cols] in backend-owned buffers named by BufferId.
#include "common/mapped_file.h"
#include "gguf/file.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace smoldesk::compute {

using BufferId = int;
using WeightId = int;

enum class RopeStyle {
    Adjacent, // ggml "NORM": rotate (x[2i], x[2i+1]); llama/smollm3 GGUF Q/K rows are permuted for it
    NeoX,     // rotate (x[i], x[i + d/2])
};

// The rotary embedding of one layer over the first `dims` values of each head, as ggml's
// rope_ext computes it. For pair i at position pos:
//   e = pos · freqBase^(-2i/dims) / factor_i     (factor_i from freqFactors, else 1)
//   θ = freqScale · e                             (linear scaling when freqScale < 1)
//   YaRN (extFactor ≠ 0): r = (1 - clamp((i - corrLow) / max(0.001, corrHigh - corrLow), 0, 1)) · extFactor,
//       θ = θ · (1 - r) + e · r, and the magnitude m = attnFactor · (1 + 0.1 · ln(1 / freqScale))
//   otherwise m = attnFactor;  the pair is rotated by θ and scaled by m.
// Llama 3.x passes its rope_freqs divisors; LongRoPE (Phi-3.5, Phi-4-mini) its long or short
// factors and attention factor; YaRN models their ramp.
struct RopeSpec {
    int dims = 0;
    float freqBase = 10000.0f;
    float freqScale = 1.0f;
    RopeStyle style = RopeStyle::Adjacent;
    WeightId freqFactors = -1; // an F32 weight of dims/2 divisors, or -1
    float attnFactor = 1.0f;
    float extFactor = 0.0f;
    float corrLow = 0.0f, corrHigh = 0.0f;

    bool operator==(const RopeSpec&) const = default;
};

// The gate activation of a gated FFN: down(act(gate·x) ⊙ up·x).
enum class GluActivation {
    Silu,      // SwiGLU (llama, qwen, phi)
    GeluTanh,  // GeGLU with the tanh approximation (gemma)
    SwigluOai, // gpt-oss: g = min(gate, 7), u = clamp(up, -7, 7), g·sigmoid(1.702·g)·(u + 1)
};

// How a mixture of experts turns router logits l into the weights of its top-k experts.
enum class MoeGating {
    SoftmaxTopK, // qwen3moe: p = softmax(l) over all experts, top k of p, renormalised to sum 1
    TopKSoftmax, // gpt-oss: top k of l, softmax over those k
};

// A mixture-of-experts FFN layer. The expert matrices are 3-D tensors, expert-major:
// gate/up [nExpert][width][dim], down [nExpert][dim][width]; biases (gpt-oss) are F32
// [nExpert][width] and [nExpert][dim]; the router is F32 [nExpert][dim] (+ [nExpert] bias).
struct MoeFfn {
    WeightId router = -1, routerBias = -1;
    WeightId gate = -1, up = -1, down = -1;
    WeightId gateBias = -1, upBias = -1, downBias = -1;
    int nExpert = 0, nUsed = 0, width = 0, dim = 0;
    MoeGating gating = MoeGating::SoftmaxTopK;
    GluActivation act = GluActivation::Silu;
};

// Floats of scratch a moeFfn call over `rows` tokens may use: router logits, then each chosen
// (token, expert) pair's gate, up and down rows, then the routing (ids and weights as floats),
// and the pairs sorted by expert with each expert's first pair and first tile (Vulkan prompts).
inline size_t moeScratchFloats(int nExpert, int nUsed, int width, int dim, size_t rows) {
    const size_t pairs = rows * static_cast<size_t>(nUsed);
    return rows * static_cast<size_t>(nExpert) +
           pairs * (2 * static_cast<size_t>(width) + static_cast<size_t>(dim)) + 3 * pairs +
           2 * (static_cast<size_t>(nExpert) + 1);
}

// One product of a grouped matmul: out = W·x for a weight that shares its input with others.
struct MatmulOutput {
    WeightId w;
    BufferId out;
};

struct AttentionShape {
    int nHead = 0;
    int nHeadKv = 0;
    int headDim = 0;
    float scale = 1.0f;
    // Sliding-window attention: a query at position p sees keys at k with p - k < window
    // (0 = every earlier position).
    int window = 0;
    // Attention sinks (gpt-oss): an F32 weight of nHead logits, one per query head, that join
    // each softmax's denominator unscaled and without a value; -1 for none.
    WeightId sinks = -1;
    // false: every query row of the call sees all positions [0, pos0 + rows), later rows
    // included: the bidirectional attention of encoders (BERT), one sequence per call.
    bool causal = true;
};

class Backend {
  public:
    virtual ~Backend() = default;

    // "CPU (2 threads, avx512)" or the GPU's name.
    virtual std::string deviceName() const = 0;

    // The most rows of one forward whose logits equal those of decoding the rows one at a time,
    // bit for bit: speculative verification stays within it, so its output is plain decoding's.
    virtual int exactBatchRows() const { return 1 << 30; }

    // The weights registered next live in this read-only file mapping: a backend that copies
    // a weight elsewhere (repacked, or uploaded to a device) may release its mapped pages.
    // Weights registered without it (tests build them in ordinary memory) are never released.
    virtual void setWeightMapping(const MappedFile* map) { (void)map; }
    // Registers a weight tensor. The CPU backend reads blocks in place from the map.
    virtual WeightId addWeight(const gguf::TensorInfo& tensor) = 0;
    virtual BufferId createBuffer(size_t floats) = 0;
    // f16 K and V caches for nLayers × nCtx positions × kvDim values.
    virtual void createKvCache(int nLayers, int nCtx, int kvDim) = 0;

    // out[r] = dequantized row ids[r] of the embedding matrix.
    virtual void embed(WeightId table, std::span<const int32_t> ids, BufferId out) = 0;
    // out[r] = w ⊙ x[r] / sqrt(mean(x[r]²) + eps); in-place allowed.
    virtual void rmsNorm(BufferId x, WeightId w, BufferId out, int rows, int dim, float eps) = 0;
    // out[r] = w ⊙ (x[r] - mean(x[r])) / sqrt(var(x[r]) + eps) + b: LayerNorm with bias (BERT);
    // w and b are F32 weights of dim values; in-place allowed. A backend without it says so.
    virtual void layerNorm(BufferId x, WeightId w, WeightId b, BufferId out, int rows, int dim, float eps);
    // x = gelu(x) over n values, the tanh approximation (BERT's FFN, ggml's GELU). A backend
    // without it says so.
    virtual void gelu(BufferId x, size_t n);
    // out[t][r] = Σ_c W[r][c]·x[t][c] for `rows` activation rows; W is [ne1][ne0].
    virtual void matmul(WeightId w, BufferId x, BufferId out, int rows) = 0;
    // out_i[t] = W_i·x[t] for every output of the group (q/k/v, gate/up): all weights have the
    // same input width, so backends quantize or read x once and run the products together.
    // The default runs them one by one.
    virtual void matmulGroup(BufferId x, std::span<const MatmulOutput> outputs, int rows) {
        for (const MatmulOutput& o : outputs) matmul(o.w, x, o.out, rows);
    }
    // out_i[t] = W_i·rmsNorm(x[t]) with the norm weight `norm` (dim values, epsilon eps): the
    // pre-norm folded into the group's input, so a backend can skip a pass and a barrier.
    // `normed` (rows × dim floats) is scratch: the default writes the normalised rows there,
    // a backend that folds the norm leaves it untouched.
    virtual void normMatmulGroup(BufferId x, WeightId norm, float eps, BufferId normed,
                                 std::span<const MatmulOutput> outputs, int rows, int dim) {
        rmsNorm(x, norm, normed, rows, dim, eps);
        matmulGroup(normed, outputs, rows);
    }
    // out[t] += W·x[t]: the residual add as the matmul's epilogue. `scratch` holds at least
    // rows × W's output width floats and may be clobbered (the default computes into it).
    virtual void matmulAdd(WeightId w, BufferId x, BufferId out, BufferId scratch, int rows,
                           size_t outWidth) {
        matmul(w, x, scratch, rows);
        add(out, scratch, out, static_cast<size_t>(rows) * outWidth);
    }
    // out[t] += W·(act(gate[t]) ⊙ up[t]): the gated activation folded into the down
    // projection's input, with the residual add as its epilogue. gate and scratch may be clobbered.
    virtual void gluMatmulAdd(GluActivation act, WeightId w, BufferId gate, BufferId up, BufferId out,
                              BufferId scratch, int rows, size_t inWidth, size_t outWidth) {
        glu(act, gate, up, gate, static_cast<size_t>(rows) * inWidth);
        matmulAdd(w, gate, out, scratch, rows, outWidth);
    }
    // x[r] += bias for each of `rows` rows of width dim (an F32 weight of dim values).
    virtual void addBias(BufferId x, WeightId bias, int rows, int dim) = 0;
    // x *= factor over n values.
    virtual void scale(BufferId x, size_t n, float factor) = 0;
    // Rotates the first rope.dims of each head of rows at positions pos0, pos0+1, … in place.
    virtual void rope(BufferId x, int rows, int nHeads, int headDim, int pos0, const RopeSpec& rope) = 0;
    // Writes K and V rows (kvDim each) at positions pos0… of a layer's cache (as f16).
    virtual void storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) = 0;
    // Causal attention of q rows (positions pos0…) over cache positions [0, pos0 + row]
    // (the last shape.window of them when it is set).
    virtual void attention(int layer, BufferId q, BufferId out, int rows, int pos0,
                           const AttentionShape& shape) = 0;
    // The mixture-of-experts FFN: for each token t, the router picks nUsed experts with weights
    // w_e (m.gating) and out[t] += Σ_e w_e · (down_e(act(gate_e·x[t] + bg_e) ⊙ (up_e·x[t] + bu_e)) + bd_e)
    // (x already normed; absent biases are 0). Each backend reads only the chosen experts'
    // weights; `scratch` holds moeScratchFloats(…, rows) floats and may be clobbered.
    virtual void moeFfn(const MoeFfn& m, BufferId x, BufferId out, BufferId scratch, int rows) = 0;
    // out = act(gate) * up, elementwise over n values.
    virtual void glu(GluActivation act, BufferId gate, BufferId up, BufferId out, size_t n) = 0;
    // out = a + b, elementwise over n values; out may alias a.
    virtual void add(BufferId a, BufferId b, BufferId out, size_t n) = 0;
    virtual void copy(BufferId src, size_t srcOffset, BufferId dst, size_t dstOffset, size_t n) = 0;

    // Finishes all queued work and copies n floats out.
    virtual void read(BufferId src, size_t offset, size_t n, float* dst) = 0;
    // Copies n floats in at dst[offset…], after the work queued so far: activations that come
    // from outside the model (an image's pixels). A backend without it says so.
    virtual void write(BufferId dst, size_t offset, size_t n, const float* src);

    // The KV cache rows of positions [pos0, pos0 + n) of one layer as f16 values, position by
    // position ([n][kvDim] for K and for V), whatever the backend's own layout: a session saves
    // and restores its cache through these (only the positions it uses). readKv finishes the
    // queued work first; writeKv's rows are what later attention reads.
    virtual void readKv(int layer, int pos0, int n, uint16_t* k, uint16_t* v) = 0;
    virtual void writeKv(int layer, int pos0, int n, const uint16_t* k, const uint16_t* v) = 0;
};

} // namespace smoldesk::compute
