#include "quant/cpu_kernels.h"

namespace smoldesk::quant::cpu {

const Kernels* avx512Kernels() {
    return nullptr;
}

} // namespace smoldesk::quant::cpu
