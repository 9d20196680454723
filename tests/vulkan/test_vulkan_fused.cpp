// The Vulkan backend's fused ops against an exact double reference: grouped matmuls (q/k/v,
// gate/up with mixed weight types), the residual add as matmul epilogue and SwiGLU folded
// into the down projection, for decode (one matvec dispatch) and prompt sizes; plus the
// bounded fence wait. Validation layer on: any message fails. SMOLDESK_BIG=1 runs SmolLM3-3B's
// layer shapes instead (q/k/v, gate/up, down at 8 tokens; about two minutes on lavapipe).
#include "common/error.h"
#include "quant/types.h"
#include "require_all.h"
#include "vulkan_test_util.h"

#include <QtTest>

#include <cmath>

using namespace smoldesk;
using namespace smoldesk::compute;
using namespace smoldesk::test;

namespace {

// Relative error allowed against double math: prompts (more than 8 tokens) go through
// matmul.comp, whose f16 weight tile rounds each weight to 11 bits (2^-11 of Σ|w·x|).
double productTolerance(int tokens) {
    return tokens > vk::VulkanBackend::kMaxMatvecTokens ? 1e-3 : 2e-5;
}

using Types = std::vector<int>;

// max over rows of |got - want| / Σ|terms|: the error relative to the size of the dot product.
struct Check {
    double worst = 0;
    void add(double got, double want, double magnitude) {
        const double e = std::fabs(got - want) / (magnitude + 1e-6);
        if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
    }
};

float silu(float x) {
    return x / (1.0f + std::exp(-x));
}

} // namespace

class TestVulkanFused : public QObject {
    Q_OBJECT

    std::unique_ptr<vk::VulkanBackend> gpu_;

