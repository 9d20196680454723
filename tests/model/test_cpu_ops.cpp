// Each CPU op against a naive double-precision reference on random data and odd shapes.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "quant/cpu_kernels.h"
#include "quant/dequant.h"
#include "quant/fp16.h"
#include "quant/quantize.h"
#include "quant/types.h"
#include "quant/vec_dot.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

using namespace smoldesk;
using namespace smoldesk::compute;

namespace {

std::vector<float> randomVector(size_t n, std::mt19937& rng, float scale = 1.0f) {
    std::normal_distribution<float> dist(0.0f, scale);
    std::vector<float> v(n);
    for (auto& x : v) x = dist(rng);
    return v;
}

// A weight tensor living in test memory, described like one from a GGUF file.
struct TestWeight {
    std::vector<uint8_t> bytes;
    gguf::TensorInfo info;
    std::vector<float> dequantized; // what the blocks hold, row-major [rows][cols]

    TestWeight(quant::Type type, int cols, int rows, std::mt19937& rng) {
        std::vector<float> src = randomVector(static_cast<size_t>(cols) * rows, rng);
        const size_t rowBytes = quant::rowBytes(type, static_cast<uint64_t>(cols));
        bytes.resize(rowBytes * static_cast<size_t>(rows));
        dequantized.resize(src.size());
        for (int r = 0; r < rows; ++r) {
            quant::quantizeRow(type, src.data() + static_cast<size_t>(r) * cols, bytes.data() + r * rowBytes,
                               cols);
            quant::dequantizeRow(type, bytes.data() + r * rowBytes,
                                 dequantized.data() + static_cast<size_t>(r) * cols, cols);
        }
        info.name = "w";
        info.nDims = 2;
        info.ne = {static_cast<uint64_t>(cols), static_cast<uint64_t>(rows), 1, 1};
        info.type = type;
        info.nElements = src.size();
        info.nBytes = bytes.size();
        info.data = bytes.data();
    }
};

BufferId upload(CpuBackend& be, const std::vector<float>& v) {
    BufferId id = be.createBuffer(v.size());
    std::copy(v.begin(), v.end(), be.data(id));
    return id;
}

} // namespace

class TestCpuOps : public QObject {
    Q_OBJECT

