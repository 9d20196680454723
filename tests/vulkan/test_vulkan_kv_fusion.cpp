// RoPE and the f16 K/V cache write in the q/k/v matvec's epilogue (matvec_kv, decode): the
// attention front as the llama family's forward pass calls it (normMatmulGroup of q/k/v,
// rope(q), rope(k), storeKv) against the CPU backend (its own RoPE and cache write) and against
// the same Vulkan backend with SMOLDESK_VK_NO_KV_FUSION=1 (the group and store_kv as before),
// for 1/3/8 tokens, NoPE layers, partial rotation with YaRN's ramp, per-pair factors, odd
// rows-per-workgroup override (made even), and the cases that must not fuse (NeoX pairs, q
// read between): each case also counts its dispatches. Validation layer on.
#include "compute/cpu/cpu_backend.h"
#include "quant/fp16.h"
#include "require_all.h"
#include "vulkan_test_util.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <type_traits>

using namespace smoldesk;
using namespace smoldesk::compute;
using namespace smoldesk::test;

namespace {

enum Mode { kRope, kNope, kPartialYarn, kFactors, kNeox, kReadBetween, kRows1, kProductsOnly };

constexpr int kCols = 512, kHeads = 4, kHeadsKv = 2, kHeadDim = 32, kCtx = 16, kLayers = 2;

// max |got - want| over the values, relative to the largest |want|.
double relativeError(const std::vector<float>& got, const std::vector<float>& want) {
    double worst = 0, scale = 1e-6;
    for (float w : want) scale = std::max(scale, double(std::fabs(w)));
    for (size_t i = 0; i < got.size(); ++i) {
        const double e = std::fabs(double(got[i]) - double(want[i])) / scale;
        if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
    }
    return worst;
}

std::vector<float> halves(const std::vector<uint16_t>& h) {
    std::vector<float> out(h.size());
    for (size_t i = 0; i < h.size(); ++i) out[i] = quant::fp16ToFp32(h[i]);
    return out;
}

} // namespace

class TestVulkanKvFusion : public QObject {
    Q_OBJECT

    std::unique_ptr<vk::VulkanBackend> fused_, plain_;
    std::unique_ptr<CpuBackend> cpu_;

    // One backend's results: q after RoPE, and the cache rows written.
    struct Result {
        std::vector<float> q, kCache, vCache;
        uint64_t dispatches = 0;
    };

