#pragma once
// The last row of the GPU self-check: a whole model on the device, its logits against llama.cpp's.
// The demo model (stories260K, shipped with the app) and its golden logits (llama.cpp, CPU, F32
// weights) make every kernel work together; the kernel rows say which one is wrong, this row says
// whether the device can run a model at all.
#include "compute/selftest.h"
#include "runtime/session.h"

#include <string>

namespace smoldesk::runtime {

// The prompt the golden was made with and its tolerance (tests/data/models/stories260K-once.json).
inline constexpr int32_t kDemoGoldenTokens[] = {1, 403, 407, 261, 378};
inline constexpr double kDemoGoldenMaxAbs = 0.05, kDemoGoldenMeanAbs = 0.005, kDemoGoldenMinCosine = 0.99999;

// Loads the model with `options` (path, backend and device), evaluates the golden prompt and compares
// every row with the golden file (float32, rows × vocabulary). A model that does not load, a load
// that fell back to another device than asked for, or a golden of the wrong size is a failed row.
compute::SelfTestResult checkDemoModel(const LoadOptions& options, const std::string& goldenPath);

} // namespace smoldesk::runtime