    BufferId upload(const std::vector<float>& v) {
        const BufferId b = gpu_->createBuffer(v.size());
        gpu_->upload(b, 0, v);
        return b;
    }
    std::vector<float> read(BufferId b, size_t n) {
        std::vector<float> out(n);
        gpu_->read(b, 0, n, out.data());
        return out;
    }

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        gpu_ = makeVulkanBackend();
        QVERIFY(gpu_->validating());
    }

    void matmulGroup_data() {
        QTest::addColumn<Types>("types");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("tokens");
        const int q4k = int(quant::Type::Q4_K), q6k = int(quant::Type::Q6_K);
        if (std::getenv("SMOLDESK_BIG")) {
            QTest::addRow("3B qkv t8")
                << Types{int(quant::Type::Q4_K), int(quant::Type::Q4_K), int(quant::Type::Q6_K)} << 2048 << 8;
            QTest::addRow("3B down t8") << Types{int(quant::Type::Q6_K)} << 11008 << 8;
            QTest::addRow("3B gate/up t8")
                << Types{int(quant::Type::Q4_K), int(quant::Type::Q4_K)} << 2048 << 8;
            return;
        }
        for (int tokens : {1, 3, 8, 12}) {
            QTest::addRow("Q4_K,Q4_K,Q6_K t%d", tokens) << Types{q4k, q4k, q6k} << 512 << tokens;
            QTest::addRow("Q6_K,Q4_K t%d", tokens) << Types{q6k, q4k} << 768 << tokens;
            QTest::addRow("F32,F16,Q8_0 t%d", tokens)
                << Types{int(quant::Type::F32), int(quant::Type::F16), int(quant::Type::Q8_0)} << 288
                << tokens;
            QTest::addRow("Q4_0 t%d", tokens)
                << Types{int(quant::Type::Q4_0)} << 4160 << tokens; // 2 input chunks
        }
    }
    void matmulGroup() {
        QFETCH(Types, types);
        QFETCH(int, cols);
        QFETCH(int, tokens);
        std::mt19937 rng(static_cast<unsigned>(cols * 7 + tokens + types.size()));
        const bool big = std::getenv("SMOLDESK_BIG") != nullptr;
        const int rowsOf[] = {big ? 2048 : 37, big ? 512 : 19, big ? 512 : 70};
        std::vector<TestWeight> w;
        std::vector<MatmulOutput> outs;
        for (size_t i = 0; i < types.size(); ++i) {
            w.emplace_back(static_cast<quant::Type>(types[i]), cols, rowsOf[i], rng);
            outs.push_back({gpu_->addWeight(w.back().info),
                            gpu_->createBuffer(static_cast<size_t>(tokens) * rowsOf[i])});
        }
        const std::vector<float> xv = randomVector(static_cast<size_t>(tokens) * cols, rng);
        const BufferId x = upload(xv);
        const uint64_t before = gpu_->stats().dispatches;
        gpu_->matmulGroup(x, outs, tokens);
        const uint64_t dispatches = gpu_->stats().dispatches - before;
        if (tokens <= vk::VulkanBackend::kMaxMatvecTokens) QCOMPARE(dispatches, uint64_t(1));
        Check check;
        for (size_t i = 0; i < types.size(); ++i) {
            const std::vector<float> got = read(outs[i].out, static_cast<size_t>(tokens) * rowsOf[i]);
            for (int t = 0; t < tokens; ++t)
                for (int r = 0; r < rowsOf[i]; ++r) {
                    double ref = 0, mag = 0;
                    for (int c = 0; c < cols; ++c) {
                        const double p =
                            double(w[i].dequantized[size_t(r) * cols + c]) * xv[size_t(t) * cols + c];
                        ref += p;
                        mag += std::fabs(p);
                    }
                    check.add(got[size_t(t) * rowsOf[i] + r], ref, mag);
                }
        }
        qInfo("relative error %.2g", check.worst);
        QVERIFY2(check.worst <= productTolerance(tokens), qPrintable(QString::number(check.worst)));
    }

    // The pre-norm folded into the grouped product: one dispatch for decode (the matvec makes the
    // sum of squares itself), the separate norm for prompts; both against double math.
    void normMatmulGroup_data() {
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<bool>("folded");
        QTest::addRow("512 t1") << 512 << 1 << true;
        QTest::addRow("2048 t1") << 2048 << 1 << true;
        QTest::addRow("3072 t1") << 3072 << 1 << true;
        QTest::addRow("512 t8") << 512 << 8 << true;
        QTest::addRow("768 t3") << 768 << 3 << true;
        QTest::addRow("2048 t3") << 2048 << 3 << true; // (any width folds: a sum-of-squares pass)
        QTest::addRow("1280 t8") << 1280 << 8 << true;
        QTest::addRow("512 t12 (prompt)") << 512 << 12 << false;
    }
    void normMatmulGroup() {
        QFETCH(int, cols);
        QFETCH(int, tokens);
        QFETCH(bool, folded);
        std::mt19937 rng(static_cast<unsigned>(cols + 101 * tokens));
        const quant::Type types[] = {quant::Type::Q4_K, quant::Type::Q6_K, quant::Type::Q4_K};
        const int rowsOf[] = {37, 19, 40};
        std::vector<TestWeight> w;
        std::vector<MatmulOutput> outs;
        for (int i = 0; i < 3; ++i) {
            w.emplace_back(types[i], cols, rowsOf[i], rng);
            outs.push_back({gpu_->addWeight(w.back().info),
                            gpu_->createBuffer(static_cast<size_t>(tokens) * rowsOf[i])});
        }
        TestWeight norm(quant::Type::F32, cols, 1, rng);
        const WeightId nw = gpu_->addWeight(norm.info);
        const std::vector<float> xv = randomVector(static_cast<size_t>(tokens) * cols, rng, 3.0f);
        const BufferId x = upload(xv), normed = gpu_->createBuffer(static_cast<size_t>(tokens) * cols);
        const float eps = 1e-6f;
        const uint64_t before = gpu_->stats().dispatches;
        gpu_->normMatmulGroup(x, nw, eps, normed, outs, tokens, cols);
        // Not folded: the norm, then one grouped matvec (decode) or a tiled product per weight.
        const uint64_t separate = 1 + (tokens <= vk::VulkanBackend::kMaxMatvecTokens ? 1 : 3);
        QCOMPARE(gpu_->stats().dispatches - before, folded ? uint64_t(1) : separate);
        Check check;
        for (int t = 0; t < tokens; ++t) {
            double squares = 0;
            for (int c = 0; c < cols; ++c)
                squares += double(xv[size_t(t) * cols + c]) * xv[size_t(t) * cols + c];
            const double scale = 1.0 / std::sqrt(squares / cols + eps);
            for (int i = 0; i < 3; ++i) {
                const std::vector<float> got =
                    read(outs[size_t(i)].out, static_cast<size_t>(tokens) * rowsOf[i]);
                for (int r = 0; r < rowsOf[i]; ++r) {
                    double ref = 0, mag = 0;
                    for (int c = 0; c < cols; ++c) {
                        const double h = xv[size_t(t) * cols + c] * scale * norm.dequantized[size_t(c)];
                        const double p = double(w[size_t(i)].dequantized[size_t(r) * cols + c]) * h;
                        ref += p;
                        mag += std::fabs(p);
                    }
                    check.add(got[size_t(t) * rowsOf[i] + r], ref, mag);
                }
            }
        }
        qInfo("relative error %.2g", check.worst);
        QVERIFY2(check.worst <= productTolerance(tokens), qPrintable(QString::number(check.worst)));
    }

    // The FFN of a decode step as the decoders call it: the normed gate/up group, then the down
    // projection through gluMatmulAdd. Fused (the group waits for gluMatmulAdd): one GLU-pair
    // dispatch writes h = act(gate)·up, one more adds W_down·h; with a read of the gate output in
    // between, the group runs as it was (the read sees it) and the down projection folds the GLU.
    void gluPair_data() {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<bool>("gelu");
        QTest::addColumn<bool>("readBetween");
        for (int tokens : {1, 3, 8})
            for (bool gelu : {false, true})
                QTest::addRow("t%d %s", tokens, gelu ? "GeGLU" : "SwiGLU") << tokens << gelu << false;
        QTest::addRow("t3 SwiGLU, gate read between") << 3 << false << true;
    }
    void gluPair() {
        QFETCH(int, tokens);
        QFETCH(bool, gelu);
        QFETCH(bool, readBetween);
        std::mt19937 rng(static_cast<unsigned>(tokens * 7 + gelu + 2 * readBetween));
        const int cols = 512, ff = 97, d = 40;
        TestWeight gw(quant::Type::Q4_K, cols, ff, rng), uw(quant::Type::Q6_K, cols, ff, rng),
            dw(quant::Type::F16, ff, d, rng), norm(quant::Type::F32, cols, 1, rng);
        const WeightId g = gpu_->addWeight(gw.info), u = gpu_->addWeight(uw.info),
                       dn = gpu_->addWeight(dw.info), nw = gpu_->addWeight(norm.info);
        const std::vector<float> xv = randomVector(size_t(tokens) * cols, rng, 3.0f),
                                 resid = randomVector(size_t(tokens) * d, rng);
        const BufferId x = upload(xv), normed = gpu_->createBuffer(size_t(tokens) * cols),
                       gate = gpu_->createBuffer(size_t(tokens) * ff),
                       up = gpu_->createBuffer(size_t(tokens) * ff), out = upload(resid),
                       scratch = gpu_->createBuffer(size_t(tokens) * d);
        // The reference: normed input, gate and up, h, then resid + W_down·h, in double.
        std::vector<double> gref(size_t(tokens) * ff), href(size_t(tokens) * ff), gmag(gref.size());
        for (int t = 0; t < tokens; ++t) {
            double squares = 0;
            for (int c = 0; c < cols; ++c)
                squares += double(xv[size_t(t) * cols + c]) * xv[size_t(t) * cols + c];
            const double scale = 1.0 / std::sqrt(squares / cols + 1e-6);
            for (int r = 0; r < ff; ++r) {
                double gs = 0, us = 0, gm = 0;
                for (int c = 0; c < cols; ++c) {
                    const double in = xv[size_t(t) * cols + c] * scale * norm.dequantized[size_t(c)];
                    gs += gw.dequantized[size_t(r) * cols + c] * in;
                    us += uw.dequantized[size_t(r) * cols + c] * in;
                    gm += std::fabs(gw.dequantized[size_t(r) * cols + c] * in);
                }
                const double a = gelu ? gs / (1.0 + std::exp(-1.5957691216 * gs * (1.0 + 0.044715 * gs * gs)))
                                      : gs / (1.0 + std::exp(-gs));
                gref[size_t(t) * ff + r] = gs;
                gmag[size_t(t) * ff + r] = gm;
                href[size_t(t) * ff + r] = a * us;
            }
        }
        const uint64_t before = gpu_->stats().dispatches;
        const std::vector<MatmulOutput> group = {{g, gate}, {u, up}};
        gpu_->normMatmulGroup(x, nw, 1e-6f, normed, group, tokens, cols);
        if (readBetween) {
            const std::vector<float> got = read(gate, gref.size());
            Check check;
            for (size_t i = 0; i < got.size(); ++i) check.add(got[i], gref[i], gmag[i]);
            QVERIFY2(check.worst <= 2e-5, qPrintable(QString::number(check.worst)));
        }
        gpu_->gluMatmulAdd(gelu ? GluActivation::GeluTanh : GluActivation::Silu, dn, gate, up, out, scratch,
                           tokens, size_t(ff), size_t(d));
        const std::vector<float> got = read(out, resid.size());
        QCOMPARE(gpu_->stats().dispatches - before,
                 uint64_t(2)); // the pair (or group) and the down projection
        Check check;
        for (int t = 0; t < tokens; ++t)
            for (int r = 0; r < d; ++r) {
                double ref = resid[size_t(t) * d + r], mag = std::fabs(ref);
                for (int c = 0; c < ff; ++c) {
                    const double p = dw.dequantized[size_t(r) * ff + c] * href[size_t(t) * ff + c];
                    ref += p;
                    mag += std::fabs(p);
                }
                check.add(got[size_t(t) * d + r], ref, mag);
            }
        qInfo("relative error %.2g", check.worst);
        QVERIFY2(check.worst <= 1e-4, qPrintable(QString::number(check.worst)));
        if (!readBetween) { // fused: h went into the gate's buffer
            const std::vector<float> h = read(gate, href.size());
            Check hc;
            for (size_t i = 0; i < h.size(); ++i) hc.add(h[i], href[i], std::fabs(href[i]) + 1e-3);
            QVERIFY2(hc.worst <= 1e-3, qPrintable(QString::number(hc.worst)));
        }
    }

    // The final norm folds into an output head bound in slices (small binding limits such as
    // lavapipe's split the 3B head): each slice is a target of the same dispatch.
    void normFoldedIntoSlicedHead() {
        auto sliced = makeVulkanBackend(8192);
        std::mt19937 rng(23);
        const int cols = 512, rows = 40;
        TestWeight head(quant::Type::Q6_K, cols, rows, rng), norm(quant::Type::F32, cols, 1, rng);
        const WeightId hw = sliced->addWeight(head.info), nw = sliced->addWeight(norm.info);
        QCOMPARE(sliced->weight(hw).slices.size(), size_t(3));
        const std::vector<float> xv = randomVector(cols, rng, 3.0f);
        const BufferId x = sliced->createBuffer(cols), normed = sliced->createBuffer(cols),
                       out = sliced->createBuffer(rows);
        sliced->upload(x, 0, xv);
        const MatmulOutput outputs[] = {{hw, out}};
        const uint64_t before = sliced->stats().dispatches;
        sliced->normMatmulGroup(x, nw, 1e-6f, normed, outputs, 1, cols);
        QCOMPARE(sliced->stats().dispatches - before, uint64_t(1));
        std::vector<float> got(rows);
        sliced->read(out, 0, rows, got.data());
        double squares = 0;
        for (float v : xv) squares += double(v) * v;
        const double scale = 1.0 / std::sqrt(squares / cols + 1e-6);
        Check check;
        for (int r = 0; r < rows; ++r) {
            double ref = 0, mag = 0;
            for (int c = 0; c < cols; ++c) {
                const double p = double(head.dequantized[size_t(r) * cols + c]) * xv[size_t(c)] * scale *
                                 norm.dequantized[size_t(c)];
                ref += p;
                mag += std::fabs(p);
            }
            check.add(got[size_t(r)], ref, mag);
        }
        QVERIFY2(check.worst <= 2e-5, qPrintable(QString::number(check.worst)));
    }

    void matmulAddAndSwiglu_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<bool>("swiglu");
        if (std::getenv("SMOLDESK_BIG")) {
            QTest::addRow("3B down swiglu Q4_K") << int(quant::Type::Q4_K) << 8 << true;
            QTest::addRow("3B down swiglu Q6_K") << int(quant::Type::Q6_K) << 8 << true;
            return;
        }
        for (quant::Type t : {quant::Type::Q4_K, quant::Type::Q6_K, quant::Type::F16, quant::Type::Q8_0})
            for (int tokens : {1, 5, 8, 20})
                for (bool swiglu : {false, true})
                    QTest::addRow("%s t%d%s", quant::typeName(t), tokens, swiglu ? " swiglu" : "")
                        << int(t) << tokens << swiglu;
    }
    void matmulAddAndSwiglu() {
        QFETCH(int, type);
        QFETCH(int, tokens);
        QFETCH(bool, swiglu);
        std::mt19937 rng(static_cast<unsigned>(type * 31 + tokens + swiglu));
        const bool big = std::getenv("SMOLDESK_BIG") != nullptr;
        const int cols = big ? 11008 : 768, rows = big ? 2048 : 45;
        TestWeight w(static_cast<quant::Type>(type), cols, rows, rng);
        const WeightId gw = gpu_->addWeight(w.info);
        const size_t nIn = static_cast<size_t>(tokens) * cols, nOut = static_cast<size_t>(tokens) * rows;
        const std::vector<float> gv = randomVector(nIn, rng, 2.0f), uv = randomVector(nIn, rng);
        const std::vector<float> resid = randomVector(nOut, rng);
        const BufferId gate = upload(gv), up = upload(uv), out = upload(resid),
                       scratch = gpu_->createBuffer(nOut);
        const uint64_t before = gpu_->stats().dispatches;
        if (swiglu)
            gpu_->gluMatmulAdd(GluActivation::Silu, gw, gate, up, out, scratch, tokens, cols, rows);
        else
            gpu_->matmulAdd(gw, gate, out, scratch, tokens, rows);
        if (tokens <= vk::VulkanBackend::kMaxMatvecTokens || !swiglu)
            QCOMPARE(gpu_->stats().dispatches - before, uint64_t(1));
        const std::vector<float> got = read(out, nOut);
        Check check;
        for (int t = 0; t < tokens; ++t)
            for (int r = 0; r < rows; ++r) {
                double ref = resid[size_t(t) * rows + r], mag = std::fabs(ref);
                for (int c = 0; c < cols; ++c) {
                    const size_t i = size_t(t) * cols + c;
                    const double in = swiglu ? double(silu(gv[i])) * uv[i] : gv[i];
                    const double p = double(w.dequantized[size_t(r) * cols + c]) * in;
                    ref += p;
                    mag += std::fabs(p);
                }
                check.add(got[size_t(t) * rows + r], ref, mag);
            }
        qInfo("relative error %.2g", check.worst);
        QVERIFY2(check.worst <= productTolerance(tokens), qPrintable(QString::number(check.worst)));
    }

    void decodeStepReusesDescriptorsAndPipelines() {
        // After a first step, the same ops allocate and write no descriptor sets and create no pipelines.
        std::mt19937 rng(5);
        TestWeight w(quant::Type::Q4_K, 512, 64, rng);
        const WeightId gw = gpu_->addWeight(w.info);
        const BufferId x = upload(randomVector(512, rng)), y = gpu_->createBuffer(64);
        std::vector<float> out(64);
        for (int warmUp = 0; warmUp < 2; ++warmUp) { // (the first step also clears y)
            gpu_->matmulAdd(gw, x, y, y, 1, 64);
            gpu_->read(y, 0, 64, out.data());
        }
        const VulkanCounters a = *vulkanCounters(*gpu_);
        const uint64_t replays = gpu_->stats().replays;
        gpu_->matmulAdd(gw, x, y, y, 1, 64);
        gpu_->read(y, 0, 64, out.data());
        const VulkanCounters b = *vulkanCounters(*gpu_);
        QCOMPARE(gpu_->stats().replays - replays, uint64_t(1)); // the same commands: resubmitted as recorded
        QCOMPARE(b.descriptorSetAllocations - a.descriptorSetAllocations, uint64_t(0));
        QCOMPARE(b.descriptorWrites - a.descriptorWrites, uint64_t(0));
        QCOMPARE(b.pipelineCreations - a.pipelineCreations, uint64_t(0));
        QCOMPARE(b.submits - a.submits, uint64_t(1));
        QCOMPARE(b.fenceWaits - a.fenceWaits, uint64_t(1));
        QCOMPARE(b.weightBytesRead - a.weightBytesRead, uint64_t(w.info.nBytes));
    }

    // SMOLDESK_VK_PROFILE: every dispatch of a step, recorded or replayed, gets its GPU time under
    // its shader's label (name and specialization constants); without it nothing is measured.
    void gpuProfileCountsEveryDispatch() {
        QVERIFY(vulkanCounters(*gpu_)->kernels.empty());
        qputenv("SMOLDESK_VK_PROFILE", "1");
        auto gpu = makeVulkanBackend();
        qunsetenv("SMOLDESK_VK_PROFILE");
        std::mt19937 rng(7);
        TestWeight w(quant::Type::Q4_K, 512, 64, rng);
        const WeightId gw = gpu->addWeight(w.info);
        const BufferId x = gpu->createBuffer(512), y = gpu->createBuffer(64);
        gpu->upload(x, 0, randomVector(512, rng));
        std::vector<float> out(64);
        for (int step = 0; step < 3; ++step) { // recorded, then replayed
            gpu->matmulAdd(gw, x, y, y, 1, 64);
            gpu->read(y, 0, 64, out.data());
        }
        const VulkanCounters c = *vulkanCounters(*gpu);
        uint64_t profiled = 0;
        double us = 0;
        for (const auto& [label, t] : c.kernels) {
            QVERIFY2(label.find(' ') != std::string::npos, label.c_str()); // "<shader> <spec…>"
            QVERIFY(t.microseconds >= 0);
            profiled += t.dispatches;
            us += t.microseconds;
        }
        QCOMPARE(profiled, c.dispatches);
        QVERIFY(gpu->stats().replays >= 1);
        QVERIFY2(us > 0, qPrintable(QString::number(us)));
    }

    void stepsThatDifferFromTheLastBindTheirOwnBuffers() {
        // Descriptor sets and pipelines are first looked for at the same position of the last
        // step: a step that differs in one input buffer or in its token count must still bind
        // its own, and going back to an earlier step must find that step's again.
        std::mt19937 rng(11);
        const int cols = 256, rows = 32;
        TestWeight w(quant::Type::Q4_K, cols, rows, rng);
        const WeightId gw = gpu_->addWeight(w.info);
        const std::vector<float> inA = randomVector(2 * cols, rng), inB = randomVector(2 * cols, rng);
        const BufferId xA = upload(inA), xB = upload(inB), y = gpu_->createBuffer(2 * rows);
        struct Step {
            BufferId x;
            const std::vector<float>* in;
            int tokens;
        };
        const Step steps[] = {{xA, &inA, 1}, {xB, &inB, 1}, {xA, &inA, 1}, {xA, &inA, 2}, {xB, &inB, 1}};
        for (const Step& s : steps) {
            gpu_->matmul(gw, s.x, y, s.tokens);
            const std::vector<float> got = read(y, size_t(s.tokens) * rows);
            Check check;
            for (int t = 0; t < s.tokens; ++t)
                for (int r = 0; r < rows; ++r) {
                    double ref = 0, mag = 0;
                    for (int c = 0; c < cols; ++c) {
                        const double p =
                            double(w.dequantized[size_t(r) * cols + c]) * (*s.in)[size_t(t) * cols + c];
                        ref += p;
                        mag += std::fabs(p);
                    }
                    check.add(got[size_t(t) * rows + r], ref, mag);
                }
            QVERIFY2(check.worst <= 2e-5, qPrintable(QString::number(check.worst)));
        }
    }

    void hungGpuIsAnError() {
        // A fence wait of 1 ms on a large product: the wait gives up with a clear Error, and
        // every later step fails the same way instead of freezing.
        auto gpu = makeVulkanBackend(0, 1);
        std::mt19937 rng(9);
        TestWeight w(quant::Type::F32, 2048, 2048, rng);
        const int tokens = 64;
        BufferId y = -1;
        std::vector<float> out(16);
        bool threw = false;
        try { // (uploading the weight may already take longer than 1 ms)
            const WeightId gw = gpu->addWeight(w.info);
            const BufferId x = gpu->createBuffer(size_t(tokens) * 2048);
            y = gpu->createBuffer(size_t(tokens) * 2048);
            // A real GPU does 4 such products (0.5 GFLOP each) well within 1 ms: give it 256.
            const int products = gpu->caps().vkType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 4 : 256;
            for (int i = 0; i < products; ++i) gpu->matmul(gw, x, y, tokens);
            gpu->read(y, 0, out.size(), out.data());
        } catch (const Error& e) {
            threw = true;
            QCOMPARE(e.code(), ErrorCode::DeviceLost); // the app moves the model to the CPU
            QVERIFY2(std::string(e.what()).find("did not finish") != std::string::npos, e.what());
        }
        if (!threw) SMOLDESK_SKIP_OR_FAIL("The device finished the prompt-sized products within 1 ms.");
        QVERIFY_THROWS_EXCEPTION(Error, gpu->createBuffer(16)); // recording fails from now on
    }

    // Another driver error from a fence wait (SMOLDESK_VK_INJECT_ERROR=2: at the second read)
    // fails that step only. The fence is reset once the work has finished, so the next step,
    // the same commands again, runs with correct results and no validation message (a
    // still-signalled fence would make its submission invalid).
    void driverErrorFailsOneStepOnly() {
        qputenv("SMOLDESK_VK_INJECT_ERROR", "2");
        std::unique_ptr<vk::VulkanBackend> gpu;
        try {
            gpu = makeVulkanBackend();
        } catch (...) {
            qunsetenv("SMOLDESK_VK_INJECT_ERROR");
            throw;
        }
        qunsetenv("SMOLDESK_VK_INJECT_ERROR");
        std::mt19937 rng(12);
        const int cols = 256, rows = 64;
        TestWeight w(quant::Type::Q4_K, cols, rows, rng);
        const WeightId gw = gpu->addWeight(w.info);
        const std::vector<float> in = randomVector(cols, rng);
        const BufferId x = gpu->createBuffer(cols), y = gpu->createBuffer(rows);
        gpu->upload(x, 0, in);
        auto step = [&] {
            gpu->matmul(gw, x, y, 1);
            std::vector<float> out(rows);
            gpu->read(y, 0, out.size(), out.data());
            return out;
        };
        const std::vector<float> first = step();
        try {
            (void)step();
            QFAIL("the injected driver error was not reported");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::Backend);
            QVERIFY2(std::string(e.what()).find("VK_ERROR_UNKNOWN") != std::string::npos, e.what());
        }
        const std::vector<float> third = step();
        Check check;
        for (int r = 0; r < rows; ++r) {
            double ref = 0, mag = 0;
            for (int c = 0; c < cols; ++c) {
                const double p = double(w.dequantized[size_t(r) * cols + c]) * in[size_t(c)];
                ref += p;
                mag += std::fabs(p);
            }
            check.add(third[size_t(r)], ref, mag);
        }
        QVERIFY2(check.worst <= 2e-5, qPrintable(QString::number(check.worst)));
        QVERIFY(third == first);
    }
};

QTEST_GUILESS_MAIN(TestVulkanFused)
#include "test_vulkan_fused.moc"
