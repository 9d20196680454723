#include "compute/vulkan/pipeline.h"

#include "common/error.h"
#include "compute/vulkan/shader_registry.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace smoldesk::compute::vk {

namespace {

// SMOLDESK_VK_PIPELINE_STATS: the driver compiler's statistics of a new pipeline on one line of
// stderr ("registers", "spills", ... as the driver names them), for reading on a real GPU whether
// a shader's arrays stayed in registers.
void printStatistics(const Device& device, VkPipeline pipeline, const std::string& label) {
    const Api& api = device.api();
    auto properties = reinterpret_cast<PFN_vkGetPipelineExecutablePropertiesKHR>(
        api.vkGetDeviceProcAddr(device.handle(), "vkGetPipelineExecutablePropertiesKHR"));
    auto statistics = reinterpret_cast<PFN_vkGetPipelineExecutableStatisticsKHR>(
        api.vkGetDeviceProcAddr(device.handle(), "vkGetPipelineExecutableStatisticsKHR"));
    if (!properties || !statistics) return;
    VkPipelineInfoKHR info{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, nullptr, pipeline};
    uint32_t count = 0;
    if (properties(device.handle(), &info, &count, nullptr) != VK_SUCCESS) return;
    for (uint32_t e = 0; e < count; ++e) {
        VkPipelineExecutableInfoKHR exe{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, nullptr, pipeline, e};
        uint32_t n = 0;
        if (statistics(device.handle(), &exe, &n, nullptr) != VK_SUCCESS) continue;
        VkPipelineExecutableStatisticKHR blank{};
        blank.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
        std::vector<VkPipelineExecutableStatisticKHR> stats(n, blank);
        if (statistics(device.handle(), &exe, &n, stats.data()) != VK_SUCCESS) continue;
        std::string line = "SMOLDESK_VK_PIPELINE_STATS " + label + ":";
        for (const VkPipelineExecutableStatisticKHR& st : stats) {
            line += std::string(" ") + st.name + "=";
            switch (st.format) {
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
                line += st.value.b32 ? "true" : "false";
                break;
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
                line += std::to_string(st.value.i64);
                break;
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
                line += std::to_string(st.value.u64);
                break;
            default:
                line += std::to_string(st.value.f64);
            }
        }
        std::fprintf(stderr, "%s\n", line.c_str());
    }
}

} // namespace

const EmbeddedShader* findShader(std::string_view name) {
    for (const EmbeddedShader& s : embeddedShaders())
        if (name == s.name) return &s;
    return nullptr;
}

PipelineCache::~PipelineCache() {
    const Api& api = device_.api();
    for (auto& [key, p] : pipelines_) {
        api.vkDestroyPipeline(device_.handle(), p->pipeline, nullptr);
        api.vkDestroyPipelineLayout(device_.handle(), p->layout, nullptr);
        api.vkDestroyDescriptorSetLayout(device_.handle(), p->setLayout, nullptr);
    }
}

size_t PipelineCache::KeyHash::operator()(const Key& k) const {
    uint64_t h = 1469598103934665603ull; // FNV-1a
    for (char c : k.shader) h = (h ^ static_cast<uint8_t>(c)) * 1099511628211ull;
    for (uint32_t i = 0; i < k.specCount; ++i) h = (h ^ k.spec[i]) * 1099511628211ull;
    h = (h ^ k.subgroupSize) * 1099511628211ull;
    return static_cast<size_t>(h);
}

const Pipeline& PipelineCache::get(std::string_view shader, std::initializer_list<uint32_t> spec,
                                   uint32_t bindings, uint32_t subgroupSize) {
    if (shader.size() >= sizeof(Key::shader) || spec.size() > kMaxSpec)
        throw Error(ErrorCode::Backend, "Internal error: shader name or specialization too long.");
    Key key;
    std::copy(shader.begin(), shader.end(), key.shader.begin());
    std::copy(spec.begin(), spec.end(), key.spec.begin());
    key.specCount = static_cast<uint32_t>(spec.size());
    key.subgroupSize = subgroupSize;
    if (const Pipeline* const* p = memo_.next(key)) return **p;
    auto it = pipelines_.find(key);
    const Pipeline& found = it != pipelines_.end() ? *it->second : create(key, shader, bindings);
    memo_.remember(key, &found);
    return found;
}

