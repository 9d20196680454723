#include "worker/engine_text.h"

#include <QRegularExpression>

#include <functional>
#include <vector>

namespace smoldesk::app {
namespace {

struct Rule {
    QRegularExpression pattern;
    std::function<QString(const QRegularExpressionMatch&)> say;
};

QRegularExpression exact(const QString& re) {
    return QRegularExpression(QLatin1Char('^') + re + QLatin1Char('$'));
}

// Backend fallbacks and the reasons a Vulkan device is not used.
std::vector<Rule> deviceRules() {
    return {
        {exact(
             QStringLiteral("The GPU backend cannot compute with (\\S+) tensors yet, so the CPU is used\\.")),
         [](const auto& m) {
             return EngineText::tr("The GPU backend cannot compute with %1 tensors yet, so the CPU is used.")
                 .arg(m.captured(1));
         }},
        {exact(QStringLiteral("No usable Vulkan GPU was found, so the CPU is used\\.")),
         [](const auto&) { return EngineText::tr("No usable Vulkan GPU was found, so the CPU is used."); }},
        {exact(QStringLiteral("This build of SmolDesk has no Vulkan support, so the CPU is used\\.")),
         [](const auto&) {
             return EngineText::tr("This build of SmolDesk has no Vulkan support, so the CPU is used.");
         }},
        {exact(QStringLiteral("This build of SmolDesk has no Vulkan support\\.")),
         [](const auto&) { return EngineText::tr("This build of SmolDesk has no Vulkan support."); }},
        {exact(QStringLiteral("The GPU could not take the model \\((.*)\\), so the CPU is used\\.")),
         [](const auto& m) {
             return EngineText::tr("The GPU could not take the model (%1), so the CPU is used.")
                 .arg(EngineText::translate(m.captured(1)));
         }},
        {exact(QStringLiteral("The device '(.*)' only supports Vulkan 1\\.0; SmolDesk needs 1\\.1\\.")),
         [](const auto& m) {
             return EngineText::tr("The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.")
                 .arg(m.captured(1));
         }},
        {exact(QStringLiteral("The device '(.*)' has no compute queue\\.")),
         [](const auto& m) {
             return EngineText::tr("The device “%1” has no compute queue.").arg(m.captured(1));
         }},
        {exact(QStringLiteral(
             "The device '(.*)' lacks 16-bit storage buffers, which SmolDesk's shaders need\\.")),
         [](const auto& m) {
             return EngineText::tr(
                        "The device “%1” lacks 16-bit storage buffers, which SmolDesk's shaders need.")
                 .arg(m.captured(1));
         }},
        {exact(QStringLiteral("The device '(.*)' has too little shared memory or too small workgroups for "
                              "SmolDesk's shaders\\.")),
         [](const auto& m) {
             return EngineText::tr("The device “%1” has too little shared memory or too small workgroups for "
                                   "SmolDesk's shaders.")
                 .arg(m.captured(1));
         }},
        {exact(QStringLiteral("The device '(.*)' cannot bind storage buffers of 16 MiB\\.")),
         [](const auto& m) {
             return EngineText::tr("The device “%1” cannot bind storage buffers of 16 MiB.")
                 .arg(m.captured(1));
         }},
        {exact(QStringLiteral("The only Vulkan device is '(.*)', a CPU implementation slower than SmolDesk's "
                              "own CPU backend\\.")),
         [](const auto& m) {
             return EngineText::tr("The only Vulkan device is “%1”, a CPU implementation slower than "
                                   "SmolDesk's own CPU backend.")
                 .arg(m.captured(1));
         }},
        {exact(QStringLiteral("No Vulkan GPU is available\\.")),
         [](const auto&) { return EngineText::tr("No Vulkan GPU is available."); }},
        {exact(QStringLiteral("The Vulkan loader found no device\\.")),
         [](const auto&) { return EngineText::tr("The Vulkan loader found no device."); }},
        {exact(QStringLiteral("The Vulkan loader found no driver for this system\\.")),
         [](const auto&) { return EngineText::tr("The Vulkan loader found no driver for this system."); }},
        {exact(QStringLiteral("The GPU '(.*)' has (.*) available, the model needs (.*)\\.")),
         [](const auto& m) {
             return EngineText::tr("The GPU “%1” has %2 available, the model needs %3.")
                 .arg(m.captured(1), m.captured(2), m.captured(3));
         }},
        {exact(QStringLiteral("No Vulkan loader \\((.*)\\) is installed\\.")),
         [](const auto& m) {
             return EngineText::tr("No Vulkan loader (%1) is installed.").arg(m.captured(1));
         }},
        {exact(QStringLiteral(
             "The Vulkan loader on this system only supports Vulkan 1\\.0; SmolDesk needs 1\\.1\\.")),
         [](const auto&) {
             return EngineText::tr(
                 "The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.");
         }},
        {exact(QStringLiteral(
             "The Vulkan loader on this system (?:lacks vkGetInstanceProcAddr|is incomplete)\\.")),
         [](const auto&) { return EngineText::tr("The Vulkan loader on this system is incomplete."); }},
        {exact(QStringLiteral("Creating a Vulkan instance failed with (.*)\\.")),
         [](const auto& m) {
             return EngineText::tr("Creating a Vulkan instance failed with %1.").arg(m.captured(1));
         }},
    };
}

// A model split by layers (compute::LayerSplit::describe, SplitBackend::deviceName, and the load's
// note saying why), and the CPU's own device line.
std::vector<Rule> splitRules() {
    return {
        {exact(QStringLiteral("(\\d+) of (\\d+) layers on the GPU")),
         [](const auto& m) {
             return EngineText::tr("%1 of %2 layers on the GPU").arg(m.captured(1), m.captured(2));
         }},
        {exact(QStringLiteral("(\\d+) of (\\d+) layers on the GPU, their experts on the CPU")),
         [](const auto& m) {
             return EngineText::tr("%1 of %2 layers on the GPU, their experts on the CPU")
                 .arg(m.captured(1), m.captured(2));
         }},
        {exact(QStringLiteral("(\\d+) of (\\d+) layers on the GPU, the experts of (\\d+) on the CPU")),
         [](const auto& m) {
             return EngineText::tr("%1 of %2 layers on the GPU, the experts of %3 on the CPU")
                 .arg(m.captured(1), m.captured(2), m.captured(3));
         }},
        {exact(QStringLiteral(
             "(.*), (\\d+ of \\d+ layers on the GPU(?:, their experts on the CPU|, the experts "
             "of \\d+ on the CPU)?), the rest on (CPU \\(.*\\))")),
         [](const auto& m) {
             return EngineText::tr("%1, %2, the rest on %3")
                 .arg(m.captured(1), EngineText::translate(m.captured(2)),
                      EngineText::translate(m.captured(3)));
         }},
        {exact(QStringLiteral("The model needs (.*) of GPU memory but the GPU has (.*) free, so it is split: "
                              "(.*), the rest on the CPU\\.")),
         [](const auto& m) {
             return EngineText::tr(
                        "The model needs %1 of GPU memory but the GPU has %2 free, so it is split: "
                        "%3, the rest on the CPU.")
                 .arg(m.captured(1), m.captured(2), EngineText::translate(m.captured(3)));
         }},
        {exact(QStringLiteral("CPU \\((\\d+) threads?, (.+)\\)")), // CpuBackend::deviceName
         [](const auto& m) {
             // Two sentences, not a %n plural: without a translator (the C locale) "(s)" showed.
             const int n = m.captured(1).toInt();
             return n == 1 ? EngineText::tr("CPU (1 thread, %1)").arg(m.captured(2))
                           : EngineText::tr("CPU (%1 threads, %2)").arg(n).arg(m.captured(2));
         }},
        {exact(QStringLiteral("No Vulkan device was found\\.")),
         [](const auto&) { return EngineText::tr("No Vulkan device was found."); }},
    };
}

const std::vector<Rule>& rules() {
    // Built on first use, after the translators are installed; tr() runs at each call.
    static const std::vector<Rule> table = [] {
        std::vector<Rule> all = deviceRules();
        for (Rule& r : splitRules()) all.push_back(std::move(r));
        return all;
    }();
    return table;
}

} // namespace

QString EngineText::translate(const QString& engineSentence) {
    for (const Rule& r : rules()) {
        const QRegularExpressionMatch m = r.pattern.match(engineSentence);
        if (m.hasMatch()) return r.say(m);
    }
    return engineSentence;
}

} // namespace smoldesk::app
