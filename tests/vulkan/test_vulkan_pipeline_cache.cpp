// The persisted VkPipelineCache (lavapipe in CI): a first backend writes its device's file, a
// second one passes it to the driver; a truncated, corrupt or foreign file is ignored and
// replaced; SMOLDESK_VK_PIPELINE_CACHE=off writes nothing and any other value names the folder.
#include "require_all.h"
#include "vulkan_test_util.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

struct Run {
    std::vector<float> out;
    compute::VulkanCounters counters;
};

// A few pipelines' worth of work (a Q4_K matvec and an add) on a backend whose cache lives in
// `folder`; the backend is destroyed (and its cache written) before this returns.
Run runOnce(const QString& folder) {
    compute::VulkanOptions o;
    o.pipelineCacheDir = folder.toStdString();
    auto gpu = makeVulkanBackend(o);
    std::mt19937 rng(7);
    TestWeight w(quant::Type::Q4_K, 256, 40, rng);
    const compute::WeightId id = gpu->addWeight(w.info);
    const compute::BufferId h = gpu->createBuffer(256), a = gpu->createBuffer(40), b = gpu->createBuffer(40);
    gpu->upload(h, 0, randomVector(256, rng));
    gpu->matmul(id, h, a, 1);
    gpu->add(a, a, b, 40);
    Run r;
    r.out.resize(40);
    gpu->read(b, 0, 40, r.out.data());
    r.counters = *compute::vulkanCounters(*gpu);
    return r;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

void writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

} // namespace

class TestVulkanPipelineCache : public QObject {
    Q_OBJECT
    QString fileName_;

    bool headerMatches(const QByteArray& bytes) {
        auto probe = makeVulkanBackend(compute::VulkanOptions{});
        return compute::vk::pipelineCacheHeaderMatches(reinterpret_cast<const uint8_t*>(bytes.data()),
                                                       size_t(bytes.size()), probe->caps());
    }

  private slots:
    void initTestCase() {
        qunsetenv("SMOLDESK_VK_PIPELINE_CACHE");
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        qputenv("SMOLDESK_VK_PIPELINE_CACHE", "off"); // the probe writes nothing anywhere
        auto probe = makeVulkanBackend(compute::VulkanOptions{});
        fileName_ = QString::fromStdString(compute::vk::pipelineCacheFileName(probe->caps()));
        qunsetenv("SMOLDESK_VK_PIPELINE_CACHE");
    }

    void secondStartReadsTheFile() {
        QTemporaryDir tmp;
        const QString folder = tmp.path() + "/nested/vulkan"; // created on the first write
        const QString file = folder + "/" + fileName_;
        QVERIFY(fileName_.startsWith("pipelines-") && fileName_.endsWith(".bin") && fileName_.size() > 50);

        const Run first = runOnce(folder);
        QCOMPARE(first.counters.pipelineCacheBytesLoaded, uint64_t(0));
        QVERIFY(first.counters.pipelineCreations > 0);
        const QByteArray written = readAll(file);
        // At least the 32-byte header (lavapipe's cache is only that; a GPU driver adds its binaries).
        QVERIFY2(written.size() >= 32, qPrintable(file));
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 1); // no temporary file left

        const Run second = runOnce(folder);
        QCOMPARE(second.counters.pipelineCacheBytesLoaded, uint64_t(written.size()));
        QCOMPARE(second.counters.pipelineCreations, first.counters.pipelineCreations);
        QCOMPARE(second.out, first.out);
        qInfo("pipeline creation: %llu pipelines, first start %.1f ms, second start %.1f ms (%llu cache hits "
              "reported), %lld bytes of cache",
              (unsigned long long)first.counters.pipelineCreations, first.counters.pipelineCreateUs / 1000.0,
              second.counters.pipelineCreateUs / 1000.0,
              (unsigned long long)second.counters.pipelineCacheHits, (long long)written.size());
        // Nothing new was compiled: the file stays as it was.
        QCOMPARE(readAll(file), written);
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 1);
    }

    void badFilesAreIgnoredAndReplaced() {
        QTemporaryDir tmp;
        const QString folder = tmp.path();
        const QString file = folder + "/" + fileName_;
        runOnce(folder);
        const QByteArray good = readAll(file);
        QVERIFY(good.size() >= 32);
        QVERIFY(headerMatches(good));

        QByteArray foreign = good;
        foreign[16] = char(foreign[16] ^ 0x5a); // another driver's UUID
        QByteArray otherDevice = good;
        otherDevice[12] = char(otherDevice[12] ^ 1);
        QByteArray version = good;
        version[4] = 2;
        QByteArray longHeader = good;
        longHeader[0] = char(0xff), longHeader[1] = char(0xff); // headerSize beyond the file
        const std::vector<std::pair<const char*, QByteArray>> bad = {
            {"empty", QByteArray()},
            {"truncated header", good.left(20)},
            {"garbage", QByteArray(1000, char(0x37))},
            {"foreign UUID", foreign},
            {"other device", otherDevice},
            {"header version", version},
            {"header size", longHeader},
        };
        for (const auto& [what, bytes] : bad) {
            writeAll(file, bytes);
            const Run r = runOnce(folder);
            QVERIFY2(r.counters.pipelineCacheBytesLoaded == 0, what);
            QVERIFY2(headerMatches(readAll(file)), what); // replaced by this device's cache
        }
        // A valid header over a truncated body goes to the driver, which must cope (lavapipe
        // writes no body: then a header with a few bytes of garbage after it).
        const QByteArray cut =
            good.size() > 64 ? good.left(good.size() / 2) : good + QByteArray(5, char(0x42));
        writeAll(file, cut);
        const Run r = runOnce(folder);
        QCOMPARE(r.counters.pipelineCacheBytesLoaded, uint64_t(cut.size()));
        QVERIFY(headerMatches(readAll(file)));
    }

    void environmentTurnsItOffOrNamesTheFolder() {
        QTemporaryDir tmp, env;
        qputenv("SMOLDESK_VK_PIPELINE_CACHE", "off");
        const Run off = runOnce(tmp.path());
        QCOMPARE(off.counters.pipelineCacheBytesLoaded, uint64_t(0));
        QVERIFY(QDir(tmp.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());

        const QString named = env.path() + "/from-env";
        qputenv("SMOLDESK_VK_PIPELINE_CACHE", named.toUtf8());
        runOnce(tmp.path());
        const Run again = runOnce(tmp.path());
        qunsetenv("SMOLDESK_VK_PIPELINE_CACHE");
        QVERIFY(QDir(tmp.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
        QVERIFY(QFile::exists(named + "/" + fileName_));
        QVERIFY(again.counters.pipelineCacheBytesLoaded > 0);
    }

    void unwritableFolderIsNotAnError() {
        QTemporaryDir tmp;
        const QString blocker = tmp.path() + "/file";
        writeAll(blocker, "not a folder");
        const Run r = runOnce(blocker + "/vulkan"); // cannot be created: a log line, no error
        QVERIFY(r.counters.pipelineCreations > 0);
        QCOMPARE(readAll(blocker), QByteArray("not a folder"));
    }
};

QTEST_GUILESS_MAIN(TestVulkanPipelineCache)
#include "test_vulkan_pipeline_cache.moc"
