#include "compute/vulkan/pipeline.h"

#include "common/error.h"
#include "common/platform.h"
#include "compute/vulkan/shader_registry.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
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

namespace {

// Paths are UTF-8 strings in SmolDesk (Windows included).
std::filesystem::path pathFromUtf8(const std::string& s) {
    return std::filesystem::path(std::u8string(s.begin(), s.end()));
}

std::string utf8(const std::filesystem::path& p) {
    const std::u8string s = p.u8string();
    return std::string(s.begin(), s.end());
}

constexpr uint64_t kMaxCacheFileBytes = 512ull << 20; // anything larger is not ours

uint32_t readU32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return v; // the header is in the host's byte order
}

// The file's bytes, or nothing when it is missing, unreadable or implausibly large.
std::vector<uint8_t> readCacheFile(const std::string& path) {
    std::error_code ec;
    const uintmax_t size = std::filesystem::file_size(pathFromUtf8(path), ec);
    if (ec || size == 0 || size > kMaxCacheFileBytes) return {};
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    std::vector<uint8_t> data(static_cast<size_t>(size));
    if (!in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(size))) return {};
    return data;
}

// Writes `data` to a temporary file beside `path` and renames it over `path`, so that a reader
// (another SmolDesk starting now) sees the old file or the new one, never half of one.
bool writeFileAtomically(const std::string& path, const std::vector<uint8_t>& data) {
    namespace fs = std::filesystem;
    const fs::path target = pathFromUtf8(path);
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return false;
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    fs::path temp = target;
    temp += ".tmp" + std::to_string(reinterpret_cast<uintptr_t>(&data) ^ static_cast<uintptr_t>(stamp));
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) return false;
        out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
        out.close();
        if (!out) {
            fs::remove(temp, ec);
            return false;
        }
    }
    fs::rename(temp, target, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        return false;
    }
    return true;
}

} // namespace

std::string pipelineCacheFileName(const DeviceCaps& caps) {
    char head[32];
    std::snprintf(head, sizeof head, "pipelines-%04x-%04x-", caps.vendorId, caps.deviceId);
    std::string name = head;
    for (uint8_t b : caps.pipelineCacheUuid) {
        char hex[3];
        std::snprintf(hex, sizeof hex, "%02x", b);
        name += hex;
    }
    return name + ".bin";
}

std::string pipelineCacheFolder(const std::string& chosen) {
    if (const char* env = std::getenv("SMOLDESK_VK_PIPELINE_CACHE"); env && *env) {
        std::string v = env;
        std::string lower = v;
        for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        if (lower == "off" || lower == "0" || lower == "false" || lower == "no") return {};
        return v;
    }
    if (!chosen.empty()) return chosen;
    const std::string base = platform::userCacheDirectory();
    if (base.empty()) return {};
    return utf8(pathFromUtf8(base) / "vulkan");
}

std::string pipelineCachePath(const std::string& chosen, const DeviceCaps& caps) {
    try {
        const std::string folder = pipelineCacheFolder(chosen);
        return folder.empty() ? std::string() : utf8(pathFromUtf8(folder) / pipelineCacheFileName(caps));
    } catch (...) { // a path the filesystem library refuses: no persisted cache
        return {};
    }
}

bool pipelineCacheHeaderMatches(const uint8_t* data, size_t size, const DeviceCaps& caps) {
    constexpr size_t kHeader = 16 + VK_UUID_SIZE; // VkPipelineCacheHeaderVersionOne
    if (!data || size < kHeader) return false;
    const uint32_t headerSize = readU32(data);
    return headerSize >= kHeader && headerSize <= size &&
           readU32(data + 4) == VK_PIPELINE_CACHE_HEADER_VERSION_ONE && readU32(data + 8) == caps.vendorId &&
           readU32(data + 12) == caps.deviceId &&
           std::memcmp(data + 16, caps.pipelineCacheUuid, VK_UUID_SIZE) == 0;
}

PipelineCache::PipelineCache(Device& device, std::string cacheFile)
    : device_(device), cacheFile_(std::move(cacheFile)) {
    const Api& api = device_.api();
    VkPipelineCacheCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO;
    if (!cacheFile_.empty()) {
        std::vector<uint8_t> data = readCacheFile(cacheFile_);
        if (pipelineCacheHeaderMatches(data.data(), data.size(), device_.caps()))
            savedData_ = std::move(data);
    }
    info.initialDataSize = savedData_.size();
    info.pInitialData = savedData_.empty() ? nullptr : savedData_.data();
    if (api.vkCreatePipelineCache(device_.handle(), &info, nullptr, &cache_) != VK_SUCCESS) {
        // The driver refused the data after all: start empty (the file is replaced on exit).
        savedData_.clear();
        info.initialDataSize = 0;
        info.pInitialData = nullptr;
        if (api.vkCreatePipelineCache(device_.handle(), &info, nullptr, &cache_) != VK_SUCCESS)
            cache_ = VK_NULL_HANDLE; // pipelines are then created without a cache
    }
    loadedCacheBytes_ = savedData_.size();
    if (const char* v = std::getenv("SMOLDESK_VK_INJECT_PIPELINE_FAILURE")) injectFailure_ = v;
}

