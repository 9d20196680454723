// Picks the kernel variant once per process from cpuid (and SMOLDESK_CPU_KERNEL).
#include "quant/cpu_kernels.h"
#include "quant/vec_dot.h"

#include "common/platform.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace smoldesk::quant {

namespace cpu {

namespace {

bool cpuHas(Isa isa) {
    using platform::CpuFeature;
    switch (isa) {
    case Isa::Scalar:
        return true;
    case Isa::Avx2:
        return platform::cpuHas(CpuFeature::Avx2) && platform::cpuHas(CpuFeature::Fma) &&
               platform::cpuHas(CpuFeature::F16c);
    case Isa::Avx512:
        // The AVX-512 variant also uses AVX2/F16C encodings and VNNI dot products.
        return cpuHas(Isa::Avx2) && platform::cpuHas(CpuFeature::Avx512F) &&
               platform::cpuHas(CpuFeature::Avx512Bw) && platform::cpuHas(CpuFeature::Avx512Vl) &&
               platform::cpuHas(CpuFeature::Avx512Vnni) && platform::cpuHas(CpuFeature::Bmi2);
    }
    return false;
}

const Kernels* compiledTable(Isa isa) {
    switch (isa) {
    case Isa::Scalar:
        return &scalarKernels();
    case Isa::Avx2:
        return avx2Kernels();
    case Isa::Avx512:
        return avx512Kernels();
    }
    return nullptr;
}

const Kernels* tableNamed(std::string_view name) {
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512}) {
        const Kernels* k = kernelsFor(isa);
        if (k && name == k->name) return k;
    }
    return nullptr;
}

const Kernels* pickAtStart() {
    if (const char* forced = std::getenv("SMOLDESK_CPU_KERNEL"); forced && *forced) {
        if (const Kernels* k = tableNamed(forced)) return k;
        std::fprintf(stderr,
                     "SmolDesk: SMOLDESK_CPU_KERNEL=%s is not available on this CPU; using the best one.\n",
                     forced);
    }
    for (Isa isa : {Isa::Avx512, Isa::Avx2})
        if (const Kernels* k = kernelsFor(isa)) return k;
    return &scalarKernels();
}

std::atomic<const Kernels*>& activeSlot() {
    static std::atomic<const Kernels*> slot{pickAtStart()};
    return slot;
}

} // namespace

bool isaSupported(Isa isa) {
    return compiledTable(isa) != nullptr && cpuHas(isa);
}

const Kernels* kernelsFor(Isa isa) {
    return isaSupported(isa) ? compiledTable(isa) : nullptr;
}

const Kernels& activeKernels() {
    return *activeSlot().load(std::memory_order_relaxed);
}

} // namespace cpu

bool selectCpuKernel(std::string_view name) {
    const cpu::Kernels* k = cpu::tableNamed(name);
    if (!k) return false;
    cpu::activeSlot().store(k, std::memory_order_relaxed);
    return true;
}

} // namespace smoldesk::quant
