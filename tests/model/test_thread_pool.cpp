// An exception thrown by a parallelFor body — on a worker or on the calling thread — comes
// back to the caller after every thread has left the body, and the pool keeps working.
#include "common/error.h"
#include "compute/cpu/thread_pool.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using smoldesk::compute::ThreadPool;

namespace {

// Waits (bounded) until flag is set, so a test can force which thread runs what.
bool waitFor(const std::atomic<bool>& flag) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!flag.load() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    return flag.load();
}

} // namespace

class TestThreadPool : public QObject {
    Q_OBJECT

  private slots:
    void workerExceptionReachesTheCaller() {
        ThreadPool pool(4);
        std::atomic<bool> thrown{false};
        try {
            pool.parallelFor(64, 1, [&](size_t, size_t, int thread) {
                if (thread == 0) {
                    // The caller holds any chunk it takes until a worker has thrown.
                    waitFor(thrown);
                    return;
                }
                thrown = true;
                throw smoldesk::Error(smoldesk::ErrorCode::Backend, "a worker failed.");
            });
            QFAIL("parallelFor returned normally");
        } catch (const smoldesk::Error& e) {
            QCOMPARE(e.code(), smoldesk::ErrorCode::Backend);
            QCOMPARE(QString(e.what()), QString("a worker failed."));
        }
        QVERIFY(thrown.load());
    }

    void callerExceptionWaitsForTheWorkers() {
        ThreadPool pool(4);
        std::atomic<int> started{0}, finished{0};
        std::atomic<bool> workerStarted{false};
        try {
            pool.parallelFor(64, 1, [&](size_t, size_t, int thread) {
                if (thread == 0) {
                    waitFor(workerStarted);
                    throw std::runtime_error("the caller's chunk failed");
                }
                ++started;
                workerStarted = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                ++finished; // touches the body's captures: they must still be alive
            });
            QFAIL("parallelFor returned normally");
        } catch (const std::runtime_error& e) {
            QCOMPARE(QString(e.what()), QString("the caller's chunk failed"));
        }
        // Rethrown only after the join: every chunk that started has finished.
        QVERIFY(started.load() > 0);
        QCOMPARE(finished.load(), started.load());
    }

    void remainingChunksAreDropped() {
        ThreadPool pool(3);
        constexpr size_t n = 20000;
        std::atomic<size_t> ran{0};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, pool.parallelFor(n, 1, [&](size_t b, size_t, int) {
            ++ran;
            if (b == 0) throw std::logic_error("first chunk");
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }));
        QVERIFY2(ran.load() < n / 2, qPrintable(QString::number(ran.load())));
    }

    void poolWorksAfterAnException() {
        ThreadPool pool(4);
        for (int round = 0; round < 20; ++round) {
            QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                     pool.parallelFor(1000, 7, [&](size_t b, size_t, int) {
                                         if (b % 3 == 0) throw std::runtime_error("every third chunk");
                                     }));
            std::atomic<size_t> sum{0};
            pool.parallelFor(1000, 7, [&](size_t b, size_t e, int) {
                for (size_t i = b; i < e; ++i) sum += i;
            });
            QCOMPARE(sum.load(), size_t(999 * 1000 / 2));
        }
    }

    void singleThreadPoolThrowsToo() {
        ThreadPool pool(1);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, pool.parallelFor(10, 1, [](size_t, size_t, int) {
            throw std::runtime_error("no workers");
        }));
    }
};

QTEST_GUILESS_MAIN(TestThreadPool)
#include "test_thread_pool.moc"
