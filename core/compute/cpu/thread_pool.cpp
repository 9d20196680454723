#include "compute/cpu/thread_pool.h"

#include <fstream>
#include <set>
#include <string>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SMOLDESK_PAUSE() _mm_pause()
#else
#define SMOLDESK_PAUSE() ((void)0)
#endif

namespace smoldesk::compute {

namespace {
// Spin a little before sleeping: ops arrive every few microseconds during decode, but on a
// loaded machine a spinning thread steals the core the thread it waits for needs. Both sides
// then block on a condition variable rather than yield: sched_yield hands the core to any
// other runnable process for a whole time slice (even a nice-19 build), while a woken
// sleeper preempts such a process at once.
constexpr int kSpinIterations = 20000;
} // namespace

ThreadPool::ThreadPool(int threads) : nThreads_(threads < 1 ? 1 : threads) {
    for (int i = 1; i < nThreads_; ++i) workers_.emplace_back([this, i] { workerLoop(i); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        generation_.fetch_add(1);
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
}

void ThreadPool::runChunks(int index) {
    while (true) {
        size_t begin = next_.fetch_add(grain_);
        if (begin >= n_) break;
        size_t end = begin + grain_ < n_ ? begin + grain_ : n_;
        (*fn_)(begin, end, index);
    }
}

void ThreadPool::runChunksCatching(int index) noexcept {
    // try costs nothing until something throws, so the per-chunk path is unchanged.
    try {
        runChunks(index);
    } catch (...) {
        if (!failed_.exchange(true, std::memory_order_acq_rel)) error_ = std::current_exception();
        next_.store(n_, std::memory_order_relaxed); // the others stop taking chunks
    }
}

void ThreadPool::parallelFor(size_t n, size_t grain, const std::function<void(size_t, size_t, int)>& fn) {
    if (n == 0) return;
    if (grain == 0) grain = 1;
    if (nThreads_ == 1 || n <= grain) {
        fn(0, n, 0);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        n_ = n;
        grain_ = grain;
        fn_ = &fn;
        next_.store(0);
        failed_.store(false, std::memory_order_relaxed);
        error_ = nullptr;
        pending_.store(nThreads_ - 1);
        generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    // The caller's own chunks catch too: unwinding now would destroy fn while workers call it.
    runChunksCatching(0);
    for (int spins = 0; pending_.load(std::memory_order_acquire) != 0 && spins < kSpinIterations; ++spins)
        SMOLDESK_PAUSE();
    if (pending_.load(std::memory_order_acquire) != 0) {
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return pending_.load(std::memory_order_acquire) == 0; });
    }
    if (failed_.load(std::memory_order_acquire)) {
        std::exception_ptr error = std::move(error_);
        error_ = nullptr;
        std::rethrow_exception(error);
    }
}

void ThreadPool::workerLoop(int index) {
    uint64_t seen = 0;
    while (true) {
        int spins = 0;
        while (generation_.load(std::memory_order_acquire) == seen && spins < kSpinIterations) {
            SMOLDESK_PAUSE();
            ++spins;
        }
        if (generation_.load(std::memory_order_acquire) == seen) {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [&] { return generation_.load() != seen; });
        }
        seen = generation_.load(std::memory_order_acquire);
        if (stop_) return;
        runChunksCatching(index);
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            // Under the mutex: the caller checks pending_ under it before it sleeps, so this
            // notification cannot fall between its check and its wait.
            std::lock_guard<std::mutex> lock(mutex_);
            done_.notify_one();
        }
    }
}

int ThreadPool::physicalCores() {
    // Count distinct (physical id, core id) pairs; fall back to the logical count.
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::set<std::pair<int, int>> cores;
    std::string line;
    int physical = 0;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("physical id", 0) == 0)
            physical = std::stoi(line.substr(line.find(':') + 1));
        else if (line.rfind("core id", 0) == 0)
            cores.insert({physical, std::stoi(line.substr(line.find(':') + 1))});
    }
    int logical = static_cast<int>(std::thread::hardware_concurrency());
    int n = cores.empty() ? logical : static_cast<int>(cores.size());
    if (logical > 0 && n > logical) n = logical;
    return n > 0 ? n : 1;
}

} // namespace smoldesk::compute
