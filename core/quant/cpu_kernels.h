#pragma once
// Internal: the per-ISA kernel tables behind vec_dot.h and the activation quantizers.
// Each ISA variant lives in its own .cpp compiled with its own -m flags; those files keep every
// helper in an anonymous namespace and call portable code only through these tables, so no
// inline function compiled with wider instructions can be picked by the linker for baseline code.
#include "quant/types.h"

#include <cstddef>
#include <cstdint>

namespace smoldesk::quant::cpu {

enum class Isa { Scalar, Avx2, Avx512 };

// Causal attention of up to kAttendQueries queries over one KV head of the f16 cache
// (attention_kernel.inc): query i sees positions [0, nPos[i]).
constexpr int kAttendQueries = 8;
struct AttendArgs {
    int nQueries = 0;
    int headDim = 0;
    float scale = 1.0f;
    const float* q[kAttendQueries] = {};
    float* out[kAttendQueries] = {};
    int nPos[kAttendQueries] = {};     // query q sees positions [firstPos[q], nPos[q])
    int firstPos[kAttendQueries] = {}; // > 0 under a sliding window
    // Attention sinks (gpt-oss): when set, sink[q] joins query q's softmax denominator as
    // exp(sink[q] - max) with no value vector.
    bool hasSinks = false;
    float sink[kAttendQueries] = {};
    const uint16_t* kTiles = nullptr; // tiles of 16 positions, [headDim][16] halfs each
    size_t kTileStride = 0;           // halfs from one tile of this head to the next
    const uint16_t* v = nullptr;      // V of position j at v + j·vStride (headDim halfs)
    size_t vStride = 0;
    float* scratch = nullptr; // attendScratchFloats(headDim, context) floats, 64-byte aligned
};
// Scratch the attention kernels need for one task.
inline size_t attendScratchFloats(int headDim, int context) {
    return static_cast<size_t>(kAttendQueries + 16) * static_cast<size_t>(headDim) +
           static_cast<size_t>(context);
}

struct Kernels {
    const char* name; // "scalar", "avx2", "avx512"
    float (*vecDot)(Type weight, int64_t n, const void* w, const void* act);
    void (*vecDotRows)(Type weight, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                       float* out);
    void (*vecDotTile)(Type weight, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                       size_t actRowStride, int nCols, float* out, size_t outColStride);
    // Row-interleaved Q4_K/Q6_K groups (packed.h's packedMatmul contract); nullptr when this
    // variant has no packed kernel, and then the backend keeps GGUF blocks.
    void (*packedTile)(Type weight, int64_t n, const void* groups, int nGroups, const void* act,
                       size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate);
    // Reads n bytes (a multiple of 64) with this variant's widest loads; the result only
    // keeps the reads from being optimized away. The bandwidth probe of `bench`.
    uint64_t (*readStream)(const void* p, size_t n);
    void (*attendF16)(const AttendArgs& args);
    // out[i] = silu(g[i]) · u[i] (out may alias g or u).
    void (*swigluRow)(const float* g, const float* u, float* out, int64_t n);
    // out[i] = gelu(g[i]) · u[i], GELU with the tanh approximation (out may alias g or u).
    void (*gegluRow)(const float* g, const float* u, float* out, int64_t n);
    // Activation quantizers; all variants produce the same bytes as the scalar ones.
    void (*quantizeQ8_0)(const float* x, void* y, int64_t n);
    void (*quantizeQ8_K)(const float* x, void* y, int64_t n);
};

const Kernels& scalarKernels();
// nullptr when the variant is not compiled into this build (non-x86 targets).
const Kernels* avx2Kernels();
const Kernels* avx512Kernels();
// The AVX2 packed kernel (kernels_avx2_packed.cpp), reached only through that table.
void packedTileAvx2(Type weight, int64_t n, const void* groups, int nGroups, const void* act,
                    size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate);
// The AVX-512 packed kernel (kernels_avx512_packed.cpp), reached only through that table.
void packedTileAvx512(Type weight, int64_t n, const void* groups, int nGroups, const void* act,
                      size_t actRowStride, int nCols, float* out, size_t outColStride, bool accumulate);

// At least `floats` floats of 64-byte aligned scratch for the calling thread, kept until the
// next call on that thread (kernel_scratch.cpp: baseline code, for the ISA files).
float* threadScratchFloats(size_t floats);

// Whether this CPU can run the variant.
bool isaSupported(Isa isa);
// The table for a supported variant, nullptr otherwise.
const Kernels* kernelsFor(Isa isa);
// The table in use: the best supported variant, or the one SMOLDESK_CPU_KERNEL names.
const Kernels& activeKernels();

} // namespace smoldesk::quant::cpu
