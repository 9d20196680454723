#pragma once
// Helpers for the Vulkan tests: the device they run on (lavapipe on CI, chosen explicitly
// because automatic selection never picks a CPU-type device) and test weights.
#include "compute/vulkan/backend_impl.h"
#include "gguf/file.h"

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace smoldesk::test {

// SMOLDESK_VK_DEVICE when set, else the first usable CPU-type device (lavapipe), else the
// first usable device; -1 when there is none (the tests then skip, or fail in CI).
int vulkanTestDevice();
// Why vulkanTestDevice() is -1, in one sentence naming what is missing (empty otherwise).
const std::string& whyNoVulkanTestDevice();

// A backend on that device with the validation layer on (every message fails the step).
// fenceTimeoutMs: see VulkanOptions (0: the default).
std::unique_ptr<compute::vk::VulkanBackend> makeVulkanBackend(uint64_t maxBindingBytes = 0,
                                                              uint64_t fenceTimeoutMs = 0);
// The same with other options (device and validation are set here).
std::unique_ptr<compute::vk::VulkanBackend> makeVulkanBackend(compute::VulkanOptions options);

std::vector<float> randomVector(size_t n, std::mt19937& rng, float scale = 1.0f);

// A weight tensor in test memory, described like one from a GGUF file.
struct TestWeight {
    std::vector<uint8_t> bytes;
    gguf::TensorInfo info;
    std::vector<float> dequantized; // row-major [rows][cols]
    TestWeight(quant::Type type, int cols, int rows, std::mt19937& rng, float scale = 1.0f);
};

} // namespace smoldesk::test