    // given: q, k and v as products (the CPU reference starts from the GPU's unfused products,
    // so what it checks is the rotation and the cache write, not two summation orders).
    template <class B>
    Result run(B& be, Mode mode, int tokens, int pos0, const std::vector<float>& xv,
               const std::vector<const TestWeight*>& weights, const Result* given = nullptr) {
        const WeightId wq = be.addWeight(weights[0]->info), wk = be.addWeight(weights[1]->info),
                       wv = be.addWeight(weights[2]->info), norm = be.addWeight(weights[3]->info),
                       factors = be.addWeight(weights[4]->info);
        const size_t qn = size_t(tokens) * kHeads * kHeadDim, kvn = size_t(tokens) * kHeadsKv * kHeadDim;
        const BufferId x = be.createBuffer(xv.size()), normed = be.createBuffer(xv.size()),
                       q = be.createBuffer(qn), k = be.createBuffer(kvn), v = be.createBuffer(kvn);
        be.write(x, 0, xv.size(), xv.data());
        RopeSpec spec;
        spec.dims = mode == kPartialYarn ? kHeadDim / 2 : kHeadDim;
        spec.freqBase = 5000.0f;
        spec.style = mode == kNeox ? RopeStyle::NeoX : RopeStyle::Adjacent;
        if (mode == kPartialYarn) {
            spec.freqScale = 0.25f;
            spec.extFactor = 1.0f;
            spec.corrLow = 1.0f;
            spec.corrHigh = 5.0f;
            spec.attnFactor = 1.1f;
        }
        if (mode == kFactors) spec.freqFactors = factors;
        Result r;
        uint64_t before = 0;
        if constexpr (std::is_same_v<B, vk::VulkanBackend>) before = be.stats().dispatches;
        const MatmulOutput qkv[] = {{wq, q}, {wk, k}, {wv, v}};
        const int layer = 1;
        if (given) {
            be.write(q, 0, qn, given->q.data());
            be.write(k, 0, kvn, given->kCache.data());
            be.write(v, 0, kvn, given->vCache.data());
        } else {
            be.normMatmulGroup(x, norm, 1e-5f, normed, qkv, tokens, kCols);
        }
        if (mode == kProductsOnly) {
            Result p{std::vector<float>(qn), std::vector<float>(kvn), std::vector<float>(kvn), 0};
            be.read(q, 0, qn, p.q.data());
            be.read(k, 0, kvn, p.kCache.data());
            be.read(v, 0, kvn, p.vCache.data());
            return p;
        }
        if (mode == kReadBetween) {
            std::vector<float> peek(qn);
            be.read(q, 0, qn, peek.data());
        }
        if (mode != kNope) {
            be.rope(q, tokens, kHeads, kHeadDim, pos0, spec);
            be.rope(k, tokens, kHeadsKv, kHeadDim, pos0, spec);
        }
        be.storeKv(layer, k, v, tokens, pos0);
        r.q.resize(qn);
        be.read(q, 0, qn, r.q.data());
        if constexpr (std::is_same_v<B, vk::VulkanBackend>) r.dispatches = be.stats().dispatches - before;
        std::vector<uint16_t> kc(kvn), vc(kvn);
        be.readKv(layer, pos0, tokens, kc.data(), vc.data());
        r.kCache = halves(kc);
        r.vCache = halves(vc);
        return r;
    }

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        fused_ = makeVulkanBackend();
        qputenv("SMOLDESK_VK_NO_KV_FUSION", "1");
        plain_ = makeVulkanBackend();
        qunsetenv("SMOLDESK_VK_NO_KV_FUSION");
        cpu_ = std::make_unique<CpuBackend>(2);
        for (Backend* be : {static_cast<Backend*>(fused_.get()), static_cast<Backend*>(plain_.get()),
                            static_cast<Backend*>(cpu_.get())})
            be->createKvCache(kLayers, kCtx, kHeadsKv * kHeadDim);
        QVERIFY(fused_->validating());
    }

    void attentionFront_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("tokens");
        // Tags without spaces, so a ctest command line can pick them. Most cases at one token:
        // each new shape is a pipeline compile on lavapipe (seconds).
        const struct {
            const char* tag;
            Mode mode;
            int tokens;
        } cases[] = {{"rope_t1", kRope, 1},
                     {"rope_t8", kRope, 8},
                     {"nope_t1", kNope, 1},
                     {"partial_yarn_t3", kPartialYarn, 3},
                     {"factors_t1", kFactors, 1},
                     {"neox_unfused_t1", kNeox, 1},
                     {"q_read_between_t1", kReadBetween, 1},
                     {"rows1_made_even_t3", kRows1, 3}};
        for (const auto& c : cases) QTest::newRow(c.tag) << int(c.mode) << c.tokens;
    }
    void attentionFront() {
        QFETCH(int, mode);
        QFETCH(int, tokens);
        const Mode m = static_cast<Mode>(mode);
        std::mt19937 rng(static_cast<unsigned>(mode * 31 + tokens));
        // Three weight types in one dispatch (each slot its own decoder).
        const TestWeight wq(quant::Type::Q4_K, kCols, kHeads * kHeadDim, rng),
            wk(quant::Type::Q6_K, kCols, kHeadsKv * kHeadDim, rng),
            wv(quant::Type::Q8_0, kCols, kHeadsKv * kHeadDim, rng), norm(quant::Type::F32, kCols, 1, rng);
        TestWeight factors(quant::Type::F32, kHeadDim / 2, 1, rng);
        for (size_t i = 0; i < factors.dequantized.size(); ++i) { // divisors of the angles, 1 to 2.5
            const float f = 1.0f + 0.1f * float(i);
            std::memcpy(factors.bytes.data() + 4 * i, &f, 4);
            factors.dequantized[i] = f;
        }
        const std::vector<float> xv = randomVector(size_t(tokens) * kCols, rng, 2.0f);
        const std::vector<const TestWeight*> weights = {&wq, &wk, &wv, &norm, &factors};
        const int pos0 = 5;
        if (m == kRows1) qputenv("SMOLDESK_VK_MATVEC_ROWS", "1");
        const Result got = run(*fused_, m, tokens, pos0, xv, weights);
        const Result unfused = run(*plain_, m, tokens, pos0, xv, weights);
        qunsetenv("SMOLDESK_VK_MATVEC_ROWS");
        const Result products = run(*plain_, kProductsOnly, tokens, pos0, xv, weights);
        const Result want = run(*cpu_, m, tokens, pos0, xv, weights, &products);

        const bool fuses = m != kNeox && m != kReadBetween;
        QCOMPARE(got.dispatches, uint64_t(fuses ? 1 : 2));
        QCOMPARE(unfused.dispatches, uint64_t(2)); // the group, then store_kv with both rotations
        // Against the CPU backend's RoPE and cache write on the same products: float angles
        // (the CPU's own cos/sin) and f16 rounding (one step of 2^-11 may differ).
        const double eq = relativeError(got.q, want.q), ek = relativeError(got.kCache, want.kCache),
                     ev = relativeError(got.vCache, want.vCache);
        qInfo("vs CPU: q %.2g, k cache %.2g, v cache %.2g", eq, ek, ev);
        QVERIFY2(eq <= 2e-5, qPrintable(QString::number(eq)));
        QVERIFY2(ek <= 1e-3, qPrintable(QString::number(ek)));
        QVERIFY2(ev <= 1e-3, qPrintable(QString::number(ev)));
        // Against the unfused Vulkan path: the same products and angles (the rotation's
        // parameters are constants there, so the compiler may fold them differently).
        const double uq = relativeError(got.q, unfused.q), uk = relativeError(got.kCache, unfused.kCache),
                     uv = relativeError(got.vCache, unfused.vCache);
        qInfo("vs unfused: q %.2g, k cache %.2g, v cache %.2g", uq, uk, uv);
        QVERIFY2(uq <= 1e-5, qPrintable(QString::number(uq)));
        QVERIFY2(uk <= 1e-3, qPrintable(QString::number(uk)));
        QCOMPARE(got.vCache, unfused.vCache);
    }
};

QTEST_GUILESS_MAIN(TestVulkanKvFusion)
#include "test_vulkan_kv_fusion.moc"
