#include "quant/vec_dot.h"

#include "quant/cpu_kernels.h"
#include "quant/errors.h"
#include "quant/type_kernels.h"

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
    return rowHasDot(typeRow(weight));
}

Type vecDotType(Type weight) {
    const TypeRow& row = typeRow(weight);
    if (!rowHasDot(row)) throwUnsupportedType(weight, kWhat);
    return row.vecDotType;
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
