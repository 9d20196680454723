#include "quant/vec_dot.h"

#include "quant/cpu_kernels.h"
#include "quant/errors.h"

namespace smoldesk::quant {

namespace {

constexpr const char* kWhat = "The CPU dot product";

// Cheap per-call validation: vecDot is called once per weight row.
void checkArgs(Type weight, int64_t n) {
    if (!hasVecDot(weight)) throwUnsupportedType(weight, kWhat);
    if (n <= 0 || n % typeInfo(weight).blockSize != 0) checkWholeBlocks(weight, n == 0 ? -1 : n, kWhat);
}

} // namespace

bool hasVecDot(Type weight) {
    switch (weight) {
    case Type::F32:
    case Type::F16:
    case Type::BF16:
    case Type::Q4_0:
    case Type::Q4_1:
    case Type::Q5_0:
    case Type::Q5_1:
    case Type::Q8_0:
    case Type::Q2_K:
    case Type::Q3_K:
    case Type::Q4_K:
    case Type::Q5_K:
    case Type::Q6_K:
        return true;
    default:
        return false;
    }
}

Type vecDotType(Type weight) {
    switch (weight) {
    case Type::F32:
    case Type::F16:
    case Type::BF16:
        return Type::F32;
    case Type::Q4_0:
    case Type::Q4_1:
    case Type::Q5_0:
    case Type::Q5_1:
    case Type::Q8_0:
        return Type::Q8_0;
    case Type::Q2_K:
    case Type::Q3_K:
    case Type::Q4_K:
    case Type::Q5_K:
    case Type::Q6_K:
        return Type::Q8_K;
    default:
        throwUnsupportedType(weight, kWhat);
    }
}

float vecDot(Type weight, int64_t n, const void* w, const void* act) {
    checkArgs(weight, n);
    return cpu::activeKernels().vecDot(weight, n, w, act);
}

void vecDotRows(Type weight, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                float* out) {
    checkArgs(weight, n);
    if (nRows <= 0) return;
    cpu::activeKernels().vecDotRows(weight, n, w, wRowStride, nRows, act, out);
}

void vecDotTile(Type weight, int64_t n, const void* w, size_t wRowStride, int nRows, const void* act,
                size_t actRowStride, int nCols, float* out, size_t outColStride) {
    checkArgs(weight, n);
    if (nRows <= 0 || nCols <= 0) return;
    cpu::activeKernels().vecDotTile(weight, n, w, wRowStride, nRows, act, actRowStride, nCols, out,
                                    outColStride);
}

const char* cpuKernelName() {
    return cpu::activeKernels().name;
}

uint64_t readStream(const void* p, size_t bytes) {
    return cpu::activeKernels().readStream(p, bytes);
}

} // namespace smoldesk::quant
