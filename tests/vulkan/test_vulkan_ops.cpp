// Every Vulkan op against the CPU backend (and matmul also against an exact double
// reference) on random data, odd shapes and every supported weight type, with the Khronos
// validation layer on: any validation message makes the op throw and the test fail.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "quant/types.h"
#include "require_all.h"
#include "vulkan_test_util.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>

using namespace smoldesk;
using namespace smoldesk::compute;
using namespace smoldesk::test;

namespace {

// Every type the shaders read (the type table's GPU column).
const std::vector<quant::Type> kTypes = [] {
    std::vector<quant::Type> types;
    for (uint32_t id = 0; id < 64; ++id)
        if (quant::typeInfo(id) && quant::gpuSupported(static_cast<quant::Type>(id)))
            types.push_back(static_cast<quant::Type>(id));
    return types;
}();

struct Diff {
    double maxAbs = 0;
    size_t worst = 0;
};

Diff compare(const std::vector<float>& got, const std::vector<float>& want) {
    Diff d;
    for (size_t i = 0; i < got.size(); ++i) {
        const double e = std::fabs(double(got[i]) - double(want[i]));
        if (!(e <= d.maxAbs)) { // NaN counts as the worst
            d.maxAbs = std::isnan(e) ? INFINITY : e;
            d.worst = i;
        }
    }
    return d;
}

#define EXPECT_CLOSE(got, want, tol, what)                                                                   \
    do {                                                                                                     \
        const Diff d_ = compare(got, want);                                                                  \
        if (d_.maxAbs > (tol))                                                                               \
            QFAIL(qPrintable(QString("%1: max |diff| %2 at %3 (got %4, want %5), tolerance %6")              \
                                 .arg(what)                                                                  \
                                 .arg(d_.maxAbs)                                                             \
                                 .arg(d_.worst)                                                              \
                                 .arg(got[d_.worst])                                                         \
                                 .arg(want[d_.worst])                                                        \
                                 .arg(tol)));                                                                \
    } while (0)

} // namespace

class TestVulkanOps : public QObject {
    Q_OBJECT

    std::unique_ptr<vk::VulkanBackend> gpu_;
    std::unique_ptr<CpuBackend> cpu_;

