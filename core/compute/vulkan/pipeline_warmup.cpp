// Pipeline warm-up: the pipelines a model's first prompt and decode will use, found by running
// those steps with a dry recorder (the real code path, so the set is right by construction) and
// compiled in parallel before the first real submit. A driver compiles each pipeline on first
// creation (0.37 s each on an H200 with a cold driver cache); lazily, inside the first prompt,
// that was seconds of silence one pipeline after the other.
#include "common/error.h"
#include "compute/vulkan/backend_impl.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

namespace smoldesk::compute {

namespace vk {

namespace {

// On by default for GPUs; off for CPU implementations (lavapipe, never chosen for users automatically),
// where compiling everything at load made each lavapipe test's load tens of seconds longer while a
// lazy compile costs nothing a user would wait for. SMOLDESK_VK_WARMUP=1 or =0 decides either way.
bool warmupDisabled(const VulkanBackend& backend) {
    const char* v = std::getenv("SMOLDESK_VK_WARMUP");
    if (!v || !*v) return backend.caps().vkType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    const std::string_view s = v;
    return s == "0" || s == "off" || s == "false" || s == "no";
}

int warmupThreads(int asked) {
    if (const char* v = std::getenv("SMOLDESK_VK_WARMUP_THREADS"); v && std::atoi(v) > 0)
        return std::min(std::atoi(v), 64);
    if (asked > 0) return asked;
    // The driver's compiler is CPU-bound: one thread per core, but a few are plenty.
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
}

} // namespace

PipelineCache::Compiled PipelineCache::compileCollected(int threads,
                                                        const std::function<bool(size_t, size_t)>& progress) {
    std::vector<std::pair<Key, uint32_t>> work; // key and bindings
    for (const auto& [key, standIn] : collected_) work.emplace_back(key, standIn->bindings);
    collected_.clear();
    memo_.clear();
    Compiled out;
    if (work.empty()) return out;
    const auto start = std::chrono::steady_clock::now();
    struct Slot {
        std::unique_ptr<Pipeline> pipeline;
        BuildCost cost;
        std::optional<Error> error;
    };
    std::vector<Slot> slots(work.size());
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::condition_variable changed;
    size_t done = 0, running = 0;
    // Never lets an exception out of a thread: a failure is kept for the pipeline's first use.
    auto compileAll = [&] {
        for (size_t i; !stop && (i = next++) < work.size();) {
            Slot& s = slots[i];
            try {
                s.pipeline = build(work[i].first, work[i].second, s.cost);
            } catch (const Error& e) {
                s.error = e;
            } catch (const std::exception& e) {
                s.error = Error(ErrorCode::Backend,
                                std::string("A Vulkan pipeline could not be created: ") + e.what() + ".");
            }
            std::lock_guard<std::mutex> lock(mutex);
            ++done;
            changed.notify_one();
        }
        std::lock_guard<std::mutex> lock(mutex);
        --running;
        changed.notify_one();
    };
    std::vector<std::thread> pool;
    const size_t wanted = std::min<size_t>(work.size(), static_cast<size_t>(std::max(1, threads)));
    for (size_t t = 0; t < wanted; ++t) {
        try {
            {
                std::lock_guard<std::mutex> lock(mutex);
                ++running;
            }
            pool.emplace_back(compileAll);
        } catch (const std::system_error&) { // no more threads: those started do the work
            std::lock_guard<std::mutex> lock(mutex);
            --running;
            break;
        }
    }
    out.threads = static_cast<int>(pool.size());
    bool cancelled = false;
    std::exception_ptr thrown;
    if (pool.empty()) {
        running = 1, out.threads = 1;
        compileAll(); // on this thread
    } else {
        std::unique_lock<std::mutex> lock(mutex);
        for (size_t reported = static_cast<size_t>(-1); running > 0;) {
            changed.wait(lock, [&] { return done != reported || running == 0; });
            reported = done;
            if (!progress || cancelled || thrown) continue;
            lock.unlock();
            try {
                cancelled = !progress(reported, work.size());
            } catch (...) {
                thrown = std::current_exception();
            }
            lock.lock();
            if (cancelled || thrown) stop = true; // the compiles running finish; no new ones start
        }
    }
    for (std::thread& t : pool) t.join();
    for (size_t i = 0; i < work.size(); ++i) {
        Slot& s = slots[i];
        creationUs_ += s.cost.us;
        if (s.error) {
            failed_.emplace(work[i].first, *s.error);
            ++out.failed;
        } else if (s.pipeline) { // (not started when cancelled: created lazily if ever used)
            if (s.cost.cacheHit) ++cacheHits_;
            reportStatistics(*s.pipeline);
            pipelines_.emplace(work[i].first, std::move(s.pipeline));
            ++creations_;
            ++out.pipelines;
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (thrown) std::rethrow_exception(thrown);
    if (cancelled) throw Error(ErrorCode::Cancelled, "Loading was cancelled.");
    return out;
}

PipelineCache::Compiled VulkanBackend::prepare(const std::function<void()>& steps, int threads,
                                               const std::function<bool(size_t, size_t)>& progress) {
    submit(); // work recorded so far is real: run it before the recorder goes dry
    const uint64_t bytesRead = weightBytesRead_;
    struct Dry { // back to real recording however the steps end
        VulkanBackend& be;
        uint64_t bytesRead;
        ~Dry() {
            try {
                be.submit(); // drops what the steps left pending (a deferred rope or GLU)
            } catch (...) {
            }
            be.recorder_->setDry(false);
            be.pipelines_->setCollecting(false);
            be.weightBytesRead_ = bytesRead; // the counters count real work only
        }
    };
    {
        recorder_->setDry(true);
        pipelines_->setCollecting(true);
        Dry dry{*this, bytesRead};
        try {
            steps();
        } catch (const Error&) {
            // A step this backend cannot run fails the same way when the model really runs it,
            // with its own sentence; the pipelines noted until then are still worth compiling.
        }
    }
    const PipelineCache::Compiled c = pipelines_->compileCollected(threads, progress);
    prepared_.pipelines += c.pipelines;
    prepared_.failed += c.failed;
    prepared_.threads = c.threads;
    prepared_.seconds += c.seconds;
    instance_->throwOnMessages("compiling pipelines");
    return c;
}

} // namespace vk

std::optional<VulkanWarmup> prepareVulkanPipelines(Backend& backend, const std::function<void()>& steps,
                                                   const std::function<bool(size_t, size_t)>& progress,
                                                   int threads) {
    auto* vulkan = dynamic_cast<vk::VulkanBackend*>(&backend);
    if (!vulkan || vk::warmupDisabled(*vulkan)) return std::nullopt;
    const vk::PipelineCache::Compiled c = vulkan->prepare(steps, vk::warmupThreads(threads), progress);
    return VulkanWarmup{c.pipelines, c.failed, c.threads, c.seconds};
}

} // namespace smoldesk::compute
