#include "runtime/model_selftest.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <vector>

namespace smoldesk::runtime {

namespace {

std::vector<float> readFloats(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::vector<float> v(bytes.size() / sizeof(float));
    std::memcpy(v.data(), bytes.data(), v.size() * sizeof(float));
    return v;
}

} // namespace

compute::SelfTestResult checkDemoModel(const LoadOptions& options, const std::string& goldenPath) {
    compute::SelfTestResult r;
    r.kernel = "stories260K logits against llama.cpp (max |d|; mean and row cosine also checked)";
    r.family = "a whole model";
    r.tolerance = kDemoGoldenMaxAbs;
    r.maxError = INFINITY;
    const std::vector<float> golden = readFloats(goldenPath);
    try {
        const auto start = std::chrono::steady_clock::now();
        auto session = Session::load(options);
        if (options.backend != BackendChoice::Auto && !session->fallbackReason().empty()) return r;
        const std::vector<int32_t> ids(std::begin(kDemoGoldenTokens), std::end(kDemoGoldenTokens));
        const std::vector<float> logits = session->evaluate(ids, true);
        r.millis =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        const size_t nVocab = size_t(session->hparams().nVocab);
        if (golden.empty() || logits.size() != golden.size() || nVocab == 0) return r;
        double maxAbs = 0, sumAbs = 0, minCos = 1;
        for (size_t row = 0; row < golden.size() / nVocab; ++row) {
            double dot = 0, a2 = 0, b2 = 0;
            for (size_t i = row * nVocab; i < (row + 1) * nVocab; ++i) {
                const double a = logits[i], b = golden[i], d = std::fabs(a - b);
                if (!(d <= maxAbs)) maxAbs = std::isnan(d) ? INFINITY : d;
                sumAbs += d;
                dot += a * b;
                a2 += a * a;
                b2 += b * b;
            }
            minCos = std::min(minCos, a2 > 0 && b2 > 0 ? dot / std::sqrt(a2 * b2) : 0.0);
        }
        r.maxError = maxAbs;
        r.passed = maxAbs <= kDemoGoldenMaxAbs && sumAbs / double(golden.size()) <= kDemoGoldenMeanAbs &&
                   minCos >= kDemoGoldenMinCosine;
    } catch (const std::exception&) {
        r.passed = false;
    }
    return r;
}

} // namespace smoldesk::runtime
