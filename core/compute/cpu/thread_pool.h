#pragma once
// A persistent pool for the CPU backend. parallelFor hands out chunks through an atomic
// counter; workers spin briefly between ops (ops come every few microseconds during decode)
// and then sleep, so an idle engine costs no CPU.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace smoldesk::compute {

class ThreadPool {
  public:
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return nThreads_; }
    // Calls fn(begin, end, threadIndex) over [0, n) in chunks of `grain`; returns when all are done.
    // When fn throws (on any thread), the chunks not yet started are dropped, every thread
    // finishes the chunk it is in, and the first exception is rethrown here after that join.
    void parallelFor(size_t n, size_t grain, const std::function<void(size_t, size_t, int)>& fn);

    // Physical cores of this machine (hyper-threads excluded when detectable).
    static int physicalCores();

  private:
    void workerLoop(int index);
    void runChunks(int index);
    // runChunks that keeps fn's exception for the caller instead of letting it escape a thread.
    void runChunksCatching(int index) noexcept;
    // Shortens the spins after a worker started late (a loaded machine), lengthens them later.
    void adaptSpin(bool aWorkerStartedLate);

    int nThreads_;
    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_; // the last worker of a parallelFor signals the waiting caller
    std::atomic<uint64_t> generation_{0};
    std::atomic<int> pending_{0};
    std::atomic<size_t> next_{0};
    std::atomic<bool> stop_{false};
    std::atomic<int> spinLimit_{20000};   // pause iterations before sleeping (see thread_pool.cpp)
    int shortSpinCallsLeft_ = 0;          // the caller's: regions until spins are long again
    std::atomic<int64_t> publishedNs_{0}; // when the current region was handed out
    std::atomic<bool> lateStart_{false};  // a worker started it more than kLateStart after
    size_t n_ = 0, grain_ = 1;
    const std::function<void(size_t, size_t, int)>* fn_ = nullptr;
    // The first exception of the current parallelFor; written once (guarded by failed_) and
    // read by the caller after every worker has signalled pending_, so no lock is needed.
    std::atomic<bool> failed_{false};
    std::exception_ptr error_;
};

} // namespace smoldesk::compute
