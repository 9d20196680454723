#include "vulkan_test_util.h"

#include "../quant/quant_test_util.h"

#include "compute/vulkan/vulkan_backend.h"
#include "quant/dequant.h"
#include "quant/quantize.h"

#include <cstdlib>
#include <stdexcept>

namespace smoldesk::test {

namespace {

struct TestDeviceChoice {
    int index = -1;
    std::string whyNone;
};

std::string deviceNames(const std::vector<compute::VulkanDeviceInfo>& devices) {
    std::string names;
    for (const auto& d : devices)
        names += (names.empty() ? "" : ", ") + std::to_string(d.index) + ": " + d.name +
                 (d.usable ? "" : " (unusable: " + d.whyNot + ")");
    return names;
}

TestDeviceChoice chooseTestDevice() {
    std::string whyNone;
    const std::vector<compute::VulkanDeviceInfo> devices = compute::listVulkanDevices(&whyNone);
    if (devices.empty()) return {-1, "No Vulkan device on this machine: " + whyNone};
    if (const char* env = std::getenv("SMOLDESK_VK_DEVICE"); env && *env) {
        for (const auto& d : devices)
            if (d.usable && (std::to_string(d.index) == env || d.name.find(env) != std::string::npos))
                return {d.index, {}};
        return {-1, std::string("SMOLDESK_VK_DEVICE='") + env +
                        "' names no usable Vulkan device (devices: " + deviceNames(devices) + ")."};
    }
    for (const auto& d : devices)
        if (d.usable && d.type == "cpu") return {d.index, {}};
    for (const auto& d : devices)
        if (d.usable) return {d.index, {}};
    return {-1, "No usable Vulkan device (devices: " + deviceNames(devices) + ")."};
}

const TestDeviceChoice& testDeviceChoice() {
    static const TestDeviceChoice choice = chooseTestDevice();
    return choice;
}

} // namespace

int vulkanTestDevice() {
    return testDeviceChoice().index;
}

const std::string& whyNoVulkanTestDevice() {
    return testDeviceChoice().whyNone;
}

std::unique_ptr<compute::vk::VulkanBackend> makeVulkanBackend(uint64_t maxBindingBytes,
                                                              uint64_t fenceTimeoutMs) {
    compute::VulkanOptions o;
    o.fenceTimeoutMs = fenceTimeoutMs;
    o.maxBindingBytes = maxBindingBytes;
    return makeVulkanBackend(std::move(o));
}

std::unique_ptr<compute::vk::VulkanBackend> makeVulkanBackend(compute::VulkanOptions o) {
    o.device = vulkanTestDevice();
    o.validation = true;
    std::string reason;
    std::unique_ptr<compute::Backend> be = compute::createVulkanBackend(o, &reason);
    if (!be) throw std::runtime_error("Vulkan backend: " + reason);
    return std::unique_ptr<compute::vk::VulkanBackend>(
        static_cast<compute::vk::VulkanBackend*>(be.release()));
}

std::vector<float> randomVector(size_t n, std::mt19937& rng, float scale) {
    std::normal_distribution<float> dist(0.0f, scale);
    std::vector<float> v(n);
    for (auto& x : v) x = dist(rng);
    return v;
}

TestWeight::TestWeight(quant::Type type, int cols, int rows, std::mt19937& rng, float scale) {
    std::vector<float> src = randomVector(static_cast<size_t>(cols) * static_cast<size_t>(rows), rng, scale);
    const size_t rowBytes = quant::rowBytes(type, static_cast<uint64_t>(cols));
    bytes.resize(rowBytes * static_cast<size_t>(rows));
    dequantized.resize(src.size());
    // Types without a quantizer of ours (the i-quants, Q2_K, Q3_K): random blocks with sane scales.
    if (!quant::canQuantize(type)) bytes = randomBlocks(rng, type, static_cast<int64_t>(cols) * rows);
    for (int r = 0; r < rows; ++r) {
        if (quant::canQuantize(type))
            quant::quantizeRow(type, src.data() + static_cast<size_t>(r) * cols, bytes.data() + r * rowBytes,
                               cols);
        quant::dequantizeRow(type, bytes.data() + r * rowBytes,
                             dequantized.data() + static_cast<size_t>(r) * cols, cols);
    }
    info.name = std::string("w_") + quant::typeName(type);
    info.nDims = rows == 1 ? 1 : 2;
    info.ne = {static_cast<uint64_t>(cols), static_cast<uint64_t>(rows), 1, 1};
    info.type = type;
    info.nElements = src.size();
    info.nBytes = bytes.size();
    info.data = bytes.data();
}

} // namespace smoldesk::test
