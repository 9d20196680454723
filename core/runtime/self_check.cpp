#include "runtime/self_check.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
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

bool SelfCheckReport::passed() const {
    return !rows.empty() && std::all_of(rows.begin(), rows.end(), [](const auto& r) { return r.passed; });
}

std::string SelfCheckReport::failureSentence() const {
    return rows.empty() ? "The GPU self-check did not run; SmolDesk uses the CPU."
                        : compute::selfTestFailureSentence(rows);
}

SelfCheckReport runSelfCheck(BackendChoice backend, int device, const std::string& demoModel,
                             const std::string& golden, compute::SelfTestOptions options) {
    if (const char* fault = std::getenv("SMOLDESK_SELFTEST_FAULT");
        fault && *fault && options.faultKernel.empty())
        options.faultKernel = fault;
    if (const char* types = std::getenv("SMOLDESK_SELFTEST_TYPES");
        types && *types && options.types.empty()) {
        std::stringstream list(types);
        for (std::string name; std::getline(list, name, ',');)
            for (uint32_t id = 0; id < 64; ++id)
                if (quant::typeInfo(id) && name == quant::typeName(quant::Type(id)))
                    options.types.push_back(quant::Type(id));
    }
    SelfCheckReport report;
    LoadOptions load;
    load.path = demoModel;
    std::unique_ptr<compute::Backend> subject;
    if (backend == BackendChoice::Cpu) {
        subject = std::make_unique<compute::CpuBackend>(1);
        load.backend = BackendChoice::Cpu;
        load.threads = 1;
    } else {
#ifdef SMOLDESK_HAVE_VULKAN
        compute::VulkanOptions vo;
        vo.device = device;
        std::string reason;
        const int index = compute::resolveVulkanDevice(vo, &reason);
        if (index >= 0) vo.device = index;
        if (index >= 0) subject = compute::createVulkanBackend(vo, &reason);
        if (!subject) throw Error(ErrorCode::Backend, "The Vulkan backend cannot run here: " + reason);
        for (const auto& d : compute::listVulkanDevices())
            if (d.index == index) report.driverVersion = d.driverVersion;
        load.backend = BackendChoice::Vulkan;
        load.device = index;
#else
        (void)device;
        throw Error(ErrorCode::Backend, "This build of SmolDesk has no Vulkan support.");
#endif
    }
    report.device = subject->deviceName();
    const auto start = std::chrono::steady_clock::now();
    report.rows = compute::runKernelSelfTest(*subject, options);
    subject.reset(); // the model check loads its own backend on the device
    compute::SelfTestResult model = checkDemoModel(load, golden);
    if (!options.faultKernel.empty() && model.kernel.find(options.faultKernel) != std::string::npos)
        model.passed = false;
    if (options.onResult) options.onResult(model);
    report.rows.push_back(model);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

std::optional<GpuDevice> gpuForLoad(int device) {
#ifdef SMOLDESK_HAVE_VULKAN
    compute::VulkanOptions vo;
    vo.device = device;
    const int index = compute::resolveVulkanDevice(vo);
    if (index < 0) return std::nullopt;
    for (const GpuDevice& d : listGpuDevices())
        if (d.index == index) return d;
#else
    (void)device;
#endif
    return std::nullopt;
}

} // namespace smoldesk::runtime
