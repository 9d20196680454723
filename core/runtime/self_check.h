#pragma once
// The GPU self-check as the CLI and the app run it: every kernel on the device against the CPU
// (compute/selftest.h), then a whole model on the device, its logits against llama.cpp's. The demo
// model (stories260K, shipped with the app) and its golden logits (llama.cpp, CPU, F32 weights)
// make every kernel work together; the kernel rows say which one is wrong, the last row whether the
// device can run a model at all.
#include "compute/selftest.h"
#include "runtime/session.h"

#include <optional>
#include <string>
#include <vector>

namespace smoldesk::runtime {

// The prompt the golden was made with and its tolerance (tests/data/models/stories260K-once.json).
inline constexpr int32_t kDemoGoldenTokens[] = {1, 403, 407, 261, 378};
inline constexpr double kDemoGoldenMaxAbs = 0.05, kDemoGoldenMeanAbs = 0.005, kDemoGoldenMinCosine = 0.99999;

// Loads the model with `options` (path, backend and device), evaluates the golden prompt and compares
// every row with the golden file (float32, rows × vocabulary). A model that does not load, a load
// that fell back to another device than asked for, or a golden of the wrong size is a failed row.
compute::SelfTestResult checkDemoModel(const LoadOptions& options, const std::string& goldenPath);

struct SelfCheckReport {
    std::string device;        // the backend's device name
    std::string driverVersion; // empty on the CPU
    std::vector<compute::SelfTestResult> rows;
    double seconds = 0;
    bool passed() const;
    // One sentence naming the first failed kernel's family (empty when every row passed).
    std::string failureSentence() const;
};

// The whole check on the Vulkan device `device` (-1: the one a load would choose) or, with
// BackendChoice::Cpu, on the CPU backend (a test of the check itself). Throws Error(Backend) with
// the reason when Vulkan cannot run. SMOLDESK_SELFTEST_FAULT (a kernel name) perturbs that kernel's
// result, SMOLDESK_SELFTEST_TYPES (type names, comma-separated) limits the weight types: both are
// for tests.
SelfCheckReport runSelfCheck(BackendChoice backend, int device, const std::string& demoModel,
                             const std::string& golden, compute::SelfTestOptions options = {});

// The Vulkan device a load with this device choice would run on (-1: automatic), or nullopt when it
// would run on the CPU.
std::optional<GpuDevice> gpuForLoad(int device);

} // namespace smoldesk::runtime
