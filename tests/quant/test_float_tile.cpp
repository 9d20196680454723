// The f16/bf16 prompt tiles (float_tile.inc: 16 weight rows widened and transposed once into a
// k-major panel, outer-product micro-kernels of 16 rows × 8 (AVX-512) or 6 (AVX2) tokens) of every
// kernel variant this CPU runs, against a double-precision reference: random rows and the
// ggml-made fixture blocks, with row counts that leave remainders of the 16-row panel, token
// counts that leave remainders of each variant's micro-tile, and widths with a tail after whole
// 16- and 8-column transposes (and shorter than one). Activation rows are padded with NaN, so a read past a
// row's end shows. CTest also runs it with SMOLDESK_CPU_KERNEL forcing each variant through the public entry
// point.
#include "quant_test_util.h"
#include "test_data.h"

#include "gguf/file.h"
#include "quant/cpu_kernels.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

using smoldesk::quant::Type;
namespace quant = smoldesk::quant;
namespace test = smoldesk::test;

namespace {

constexpr double kRelTolerance = 1e-5; // of Σ|w·a|: float sums in another order than the reference

// Activation rows (f32, the vecDotType of f16 and bf16) with NaN padding between rows.
struct Tokens {
    std::vector<float> data;
    size_t stride = 0; // floats
};

Tokens randomTokens(std::mt19937& rng, int64_t n, int count, float stddev) {
    Tokens t;
    t.stride = static_cast<size_t>(n) + 19;
    t.data.assign(t.stride * static_cast<size_t>(count), std::numeric_limits<float>::quiet_NaN());
    for (int c = 0; c < count; ++c) {
        const auto row = test::gaussianRow(rng, n, stddev);
        std::memcpy(t.data.data() + c * t.stride, row.data(), row.size() * sizeof(float));
    }
    return t;
}

// Checks tile(...) (a vecDotTile) on nRows weight rows and every token count in `counts`.
template <typename Tile>
void checkTile(const char* name, Tile tile, Type type, int64_t n, const std::vector<uint8_t>& weights,
               int nRows, const Tokens& tokens, const std::vector<int>& counts) {
    const size_t wStride = quant::rowBytes(type, static_cast<uint64_t>(n));
    std::vector<std::vector<double>> w;
    for (int r = 0; r < nRows; ++r)
        w.push_back(test::dequantizeToDouble(type, weights.data() + r * wStride, n));
    for (int nCols : counts) {
        const size_t outStride = static_cast<size_t>(nRows) + 3;
        std::vector<float> out(outStride * static_cast<size_t>(nCols), -7.0f);
        tile(type, n, weights.data(), wStride, nRows, tokens.data.data(), tokens.stride * sizeof(float),
             nCols, out.data(), outStride);
        for (int c = 0; c < nCols; ++c) {
            const float* a = tokens.data.data() + c * tokens.stride;
            for (int r = 0; r < nRows; ++r) {
                double dot = 0, absSum = 0;
                for (int64_t i = 0; i < n; ++i) {
                    dot += w[r][i] * a[i];
                    absSum += std::fabs(w[r][i] * a[i]);
                }
                const float got = out[c * outStride + r];
                QVERIFY2(
                    std::fabs(got - dot) <= kRelTolerance * absSum + 1e-30,
                    qPrintable(QString("%1 %2 n=%3, %4 rows, %5 tokens: row %6 token %7 got %8, reference %9")
                                   .arg(name)
                                   .arg(quant::typeName(type))
                                   .arg(n)
                                   .arg(nRows)
                                   .arg(nCols)
                                   .arg(r)
                                   .arg(c)
                                   .arg(got, 0, 'g', 10)
                                   .arg(dot, 0, 'g', 10)));
            }
            for (size_t r = static_cast<size_t>(nRows); r < outStride; ++r)
                QCOMPARE(out[c * outStride + r], -7.0f); // nothing written past the rows
        }
    }
}

void checkEveryVariant(Type type, int64_t n, const std::vector<uint8_t>& weights, int nRows,
                       const Tokens& tokens, const std::vector<int>& counts) {
    for (const auto& v : test::supportedVariants())
        checkTile(v.kernels->name, v.kernels->vecDotTile, type, n, weights, nRows, tokens, counts);
}

} // namespace

class TestFloatTile : public QObject {
    Q_OBJECT

  private slots:
    void variants() {
        for (const auto& v : test::supportedVariants()) qInfo("variant tested: %s", v.kernels->name);
        QVERIFY(!test::supportedVariants().empty());
    }

