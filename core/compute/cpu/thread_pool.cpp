#include "compute/cpu/thread_pool.h"

#include "common/platform.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SMOLDESK_PAUSE() _mm_pause()
#else
#define SMOLDESK_PAUSE() ((void)0)
#endif

namespace smoldesk::compute {

namespace {
// Spin before sleeping: ops arrive every few microseconds during decode. Both sides then block
// on a condition variable rather than yield: sched_yield hands the core to any other runnable
// process for a whole time slice (even a nice-19 build), while a woken sleeper preempts such a
// process at once.
//
// How long to spin depends on the machine's load. On a quiet machine long spins keep decode
// fast (3B-shaped decode, 2 threads: 28.5 tokens/s with ~0.4 ms spins, 23.7 with ~40 µs). On a
// loaded one a spinning thread steals the core the thread it waits for needs, and long spins
// made the same decode collapse to 2.4 tokens/s while nice-19 builds ran (short spins: 8.5).
// So spins are long until a worker starts a parallel region more than kLateStart after it was
// published (it had been preempted for a time slice; on a quiet machine late starts stay under
// 3 ms, a smaller threshold cost quiet decode 13%), then short for the next kShortSpinCalls
// regions: 6.3 tokens/s in the loaded case, 28.4 quiet.
constexpr int kLongSpin = 20000;
constexpr int kShortSpin = 2000;
constexpr auto kLateStart = std::chrono::microseconds(3000);
constexpr int kShortSpinCalls = 4096;

int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
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
        publishedNs_.store(nowNs(), std::memory_order_relaxed);
        generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    // The caller's own chunks catch too: unwinding now would destroy fn while workers call it.
    runChunksCatching(0);
    const int limit = spinLimit_.load(std::memory_order_relaxed);
    for (int spins = 0; pending_.load(std::memory_order_acquire) != 0 && spins < limit; ++spins)
        SMOLDESK_PAUSE();
    if (pending_.load(std::memory_order_acquire) != 0) {
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return pending_.load(std::memory_order_acquire) == 0; });
    }
    adaptSpin(lateStart_.exchange(false, std::memory_order_relaxed));
    if (failed_.load(std::memory_order_acquire)) {
        std::exception_ptr error = std::move(error_);
        error_ = nullptr;
        std::rethrow_exception(error);
    }
}

void ThreadPool::adaptSpin(bool aWorkerStartedLate) {
    if (aWorkerStartedLate) {
        shortSpinCallsLeft_ = kShortSpinCalls;
        spinLimit_.store(kShortSpin, std::memory_order_relaxed);
    } else if (shortSpinCallsLeft_ > 0 && --shortSpinCallsLeft_ == 0) {
        spinLimit_.store(kLongSpin, std::memory_order_relaxed);
    }
}

void ThreadPool::workerLoop(int index) {
    uint64_t seen = 0;
    while (true) {
        int spins = 0;
        const int limit = spinLimit_.load(std::memory_order_relaxed);
        while (generation_.load(std::memory_order_acquire) == seen && spins < limit) {
            SMOLDESK_PAUSE();
            ++spins;
        }
        if (generation_.load(std::memory_order_acquire) == seen) {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [&] { return generation_.load() != seen; });
        }
        seen = generation_.load(std::memory_order_acquire);
        if (stop_) return;
        if (nowNs() - publishedNs_.load(std::memory_order_relaxed) >
            std::chrono::duration_cast<std::chrono::nanoseconds>(kLateStart).count())
            lateStart_.store(true, std::memory_order_relaxed);
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
    return platform::physicalCoreCount();
}

} // namespace smoldesk::compute