bool PipelineCache::save() {
    if (cache_ == VK_NULL_HANDLE || cacheFile_.empty() || creations_ == 0) return false;
    try {
        const Api& api = device_.api();
        size_t size = 0;
        if (api.vkGetPipelineCacheData(device_.handle(), cache_, &size, nullptr) != VK_SUCCESS || size == 0)
            return false;
        std::vector<uint8_t> data(size);
        if (api.vkGetPipelineCacheData(device_.handle(), cache_, &size, data.data()) != VK_SUCCESS)
            return false;
        data.resize(size);
        if (data == savedData_ || !pipelineCacheHeaderMatches(data.data(), data.size(), device_.caps()))
            return false;
        if (!writeFileAtomically(cacheFile_, data)) {
            std::fprintf(stderr, "SmolDesk: the Vulkan pipeline cache '%s' cannot be written (ignored).\n",
                         cacheFile_.c_str());
            return false;
        }
        savedData_ = std::move(data);
        return true;
    } catch (...) { // out of memory, a filesystem error: the cache is only an optimisation
        return false;
    }
}

PipelineCache::~PipelineCache() {
    const Api& api = device_.api();
    save();
    if (cache_) api.vkDestroyPipelineCache(device_.handle(), cache_, nullptr);
    for (auto& [key, p] : pipelines_) destroy(*p);
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
    const Pipeline& found = it != pipelines_.end() ? *it->second : missing(key, bindings);
    memo_.remember(key, &found);
    return found;
}

const Pipeline& PipelineCache::missing(const Key& key, uint32_t bindings) {
    if (auto failed = failed_.find(key); failed != failed_.end()) throw failed->second;
    if (!collecting_) return create(key, bindings);
    auto& standIn = collected_[key];
    if (!standIn) {
        standIn = std::make_unique<Pipeline>();
        describe(key, bindings, *standIn);
    }
    return *standIn;
}

void PipelineCache::describe(const Key& key, uint32_t bindings, Pipeline& p) {
    p.bindings = bindings;
    p.workgroupSize = key.specCount ? key.spec[0] : 0;
    p.name = std::string(key.shader.data(), strnlen(key.shader.data(), key.shader.size()));
    p.label = p.name;
    for (uint32_t i = 0; i < key.specCount; ++i) p.label += " " + std::to_string(key.spec[i]);
    p.subgroupSize = key.subgroupSize;
    if (key.subgroupSize) p.label += " sg" + std::to_string(key.subgroupSize);
}

void PipelineCache::reportStatistics(const Pipeline& p) const {
    if (device_.caps().pipelineStats) printStatistics(device_, p.pipeline, p.label);
}

void PipelineCache::setCollecting(bool on) {
    collecting_ = on;
    if (!on) memo_.clear(); // it may point at stand-ins
}

const Pipeline& PipelineCache::create(const Key& key, uint32_t bindings) {
    BuildCost cost;
    std::unique_ptr<Pipeline> p;
    try {
        p = build(key, bindings, cost);
    } catch (...) {
        creationUs_ += cost.us;
        throw;
    }
    creationUs_ += cost.us;
    if (cost.cacheHit) ++cacheHits_;
    reportStatistics(*p);
    try {
        device_.instance().throwOnMessages(("creating the pipeline " + p->name).c_str());
    } catch (...) {
        destroy(*p);
        throw;
    }
    ++creations_;
    return *pipelines_.emplace(key, std::move(p)).first->second;
}

void PipelineCache::destroy(Pipeline& p) const {
    const Api& api = device_.api();
    if (p.pipeline) api.vkDestroyPipeline(device_.handle(), p.pipeline, nullptr);
    if (p.layout) api.vkDestroyPipelineLayout(device_.handle(), p.layout, nullptr);
    if (p.setLayout) api.vkDestroyDescriptorSetLayout(device_.handle(), p.setLayout, nullptr);
    p.pipeline = VK_NULL_HANDLE;
    p.layout = VK_NULL_HANDLE;
    p.setLayout = VK_NULL_HANDLE;
}

std::unique_ptr<Pipeline> PipelineCache::build(const Key& key, uint32_t bindings, BuildCost& cost) const {
    const std::string shader(key.shader.data(), strnlen(key.shader.data(), key.shader.size()));
    const std::vector<uint32_t> spec(key.spec.begin(), key.spec.begin() + key.specCount);
    const EmbeddedShader* code = findShader(shader);
    if (!code)
        throw Error(ErrorCode::Backend,
                    "The Vulkan shader '" + shader + "' is not built into this SmolDesk.");
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    auto p = std::make_unique<Pipeline>();
    struct Cleanup { // destroys what was created when a step below throws
        const PipelineCache& cache;
        Pipeline* p;
        ~Cleanup() {
            if (p) cache.destroy(*p);
        }
    } cleanup{*this, p.get()};
    describe(key, bindings, *p);
    if (!injectFailure_.empty() && injectFailure_ == shader)
        throw Error(ErrorCode::Backend, "The Vulkan pipeline '" + p->label +
                                            "' could not be created (SMOLDESK_VK_INJECT_PIPELINE_FAILURE).");

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
    VkPipelineCreationFeedbackEXT feedback{}, stageFeedback{};
    VkPipelineCreationFeedbackCreateInfoEXT feedbackInfo{};
    feedbackInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO_EXT;
    feedbackInfo.pPipelineCreationFeedback = &feedback;
    feedbackInfo.pipelineStageCreationFeedbackCount = 1;
    feedbackInfo.pPipelineStageCreationFeedbacks = &stageFeedback;
    if (device_.caps().creationFeedback) info.pNext = &feedbackInfo;
    const auto start = std::chrono::steady_clock::now();
    VkResult r = api.vkCreateComputePipelines(dev, cache_, 1, &info, nullptr, &p->pipeline);
    cost.us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    api.vkDestroyShaderModule(dev, module, nullptr);
    check(r, "vkCreateComputePipelines");
    cost.cacheHit = (feedback.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT_EXT) &&
                    (feedback.flags & VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT_EXT);
    cleanup.p = nullptr;
    return p;
}

} // namespace smoldesk::compute::vk
