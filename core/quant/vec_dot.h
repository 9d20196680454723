#pragma once
// The CPU matmul building block: dot products of quantized weight rows with activation rows.
//
// Activations are converted once per matmul to vecDotType(weight) with quantizeRow():
//   Q2_K .. Q6_K, IQ1..IQ4_XS, TQ1_0, TQ2_0  -> Q8_K (f32 scale, int8 quants, per-16 sums)
//   Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, IQ4_NL, MXFP4 -> Q8_0 (Q4_1/Q5_1 sum the activation quants)
//   F32, F16, BF16               -> F32  (f16/bf16 weights are widened, math is f32)
// Kernels are picked once per process from the CPU (AVX-512 VNNI, AVX2+FMA+F16C, or portable
// scalar); SMOLDESK_CPU_KERNEL=scalar|avx2|avx512 forces a supported variant.
#include "quant/types.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace smoldesk::quant {

// Activation type for a weight type. Throws Error(UnsupportedType) naming the type when
// there is no dot-product kernel for it.
Type vecDotType(Type weight);
// True when vecDot accepts the weight type.
bool hasVecDot(Type weight);

// Dot of one weight row of n values with one activation row in vecDotType(weight).
float vecDot(Type weight, int64_t n, const void* w, const void* act);

// out[r] = dot(weight row r, act) for r < nRows; weight row r starts at w + r·wRowStride bytes.
void vecDotRows(Type weight, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                float* out);

// out[c·outColStride + r] = dot(weight row r, activation row c) for r < nRows, c < nCols;
// activation row c starts at act + c·actRowStride bytes. Unpacked weights are reused across
// columns, so prompt processing should pass several tokens at once.
void vecDotTile(Type weight, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                size_t actRowStride, int nCols, float* out, size_t outColStride);

// Reads `bytes` bytes (a multiple of 256) with the active variant's widest loads, as the
// matmul kernels stream weights; returns a value only so the reads cannot be elided.
uint64_t readStream(const void* p, size_t bytes);

// The kernel variant in use: "avx512", "avx2" or "scalar".
const char* cpuKernelName();

// Switches the process to another variant ("scalar", "avx2", "avx512") for benchmarks and
// tests; returns false (and changes nothing) when this CPU or build cannot run it.
bool selectCpuKernel(std::string_view name);

} // namespace smoldesk::quant
