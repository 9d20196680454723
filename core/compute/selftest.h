#pragma once
// The kernel self-check: every op the forward passes use, on small random data, through a backend
// under test (a user's GPU driver) and through the CPU backend, compared value by value. Drivers
// exist that compute wrong results (a broken shader compiler release, old Intel and AMD drivers);
// this finds them before a model produces garbage on them. Used by `smoldesk-cli selftest` and
// by the app before it first loads a model on a device.
#include "compute/backend.h"
#include "quant/types.h"

#include <functional>
#include <string>
#include <vector>

namespace smoldesk::compute {

struct SelfTestResult {
    std::string kernel;  // "Q6_K matrix-vector (1 token)", "attention, prompt of 37", …
    std::string family;  // what a user is told failed: "Q6_K matrix products", "attention"
    double maxError = 0; // the largest error (relative to the row's magnitude for products)
    double tolerance = 0;
    double millis = 0; // the op and the read of its result on the backend under test
    bool passed = false;
};

struct SelfTestOptions {
    // The weight types whose products and embeddings are checked (empty: every type the type
    // table marks as supported on the GPU).
    std::vector<quant::Type> types;
    // Fault injection for tests: the subject's output of every kernel whose name contains this
    // text has its first value moved by its magnitude before the comparison (empty: none).
    std::string faultKernel;
    // Called after each kernel (progress output).
    std::function<void(const SelfTestResult&)> onResult;
};

// Runs every case on `subject` against a CPU backend of one thread (the reference). Never throws
// for a wrong result: a backend error (device lost, a shader that fails to build) becomes a
// failed row with an infinite error.
std::vector<SelfTestResult> runKernelSelfTest(Backend& subject, const SelfTestOptions& options = {});

// The first failed row's family, as the sentence the app shows ("…computed wrong results for
// Q6_K matrix products; SmolDesk uses the CPU."): empty when every row passed.
std::string selfTestFailureSentence(const std::vector<SelfTestResult>& results);

} // namespace smoldesk::compute
