// smoldesk-cli selftest: every kernel on a device against the CPU, then the demo model against
// llama.cpp's logits (see compute/selftest.h). A table (or --json) and a non-zero exit on any failure.
#include "commands.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/selftest.h"
#include "runtime/model_selftest.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace smoldesk::cli {

namespace {

// The demo model beside the program as installed (bin/../share/smoldesk/models), as the app finds it.
std::string installedDemoModel() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const std::filesystem::path model =
        exe.parent_path() / ".." / "share" / "smoldesk" / "models" / "stories260K.gguf";
    return std::filesystem::exists(model, ec) ? model.lexically_normal().string() : std::string();
}

std::string jsonEscape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += c;
        }
    }
    return out;
}

std::string number(double v) {
    if (std::isinf(v) || std::isnan(v)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

void printRow(FILE* out, const compute::SelfTestResult& r) {
    std::fprintf(out, "%-4s %-64s %10s %10s %9.2f\n", r.passed ? "ok" : "FAIL", r.kernel.c_str(),
                 std::isinf(r.maxError) ? "error" : number(r.maxError).c_str(), number(r.tolerance).c_str(),
                 r.millis);
}

} // namespace

int cmdSelftest(Args& args) {
    const std::string backendName = args.option("--backend").value_or("vulkan");
    const int device = static_cast<int>(args.intOption("--device", "", -1));
    const bool json = args.flag("--json");
    std::string model = args.option("--model", "-m").value_or(installedDemoModel());
    std::string golden = args.option("--golden").value_or("");
    compute::SelfTestOptions options;
    options.faultKernel = args.option("--fault").value_or("");
    if (const char* fault = std::getenv("SMOLDESK_SELFTEST_FAULT"); fault && options.faultKernel.empty())
        options.faultKernel = fault;
    if (!args.positionals().empty()) throw UsageError("selftest takes no file names (use --model FILE).");
    if (model.empty())
        throw UsageError("The demo model (share/smoldesk/models/stories260K.gguf beside the program) was not "
                         "found; give it with --model FILE.");
    if (golden.empty())
        golden = (std::filesystem::path(model).parent_path() / "stories260K-golden.f32").string();

    std::unique_ptr<compute::Backend> subject;
    runtime::LoadOptions load;
    load.path = model;
    load.device = device;
    if (backendName == "cpu") {
        subject = std::make_unique<compute::CpuBackend>(1);
        load.backend = runtime::BackendChoice::Cpu;
        load.threads = 1;
    } else if (backendName == "vulkan") {
#ifdef SMOLDESK_HAVE_VULKAN
        compute::VulkanOptions vo;
        vo.device = device;
        std::string reason;
        subject = compute::createVulkanBackend(vo, &reason);
        if (!subject) throw Error(ErrorCode::Backend, "The Vulkan backend cannot run here: " + reason);
        load.backend = runtime::BackendChoice::Vulkan;
#else
        throw Error(ErrorCode::Backend, "This smoldesk-cli was built without the Vulkan backend.");
#endif
    } else {
        throw UsageError("--backend takes vulkan or cpu.");
    }

    const std::string deviceName = subject->deviceName();
    FILE* table = json ? stderr : stdout;
    std::fprintf(table, "self-check of every kernel on %s against the CPU backend\n", deviceName.c_str());
    std::fprintf(table, "%-4s %-64s %10s %10s %9s\n", "", "kernel", "max error", "tolerance", "ms");
    options.onResult = [table](const compute::SelfTestResult& r) { printRow(table, r); };
    const auto start = std::chrono::steady_clock::now();
    std::vector<compute::SelfTestResult> results = compute::runKernelSelfTest(*subject, options);
    subject.reset(); // the model check loads its own backend on the device
    compute::SelfTestResult modelRow = runtime::checkDemoModel(load, golden);
    if (!options.faultKernel.empty() && modelRow.kernel.find(options.faultKernel) != std::string::npos)
        modelRow.passed = false;
    printRow(table, modelRow);
    results.push_back(modelRow);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    size_t failed = 0;
    for (const auto& r : results) failed += !r.passed;
    const std::string sentence = compute::selfTestFailureSentence(results);
    if (json) {
        std::printf(
            "{\"device\": \"%s\", \"seconds\": %.3f, \"passed\": %s, \"failure\": \"%s\", \"results\": [",
            jsonEscape(deviceName).c_str(), seconds, failed ? "false" : "true", jsonEscape(sentence).c_str());
        for (size_t i = 0; i < results.size(); ++i) {
            const auto& r = results[i];
            std::printf("%s\n {\"kernel\": \"%s\", \"family\": \"%s\", \"max_error\": %s, \"tolerance\": %s, "
                        "\"ms\": %.3f, \"passed\": %s}",
                        i ? "," : "", jsonEscape(r.kernel).c_str(), jsonEscape(r.family).c_str(),
                        number(r.maxError).c_str(), number(r.tolerance).c_str(), r.millis,
                        r.passed ? "true" : "false");
        }
        std::printf("\n]}\n");
    }
    std::fprintf(stderr, "selftest: %zu checks, %zu failed, %.1f s on %s\n", results.size(), failed, seconds,
                 deviceName.c_str());
    if (failed) std::fprintf(stderr, "%s\n", sentence.c_str());
    return failed ? kExitRuntime : kExitOk;
}

} // namespace smoldesk::cli
