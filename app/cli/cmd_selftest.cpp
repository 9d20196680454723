// smoldesk-cli selftest: every kernel on a device against the CPU, then the demo model against
// llama.cpp's logits (see compute/selftest.h). A table (or --json) and a non-zero exit on any failure.
#include "commands.h"

#include "jinja/template.h"

#include "compute/selftest.h"
#include "runtime/self_check.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

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
    if (!args.positionals().empty()) throw UsageError("selftest takes no file names (use --model FILE).");
    if (backendName != "vulkan" && backendName != "cpu") throw UsageError("--backend takes vulkan or cpu.");
    if (model.empty())
        throw UsageError("The demo model (share/smoldesk/models/stories260K.gguf beside the program) was not "
                         "found; give it with --model FILE.");
    if (golden.empty())
        golden = (std::filesystem::path(model).parent_path() / "stories260K-golden.f32").string();

    FILE* table = json ? stderr : stdout;
    bool headed = false;
    options.onResult = [&](const compute::SelfTestResult& r) {
        if (!headed) {
            std::fprintf(table, "%-4s %-64s %10s %10s %9s\n", "", "kernel", "max error", "tolerance", "ms");
            headed = true;
        }
        printRow(table, r);
    };
    const runtime::SelfCheckReport report = runtime::runSelfCheck(
        backendName == "cpu" ? runtime::BackendChoice::Cpu : runtime::BackendChoice::Vulkan, device, model,
        golden, options);
    size_t failed = 0;
    for (const auto& r : report.rows) failed += !r.passed;
    const std::string sentence = report.passed() ? std::string() : report.failureSentence();
    if (json) {
        std::printf("{\"device\": %s, \"driver\": %s, \"seconds\": %.3f, \"passed\": %s, \"failure\": %s, "
                    "\"results\": [",
                    jinja::jsonQuote(report.device).c_str(), jinja::jsonQuote(report.driverVersion).c_str(),
                    report.seconds, failed ? "false" : "true", jinja::jsonQuote(sentence).c_str());
        for (size_t i = 0; i < report.rows.size(); ++i) {
            const auto& r = report.rows[i];
            std::printf("%s\n {\"kernel\": %s, \"family\": %s, \"max_error\": %s, \"tolerance\": %s, "
                        "\"ms\": %.3f, \"passed\": %s}",
                        i ? "," : "", jinja::jsonQuote(r.kernel).c_str(), jinja::jsonQuote(r.family).c_str(),
                        number(r.maxError).c_str(), number(r.tolerance).c_str(), r.millis,
                        r.passed ? "true" : "false");
        }
        std::printf("\n]}\n");
    }
    std::fprintf(stderr, "selftest: %zu checks, %zu failed, %.1f s on %s%s\n", report.rows.size(), failed,
                 report.seconds, report.device.c_str(),
                 report.driverVersion.empty() ? "" : (", driver " + report.driverVersion).c_str());
    if (failed) std::fprintf(stderr, "%s\n", sentence.c_str());
    return failed ? kExitRuntime : kExitOk;
}

} // namespace smoldesk::cli
