// Per-thread scratch memory for the SIMD kernels, compiled with the baseline flags: the ISA files
// must not instantiate std::vector themselves (an inline template compiled with AVX-512 flags may
// be the copy the linker keeps for baseline code).
#include "quant/cpu_kernels.h"

#include <vector>

namespace smoldesk::quant::cpu {

float* threadScratchFloats(size_t floats) {
    static thread_local std::vector<float> store;
    if (store.size() < floats + 16) store.resize(floats + 16);
    // 64-byte aligned within the store.
    const size_t skew = reinterpret_cast<uintptr_t>(store.data()) / sizeof(float) % 16;
    return store.data() + (16 - skew) % 16;
}

} // namespace smoldesk::quant::cpu
