// Picks the kernel variant once per process from cpuid (and SMOLDESK_CPU_KERNEL).
#include "quant/cpu_kernels.h"
#include "quant/vec_dot.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace smoldesk::quant {

namespace cpu {

namespace {

#if defined(__x86_64__) || defined(__i386__)
// F16C through cpuid directly: clang's __builtin_cpu_supports does not know "f16c".
bool cpuHasF16c() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
}
#endif

bool cpuHas([[maybe_unused]] Isa isa) {
#if defined(__x86_64__) || defined(__i386__)
    switch (isa) {
    case Isa::Scalar:
        return true;
    case Isa::Avx2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && cpuHasF16c();
    case Isa::Avx512:
        // The AVX-512 variant also uses AVX2/F16C encodings and VNNI dot products.
        return cpuHas(Isa::Avx2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vnni");
    }
    return false;
#else
    return isa == Isa::Scalar;
#endif
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
