#include "compute/vulkan/recorder.h"

#include "common/error.h"
#include "compute/vulkan/host_clock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <type_traits>

namespace smoldesk::compute::vk {

namespace {
constexpr uint32_t kSetsPerPool = 1024;
// Distinct binding sets kept before the cache starts over (a decode step of a 36-layer model
// uses about 300; prompts of varying length reuse the same ones, since shapes are pushed).
constexpr size_t kMaxCachedSets = 32768;
constexpr VkPipelineStageFlags kWorkStages =
    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;

} // namespace

bool SetKey::operator==(const SetKey& o) const {
    return layout == o.layout && count == o.count &&
           std::memcmp(infos.data(), o.infos.data(), sizeof(VkDescriptorBufferInfo) * count) == 0;
}

size_t SetKeyHash::operator()(const SetKey& k) const {
    uint64_t h = 1469598103934665603ull; // FNV-1a over the words
    auto mix = [&h](uint64_t v) {
        h ^= v;
        h *= 1099511628211ull;
    };
    mix(reinterpret_cast<uint64_t>(k.layout));
    for (uint32_t i = 0; i < k.count; ++i) {
        mix(reinterpret_cast<uint64_t>(k.infos[i].buffer));
        mix(k.infos[i].offset);
        mix(k.infos[i].range);
    }
    return static_cast<size_t>(h);
}

Recorder::Recorder(Device& device, uint64_t fenceTimeoutNs)
    : device_(device), fenceTimeoutNs_(fenceTimeoutNs) {
    // A thread blocked on a fence wakes some tens of microseconds after the GPU signals it, a
    // few percent of a decode step: GPUs poll for the last 200 µs (SMOLDESK_VK_FENCE_SPIN_US; 0
    // off). Never on CPU-type devices (lavapipe), whose "GPU" needs every core.
    const char* spin = std::getenv("SMOLDESK_VK_FENCE_SPIN_US");
    const uint64_t spinUs = spin && *spin ? std::strtoull(spin, nullptr, 10)
                            : device.caps().vkType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0
                                                                                  : 200;
    spinNs_ = std::min<uint64_t>(spinUs, 1'000'000) * 1000;
    pool_ = createCommandPool(device);
    cmd_ = allocateCommandBuffer(device, pool_);
    fence_ = createFence(device);
    profiler_ = GpuProfiler::createIfRequested(device);
}

Recorder::~Recorder() {
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    if (!settle()) {
        (void)profiler_.release(); // its query pool too
        return;                    // leak the pool rather than destroy it under work that may still run
    }
    api.vkDeviceWaitIdle(dev);
    profiler_.reset();
    for (VkDescriptorPool p : descriptorPools_) api.vkDestroyDescriptorPool(dev, p, nullptr);
    api.vkDestroyFence(dev, fence_, nullptr);
    api.vkDestroyCommandPool(dev, pool_, nullptr);
}

bool Recorder::settle() {
    if (broken_.empty() || !inFlight_) return true;
    return settleFence(fence_);
}

bool Recorder::settleFence(VkFence fence) const {
    // A hung device may never signal: one more bounded wait (at least 10 s, for a device that
    // was merely slow).
    const uint64_t lastWait = std::max<uint64_t>(fenceTimeoutNs_, 10'000'000'000ull);
    return device_.api().vkWaitForFences(device_.handle(), 1, &fence, VK_TRUE, lastWait) == VK_SUCCESS;
}

void Recorder::fail(const std::string& sentence) {
    broken_ = sentence;
    throw Error(ErrorCode::DeviceLost, sentence);
}

void Recorder::deviceLost() {
    fail("The GPU '" + device_.caps().name +
         "' was lost (driver reset or crash) while SmolDesk was using it.");
}

void Recorder::checkUsable() const {
    if (!broken_.empty()) throw Error(ErrorCode::DeviceLost, broken_);
}

void Recorder::begin() {
    checkUsable(); // (also mid-step: an upload's wait may have found the device hung or lost)
    if (!commands_.empty()) return;
    recordStartNs_ = threadCpuNanoseconds();
    since_.clear();
    setMemo_.restart();
}

// Steps compare with memcmp: the command record must have no padding.
static_assert(std::has_unique_object_representations_v<Recorder::Command>);

void Recorder::add(const Command& c) {
    commands_.push_back(c);
}

// Turns the collected list into Vulkan commands in cmd_ (which is idle: every submit waits).
void Recorder::recordCommands(std::span<const Command> cmds, bool leadingBarrier) {
    const Api& api = device_.api();
    recordedValid_ = false;
    check(api.vkResetCommandBuffer(cmd_, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    check(api.vkBeginCommandBuffer(cmd_, &info), "vkBeginCommandBuffer");
    if (profiler_) profiler_->beginRecording(cmd_);
    VkPipeline bound = VK_NULL_HANDLE;
    Command lead{};
    lead.kind = Command::Barrier;
    for (size_t i = leadingBarrier ? 0 : 1; i < cmds.size() + 1; ++i) {
        const Command& c = i == 0 ? lead : cmds[i - 1];
        switch (c.kind) {
        case Command::Dispatch:
            if (bound != c.pipeline) {
                api.vkCmdBindPipeline(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline);
                bound = c.pipeline;
            }
            api.vkCmdBindDescriptorSets(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, c.layout, 0, 1, &c.set, 0,
                                        nullptr);
            if (c.pushBytes)
                api.vkCmdPushConstants(cmd_, c.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, c.pushBytes, c.push);
            api.vkCmdDispatch(cmd_, c.groups[0], c.groups[1], c.groups[2]);
            if (profiler_) profiler_->afterDispatch(cmd_, c.pipeline);
            break;
        case Command::Copy: {
            const VkBufferCopy region{c.srcOffset, c.dstOffset, c.bytes};
            api.vkCmdCopyBuffer(cmd_, c.src, c.dst, 1, &region);
            break;
        }
        case Command::Fill:
            api.vkCmdFillBuffer(cmd_, c.dst, c.dstOffset, c.bytes, c.value);
            break;
        case Command::Barrier: {
            VkMemoryBarrier b{};
            b.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
            b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
            b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                              VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
            api.vkCmdPipelineBarrier(cmd_, kWorkStages, kWorkStages, 0, 1, &b, 0, nullptr, 0, nullptr);
            break;
        }
        }
    }
    VkMemoryBarrier toHost{};
    toHost.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
    toHost.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    api.vkCmdPipelineBarrier(cmd_, kWorkStages, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0, nullptr, 0,
                             nullptr);
    check(api.vkEndCommandBuffer(cmd_), "vkEndCommandBuffer");
}

std::vector<std::pair<size_t, size_t>> Recorder::pieces() const {
    std::vector<std::pair<size_t, size_t>> out;
    size_t begin = 0;
    uint64_t work = 0;
    bool dispatched = false;
    for (size_t i = 0; i < commands_.size(); ++i) {
        const Command& c = commands_[i];
        if (c.kind != Command::Dispatch) continue;
        if (workCap_ && dispatched && work + c.work > workCap_) { // cut before it (its barrier stays behind)
            out.emplace_back(begin, i);
            begin = i;
            work = 0;
        }
        work += c.work;
        dispatched = true;
    }
    out.emplace_back(begin, commands_.size());
    return out;
}

bool Recorder::hazard(VkBuffer buffer, bool write) const {
    for (const auto& [b, access] : since_)
        if (b == buffer) return write ? true : (access & kWritten) != 0; // WAR/WAW for writes, RAW for reads
    return false;
}

void Recorder::track(VkBuffer buffer, bool write) {
    const uint8_t access = write ? kWritten : kRead;
    for (auto& [b, a] : since_)
        if (b == buffer) {
            a |= access;
            return;
        }
    since_.emplace_back(buffer, access);
}

void Recorder::barrier() {
    Command c{};
    c.kind = Command::Barrier;
    add(c);
    since_.clear();
    ++stats_.barriers;
}

VkDescriptorSet Recorder::allocateSet(VkDescriptorSetLayout layout) {
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    for (;;) {
        if (currentPool_ == descriptorPools_.size()) {
            VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerPool * kMaxBindingsPerSet};
            VkDescriptorPoolCreateInfo info{};
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
            info.maxSets = kSetsPerPool;
            info.poolSizeCount = 1;
            info.pPoolSizes = &size;
            VkDescriptorPool pool = VK_NULL_HANDLE;
            check(api.vkCreateDescriptorPool(dev, &info, nullptr, &pool), "vkCreateDescriptorPool");
            descriptorPools_.push_back(pool);
        }
        VkDescriptorSetAllocateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
        info.descriptorPool = descriptorPools_[currentPool_];
        info.descriptorSetCount = 1;
        info.pSetLayouts = &layout;
        VkDescriptorSet set = VK_NULL_HANDLE;
        VkResult r = api.vkAllocateDescriptorSets(dev, &info, &set);
        if (r == VK_SUCCESS) {
            ++stats_.descriptorSetAllocations;
            return set;
        }
        if (r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL)
            check(r, "vkAllocateDescriptorSets");
        ++currentPool_; // this pool is full until the cache starts over
    }
}

VkDescriptorSet Recorder::setFor(const Pipeline& pipeline, std::span<const Binding> bindings) {
    SetKey key;
    key.layout = pipeline.setLayout;
    key.count = static_cast<uint32_t>(bindings.size());
    for (size_t i = 0; i < bindings.size(); ++i)
        key.infos[i] = {bindings[i].buffer, bindings[i].offset, bindings[i].range};
    if (const VkDescriptorSet* s = setMemo_.next(key)) return *s;
    auto it = sets_.find(key);
    if (it != sets_.end()) {
        setMemo_.remember(key, it->second);
        return it->second;
    }

    VkDescriptorSet set = allocateSet(pipeline.setLayout);
    VkWriteDescriptorSet writes[kMaxBindingsPerSet];
    for (uint32_t i = 0; i < key.count; ++i) {
        writes[i] = {};
        writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        writes[i].dstSet = set;
        writes[i].dstBinding = i;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[i].pBufferInfo = &key.infos[i];
    }
    device_.api().vkUpdateDescriptorSets(device_.handle(), key.count, writes, 0, nullptr);
    stats_.descriptorWrites += key.count;
    sets_.emplace(key, set);
    setMemo_.remember(key, set);
    return set;
}

void Recorder::dispatch(const Pipeline& pipeline, std::span<const Binding> bindings, const void* push,
                        uint32_t pushBytes, uint32_t groupsX, uint32_t groupsY, uint32_t groupsZ) {
    if (bindings.size() != pipeline.bindings || bindings.size() > kMaxBindingsPerSet ||
        pushBytes > kPushBytes)
        throw Error(ErrorCode::Backend,
                    "Internal error: wrong bindings or push constants for the shader " + pipeline.name + ".");
    if (groupsX == 0 || groupsY == 0 || groupsZ == 0) return;
    const DeviceCaps& caps = device_.caps();
    if (groupsX > caps.maxWorkgroupCount[0] || groupsY > caps.maxWorkgroupCount[1] ||
        groupsZ > caps.maxWorkgroupCount[2])
        throw Error(ErrorCode::Backend,
                    "Internal error: too many workgroups for the shader " + pipeline.name + ".");
    if (dry_) return;
    begin();
    if (profiler_) profiler_->nameKernel(pipeline.pipeline, pipeline.label);
    bool needBarrier = false;
    for (const Binding& b : bindings) needBarrier = needBarrier || hazard(b.buffer, b.write);
    if (needBarrier) barrier();
    for (const Binding& b : bindings) track(b.buffer, b.write);

    Command c{};
    c.kind = Command::Dispatch;
    c.pipeline = pipeline.pipeline;
    c.layout = pipeline.layout;
    c.set = setFor(pipeline, bindings);
    c.pushBytes = pushBytes;
    if (pushBytes) std::memcpy(c.push, push, pushBytes);
    c.groups[0] = groupsX;
    c.groups[1] = groupsY;
    c.groups[2] = groupsZ;
    c.work = nextWork_
                 ? nextWork_
                 : uint64_t(groupsX) * groupsY * groupsZ * std::max<uint32_t>(pipeline.workgroupSize, 1) * 64;
    nextWork_ = 0;
    add(c);
    ++stats_.dispatches;
}

void Recorder::copy(VkBuffer src, uint64_t srcOffset, VkBuffer dst, uint64_t dstOffset, uint64_t bytes) {
    if (bytes == 0 || dry_) return;
    begin();
    if (hazard(src, false) || hazard(dst, true)) barrier();
    track(src, false);
    track(dst, true);
    Command c{};
    c.kind = Command::Copy;
    c.src = src;
    c.dst = dst;
    c.srcOffset = srcOffset;
    c.dstOffset = dstOffset;
    c.bytes = bytes;
    add(c);
}

void Recorder::fill(VkBuffer dst, uint64_t offset, uint64_t bytes, uint32_t value) {
    if (dry_) return;
    begin();
    if (hazard(dst, true)) barrier();
    track(dst, true);
    Command c{};
    c.kind = Command::Fill;
    c.dst = dst;
    c.dstOffset = offset;
    c.bytes = bytes;
    c.value = value;
    add(c);
}

void Recorder::submitAndWait() {
    if (commands_.empty()) return;
    const bool same =
        recordedValid_ && recorded_.size() == commands_.size() &&
        std::memcmp(recorded_.data(), commands_.data(), commands_.size() * sizeof(Command)) == 0;
    const VkResult injected = injected_;
    injected_ = VK_SUCCESS;
    if (same) {
        commands_.clear();
        ++stats_.replays;
        return submitRecorded(injected, true);
    }
    const auto split = pieces();
    if (split.size() == 1) {
        uint64_t work = 0;
        for (const Command& c : commands_) work += c.work;
        recordCommands(commands_, false);
        recorded_.swap(commands_);
        recordedValid_ = true;
        commands_.clear();
        const auto t0 = std::chrono::steady_clock::now();
        submitRecorded(injected, true);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (s >= 0.02) measuredRate_ = double(work) / s; // long enough to time
        return;
    }
    // Over the work cap: one submission (and wait) per piece; cmd_ then holds the last piece
    // only, so the step is not replayed.
    ++stats_.splitSteps;
    std::vector<Command> all;
    all.swap(commands_);
    for (size_t i = 0; i < split.size(); ++i) {
        const auto [b, e] = split[i];
        uint64_t work = 0;
        for (size_t j = b; j < e; ++j) work += all[j].work;
        recordCommands(std::span(all).subspan(b, e - b), i > 0);
        const auto t0 = std::chrono::steady_clock::now();
        submitRecorded(i + 1 == split.size() ? injected : VK_SUCCESS, i + 1 == split.size());
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (s >= 0.02) measuredRate_ = double(work) / s; // long enough to time
        recordStartNs_ = threadCpuNanoseconds();
    }
}

void Recorder::submitRecorded(VkResult injected, bool last) {
    const Api& api = device_.api();
    VkSubmitInfo submit{};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd_;
    const VkResult submitted = api.vkQueueSubmit(device_.queue(), 1, &submit, fence_);
    if (submitted == VK_ERROR_DEVICE_LOST) deviceLost();
    check(submitted, "vkQueueSubmit");
    inFlight_ = true;
    ++stats_.submits;
    stats_.hostRecordNs += threadCpuNanoseconds() - recordStartNs_;
    ++stats_.fenceWaits;
    try {
        waitAndReset(fence_, injected);
    } catch (...) {
        // After a hang or a lost device the work may still run (settle() waits for it once
        // more). After another driver error it has finished and the fence is reset, but what
        // cmd_ holds is re-recorded rather than trusted for a replay.
        inFlight_ = broken();
        recordedValid_ = false;
        since_.clear();
        throw;
    }
    inFlight_ = false;
    if (profiler_) profiler_->collect();
    if (last && sets_.size() > kMaxCachedSets) { // nothing is in flight now: start the cache over
        for (VkDescriptorPool p : descriptorPools_) api.vkResetDescriptorPool(device_.handle(), p, 0);
        currentPool_ = 0;
        sets_.clear();
        setMemo_.clear();
        recordedValid_ = false; // its commands name the sets just freed
    }
    since_.clear();
    device_.instance().throwOnMessages("a GPU submission");
}

} // namespace smoldesk::compute::vk

namespace smoldesk::compute::vk {

VkResult Recorder::waitForStep(VkFence fence) {
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    if (spinNs_ == 0) return api.vkWaitForFences(dev, 1, &fence, VK_TRUE, fenceTimeoutNs_);
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    auto elapsed = [&] {
        return static_cast<uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
    };
    // A decode step lasts about as long as the last one: sleep through most of it.
    VkResult r = VK_TIMEOUT;
    if (lastWaitNs_ > spinNs_) r = api.vkWaitForFences(dev, 1, &fence, VK_TRUE, lastWaitNs_ - spinNs_);
    if (r == VK_TIMEOUT) {
        ++stats_.spinWaits;
        const uint64_t until = elapsed() + spinNs_;
        while ((r = api.vkGetFenceStatus(dev, fence)) == VK_NOT_READY && elapsed() < until)
            std::this_thread::yield();
        if (r == VK_NOT_READY) { // longer than the last step: block for the rest
            const uint64_t used = elapsed();
            r = used < fenceTimeoutNs_ ? api.vkWaitForFences(dev, 1, &fence, VK_TRUE, fenceTimeoutNs_ - used)
                                       : VK_TIMEOUT;
        }
    }
    lastWaitNs_ = elapsed();
    return r;
}

void Recorder::waitAndReset(VkFence fence, VkResult injected) {
    const Api& api = device_.api();
    VkDevice dev = device_.handle();
    // (The uploads' fences, waited for beside the steps, block.)
    VkResult r =
        fence == fence_ ? waitForStep(fence) : api.vkWaitForFences(dev, 1, &fence, VK_TRUE, fenceTimeoutNs_);
    if (r == VK_SUCCESS && injected != VK_SUCCESS)
        r = injected; // a test's fault, after the work really finished
    if (r == VK_TIMEOUT)
        fail("The GPU '" + device_.caps().name + "' did not finish its work within " +
             std::to_string(fenceTimeoutNs_ / 1000000) + " ms; it seems to hang.");
    if (r == VK_ERROR_DEVICE_LOST) deviceLost();
    if (r != VK_SUCCESS) {
        // Another driver error fails this request only. The fence must not stay signalled (or
        // pending) for the next submission: wait once more until the work has really finished,
        // then reset it. When even that fails, the GPU's state is unknown.
        if (!settleFence(fence))
            fail("The GPU '" + device_.caps().name + "' reported " + resultName(r) +
                 " and did not finish its work after it.");
        check(api.vkResetFences(dev, 1, &fence), "vkResetFences");
        check(r, "vkWaitForFences");
    }
    check(api.vkResetFences(dev, 1, &fence), "vkResetFences");
}

} // namespace smoldesk::compute::vk