const Pipeline& PipelineCache::create(const Key& key, std::string_view shaderName, uint32_t bindings) {
    const std::string shader(shaderName);
    const std::vector<uint32_t> spec(key.spec.begin(), key.spec.begin() + key.specCount);
    const EmbeddedShader* code = findShader(shader);
    if (!code)
        throw Error(ErrorCode::Backend,
                    "The Vulkan shader '" + shader + "' is not built into this SmolDesk.");
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    auto p = std::make_unique<Pipeline>();
    struct Cleanup { // destroys what was created when a step below throws
        const Api& api;
        VkDevice dev;
        Pipeline* p;
        ~Cleanup() {
            if (!p) return;
            if (p->pipeline) api.vkDestroyPipeline(dev, p->pipeline, nullptr);
            if (p->layout) api.vkDestroyPipelineLayout(dev, p->layout, nullptr);
            if (p->setLayout) api.vkDestroyDescriptorSetLayout(dev, p->setLayout, nullptr);
        }
    } cleanup{api, dev, p.get()};
    p->bindings = bindings;
    p->workgroupSize = spec.empty() ? 0 : spec[0];
    p->name = shader;
    p->label = p->name;
    for (uint32_t v : spec) p->label += " " + std::to_string(v);
    p->subgroupSize = key.subgroupSize;
    if (key.subgroupSize) p->label += " sg" + std::to_string(key.subgroupSize);

    std::vector<VkDescriptorSetLayoutBinding> slots(bindings);
    for (uint32_t i = 0; i < bindings; ++i) {
        slots[i] = {};
        slots[i].binding = i;
        slots[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        slots[i].descriptorCount = 1;
        slots[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo setInfo{};
    setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
    setInfo.bindingCount = bindings;
    setInfo.pBindings = slots.data();
    check(api.vkCreateDescriptorSetLayout(dev, &setInfo, nullptr, &p->setLayout),
          "vkCreateDescriptorSetLayout");

    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, kPushBytes};
    VkPipelineLayoutCreateInfo layoutInfo{};
    layoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &p->setLayout;
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &push;
    check(api.vkCreatePipelineLayout(dev, &layoutInfo, nullptr, &p->layout), "vkCreatePipelineLayout");

    VkShaderModuleCreateInfo moduleInfo{};
    moduleInfo.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
    moduleInfo.codeSize = code->wordCount * sizeof(uint32_t);
    moduleInfo.pCode = code->words;
    VkShaderModule module = VK_NULL_HANDLE;
    check(api.vkCreateShaderModule(dev, &moduleInfo, nullptr, &module), "vkCreateShaderModule");

    std::vector<VkSpecializationMapEntry> entries(spec.size());
    for (size_t i = 0; i < spec.size(); ++i)
        entries[i] = {static_cast<uint32_t>(i), static_cast<uint32_t>(i * sizeof(uint32_t)),
                      sizeof(uint32_t)};
    VkSpecializationInfo specInfo{};
    specInfo.mapEntryCount = static_cast<uint32_t>(entries.size());
    specInfo.pMapEntries = entries.data();
    specInfo.dataSize = spec.size() * sizeof(uint32_t);
    specInfo.pData = spec.data();

    VkComputePipelineCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = &specInfo;
    VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT required{};
    required.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT;
    required.requiredSubgroupSize = key.subgroupSize;
    if (key.subgroupSize) {
        // The caller checked the size against the device's range and the workgroup size.
        info.stage.pNext = &required;
        if (device_.caps().computeFullSubgroups && p->workgroupSize % key.subgroupSize == 0)
            info.stage.flags |= VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT;
    }
    info.layout = p->layout;
    if (device_.caps().pipelineStats) info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    VkResult r = api.vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &info, nullptr, &p->pipeline);
    api.vkDestroyShaderModule(dev, module, nullptr);
    check(r, "vkCreateComputePipelines");
    if (device_.caps().pipelineStats) printStatistics(device_, p->pipeline, p->label);
    device_.instance().throwOnMessages(("creating the pipeline " + shader).c_str());
    cleanup.p = nullptr;
    ++creations_;
    return *pipelines_.emplace(key, std::move(p)).first->second;
}

} // namespace smoldesk::compute::vk
