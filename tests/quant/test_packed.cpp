// Row-interleaved Q4_K/Q6_K/IQ4_XS groups: the packing is a bit-exact bijection with GGUF blocks,
// and every packed kernel (the portable one and each ISA's) matches a double-precision
// reference built from the dequantized weights and activations.
#include "quant_test_util.h"

#include "quant/dequant.h"
#include "quant/packed.h"
#include "quant/quantize.h"
#include "quant/vec_dot.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using smoldesk::quant::Type;
namespace quant = smoldesk::quant;
namespace test = smoldesk::test;

namespace {

constexpr int kRows = 16; // rows per packed group (packed_formats.h)

// A [rows][cols] GGUF matrix quantized from Gaussian values (valid scales, realistic quants);
// IQ4_XS, which SmolDesk does not quantize to, gets random blocks with sane scales.
std::vector<uint8_t> quantizedMatrix(std::mt19937& rng, Type type, int64_t cols, int rows) {
    if (type == Type::IQ4_XS) return test::randomBlocks(rng, type, cols * rows);
    const size_t rowBytes = quant::rowBytes(type, static_cast<uint64_t>(cols));
    std::vector<uint8_t> m(rowBytes * static_cast<size_t>(rows));
    for (int r = 0; r < rows; ++r) {
        // Rows of different magnitudes, one with an outlier, so scales and mins vary.
        std::vector<float> x = test::gaussianRow(rng, cols, 0.02f * static_cast<float>(1 + r % 5));
        if (r % 7 == 3) x[static_cast<size_t>(r) % x.size()] = 1.5f;
        quant::quantizeRow(type, x.data(), m.data() + static_cast<size_t>(r) * rowBytes, cols);
    }
    return m;
}

std::vector<uint8_t> packMatrix(Type type, int64_t cols, int rows, const std::vector<uint8_t>& m) {
    const size_t rowBytes = quant::rowBytes(type, static_cast<uint64_t>(cols));
    const size_t groupBytes = quant::packedGroupBytes(type, cols);
    std::vector<uint8_t> packed(groupBytes * static_cast<size_t>(rows / kRows));
    for (int g = 0; g < rows / kRows; ++g)
        quant::packRowGroup(type, cols, m.data() + static_cast<size_t>(g) * kRows * rowBytes, rowBytes,
                            packed.data() + static_cast<size_t>(g) * groupBytes);
    return packed;
}

} // namespace

class TestPacked : public QObject {
    Q_OBJECT

  private slots:
    void packingIsByteExactBijection_data() {
        QTest::addColumn<int>("type");
        QTest::newRow("Q4_K") << static_cast<int>(Type::Q4_K);
        QTest::newRow("Q6_K") << static_cast<int>(Type::Q6_K);
        QTest::newRow("IQ4_XS") << static_cast<int>(Type::IQ4_XS);
    }
    // Random bytes exercise every bit of every field, not only what a quantizer produces.
    void packingIsByteExactBijection() {
        QFETCH(int, type);
        const Type t = static_cast<Type>(type);
        std::mt19937 rng(7);
        const int64_t cols = 512;
        const size_t rowBytes = quant::rowBytes(t, cols);
        std::vector<uint8_t> rows(rowBytes * kRows);
        for (auto& b : rows) b = static_cast<uint8_t>(rng());
        std::vector<uint8_t> packed(quant::packedGroupBytes(t, cols));
        QCOMPARE(packed.size(), rows.size());
        quant::packRowGroup(t, cols, rows.data(), rowBytes, packed.data());
        QVERIFY(packed != rows);
        std::vector<uint8_t> back(rows.size(), 0xAA);
        quant::unpackRowGroup(t, cols, packed.data(), back.data(), rowBytes);
        QVERIFY(back == rows);
    }

    void packedRowsDequantizeLikeGguf_data() { packingIsByteExactBijection_data(); }
    void packedRowsDequantizeLikeGguf() {
        QFETCH(int, type);
        const Type t = static_cast<Type>(type);
        std::mt19937 rng(11);
        const int64_t cols = 768;
        const auto m = quantizedMatrix(rng, t, cols, 2 * kRows);
        const auto packed = packMatrix(t, cols, 2 * kRows, m);
        const size_t rowBytes = quant::rowBytes(t, cols);
        std::vector<float> want(static_cast<size_t>(cols)), got(static_cast<size_t>(cols));
        for (int r = 0; r < 2 * kRows; ++r) {
            quant::dequantizeRow(t, m.data() + static_cast<size_t>(r) * rowBytes, want.data(), cols);
            quant::dequantizePackedRow(t, cols,
                                       packed.data() + static_cast<size_t>(r / kRows) * packed.size() / 2,
                                       r % kRows, got.data());
            QVERIFY(std::memcmp(want.data(), got.data(), want.size() * sizeof(float)) == 0);
        }
    }