    // Random f16/bf16 rows: 37 rows = 2 groups of 16 + 5 (a micro-tile and 1), 3 rows (less than
    // one micro-tile), widths 768 (whole chunk and vectors), 588 (a SigLIP-14 patch row: chunk +
    // tail of 76 = 4 ymm + 12 lanes), 1100 (two chunks and a tail) and 7 (a tail only).
    void randomRows_data() {
        QTest::addColumn<int>("type");
        QTest::newRow("F16") << static_cast<int>(Type::F16);
        QTest::newRow("BF16") << static_cast<int>(Type::BF16);
    }
    void randomRows() {
        QFETCH(int, type);
        const Type t = static_cast<Type>(type);
        std::mt19937 rng(4242 + type);
        for (int64_t n : {768, 588, 1100, 7}) {
            const Tokens tokens = randomTokens(rng, n, 70, 2.0f);
            for (int nRows : {37, 3}) {
                const auto x = test::gaussianRow(rng, n * nRows, 0.05f);
                std::vector<uint8_t> weights(quant::rowBytes(t, static_cast<uint64_t>(n * nRows)));
                quant::quantizeRow(t, x.data(), weights.data(), n * nRows);
                checkEveryVariant(t, n, weights, nRows, tokens, {2, 3, 5, 6, 7, 13, 64, 70});
            }
        }
    }

    // The panel's edges: widths around the 8- and 16-column transposes (1, 7, 8, 9, 15, 16, 17, 33),
    // 1, 15, 16, 17 and 33 rows (a part-filled panel, a full one, a full one and a part), and token
    // counts around both micro-tiles (6 and 8 tokens) and their multiples.
    void panelEdges() {
        std::mt19937 rng(31);
        for (Type t : {Type::F16, Type::BF16})
            for (int64_t n : {1, 7, 8, 9, 15, 16, 17, 33}) {
                const Tokens tokens = randomTokens(rng, n, 25, 1.0f);
                for (int nRows : {1, 15, 16, 17, 33}) {
                    const auto x = test::gaussianRow(rng, n * nRows, 0.1f);
                    std::vector<uint8_t> weights(quant::rowBytes(t, static_cast<uint64_t>(n * nRows)));
                    quant::quantizeRow(t, x.data(), weights.data(), n * nRows);
                    checkEveryVariant(t, n, weights, nRows, tokens, {2, 5, 6, 7, 8, 9, 12, 13, 16, 25});
                }
            }
    }

    // Random bit patterns (subnormals, huge values, every exponent), not only quantized gaussians.
    void randomBits() {
        std::mt19937 rng(77);
        const int64_t n = 600;
        const Tokens tokens = randomTokens(rng, n, 9, 1.0f);
        for (Type t : {Type::F16, Type::BF16}) {
            const auto weights = test::randomBlocks(rng, t, n * 21);
            checkEveryVariant(t, n, weights, 21, tokens, {2, 9});
        }
    }

    // The ggml-made fixture rows (8 rows of 512, including near-zero, outlier and huge rows),
    // repeated in another order to 21 rows, against the fixture's source rows and gaussian tokens.
    void fixtureBlocks() {
        const auto blocks = smoldesk::gguf::File::open(test::dataPath("quant/quant-blocks.gguf"));
        const auto* src = blocks->findTensor("f32");
        QVERIFY(src);
        std::mt19937 rng(5);
        const int64_t n = 512;
        Tokens tokens = randomTokens(rng, n, 11, 0.5f);
        for (int c = 0; c < 8; ++c)
            std::memcpy(tokens.data.data() + c * tokens.stride,
                        reinterpret_cast<const float*>(src->data) + n * c, n * sizeof(float));
        int checked = 0;
        for (auto [type, name] : {std::pair{Type::F16, "f16"}, std::pair{Type::BF16, "bf16"}}) {
            const auto* t = blocks->findTensor(name);
            QVERIFY2(t, name);
            const size_t stride = quant::rowBytes(type, n);
            QVERIFY(t->nBytes >= 8 * stride);
            std::vector<uint8_t> weights;
            for (int r = 0; r < 21; ++r) {
                const uint8_t* from = t->data + static_cast<size_t>((3 * r + 1) % 8) * stride;
                weights.insert(weights.end(), from, from + stride);
            }
            checkEveryVariant(type, n, weights, 21, tokens, {2, 4, 8, 11});
            ++checked;
        }
        QCOMPARE(checked, 2);
    }

    // CTest runs this with SMOLDESK_CPU_KERNEL naming each variant: the public entry point then
    // runs that variant's tile (a variant this CPU lacks falls back, and says so on stderr).
    void publicEntryPointForcedVariant() {
        const char* forced = std::getenv("SMOLDESK_CPU_KERNEL");
        if (forced && *forced) {
            bool supported = false;
            for (const auto& v : test::supportedVariants())
                supported = supported || std::strcmp(v.kernels->name, forced) == 0;
            if (supported) QCOMPARE(QString(quant::cpuKernelName()), QString(forced));
            qInfo("SMOLDESK_CPU_KERNEL=%s: running %s", forced, quant::cpuKernelName());
        }
        std::mt19937 rng(9);
        const int64_t n = 588;
        const Tokens tokens = randomTokens(rng, n, 17, 1.0f);
        const auto x = test::gaussianRow(rng, n * 19, 0.05f);
        std::vector<uint8_t> weights(quant::rowBytes(Type::F16, static_cast<uint64_t>(n * 19)));
        quant::quantizeRow(Type::F16, x.data(), weights.data(), n * 19);
        checkTile(quant::cpuKernelName(), quant::vecDotTile, Type::F16, n, weights, 19, tokens, {2, 7, 17});
    }
};

QTEST_GUILESS_MAIN(TestFloatTile)
#include "test_float_tile.moc"