  private slots:
    void matmul_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("tokens");
        for (quant::Type t : {quant::Type::F32, quant::Type::F16, quant::Type::Q8_0, quant::Type::Q4_0,
                              quant::Type::Q4_K, quant::Type::Q6_K}) {
            const int block = static_cast<int>(quant::typeInfo(t).blockSize);
            for (int tokens : {1, 3, 9}) {
                int cols = block == 256 ? 512 : block * 7;
                QTest::addRow("%s %dx%d t%d", quant::typeName(t), cols, 37, tokens)
                    << int(t) << cols << 37 << tokens;
            }
            QTest::addRow("%s 256x1 t2", quant::typeName(t)) << int(t) << 256 << 1 << 2;
            // 48 rows: K-quants are repacked into 16-row groups; 70 tokens span two blocks.
            for (int tokens : {1, 70})
                QTest::addRow("%s 512x48 t%d", quant::typeName(t), tokens) << int(t) << 512 << 48 << tokens;
        }
    }
    void matmul() {
        QFETCH(int, type);
        QFETCH(int, cols);
        QFETCH(int, rows);
        QFETCH(int, tokens);
        std::mt19937 rng(static_cast<unsigned>(type * 1000 + cols + rows + tokens));
        TestWeight w(static_cast<quant::Type>(type), cols, rows, rng);
        CpuBackend be(2);
        WeightId wid = be.addWeight(w.info);
        std::vector<float> x = randomVector(static_cast<size_t>(tokens) * cols, rng);
        BufferId xb = upload(be, x);
        BufferId out = be.createBuffer(static_cast<size_t>(tokens) * rows);
        be.matmul(wid, xb, out, tokens);
        // Activations are quantized to 8 bits for quantized weights; f32 weights stay exact.
        const bool exactAct = quant::vecDotType(w.info.type) == quant::Type::F32;
        for (int t = 0; t < tokens; ++t)
            for (int r = 0; r < rows; ++r) {
                double ref = 0, mag = 0;
                for (int c = 0; c < cols; ++c) {
                    double p = double(w.dequantized[size_t(r) * cols + c]) * x[size_t(t) * cols + c];
                    ref += p;
                    mag += std::fabs(p);
                }
                double got = be.data(out)[size_t(t) * rows + r];
                double tol = (exactAct ? 1e-5 : 1.5e-2) * mag + 1e-6;
                if (std::fabs(got - ref) > tol)
                    QFAIL(qPrintable(QString("token %1 row %2: got %3, reference %4 (tolerance %5)")
                                         .arg(t)
                                         .arg(r)
                                         .arg(got)
                                         .arg(ref)
                                         .arg(tol)));
            }
    }

    // Grouped products and fused epilogues give exactly what separate matmul, swiglu and add
    // give (matmul itself is checked against the reference above), on packed and GGUF rows.
    void fusedMatmuls_data() {
        QTest::addColumn<int>("tokens");
        QTest::newRow("decode") << 1;
        QTest::newRow("prompt") << 70;
    }
    void fusedMatmuls() {
        QFETCH(int, tokens);
        std::mt19937 rng(static_cast<unsigned>(tokens));
        const int cols = 512;
        TestWeight wq(quant::Type::Q4_K, cols, 48, rng), wk(quant::Type::Q6_K, cols, 32, rng),
            wv(quant::Type::Q8_0, cols, 37, rng), wd(quant::Type::Q4_K, cols, 64, rng);
        CpuBackend be(2);
        const WeightId q = be.addWeight(wq.info), k = be.addWeight(wk.info), v = be.addWeight(wv.info),
                       down = be.addWeight(wd.info);
        if (quant::cpu::isaSupported(quant::cpu::Isa::Avx512) &&
            std::string(quant::cpuKernelName()) == "avx512")
            QVERIFY(be.isPacked(q) && be.isPacked(k) && !be.isPacked(v));
        const size_t n = static_cast<size_t>(tokens);
        const BufferId x = upload(be, randomVector(n * cols, rng));
        const BufferId oq = be.createBuffer(n * 48), ok = be.createBuffer(n * 32),
                       ov = be.createBuffer(n * 37);
        const MatmulOutput group[] = {{q, oq}, {k, ok}, {v, ov}};
        be.matmulGroup(x, group, tokens);
        for (const auto& [w, o] : group) {
            const size_t rows = w == q ? 48 : w == k ? 32 : 37;
            const BufferId alone = be.createBuffer(n * rows);
            be.matmul(w, x, alone, tokens);
            QVERIFY(std::equal(be.data(o), be.data(o) + n * rows, be.data(alone)));
        }
        // Residual epilogue: out += W·x.
        const std::vector<float> residual = randomVector(n * 64, rng);
        const BufferId acc = upload(be, residual), scratch = be.createBuffer(n * 64),
                       plain = be.createBuffer(n * 64);
        be.matmulAdd(down, x, acc, scratch, tokens, 64);
        be.matmul(down, x, plain, tokens);
        for (size_t i = 0; i < n * 64; ++i) QCOMPARE(be.data(acc)[i], residual[i] + be.data(plain)[i]);
        // SwiGLU input: out += W·(silu(gate) ⊙ up).
        const BufferId gate = upload(be, randomVector(n * cols, rng, 3.0f)),
                       up = upload(be, randomVector(n * cols, rng));
        const BufferId acc2 = upload(be, residual), act = be.createBuffer(n * cols);
        be.glu(compute::GluActivation::Silu, gate, up, act, n * cols);
        be.matmul(down, act, plain, tokens);
        be.gluMatmulAdd(compute::GluActivation::Silu, down, gate, up, acc2, scratch, tokens, cols, 64);
        for (size_t i = 0; i < n * 64; ++i) QCOMPARE(be.data(acc2)[i], residual[i] + be.data(plain)[i]);
    }

    // Decode's weight ranges are shared out by equal bytes and finished by whichever thread
    // is free (grains taken from the far end of a range still in progress): with more threads
    // than cores, threads are preempted mid-range and others take over their grains. Every
    // row must still be computed exactly once: the result equals the one-thread product bit
    // for bit (each row's dot product is the same kernel call whichever thread runs it).
    void decodeRangesSharedBetweenThreads() {
        std::mt19937 rng(17);
        const int cols = 512;
        TestWeight wa(quant::Type::Q4_K, cols, 1024, rng), wb(quant::Type::Q6_K, cols, 512, rng),
            wc(quant::Type::Q4_K, cols, 752, rng);
        CpuBackend one(1), many(6);
        const std::vector<float> xv = randomVector(cols, rng);
        std::vector<float> want[3];
        {
            const WeightId a = one.addWeight(wa.info), b = one.addWeight(wb.info), c = one.addWeight(wc.info);
            const BufferId x = upload(one, xv);
            const MatmulOutput group[] = {
                {a, one.createBuffer(1024)}, {b, one.createBuffer(512)}, {c, one.createBuffer(752)}};
            one.matmulGroup(x, group, 1);
            for (int i = 0; i < 3; ++i)
                want[i].assign(one.data(group[i].out), one.data(group[i].out) + (i == 0   ? 1024
                                                                                 : i == 1 ? 512
                                                                                          : 752));
        }
        const WeightId a = many.addWeight(wa.info), b = many.addWeight(wb.info), c = many.addWeight(wc.info);
        const BufferId x = upload(many, xv);
        const MatmulOutput group[] = {
            {a, many.createBuffer(1024)}, {b, many.createBuffer(512)}, {c, many.createBuffer(752)}};
        for (int rep = 0; rep < 300; ++rep) {
            for (int i = 0; i < 3; ++i)
                std::fill(many.data(group[i].out), many.data(group[i].out) + want[i].size(), NAN);
            many.matmulGroup(x, group, 1);
            for (int i = 0; i < 3; ++i)
                if (!std::equal(want[i].begin(), want[i].end(), many.data(group[i].out)))
                    QFAIL(qPrintable(QString("repetition %1: output %2 differs from the one-thread product")
                                         .arg(rep)
                                         .arg(i)));
        }
    }

    void embed() {
        std::mt19937 rng(5);
        for (quant::Type t :
             {quant::Type::F32, quant::Type::F16, quant::Type::Q8_0, quant::Type::Q4_K, quant::Type::Q6_K}) {
            TestWeight w(t, 256, 11, rng);
            CpuBackend be(1);
            WeightId wid = be.addWeight(w.info);
            std::vector<int32_t> ids = {10, 0, 3, 3};
            BufferId out = be.createBuffer(ids.size() * 256);
            be.embed(wid, ids, out);
            for (size_t r = 0; r < ids.size(); ++r)
                for (int c = 0; c < 256; ++c)
                    QCOMPARE(be.data(out)[r * 256 + c], w.dequantized[size_t(ids[r]) * 256 + c]);
        }
    }

    void rmsNorm() {
        std::mt19937 rng(7);
        const int dim = 77, rows = 3;
        std::vector<float> x = randomVector(dim * rows, rng, 3.0f), wv = randomVector(dim, rng);
        gguf::TensorInfo wi;
        wi.nDims = 1;
        wi.ne = {uint64_t(dim), 1, 1, 1};
        wi.type = quant::Type::F32;
        wi.nElements = dim;
        wi.nBytes = dim * 4;
        wi.data = reinterpret_cast<const uint8_t*>(wv.data());
        CpuBackend be(1);
        WeightId w = be.addWeight(wi);
        BufferId xb = upload(be, x), out = be.createBuffer(x.size());
        be.rmsNorm(xb, w, out, rows, dim, 1e-6f);
        for (int r = 0; r < rows; ++r) {
            double ss = 0;
            for (int i = 0; i < dim; ++i) ss += double(x[r * dim + i]) * x[r * dim + i];
            double scale = 1.0 / std::sqrt(ss / dim + 1e-6);
            for (int i = 0; i < dim; ++i)
                QVERIFY(std::fabs(be.data(out)[r * dim + i] - x[r * dim + i] * scale * wv[i]) < 1e-5);
        }
    }

    void rope_data() {
        QTest::addColumn<int>("style");
        QTest::addColumn<int>("ropeDims");
        QTest::addColumn<double>("freqScale");
        QTest::addColumn<bool>("factors");
        QTest::addColumn<double>("attnFactor");
        QTest::addColumn<double>("extFactor");
        QTest::newRow("adjacent full") << int(RopeStyle::Adjacent) << 12 << 1.0 << false << 1.0 << 0.0;
        QTest::newRow("adjacent partial") << int(RopeStyle::Adjacent) << 8 << 1.0 << false << 1.0 << 0.0;
        QTest::newRow("neox full") << int(RopeStyle::NeoX) << 12 << 1.0 << false << 1.0 << 0.0;
        QTest::newRow("neox partial") << int(RopeStyle::NeoX) << 6 << 1.0 << false << 1.0 << 0.0;
        QTest::newRow("neox, linear scaling 1/8")
            << int(RopeStyle::NeoX) << 12 << 0.125 << false << 1.0 << 0.0;
        QTest::newRow("adjacent, llama3 divisors")
            << int(RopeStyle::Adjacent) << 12 << 1.0 << true << 1.0 << 0.0;
        QTest::newRow("neox partial, LongRoPE factors and attention factor")
            << int(RopeStyle::NeoX) << 8 << 1.0 << true << 1.25 << 0.0;
        QTest::newRow("neox, YaRN factor 32")
            << int(RopeStyle::NeoX) << 12 << 1.0 / 32 << false << 0.9 << 1.0;
        QTest::newRow("adjacent, YaRN with divisors")
            << int(RopeStyle::Adjacent) << 12 << 0.25 << true << 1.0 << 1.0;
    }
    // Against the formula of RopeSpec (ggml's rope_ext) evaluated in double precision.
    void rope() {
        QFETCH(int, style);
        QFETCH(int, ropeDims);
        QFETCH(double, freqScale);
        QFETCH(bool, factors);
        QFETCH(double, attnFactor);
        QFETCH(double, extFactor);
        std::mt19937 rng(9);
        const int rows = 5, heads = 3, hd = 12, pos0 = 1000;
        const double base = 5e6;
        std::vector<float> x = randomVector(size_t(rows) * heads * hd, rng);
        std::vector<float> divisors(static_cast<size_t>(ropeDims / 2));
        for (size_t i = 0; i < divisors.size(); ++i) divisors[i] = 1.0f + 1.5f * float(i);
        CpuBackend be(1);
        gguf::TensorInfo ft;
        ft.name = "rope_freqs.weight";
        ft.nDims = 1;
        ft.ne = {divisors.size(), 1, 1, 1};
        ft.type = quant::Type::F32;
        ft.nElements = divisors.size();
        ft.nBytes = divisors.size() * sizeof(float);
        ft.data = reinterpret_cast<const uint8_t*>(divisors.data());
        compute::RopeSpec spec{ropeDims, float(base), float(freqScale), RopeStyle(style)};
        if (factors) spec.freqFactors = be.addWeight(ft);
        spec.attnFactor = float(attnFactor);
        spec.extFactor = float(extFactor);
        spec.corrLow = 1.0f;
        spec.corrHigh = 4.0f;
        BufferId xb = upload(be, x);
        be.rope(xb, rows, heads, hd, pos0, spec);
        for (int r = 0; r < rows; ++r)
            for (int h = 0; h < heads; ++h) {
                const float* in = &x[(size_t(r) * heads + h) * hd];
                const float* got = be.data(xb) + (size_t(r) * heads + h) * hd;
                for (int i = 0; i < ropeDims / 2; ++i) {
                    const double extrap = (pos0 + r) * std::pow(base, -2.0 * i / ropeDims) /
                                          (factors ? divisors[size_t(i)] : 1.0);
                    double theta = freqScale * extrap, m = attnFactor;
                    if (extFactor != 0) {
                        const double y =
                            (i - spec.corrLow) / std::max(0.001, double(spec.corrHigh - spec.corrLow));
                        const double ramp = (1 - std::clamp(y, 0.0, 1.0)) * extFactor;
                        theta = theta * (1 - ramp) + extrap * ramp;
                        m *= 1 + 0.1 * std::log(1 / freqScale);
                    }
                    int a = style == int(RopeStyle::Adjacent) ? 2 * i : i;
                    int b = style == int(RopeStyle::Adjacent) ? 2 * i + 1 : i + ropeDims / 2;
                    double ra = m * (in[a] * std::cos(theta) - in[b] * std::sin(theta));
                    double rb = m * (in[a] * std::sin(theta) + in[b] * std::cos(theta));
                    QVERIFY2(std::fabs(got[a] - ra) < 2e-3 && std::fabs(got[b] - rb) < 2e-3,
                             qPrintable(QString("pair %1: %2 %3, want %4 %5")
                                            .arg(i)
                                            .arg(got[a])
                                            .arg(got[b])
                                            .arg(ra)
                                            .arg(rb)));
                }
                for (int i = ropeDims; i < hd; ++i) QCOMPARE(got[i], in[i]); // past ropeDims untouched
            }
    }

    void attentionGqa_data() {
        QTest::addColumn<int>("nHead");
        QTest::addColumn<int>("nHeadKv");
        QTest::addColumn<int>("hd");
        QTest::addColumn<int>("pos0");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("window");
        // Odd head widths take the one-query path; multiples of 16 the tiled kernels, with
        // groups of 1 (8 tokens per task), 4 (SmolLM3), 16 (two tasks per KV head), prompts
        // and single-token decode, and positions ending inside and at the edge of a K tile.
        QTest::newRow("hd 12, group 3, prompt") << 6 << 2 << 12 << 17 << 5 << 0;
        QTest::newRow("hd 16, group 1, prompt") << 2 << 2 << 16 << 3 << 11 << 0;
        QTest::newRow("hd 64, group 4, prompt") << 8 << 2 << 64 << 30 << 9 << 0;
        QTest::newRow("hd 128, group 4, decode") << 16 << 4 << 128 << 47 << 1 << 0;
        QTest::newRow("hd 32, group 16, prompt") << 16 << 1 << 32 << 15 << 3 << 0;
        QTest::newRow("hd 16, group 4, tile edge") << 4 << 1 << 16 << 0 << 32 << 0;
        // Sliding windows (gemma3): a window inside one K tile, across tiles, and one query
        // whose window starts mid-tile while its neighbours' start elsewhere.
        QTest::newRow("hd 64, window 5, prompt") << 4 << 2 << 64 << 30 << 9 << 5;
        QTest::newRow("hd 16, window 20, decode") << 4 << 1 << 16 << 70 << 1 << 20;
        QTest::newRow("hd 12, window 7, prompt") << 6 << 2 << 12 << 17 << 5 << 7;
        QTest::newRow("hd 32, window 33, group 16") << 16 << 1 << 32 << 40 << 3 << 33;
    }
    // Every kernel variant this CPU runs against a double-precision softmax over f16-rounded K/V.
    void attentionGqa() {
        QFETCH(int, nHead);
        QFETCH(int, nHeadKv);
        QFETCH(int, hd);
        QFETCH(int, pos0);
        QFETCH(int, rows);
        QFETCH(int, window);
        std::mt19937 rng(11);
        const int kvDim = nHeadKv * hd, ctx = pos0 + rows + 3;
        const float scale = 1.0f / std::sqrt(float(hd));
        std::vector<float> k = randomVector(size_t(pos0 + rows) * kvDim, rng),
                           v = randomVector(size_t(pos0 + rows) * kvDim, rng);
        std::vector<float> q = randomVector(size_t(rows) * nHead * hd, rng, 2.0f);
        auto f16 = [](float x) { return double(quant::fp16ToFp32(quant::fp32ToFp16(x))); };
        std::vector<double> want(q.size());
        for (int r = 0; r < rows; ++r)
            for (int h = 0; h < nHead; ++h) {
                const int g = h / (nHead / nHeadKv), n = pos0 + r + 1;
                const int first = window > 0 ? std::max(0, n - window) : 0;
                std::vector<double> s(n);
                double mx = -1e300, sum = 0;
                for (int j = first; j < n; ++j) {
                    double dot = 0;
                    for (int d = 0; d < hd; ++d)
                        dot += q[(size_t(r) * nHead + h) * hd + d] * f16(k[size_t(j) * kvDim + g * hd + d]);
                    s[j] = dot * scale;
                    mx = std::max(mx, s[j]);
                }
                for (int j = first; j < n; ++j) sum += (s[j] = std::exp(s[j] - mx));
                for (int d = 0; d < hd; ++d) {
                    double o = 0;
                    for (int j = first; j < n; ++j) o += s[j] / sum * f16(v[size_t(j) * kvDim + g * hd + d]);
                    want[(size_t(r) * nHead + h) * hd + d] = o;
                }
            }
        const std::string before = quant::cpuKernelName();
        int variants = 0;
        for (const char* variant : {"scalar", "avx2", "avx512"}) {
            if (!quant::selectCpuKernel(variant)) continue;
            ++variants;
            CpuBackend be(2);
            be.createKvCache(2, ctx, kvDim);
            // Layer 1's cache holds positions 0..pos0+rows-1, written in two calls.
            BufferId kb = upload(be, k), vb = upload(be, v);
            be.storeKv(1, kb, vb, pos0 + rows, 0);
            BufferId qb = upload(be, q), out = be.createBuffer(q.size());
            be.attention(1, qb, out, rows, pos0, AttentionShape{nHead, nHeadKv, hd, scale, window});
            for (size_t i = 0; i < want.size(); ++i)
                if (std::fabs(be.data(out)[i] - want[i]) > 1e-4)
                    QFAIL(qPrintable(QString("%1: value %2: got %3, want %4")
                                         .arg(variant)
                                         .arg(i)
                                         .arg(be.data(out)[i])
                                         .arg(want[i])));
        }
        QVERIFY(quant::selectCpuKernel(before));
        QVERIFY(variants >= 1);
    }

    void swigluAndAdd() {
        std::mt19937 rng(13);
        const size_t n = 10007;
        std::vector<float> g = randomVector(n, rng, 4.0f), u = randomVector(n, rng);
        // Gates far into both tails, where e^-x over- or underflows in float.
        for (float extreme : {-200.0f, -88.5f, -30.0f, 30.0f, 88.5f, 200.0f})
            g[static_cast<size_t>(extreme + 300)] = extreme;
        const std::string before = quant::cpuKernelName();
        for (const char* variant : {"scalar", "avx2", "avx512"}) {
            if (!quant::selectCpuKernel(variant)) continue;
            CpuBackend be(2);
            BufferId gb = upload(be, g), ub = upload(be, u), out = be.createBuffer(n);
            for (auto act : {compute::GluActivation::Silu, compute::GluActivation::GeluTanh}) {
                const bool gelu = act == compute::GluActivation::GeluTanh;
                be.glu(act, gb, ub, out, n);
                for (size_t i = 0; i < n; ++i) {
                    const double x = g[i];
                    const double a =
                        gelu ? 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))
                             : x / (1.0 + std::exp(-x));
                    const double ref = a * u[i];
                    if (!(std::fabs(be.data(out)[i] - ref) < 1e-5 * (1 + std::fabs(ref))))
                        QFAIL(qPrintable(QString("%1: %2(%3)·%4 = %5, want %6")
                                             .arg(variant)
                                             .arg(gelu ? "gelu" : "silu")
                                             .arg(g[i])
                                             .arg(u[i])
                                             .arg(be.data(out)[i])
                                             .arg(ref)));
                }
            }
        }
        QVERIFY(quant::selectCpuKernel(before));
        CpuBackend be(2);
        BufferId gb = upload(be, g), ub = upload(be, u);
        be.add(gb, ub, gb, n);
        for (size_t i = 0; i < n; ++i) QCOMPARE(be.data(gb)[i], g[i] + u[i]);
        be.scale(ub, n, -2.5f);
        for (size_t i = 0; i < n; ++i) QCOMPARE(be.data(ub)[i], u[i] * -2.5f);
    }

    // The encoders' in-place tanh GELU (through the kernels' GEGLU row in chunks of 4096) on 1
    // and 2 threads: a range of several chunks on one thread, a last part chunk, both tails.
    void geluInPlace() {
        std::mt19937 rng(19);
        const size_t n = 10007;
        std::vector<float> x = randomVector(n, rng, 4.0f);
        for (float extreme : {-200.0f, -88.5f, -30.0f, 30.0f, 88.5f, 200.0f})
            x[static_cast<size_t>(extreme + 300)] = extreme;
        const std::string before = quant::cpuKernelName();
        for (const char* variant : {"scalar", "avx2", "avx512"}) {
            if (!quant::selectCpuKernel(variant)) continue;
            for (int threads : {1, 2}) {
                CpuBackend be(threads);
                BufferId xb = upload(be, x);
                be.gelu(xb, n);
                for (size_t i = 0; i < n; ++i) {
                    const double v = x[i];
                    const double ref =
                        0.5 * v * (1 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
                    if (!(std::fabs(be.data(xb)[i] - ref) < 1e-5 * (1 + std::fabs(ref))))
                        QFAIL(qPrintable(QString("%1, %2 threads: gelu(%3) = %4, want %5")
                                             .arg(variant)
                                             .arg(threads)
                                             .arg(x[i])
                                             .arg(be.data(xb)[i])
                                             .arg(ref)));
                }
            }
        }
        QVERIFY(quant::selectCpuKernel(before));
    }

    void addBias() {
        std::mt19937 rng(17);
        const int rows = 3, dim = 37;
        std::vector<float> x = randomVector(size_t(rows) * dim, rng), bias = randomVector(dim, rng);
        gguf::TensorInfo bi;
        bi.name = "b";
        bi.nDims = 1;
        bi.ne = {uint64_t(dim), 1, 1, 1};
        bi.nElements = dim;
        bi.nBytes = dim * 4;
        bi.data = reinterpret_cast<const uint8_t*>(bias.data());
        CpuBackend be(1);
        const WeightId b = be.addWeight(bi);
        BufferId xb = upload(be, x);
        be.addBias(xb, b, rows, dim);
        for (int r = 0; r < rows; ++r)
            for (int i = 0; i < dim; ++i) QCOMPARE(be.data(xb)[r * dim + i], x[r * dim + i] + bias[i]);
        // A bias of the wrong width is refused, not read past its end.
        QVERIFY_THROWS_EXCEPTION(smoldesk::Error, be.addBias(xb, b, 1, dim + 1));
    }
};

QTEST_GUILESS_MAIN(TestCpuOps)
#include "test_cpu_ops.moc"
