// matvec.comp at the shapes that reach each of its tails, against double math on the
// dequantized weights: K with an odd number of super-blocks (a team with one more than the
// other), K splits of 1, 2 and 4 subgroups (the host picks them from K), partial Q8_0
// super-blocks, F32/F16 widths that are not a multiple of 8 or 4, rows that are not a multiple
// of the rows per workgroup, 1–8 tokens, every epilogue (store, residual add, SwiGLU, GeGLU,
// folded RMSNorm) alone and in three-weight groups, weights bound in slices, and the layout
// and unroll overrides of the GPU sweeps. Small shapes: lavapipe is slow and CI slower.
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

double silu(double v) {
    return v / (1.0 + std::exp(-v));
}
double geluTanh(double v) {
    return 0.5 * v * (1.0 + std::tanh(0.7978845608 * (v + 0.044715 * v * v * v)));
}

enum class Epilogue { Store, Add, Swiglu, Geglu, Norm };
const char* epilogueName(Epilogue e) {
    switch (e) {
    case Epilogue::Store:
        return "store";
    case Epilogue::Add:
        return "add";
    case Epilogue::Swiglu:
        return "swiglu";
    case Epilogue::Geglu:
        return "geglu";
    default:
        return "norm";
    }
}

// Worst |got - want| / Σ|w·x| over every output.
struct Check {
    double worst = 0;
    void add(double got, double want, double magnitude) {
        const double e = std::fabs(got - want) / (magnitude + 1e-6);
        if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
    }
};

// y[t][r] = base[t][r] + Σ_c w[r][c] · in[t][c], checked against `got`.
void checkProduct(Check& check, const std::vector<float>& got, const TestWeight& w,
                  const std::vector<double>& in, int tokens, const std::vector<float>* base) {
    const int rows = int(w.info.ne[1]), cols = int(w.info.ne[0]);
    for (int t = 0; t < tokens; ++t)
        for (int r = 0; r < rows; ++r) {
            double ref = base ? (*base)[size_t(t) * rows + r] : 0.0, mag = std::fabs(ref);
            for (int c = 0; c < cols; ++c) {
                const double p = double(w.dequantized[size_t(r) * cols + c]) * in[size_t(t) * cols + c];
                ref += p;
                mag += std::fabs(p);
            }
            check.add(got[size_t(t) * rows + r], ref, mag);
        }
}

// Sets an environment variable for the scope (the backend reads the layout overrides per dispatch).
struct ScopedEnv {
    const char* name;
    ScopedEnv(const char* n, const QByteArray& v) : name(n) { qputenv(n, v); }
    ~ScopedEnv() { qunsetenv(name); }
};

} // namespace

class TestVulkanMatvec : public QObject {
    Q_OBJECT

    std::unique_ptr<vk::VulkanBackend> gpu_;

    BufferId upload(vk::VulkanBackend& be, const std::vector<float>& v) {
        const BufferId b = be.createBuffer(v.size());
        be.upload(b, 0, v);
        return b;
    }
    std::vector<float> read(vk::VulkanBackend& be, BufferId b, size_t n) {
        std::vector<float> out(n);
        be.read(b, 0, n, out.data());
        return out;
    }

    // One weight through matmul (store) on `be`, checked against double math.
    double product(vk::VulkanBackend& be, quant::Type type, int cols, int rows, int tokens, unsigned seed) {
        std::mt19937 rng(seed);
        TestWeight w(type, cols, rows, rng);
        const WeightId gw = be.addWeight(w.info);
        const std::vector<float> xv = randomVector(size_t(tokens) * cols, rng);
        const BufferId x = upload(be, xv), y = be.createBuffer(size_t(tokens) * rows);
        be.matmul(gw, x, y, tokens);
        Check check;
        checkProduct(check, read(be, y, size_t(tokens) * rows), w, std::vector<double>(xv.begin(), xv.end()),
                     tokens, nullptr);
        return check.worst;
    }

  private slots:
    void initTestCase() {
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        gpu_ = makeVulkanBackend();
        QVERIFY(gpu_->validating());
        const vk::DeviceCaps& c = gpu_->caps();
        qInfo("subgroup %u, size control %s [%u, %u]", c.subgroupSize, c.subgroupSizeControl ? "yes" : "no",
              c.minSubgroupSize, c.maxSubgroupSize);
    }