    void matmulMatchesReference_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("tokens");
        for (Type t : {Type::Q4_K, Type::Q6_K, Type::IQ4_XS}) {
            const char* name = quant::typeName(t);
            for (int tokens : {1, 3, 8, 13, 17})
                QTest::addRow("%s k=512 g=2 t=%d", name, tokens) << static_cast<int>(t) << 512 << 2 << tokens;
            QTest::addRow("%s k=2048 g=3 t=9", name) << static_cast<int>(t) << 2048 << 3 << 9;
        }
    }
    // Each variant this CPU runs (the portable packed path where a variant has no packed
    // kernel), storing and accumulating, against Σ dequantized weight × dequantized activation.
    void matmulMatchesReference() {
        QFETCH(int, type);
        QFETCH(int, cols);
        QFETCH(int, groups);
        QFETCH(int, tokens);
        const Type t = static_cast<Type>(type);
        const int rows = groups * kRows;
        std::mt19937 rng(static_cast<unsigned>(type * 1000 + cols + tokens));
        const auto m = quantizedMatrix(rng, t, cols, rows);
        const auto packed = packMatrix(t, cols, rows, m);
        const size_t rowBytes = quant::rowBytes(t, static_cast<uint64_t>(cols));
        const size_t actBytes = quant::rowBytes(Type::Q8_K, static_cast<uint64_t>(cols));
        std::vector<uint8_t> act(actBytes * static_cast<size_t>(tokens));
        std::vector<std::vector<double>> actValues;
        for (int c = 0; c < tokens; ++c) {
            const auto x = test::gaussianRow(rng, cols);
            quant::quantizeRow(Type::Q8_K, x.data(), act.data() + static_cast<size_t>(c) * actBytes, cols);
            actValues.push_back(
                test::dequantizeToDouble(Type::Q8_K, act.data() + static_cast<size_t>(c) * actBytes, cols));
        }
        std::vector<double> ref(static_cast<size_t>(rows * tokens)), scale(ref.size());
        for (int r = 0; r < rows; ++r) {
            const auto w = test::dequantizeToDouble(t, m.data() + static_cast<size_t>(r) * rowBytes, cols);
            for (int c = 0; c < tokens; ++c) {
                double dot = 0, abs = 0;
                for (int i = 0; i < cols; ++i) {
                    dot +=
                        w[static_cast<size_t>(i)] * actValues[static_cast<size_t>(c)][static_cast<size_t>(i)];
                    abs += std::fabs(w[static_cast<size_t>(i)] *
                                     actValues[static_cast<size_t>(c)][static_cast<size_t>(i)]);
                }
                ref[static_cast<size_t>(c * rows + r)] = dot;
                scale[static_cast<size_t>(c * rows + r)] = abs;
            }
        }
        const char* before = quant::cpuKernelName();
        for (const auto& v : test::supportedVariants()) {
            QVERIFY(quant::selectCpuKernel(v.kernels->name));
            std::vector<float> out(ref.size(), 0.0f);
            quant::packedMatmul(t, cols, packed.data(), groups, act.data(), actBytes, tokens, out.data(),
                                static_cast<size_t>(rows), false);
            std::vector<float> twice = out;
            quant::packedMatmul(t, cols, packed.data(), groups, act.data(), actBytes, tokens, twice.data(),
                                static_cast<size_t>(rows), true);
            for (size_t i = 0; i < ref.size(); ++i) {
                const double tol = 1e-5 * scale[i] + 1e-30;
                if (std::fabs(out[i] - ref[i]) > tol || std::fabs(twice[i] - 2 * ref[i]) > 2 * tol)
                    QFAIL(qPrintable(QString("%1: row %2 token %3: got %4 (accumulated %5), reference %6")
                                         .arg(v.kernels->name)
                                         .arg(i % static_cast<size_t>(rows))
                                         .arg(i / static_cast<size_t>(rows))
                                         .arg(out[i])
                                         .arg(twice[i])
                                         .arg(ref[i])));
            }
        }
        QVERIFY(quant::selectCpuKernel(before));
    }

    // The AVX-512 variant is the one that prefers packing; the others keep GGUF blocks.
    void packingPreferredOnlyWithPackedKernel() {
        const char* before = quant::cpuKernelName();
        for (const auto& v : test::supportedVariants()) {
            QVERIFY(quant::selectCpuKernel(v.kernels->name));
            const bool hasKernel = v.kernels->packedTile != nullptr;
            QCOMPARE(quant::packedPreferred(Type::Q4_K, 2048, 2048), hasKernel);
            QCOMPARE(quant::packedPreferred(Type::Q6_K, 11008, 2048), hasKernel);
            QCOMPARE(quant::packedPreferred(Type::IQ4_XS, 2048, 256), hasKernel);
            QVERIFY(!quant::packedPreferred(Type::IQ2_XXS, 2048, 2048));
            QVERIFY(!quant::packedPreferred(Type::Q4_K, 2048, 2056)); // rows not a multiple of 16
            QVERIFY(!quant::packedPreferred(Type::Q4_K, 2000, 2048)); // not whole blocks
            QVERIFY(!quant::packedPreferred(Type::Q8_0, 2048, 2048));
        }
        QVERIFY(quant::selectCpuKernel(before));
        if (quant::cpu::isaSupported(quant::cpu::Isa::Avx512))
            QVERIFY(quant::cpu::kernelsFor(quant::cpu::Isa::Avx512)->packedTile != nullptr);
    }
};

QTEST_APPLESS_MAIN(TestPacked)
#include "test_packed.moc"
