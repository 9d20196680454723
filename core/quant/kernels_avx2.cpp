#include "quant/cpu_kernels.h"

namespace smoldesk::quant::cpu {

const Kernels* avx2Kernels() {
    return nullptr;
}

} // namespace smoldesk::quant::cpu