    // Each type at K splits 1 (768: three super-blocks over two teams), 2 (1280) and 4 (2048),
    // 37 and 19 rows (odd: the last workgroup has one row), 1, 3 and 8 tokens.
    void tails_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("tokens");
        struct Shape {
            quant::Type type;
            std::vector<int> cols;
        };
        const Shape shapes[] = {
            {quant::Type::Q4_K, {768, 1280, 2048}},
            {quant::Type::Q6_K, {768, 1280, 2048}},
            {quant::Type::IQ4_XS, {768, 1280, 2048}},
            {quant::Type::Q8_0, {800, 1312, 2080}}, // partial super-blocks
            {quant::Type::F16, {772, 1284}},
            {quant::Type::F32, {1283}}, // generic: 8-runs, tails
            {quant::Type::Q5_K, {768, 2048}},
            {quant::Type::Q4_1, {1280}},
        };
        for (const Shape& s : shapes)
            for (int cols : s.cols)
                for (int tokens : {1, 3, 8}) {
                    const int rows = cols >= 2000 ? 19 : 37;
                    QTest::addRow("%s %dx%d t%d", quant::typeName(s.type), cols, rows, tokens)
                        << int(s.type) << cols << rows << tokens;
                }
    }
    void tails() {
        QFETCH(int, type);
        QFETCH(int, cols);
        QFETCH(int, rows);
        QFETCH(int, tokens);
        const double e =
            product(*gpu_, quant::Type(type), cols, rows, tokens, unsigned(type * 131 + cols + tokens));
        QVERIFY2(e <= 2e-5, qPrintable(QString::number(e)));
    }

    // Every epilogue at split 1 and split 4, with one weight and with a three-weight group (two
    // of whose weights have fewer rows than a workgroup's share of a K split would suggest).
    void epilogues_data() {
        QTest::addColumn<int>("epilogue");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("tokens");
        for (Epilogue e : {Epilogue::Store, Epilogue::Add, Epilogue::Swiglu, Epilogue::Geglu, Epilogue::Norm})
            for (int cols : {768, 2048})
                for (int tokens : {1, 8})
                    QTest::addRow("%s K%d t%d", epilogueName(e), cols, tokens) << int(e) << cols << tokens;
    }
    void epilogues() {
        QFETCH(int, epilogue);
        QFETCH(int, cols);
        QFETCH(int, tokens);
        const auto e = Epilogue(epilogue);
        std::mt19937 rng(unsigned(epilogue * 17 + cols + tokens));
        const size_t nIn = size_t(tokens) * cols;
        const std::vector<float> xv = randomVector(nIn, rng, 2.0f), uv = randomVector(nIn, rng);
        const BufferId x = upload(*gpu_, xv), up = upload(*gpu_, uv);
        std::vector<double> in(nIn);
        for (size_t i = 0; i < nIn; ++i)
            in[i] = e == Epilogue::Swiglu  ? silu(xv[i]) * uv[i]
                    : e == Epilogue::Geglu ? geluTanh(xv[i]) * uv[i]
                                           : xv[i];
        Check check;
        if (e == Epilogue::Store || e == Epilogue::Norm) {
            // A q/k/v-like group of three types in one dispatch.
            const quant::Type types[] = {quant::Type::Q4_K, quant::Type::Q6_K, quant::Type::IQ4_XS};
            const int rowsOf[] = {37, 9, 16};
            std::vector<TestWeight> w;
            std::vector<MatmulOutput> outs;
            for (int i = 0; i < 3; ++i) {
                w.emplace_back(types[i], cols, rowsOf[i], rng);
                outs.push_back(
                    {gpu_->addWeight(w.back().info), gpu_->createBuffer(size_t(tokens) * rowsOf[i])});
            }
            const uint64_t before = gpu_->stats().dispatches;
            if (e == Epilogue::Norm) {
                TestWeight norm(quant::Type::F32, cols, 1, rng);
                const BufferId normed = gpu_->createBuffer(nIn);
                gpu_->normMatmulGroup(x, gpu_->addWeight(norm.info), 1e-6f, normed, outs, tokens, cols);
                for (int t = 0; t < tokens; ++t) {
                    double squares = 0;
                    for (int c = 0; c < cols; ++c)
                        squares += double(xv[size_t(t) * cols + c]) * xv[size_t(t) * cols + c];
                    const double scale = 1.0 / std::sqrt(squares / cols + 1e-6);
                    for (int c = 0; c < cols; ++c)
                        in[size_t(t) * cols + c] *= scale * norm.dequantized[size_t(c)];
                }
            } else {
                gpu_->matmulGroup(x, outs, tokens);
            }
            QCOMPARE(gpu_->stats().dispatches - before, uint64_t(1));
            for (int i = 0; i < 3; ++i)
                checkProduct(check, read(*gpu_, outs[size_t(i)].out, size_t(tokens) * rowsOf[i]),
                             w[size_t(i)], in, tokens, nullptr);
        } else {
            const int rows = 45;
            TestWeight w(quant::Type::Q6_K, cols, rows, rng);
            const WeightId gw = gpu_->addWeight(w.info);
            const std::vector<float> base = randomVector(size_t(tokens) * rows, rng);
            const BufferId out = upload(*gpu_, base), scratch = gpu_->createBuffer(base.size());
            const uint64_t before = gpu_->stats().dispatches;
            if (e == Epilogue::Add)
                gpu_->matmulAdd(gw, x, out, scratch, tokens, rows);
            else
                gpu_->gluMatmulAdd(e == Epilogue::Swiglu ? GluActivation::Silu : GluActivation::GeluTanh, gw,
                                   x, up, out, scratch, tokens, size_t(cols), rows);
            QCOMPARE(gpu_->stats().dispatches - before, uint64_t(1));
            checkProduct(check, read(*gpu_, out, base.size()), w, in, tokens, &base);
        }
        qInfo("relative error %.2g", check.worst);
        QVERIFY2(check.worst <= 2e-5, qPrintable(QString::number(check.worst)));
    }

    // Weights bound in slices: row starts at every alignment (Q6_K's 210-byte blocks at K 768
    // make 630-byte rows), each slice its own target.
    void slices() {
        auto sliced = makeVulkanBackend(4096);
        for (auto [type, cols] : {std::pair{quant::Type::Q6_K, 768}, std::pair{quant::Type::IQ4_XS, 1280},
                                  std::pair{quant::Type::Q8_0, 800}, std::pair{quant::Type::Q4_K, 1280}})
            for (int tokens : {1, 8}) {
                const double e = product(*sliced, type, cols, 41, tokens, unsigned(cols + tokens));
                QVERIFY2(e <= 2e-5,
                         qPrintable(QString("%1 t%2: %3").arg(quant::typeName(type)).arg(tokens).arg(e)));
            }
    }

    // The layout overrides (tests/gpu/matvec_sweep.sh): rows per workgroup 1, 3 and 4 (37 rows:
    // partial last workgroups) and K splits 1 and 8, the largest clamped by the shared budget.
    void layoutOverrides() {
        for (const char* rowsPer : {"1", "3", "4"})
            for (const char* split : {"1", "8"}) {
                ScopedEnv a("SMOLDESK_VK_MATVEC_ROWS", rowsPer), b("SMOLDESK_VK_MATVEC_SPLIT", split);
                for (quant::Type type : {quant::Type::Q6_K, quant::Type::F16})
                    for (int tokens : {1, 8}) {
                        const double e = product(*gpu_, type, 1280, 37, tokens, unsigned(tokens + 3));
                        QVERIFY2(e <= 2e-5, qPrintable(QString("rows %1 split %2 %3 t%4: %5")
                                                           .arg(rowsPer)
                                                           .arg(split)
                                                           .arg(quant::typeName(type))
                                                           .arg(tokens)
                                                           .arg(e)));
                    }
            }
    }

    // SMOLDESK_VK_MATVEC_UNROLL (super-blocks whose loads a team issues together) away from its
    // defaults (2 for 1-2 tokens, else 1; the other tests run those): 4 at 1, 2, 3 and 8 tokens,
    // 1 at one token, 2 at 8 tokens, for every 16-lane type and a generic one. K 1280 is 5
    // super-blocks over 4 teams, 2816 11 over 8 (teams with super-blocks outside the unrolled
    // steps), Q8_0 2080 has a partial ninth; 37 rows at the default rows per workgroup (2, or 4
    // with several tokens) leave a partial last workgroup. About 2 s a case on lavapipe (each
    // is a pipeline of its own), hence one K per type.
    void unrollOverrides_data() {
        QTest::addColumn<QByteArray>("unroll");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("tokens");
        const std::pair<quant::Type, int> shapes[] = {
            {quant::Type::Q4_K, 2816},   {quant::Type::Q5_K, 1280}, {quant::Type::Q6_K, 2816},
            {quant::Type::IQ4_XS, 1280}, {quant::Type::Q8_0, 2080}, {quant::Type::F16, 1284},
        };
        const std::pair<const char*, std::vector<int>> runs[] = {{"4", {1, 2, 3, 8}}, {"1", {1}}, {"2", {8}}};
        for (const auto& [unroll, tokensList] : runs)
            for (auto [type, cols] : shapes)
                for (int tokens : tokensList)
                    QTest::addRow("unroll %s %s K%d t%d", unroll, quant::typeName(type), cols, tokens)
                        << QByteArray(unroll) << int(type) << cols << tokens;
    }
    void unrollOverrides() {
        QFETCH(QByteArray, unroll);
        QFETCH(int, type);
        QFETCH(int, cols);
        QFETCH(int, tokens);
        ScopedEnv u("SMOLDESK_VK_MATVEC_UNROLL", unroll);
        const double e = product(*gpu_, quant::Type(type), cols, 37, tokens, unsigned(type + cols + tokens));
        QVERIFY2(e <= 2e-5, qPrintable(QString::number(e)));
    }
};

QTEST_GUILESS_MAIN(TestVulkanMatvec)
#include "test_vulkan_matvec.moc"
