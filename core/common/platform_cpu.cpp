// The parts of the platform layer that depend on the compiler and CPU, not on the OS.
#include "common/platform.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <thread>

namespace smoldesk::platform {

int logicalCpuCount() {
    const unsigned n = std::thread::hardware_concurrency();
    return n > 0 ? static_cast<int>(n) : 1;
}

bool cpuHas([[maybe_unused]] CpuFeature feature) {
#if defined(__x86_64__) || defined(__i386__)
    // __builtin_cpu_supports also checks that the OS saves the YMM/ZMM registers (XGETBV).
    switch (feature) {
    case CpuFeature::Avx2:
        return __builtin_cpu_supports("avx2");
    case CpuFeature::Fma:
        return __builtin_cpu_supports("fma");
    case CpuFeature::F16c: {
        // Through cpuid directly: clang's __builtin_cpu_supports does not know "f16c".
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
    }
    case CpuFeature::Bmi2:
        return __builtin_cpu_supports("bmi2");
    case CpuFeature::Avx512F:
        return __builtin_cpu_supports("avx512f");
    case CpuFeature::Avx512Bw:
        return __builtin_cpu_supports("avx512bw");
    case CpuFeature::Avx512Vl:
        return __builtin_cpu_supports("avx512vl");
    case CpuFeature::Avx512Vnni:
        return __builtin_cpu_supports("avx512vnni");
    }
#endif
    return false;
}

} // namespace smoldesk::platform