    struct Pair {
        BufferId gpu, cpu;
        size_t n;
    };
    Pair upload(const std::vector<float>& v) {
        Pair p{gpu_->createBuffer(v.size()), cpu_->createBuffer(v.size()), v.size()};
        gpu_->upload(p.gpu, 0, v);
        std::copy(v.begin(), v.end(), cpu_->data(p.cpu));
        return p;
    }
    Pair zeros(size_t n) { return upload(std::vector<float>(n, 0.0f)); }
    std::vector<float> readGpu(const Pair& p, vk::VulkanBackend* be = nullptr) {
        std::vector<float> out(p.n);
        (be ? be : gpu_.get())->read(p.gpu, 0, p.n, out.data());
        return out;
    }
    std::vector<float> readCpu(const Pair& p) {
        return std::vector<float>(cpu_->data(p.cpu), cpu_->data(p.cpu) + p.n);
    }

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        gpu_ = makeVulkanBackend();
        cpu_ = std::make_unique<CpuBackend>(2);
        const vk::DeviceCaps& c = gpu_->caps();
        qInfo("device %s (%s), subgroup %u%s, maxStorageBufferRange %llu, shared %u", c.name.c_str(),
              c.type.c_str(), c.subgroupSize,
              c.subgroupArithmetic ? " with arithmetic" : " (shared-memory reductions)",
              static_cast<unsigned long long>(c.maxStorageBufferRange), c.maxSharedMemory);
        QVERIFY(gpu_->validating());
        QVERIFY(gpu_->deviceName().find("(Vulkan)") != std::string::npos);
    }

    void matmul_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("tokens");
        for (quant::Type t : kTypes) {
            const int block = static_cast<int>(quant::typeInfo(t).blockSize);
            const int cols = block == 256 ? 512 : block == 32 ? 224 : 172; // F32/F16: not a multiple of 8
            for (int tokens : {1, 3, 8})
                QTest::addRow("%s %dx37 t%d", quant::typeName(t), cols, tokens)
                    << int(t) << cols << 37 << tokens;
            for (int tokens : {9, 40})
                QTest::addRow("%s %dx67 t%d", quant::typeName(t), cols, tokens)
                    << int(t) << cols << 67 << tokens;
        }
    }
    void matmul() {
        QFETCH(int, type);
        QFETCH(int, cols);
        QFETCH(int, rows);
        QFETCH(int, tokens);
        std::mt19937 rng(static_cast<unsigned>(type * 977 + cols + rows * 31 + tokens));
        TestWeight w(static_cast<quant::Type>(type), cols, rows, rng);
        const WeightId gw = gpu_->addWeight(w.info), cw = cpu_->addWeight(w.info);
        const std::vector<float> xv = randomVector(static_cast<size_t>(tokens) * cols, rng);
        Pair x = upload(xv), y = zeros(static_cast<size_t>(tokens) * rows);
        gpu_->matmul(gw, x.gpu, y.gpu, tokens);
        cpu_->matmul(cw, x.cpu, y.cpu, tokens);
        const std::vector<float> got = readGpu(y), cpu = readCpu(y);
        double worstExact = 0, worstCpu = 0;
        for (int t = 0; t < tokens; ++t)
            for (int r = 0; r < rows; ++r) {
                double ref = 0, mag = 0;
                for (int c = 0; c < cols; ++c) {
                    const double p = double(w.dequantized[size_t(r) * cols + c]) * xv[size_t(t) * cols + c];
                    ref += p;
                    mag += std::fabs(p);
                }
                const size_t i = size_t(t) * rows + r;
                const double eExact = std::fabs(got[i] - ref) / (mag + 1e-6),
                             eCpu = std::fabs(got[i] - cpu[i]) / (mag + 1e-6);
                worstExact = std::max(worstExact, eExact);
                worstCpu = std::max(worstCpu, eCpu);
                // f32 activations and in-shader dequantization: close to exact; the CPU quantizes
                // activations to 8 bits, so it is only within its own tolerance. Prompts (more
                // than 8 tokens) stage quantized weights as f16: 2^-11 of each weight.
                const bool f16Tile = tokens > vk::VulkanBackend::kMaxMatvecTokens &&
                                     static_cast<quant::Type>(type) != quant::Type::F32 &&
                                     static_cast<quant::Type>(type) != quant::Type::BF16;
                if (!(eExact <= (f16Tile ? 1e-3 : 2e-5)) || !(eCpu <= 1.5e-2))
                    QFAIL(qPrintable(QString("token %1 row %2: gpu %3, exact %4, cpu %5")
                                         .arg(t)
                                         .arg(r)
                                         .arg(got[i])
                                         .arg(ref)
                                         .arg(cpu[i])));
            }
        qInfo("relative error vs exact %.2g, vs CPU backend %.2g", worstExact, worstCpu);
    }

    void matmulAndEmbedInSlices_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addRow("Q6_K") << int(quant::Type::Q6_K) << 512;
        QTest::addRow("Q8_0") << int(quant::Type::Q8_0) << 224;
        QTest::addRow("Q4_K") << int(quant::Type::Q4_K) << 256;
        QTest::addRow("F32") << int(quant::Type::F32) << 172;
    }
    void matmulAndEmbedInSlices() {
        // A 2 KiB binding limit forces many slices, with row starts that are not 4-byte aligned
        // for Q6_K (210-byte blocks) and Q8_0 (34-byte blocks): the same path binds the 215 MB
        // Q6_K embedding of SmolLM3-3B on lavapipe's 128 MiB limit.
        QFETCH(int, type);
        QFETCH(int, cols);
        auto sliced = makeVulkanBackend(2048);
        std::mt19937 rng(static_cast<unsigned>(type + 7));
        const int rows = 45;
        TestWeight w(static_cast<quant::Type>(type), cols, rows, rng);
        const WeightId gw = sliced->addWeight(w.info);
        QVERIFY2(sliced->weight(gw).slices.size() >= 3, "the weight was not sliced");
        for (int tokens : {1, 9}) {
            const std::vector<float> xv = randomVector(static_cast<size_t>(tokens) * cols, rng);
            const BufferId x = sliced->createBuffer(xv.size()),
                           y = sliced->createBuffer(size_t(tokens) * rows);
            sliced->upload(x, 0, xv);
            sliced->matmul(gw, x, y, tokens);
            std::vector<float> got(size_t(tokens) * rows);
            sliced->read(y, 0, got.size(), got.data());
            for (int t = 0; t < tokens; ++t)
                for (int r = 0; r < rows; ++r) {
                    double ref = 0, mag = 0;
                    for (int c = 0; c < cols; ++c) {
                        const double p =
                            double(w.dequantized[size_t(r) * cols + c]) * xv[size_t(t) * cols + c];
                        ref += p;
                        mag += std::fabs(p);
                    }
                    // (9 tokens: the prompt GEMM, whose f16 weight tile rounds to 2^-11.)
                    const double tol = tokens > 8 && type != int(quant::Type::F32) ? 1e-3 : 2e-5;
                    QVERIFY2(std::fabs(got[size_t(t) * rows + r] - ref) <= tol * mag,
                             qPrintable(QString("tokens %1 row %2").arg(tokens).arg(r)));
                }
        }
        const std::vector<int32_t> ids = {44, 0, 20, 19, 21, 44, 7};
        const BufferId e = sliced->createBuffer(ids.size() * size_t(cols));
        sliced->embed(gw, ids, e);
        std::vector<float> got(ids.size() * size_t(cols));
        sliced->read(e, 0, got.size(), got.data());
        std::vector<float> want;
        for (int32_t id : ids)
            want.insert(want.end(), w.dequantized.begin() + long(id) * cols,
                        w.dequantized.begin() + long(id + 1) * cols);
        EXPECT_CLOSE(got, want, 1e-5, "sliced embedding");
    }

    void embed() {
        std::mt19937 rng(5);
        for (quant::Type t : kTypes) {
            const int cols = t == quant::Type::F32 || t == quant::Type::F16 ? 172 : 256;
            TestWeight w(t, cols, 11, rng);
            const WeightId gw = gpu_->addWeight(w.info), cw = cpu_->addWeight(w.info);
            const std::vector<int32_t> ids = {10, 0, 3, 3, 7};
            Pair out = zeros(ids.size() * size_t(cols));
            gpu_->embed(gw, ids, out.gpu);
            cpu_->embed(cw, ids, out.cpu);
            EXPECT_CLOSE(readGpu(out), readCpu(out), 1e-5, quant::typeName(t));
        }
        TestWeight w(quant::Type::Q4_K, 256, 4, rng);
        const WeightId gw = gpu_->addWeight(w.info);
        Pair out = zeros(256);
        const std::vector<int32_t> bad = {4};
        QVERIFY_THROWS_EXCEPTION(Error, gpu_->embed(gw, bad, out.gpu));
    }

    void rmsNorm_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("dim");
        QTest::addColumn<bool>("inPlace");
        for (int dim : {64, 67, 512, 2048})
            for (bool inPlace : {false, true})
                QTest::addRow("%dx%d%s", 3, dim, inPlace ? " in place" : "") << 3 << dim << inPlace;
        QTest::addRow("1x2048") << 1 << 2048 << false;
    }
    void rmsNorm() {
        QFETCH(int, rows);
        QFETCH(int, dim);
        QFETCH(bool, inPlace);
        std::mt19937 rng(static_cast<unsigned>(dim + rows));
        TestWeight w(quant::Type::F32, dim, 1, rng);
        const WeightId gw = gpu_->addWeight(w.info), cw = cpu_->addWeight(w.info);
        Pair x = upload(randomVector(size_t(rows) * dim, rng, 3.0f));
        Pair y = inPlace ? x : zeros(x.n);
        gpu_->rmsNorm(x.gpu, gw, y.gpu, rows, dim, 1e-6f);
        cpu_->rmsNorm(x.cpu, cw, y.cpu, rows, dim, 1e-6f);
        EXPECT_CLOSE(readGpu(y), readCpu(y), 2e-5, "rmsNorm");
    }

    void rope_data() {
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("ropeDims");
        QTest::addColumn<int>("pos0");
        QTest::addColumn<bool>("neox");
        QTest::addColumn<float>("freqScale");
        QTest::addColumn<int>("variant"); // 0 plain, 1 divisors (llama3), 2 LongRoPE, 3 YaRN
        for (bool neox : {false, true}) {
            const char* s = neox ? "NeoX" : "adjacent";
            QTest::addRow("%s 128/128 pos 0", s) << 128 << 128 << 0 << neox << 1.0f << 0;
            QTest::addRow("%s 128/128 pos 1000", s) << 128 << 128 << 1000 << neox << 1.0f << 0;
            QTest::addRow("%s 64/32 pos 17", s) << 64 << 32 << 17 << neox << 1.0f << 0;
            QTest::addRow("%s 8/8 pos 5", s) << 8 << 8 << 5 << neox << 1.0f << 0;
            QTest::addRow("%s 64/64 pos 1000, linear scaling 1/8", s)
                << 64 << 64 << 1000 << neox << 0.125f << 0;
            QTest::addRow("%s 64/64 pos 300, llama3 divisors", s) << 64 << 64 << 300 << neox << 1.0f << 1;
            QTest::addRow("%s 64/48 pos 300, LongRoPE", s) << 64 << 48 << 300 << neox << 1.0f << 2;
            QTest::addRow("%s 64/64 pos 300, YaRN factor 32", s) << 64 << 64 << 300 << neox << 1.0f / 32 << 3;
        }
    }
    void rope() {
        QFETCH(int, headDim);
        QFETCH(int, ropeDims);
        QFETCH(int, pos0);
        QFETCH(bool, neox);
        QFETCH(float, freqScale);
        QFETCH(int, variant);
        std::mt19937 rng(static_cast<unsigned>(headDim + ropeDims + pos0));
        const int rows = 3, heads = 4;
        Pair x = upload(randomVector(size_t(rows) * heads * headDim, rng));
        const RopeStyle style = neox ? RopeStyle::NeoX : RopeStyle::Adjacent;
        RopeSpec gs{ropeDims, 5e6f, freqScale, style}, cs = gs;
        std::vector<float> divisors(static_cast<size_t>(ropeDims / 2));
        for (size_t i = 0; i < divisors.size(); ++i) divisors[i] = 1.0f + 0.75f * float(i);
        gguf::TensorInfo ft;
        ft.name = "rope_factors";
        ft.nDims = 1;
        ft.ne = {divisors.size(), 1, 1, 1};
        ft.type = quant::Type::F32;
        ft.nElements = divisors.size();
        ft.nBytes = divisors.size() * sizeof(float);
        ft.data = reinterpret_cast<const uint8_t*>(divisors.data());
        if (variant == 1 || variant == 2) {
            gs.freqFactors = gpu_->addWeight(ft);
            cs.freqFactors = cpu_->addWeight(ft);
        }
        if (variant == 2) gs.attnFactor = cs.attnFactor = 1.2472191f;
        if (variant == 3) {
            gs.extFactor = cs.extFactor = 1.0f;
            gs.attnFactor = cs.attnFactor = 0.95f;
            gs.corrLow = cs.corrLow = 6.0f;
            gs.corrHigh = cs.corrHigh = 20.0f;
        }
        gpu_->rope(x.gpu, rows, heads, headDim, pos0, gs);
        cpu_->rope(x.cpu, rows, heads, headDim, pos0, cs);
        EXPECT_CLOSE(readGpu(x), readCpu(x), 2e-3, "rope"); // sin/cos of angles up to 1000 rad
    }

    void attention_data() {
        QTest::addColumn<int>("nHead");
        QTest::addColumn<int>("nHeadKv");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("pos0");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("window");
        QTest::addRow("smollm3-tiny prompt 37") << 4 << 1 << 128 << 0 << 37 << 0;
        QTest::addRow("smollm3-tiny prompt 300") << 4 << 1 << 128 << 0 << 300 << 0;
        QTest::addRow("MHA prompt 200") << 1 << 1 << 64 << 0 << 200 << 0;
        QTest::addRow("9 rows at 120 (not split)") << 4 << 1 << 128 << 120 << 9 << 0;
        QTest::addRow("stories decode") << 8 << 4 << 8 << 5 << 1 << 0;
        QTest::addRow("MHA chunk of 6 at 10") << 4 << 4 << 64 << 10 << 6 << 0;
        QTest::addRow("group 3, headDim 96, 13 rows") << 6 << 2 << 96 << 2 << 13 << 0;
        QTest::addRow("decode at 300: 3 splits") << 4 << 1 << 128 << 300 << 1 << 0;
        QTest::addRow("4 rows at 297: split and causal") << 8 << 2 << 64 << 297 << 4 << 0;
        QTest::addRow("decode at 127: one full split") << 4 << 1 << 128 << 127 << 1 << 0;
        QTest::addRow("window 32, prompt 100") << 4 << 2 << 64 << 0 << 100 << 32;
        QTest::addRow("window 32, decode at 300: splits below the window") << 4 << 2 << 64 << 300 << 1 << 32;
        QTest::addRow("window 200, 3 rows at 250: window across splits") << 4 << 2 << 64 << 250 << 3 << 200;
        // Prompt rows (> 8) run the flash kernel: tiles of 8 (headDim 256), 16, 32 (headDim 64).
        QTest::addRow("headDim 256, 21 rows at 7") << 4 << 2 << 256 << 7 << 21 << 0;
        QTest::addRow("window 50, 40 rows at 250") << 4 << 1 << 128 << 250 << 40 << 50;
        QTest::addRow("window 7, 70 rows at 3") << 2 << 2 << 64 << 3 << 70 << 7;
        // Decode: split boundaries (the host's splits are 32 positions and up; each split's keys
        // go 16 at a time over the key teams) and GQA groups of 1, 4, 7 and 8.
        for (int total : {63, 64, 65, 127, 128, 129})
            QTest::addRow("decode of %d positions, GQA 4", total) << 8 << 2 << 64 << total - 1 << 1 << 0;
        for (int gqa : {1, 4, 7, 8})
            QTest::addRow("GQA %d, 3 rows at 126", gqa) << 2 * gqa << 2 << 128 << 126 << 3 << 0;
        QTest::addRow("decode at 4094, GQA 8") << 8 << 1 << 128 << 4094 << 1 << 0;
        QTest::addRow("GQA 7, headDim 80, 8 rows at 57") << 7 << 1 << 80 << 57 << 8 << 0;
    }
    void attention() {
        QFETCH(int, nHead);
        QFETCH(int, nHeadKv);
        QFETCH(int, headDim);
        QFETCH(int, pos0);
        QFETCH(int, rows);
        QFETCH(int, window);
        std::mt19937 rng(static_cast<unsigned>(nHead * 100 + headDim + pos0 + rows));
        const int kvDim = nHeadKv * headDim, total = pos0 + rows, nCtx = std::max(320, total);
        gpu_->createKvCache(2, nCtx, kvDim);
        cpu_->createKvCache(2, nCtx, kvDim);
        // Cache positions [0, pos0) in one store, then the query rows' own K/V like the decoder.
        if (pos0 > 0) {
            Pair k = upload(randomVector(size_t(pos0) * kvDim, rng)),
                 v = upload(randomVector(size_t(pos0) * kvDim, rng));
            gpu_->storeKv(1, k.gpu, v.gpu, pos0, 0);
            cpu_->storeKv(1, k.cpu, v.cpu, pos0, 0);
        }
        Pair k = upload(randomVector(size_t(rows) * kvDim, rng)),
             v = upload(randomVector(size_t(rows) * kvDim, rng));
        gpu_->storeKv(1, k.gpu, v.gpu, rows, pos0);
        cpu_->storeKv(1, k.cpu, v.cpu, rows, pos0);
        Pair q = upload(randomVector(size_t(rows) * nHead * headDim, rng, 2.0f)),
             out = zeros(size_t(rows) * nHead * headDim);
        const AttentionShape shape{nHead, nHeadKv, headDim, 1.0f / std::sqrt(float(headDim)), window};
        const uint64_t before = gpu_->stats().dispatches;
        gpu_->attention(1, q.gpu, out.gpu, rows, pos0, shape);
        cpu_->attention(1, q.cpu, out.cpu, rows, pos0, shape);
        const uint64_t dispatches = gpu_->stats().dispatches - before;
        const bool split = rows <= 8 && vk::VulkanBackend::attentionSplits(total, nHeadKv, nCtx).count > 1;
        QCOMPARE(dispatches, uint64_t(split ? 2 : 1)); // attention, plus the merge when split
        EXPECT_CLOSE(readGpu(out), readCpu(out), 2e-4, "attention");
    }

    // Polling the fence (GPUs; forced here with a budget of 100 ms, so every wait of these short
    // steps polls): the same results as the blocking wait, every wait counted.
    void fenceSpin() {
        qputenv("SMOLDESK_VK_FENCE_SPIN_US", "100000");
        auto spinning = makeVulkanBackend();
        qunsetenv("SMOLDESK_VK_FENCE_SPIN_US");
        std::mt19937 rng(5);
        TestWeight w(quant::Type::Q4_K, 512, 40, rng);
        const WeightId a = gpu_->addWeight(w.info), b = spinning->addWeight(w.info);
        for (int step = 0; step < 4; ++step) {
            const std::vector<float> xv = randomVector(512 * 2, rng);
            const BufferId xa = gpu_->createBuffer(xv.size()), xb = spinning->createBuffer(xv.size());
            const BufferId ya = gpu_->createBuffer(80), yb = spinning->createBuffer(80);
            gpu_->upload(xa, 0, xv);
            spinning->upload(xb, 0, xv);
            gpu_->matmul(a, xa, ya, 2);
            spinning->matmul(b, xb, yb, 2);
            std::vector<float> want(80), got(80);
            gpu_->read(ya, 0, want.size(), want.data());
            spinning->read(yb, 0, got.size(), got.data());
            QCOMPARE(got, want);
        }
        QCOMPARE(spinning->stats().spinWaits, spinning->stats().fenceWaits);
        QVERIFY(spinning->stats().fenceWaits >= 4);
        if (gpu_->caps().vkType == VK_PHYSICAL_DEVICE_TYPE_CPU) QCOMPARE(gpu_->stats().spinWaits, uint64_t(0));
    }

    // Prompt attention's tile within a device's shared memory (no device needed): f16 K/V tiles
    // give NVIDIA's 48 KiB 32 query rows at head size 128 and 16 at 256 (f32 tiles: 16 and 8).
    void promptAttentionTile() {
        using vk::VulkanBackend;
        QCOMPARE(VulkanBackend::promptAttentionTile(64, 32768), 32u);
        QCOMPARE(VulkanBackend::promptAttentionTile(80, 32768), 32u);
        QCOMPARE(VulkanBackend::promptAttentionTile(96, 32768), 16u);
        QCOMPARE(VulkanBackend::promptAttentionTile(128, 32768), 16u);
        QCOMPARE(VulkanBackend::promptAttentionTile(256, 32768), 8u);
        QCOMPARE(VulkanBackend::promptAttentionTile(128, 49152), 32u);
        QCOMPARE(VulkanBackend::promptAttentionTile(256, 49152), 16u);
        QCOMPARE(VulkanBackend::promptAttentionTile(7, 32768), 0u); // odd: the per-row kernel
        QCOMPARE(VulkanBackend::promptAttentionTile(128, 4096), 0u);
    }

    // Decode attention at forced split lengths (SMOLDESK_VK_ATTENTION_SPLIT, for GPU sweeps):
    // positions 63/64/65/127/128/129 against splits of 32, 64 and 128 and one whole split, so
    // that splits end inside, at and just past a step of the key teams; with sinks and a window.
    void attentionSplitLengths() {
        std::mt19937 rng(77);
        const int nHead = 8, nHeadKv = 2, headDim = 64, kvDim = nHeadKv * headDim, nCtx = 160;
        gpu_->createKvCache(1, nCtx, kvDim);
        cpu_->createKvCache(1, nCtx, kvDim);
        Pair k = upload(randomVector(size_t(nCtx) * kvDim, rng)),
             v = upload(randomVector(size_t(nCtx) * kvDim, rng));
        gpu_->storeKv(0, k.gpu, v.gpu, nCtx, 0);
        cpu_->storeKv(0, k.cpu, v.cpu, nCtx, 0);
        TestWeight sinks(quant::Type::F32, nHead, 1, rng, 2.0f);
        const WeightId gs = gpu_->addWeight(sinks.info), cs = cpu_->addWeight(sinks.info);
        for (const char* len : {"32", "64", "128", "0"})
            for (int total : {63, 64, 65, 127, 128, 129})
                for (int variant = 0; variant < 3; ++variant) { // plain, sinks, window 40
                    qputenv("SMOLDESK_VK_ATTENTION_SPLIT", len);
                    const int rows = 1 + variant;
                    Pair q = upload(randomVector(size_t(rows) * nHead * headDim, rng, 2.0f)),
                         out = zeros(size_t(rows) * nHead * headDim);
                    AttentionShape shape{nHead, nHeadKv, headDim, 1.0f / std::sqrt(float(headDim)),
                                         variant == 2 ? 40 : 0};
                    AttentionShape cpuShape = shape;
                    if (variant == 1) {
                        shape.sinks = gs;
                        cpuShape.sinks = cs;
                    }
                    gpu_->attention(0, q.gpu, out.gpu, rows, total - rows, shape);
                    cpu_->attention(0, q.cpu, out.cpu, rows, total - rows, cpuShape);
                    EXPECT_CLOSE(
                        readGpu(out), readCpu(out), 2e-4,
                        qPrintable(
                            QString("split %1, %2 positions, variant %3").arg(len).arg(total).arg(variant)));
                }
        qunsetenv("SMOLDESK_VK_ATTENTION_SPLIT");
    }

    void ropeOfQAndKAreFusedIntoStoreKv_data() {
        QTest::addColumn<bool>("neox");
        QTest::addColumn<int>("ropeDims");
        QTest::addRow("adjacent, full") << false << 64;
        QTest::addRow("NeoX, partial") << true << 32;
        QTest::addRow("adjacent, partial") << false << 48;
    }
    void ropeOfQAndKAreFusedIntoStoreKv() {
        // The decoder's sequence rope(q), rope(k), storeKv(k, v), attention: both rotations are
        // fused into the cache write (2 dispatches instead of 4) and the result matches the CPU.
        QFETCH(bool, neox);
        QFETCH(int, ropeDims);
        std::mt19937 rng(static_cast<unsigned>(ropeDims + neox));
        const int nHead = 4, nHeadKv = 2, headDim = 64, rows = 5, pos0 = 9, kvDim = nHeadKv * headDim;
        gpu_->createKvCache(1, 64, kvDim);
        cpu_->createKvCache(1, 64, kvDim);
        Pair kPre = upload(randomVector(size_t(pos0) * kvDim, rng)),
             vPre = upload(randomVector(size_t(pos0) * kvDim, rng));
        gpu_->storeKv(0, kPre.gpu, vPre.gpu, pos0, 0);
        cpu_->storeKv(0, kPre.cpu, vPre.cpu, pos0, 0);
        Pair q = upload(randomVector(size_t(rows) * nHead * headDim, rng)),
             k = upload(randomVector(size_t(rows) * kvDim, rng));
        Pair v = upload(randomVector(size_t(rows) * kvDim, rng)), out = zeros(q.n);
        const RopeStyle style = neox ? RopeStyle::NeoX : RopeStyle::Adjacent;
        const AttentionShape shape{nHead, nHeadKv, headDim, 0.125f};
        const uint64_t before = gpu_->stats().dispatches;
        for (Backend* be : {static_cast<Backend*>(gpu_.get()), static_cast<Backend*>(cpu_.get())}) {
            const bool g = be == gpu_.get();
            be->rope(g ? q.gpu : q.cpu, rows, nHead, headDim, pos0, RopeSpec{ropeDims, 1e4f, 1.0f, style});
            be->rope(g ? k.gpu : k.cpu, rows, nHeadKv, headDim, pos0, RopeSpec{ropeDims, 1e4f, 1.0f, style});
            be->storeKv(0, g ? k.gpu : k.cpu, g ? v.gpu : v.cpu, rows, pos0);
            be->attention(0, g ? q.gpu : q.cpu, g ? out.gpu : out.cpu, rows, pos0, shape);
        }
        QCOMPARE(gpu_->stats().dispatches - before, uint64_t(2));
        EXPECT_CLOSE(readGpu(out), readCpu(out), 2e-4, "attention after fused rope");
        EXPECT_CLOSE(readGpu(k), readCpu(k), 1e-5, "rotated k"); // rope's in-place result is kept
        EXPECT_CLOSE(readGpu(q), readCpu(q), 1e-5, "rotated q");
    }

    void elementwise() {
        std::mt19937 rng(11);
        const size_t n = 70001;
        Pair a = upload(randomVector(n, rng, 4.0f)), b = upload(randomVector(n, rng)), out = zeros(n);
        gpu_->glu(GluActivation::Silu, a.gpu, b.gpu, out.gpu, n);
        cpu_->glu(GluActivation::Silu, a.cpu, b.cpu, out.cpu, n);
        EXPECT_CLOSE(readGpu(out), readCpu(out), 1e-5, "swiglu");
        gpu_->glu(GluActivation::GeluTanh, a.gpu, b.gpu, out.gpu, n);
        cpu_->glu(GluActivation::GeluTanh, a.cpu, b.cpu, out.cpu, n);
        EXPECT_CLOSE(readGpu(out), readCpu(out), 1e-5, "geglu");
        gpu_->scale(out.gpu, n - 3, 11.3137f);
        cpu_->scale(out.cpu, n - 3, 11.3137f);
        EXPECT_CLOSE(readGpu(out), readCpu(out), 1e-4, "scale");
        TestWeight bias(quant::Type::F32, 70, 1, rng);
        const WeightId gb = gpu_->addWeight(bias.info), cb = cpu_->addWeight(bias.info);
        gpu_->addBias(out.gpu, gb, 1000, 70);
        cpu_->addBias(out.cpu, cb, 1000, 70);
        EXPECT_CLOSE(readGpu(out), readCpu(out), 1e-4, "addBias");
        gpu_->add(a.gpu, b.gpu, a.gpu, n - 1); // in place, odd count
        cpu_->add(a.cpu, b.cpu, a.cpu, n - 1);
        EXPECT_CLOSE(readGpu(a), readCpu(a), 0.0, "add");
        gpu_->copy(b.gpu, 1000, out.gpu, 7, 333);
        cpu_->copy(b.cpu, 1000, out.cpu, 7, 333);
        EXPECT_CLOSE(readGpu(out), readCpu(out), 1e-4, "copy"); // the rest of out holds swiglu results
        std::vector<float> part(5);
        gpu_->read(out.gpu, 7, 5, part.data());
        QCOMPARE(part[0], cpu_->data(b.cpu)[1000]);
    }

    void barriersOnlyOnDependencies() {
        std::mt19937 rng(3);
        TestWeight w(quant::Type::Q4_K, 256, 40, rng);
        const WeightId id = gpu_->addWeight(w.info);
        const BufferId h = gpu_->createBuffer(256), a = gpu_->createBuffer(40), b = gpu_->createBuffer(40),
                       c = gpu_->createBuffer(40);
        gpu_->upload(h, 0, randomVector(256, rng));
        const vk::RecorderStats s0 = gpu_->stats();
        gpu_->matmul(id, h, a, 1); // three reads of h: independent, no barrier
        gpu_->matmul(id, h, b, 1);
        gpu_->matmul(id, h, c, 1);
        const vk::RecorderStats s1 = gpu_->stats();
        gpu_->add(a, b, a, 40); // reads a and b written above: one barrier
        gpu_->add(c, b, b, 40); // writes b, read by the add above: one more (write after read)
        float out[40];
        gpu_->read(b, 0, 40, out);
        const vk::RecorderStats s2 = gpu_->stats();
        QCOMPARE(s1.dispatches - s0.dispatches, uint64_t(3));
        QCOMPARE(s1.barriers - s0.barriers, uint64_t(0));
        QCOMPARE(s2.barriers - s1.barriers, uint64_t(3)); // + one before the readback copy
        QCOMPARE(s2.submits - s0.submits, uint64_t(1));
    }

    void validationMessagesFail() {
        // The messenger really collects the layer's messages, and they become an Error: an
        // invalid vkCreateBuffer (size 0) on a validating instance of the test device.
        std::string reason;
        std::unique_ptr<vk::Instance> instance = vk::Instance::create(true, &reason);
        QVERIFY2(instance, reason.c_str());
        const std::vector<VkPhysicalDevice> physical = instance->physicalDevices();
        vk::Device device(*instance,
                          vk::queryDeviceCaps(instance->api(), physical[size_t(vulkanTestDevice())]));
        VkBufferCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
        info.size = 0; // VUID-VkBufferCreateInfo-size-00912
        info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        VkBuffer buffer = VK_NULL_HANDLE;
        if (device.api().vkCreateBuffer(device.handle(), &info, nullptr, &buffer) == VK_SUCCESS &&
            buffer != VK_NULL_HANDLE)
            device.api().vkDestroyBuffer(device.handle(), buffer, nullptr);
        QVERIFY_THROWS_EXCEPTION(Error, instance->throwOnMessages("an invalid vkCreateBuffer"));
        instance->throwOnMessages("nothing"); // the messages were consumed
    }

    void deviceChoice() {
        std::string whyNone = "stale";
        const std::vector<VulkanDeviceInfo> devices = listVulkanDevices(&whyNone);
        QVERIFY(!devices.empty());
        QVERIFY2(whyNone.empty(), whyNone.c_str());
        const VulkanDeviceInfo& mine = devices[size_t(vulkanTestDevice())];
        std::string reason;
        bool onlyCpu = true;
        for (const auto& d : devices) onlyCpu = onlyCpu && d.type == "cpu";
        if (onlyCpu) { // automatic selection never takes lavapipe
            QVERIFY(!createVulkanBackend(VulkanOptions{}, &reason));
            QVERIFY2(reason.find("CPU implementation") != std::string::npos, reason.c_str());
        }
        qputenv("SMOLDESK_VK_DEVICE", QByteArray::fromStdString(mine.name.substr(0, 6)));
        auto byName = createVulkanBackend(VulkanOptions{}, &reason);
        qunsetenv("SMOLDESK_VK_DEVICE");
        QVERIFY2(byName, reason.c_str());
        QCOMPARE(byName->deviceName(), mine.name + " (Vulkan)");

        VulkanOptions o;
        o.device = static_cast<int>(devices.size());
        QVERIFY(!createVulkanBackend(o, &reason));
        QVERIFY2(reason.find("There is no Vulkan device") != std::string::npos, reason.c_str());
        o.device = mine.index;
        o.memoryNeed.weightBytes = 1ull << 50; // more than any GPU (or, for lavapipe, RAM) has
        QVERIFY(!createVulkanBackend(o, &reason));
        qInfo("%s", reason.c_str());
        QVERIFY2(reason.find("The model needs") == 0 && reason.back() == '.', reason.c_str());

        std::mt19937 rng(1);
        TestWeight nv(quant::Type::NVFP4, 256, 2, rng); // read by the CPU, not by the shaders
        QVERIFY_THROWS_EXCEPTION(Error, gpu_->addWeight(nv.info));
    }
};

QTEST_GUILESS_MAIN(TestVulkanOps)
#include "test_vulkan_ops.moc"
