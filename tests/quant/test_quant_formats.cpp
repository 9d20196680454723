// Dequantization and quantization against the ggml-made quant-blocks fixtures, plus round-trip
// error bounds for the quantizers that have no byte-exact reference.
#include "quant_test_util.h"
#include "test_data.h"

#include "common/error.h"
#include "gguf/file.h"
#include "quant/block_formats.h"
#include "quant/dequant.h"
#include "quant/quantize.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <functional>

using smoldesk::Error;
using smoldesk::ErrorCode;
using smoldesk::quant::Type;
namespace quant = smoldesk::quant;
namespace test = smoldesk::test;

namespace {

constexpr int kFixtureCols = 512;
constexpr int kFixtureRows = 8;

double relativeRmse(const std::vector<float>& x, const std::vector<float>& y) {
    double err = 0, ref = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        err += (static_cast<double>(x[i]) - y[i]) * (static_cast<double>(x[i]) - y[i]);
        ref += static_cast<double>(x[i]) * x[i];
    }
    return std::sqrt(err / ref);
}

double roundTripRmse(Type type, const std::vector<float>& x) {
    const int64_t n = static_cast<int64_t>(x.size());
    std::vector<uint8_t> blocks(quant::rowBytes(type, static_cast<uint64_t>(n)));
    quant::quantizeRow(type, x.data(), blocks.data(), n);
    std::vector<float> y(x.size());
    quant::dequantizeRow(type, blocks.data(), y.data(), n);
    return relativeRmse(x, y);
}

bool expectUnsupported(const std::function<void()>& call, const char* typeName) {
    try {
        call();
    } catch (const Error& e) {
        return e.code() == ErrorCode::UnsupportedType && std::strstr(e.what(), typeName) != nullptr;
    }
    return false;
}

} // namespace

class TestQuantFormats : public QObject {
    Q_OBJECT

    std::unique_ptr<smoldesk::gguf::File> blocks_;
    std::unique_ptr<smoldesk::gguf::File> dequant_;

    const uint8_t* fixtureRow(const smoldesk::gguf::File& file, const char* name, Type type, int row) {
        const auto* t = file.findTensor(name);
        if (!t) qFatal("fixture tensor %s missing", name);
        if (t->type != type || t->ne[0] != kFixtureCols || t->rows() != kFixtureRows)
            qFatal("fixture tensor %s has an unexpected type or shape", name);
        return t->data + quant::rowBytes(type, kFixtureCols) * static_cast<uint64_t>(row);
    }
    const float* sourceRow(int row) {
        return reinterpret_cast<const float*>(fixtureRow(*blocks_, "f32", Type::F32, row));
    }

  private slots:
    void initTestCase() {
        blocks_ = smoldesk::gguf::File::open(test::dataPath("quant/quant-blocks.gguf"));
        dequant_ = smoldesk::gguf::File::open(test::dataPath("quant/quant-blocks-dequant.gguf"));
    }

    void dequantizeIsBitExactWithGgml() {
        for (const auto& ft : test::fixtureTypes()) {
            for (int row = 0; row < kFixtureRows; ++row) {
                std::vector<float> got(kFixtureCols);
                quant::dequantizeRow(ft.type, fixtureRow(*blocks_, ft.name, ft.type, row), got.data(),
                                     kFixtureCols);
                const auto* want =
                    reinterpret_cast<const float*>(fixtureRow(*dequant_, ft.name, Type::F32, row));
                for (int i = 0; i < kFixtureCols; ++i) {
                    uint32_t a, b;
                    std::memcpy(&a, &got[i], 4);
                    std::memcpy(&b, &want[i], 4);
                    if (a != b)
                        QFAIL(qPrintable(QString("%1 row %2 col %3: got %4, ggml %5")
                                             .arg(ft.name)
                                             .arg(row)
                                             .arg(i)
                                             .arg(double(got[i]), 0, 'g', 9)
                                             .arg(double(want[i]), 0, 'g', 9)));
                }
            }
        }
    }

    // The i-quant, ternary and FP4 fixture: every type's bytes as ggml quantized them, its values
    // as ggml (and gguf-py, bit-identical) dequantize them.
    void iqDequantizeIsBitExactWithGgml() {
        const auto blocks = smoldesk::gguf::File::open(test::dataPath("quant/quant-blocks-iq.gguf"));
        const auto dequant = smoldesk::gguf::File::open(test::dataPath("quant/quant-blocks-iq-dequant.gguf"));
        int checked = 0;
        for (const auto& ft : test::iqFixtureTypes()) {
            for (int row = 0; row < kFixtureRows; ++row) {
                std::vector<float> got(kFixtureCols);
                quant::dequantizeRow(ft.type, fixtureRow(*blocks, ft.name, ft.type, row), got.data(),
                                     kFixtureCols);
                const auto* want =
                    reinterpret_cast<const float*>(fixtureRow(*dequant, ft.name, Type::F32, row));
                for (int i = 0; i < kFixtureCols; ++i)
                    if (std::memcmp(&got[i], &want[i], 4) != 0)
                        QFAIL(qPrintable(QString("%1 row %2 col %3: got %4, ggml %5")
                                             .arg(ft.name)
                                             .arg(row)
                                             .arg(i)
                                             .arg(double(got[i]), 0, 'g', 9)
                                             .arg(double(want[i]), 0, 'g', 9)));
            }
            ++checked;
        }
        QCOMPARE(checked, 13);
    }

    void quantizeIsByteExactWithGgml() {
        for (const auto& ft : test::fixtureTypes()) {
            if (ft.type == Type::Q2_K || ft.type == Type::Q3_K || ft.type == Type::Q4_K ||
                ft.type == Type::Q5_K || ft.type == Type::Q6_K)
                continue; // our K-quant searches differ from ggml's by design
            const size_t rowBytes = quant::rowBytes(ft.type, kFixtureCols);
            for (int row = 0; row < kFixtureRows; ++row) {
                std::vector<uint8_t> got(rowBytes);
                quant::quantizeRow(ft.type, sourceRow(row), got.data(), kFixtureCols);
                const uint8_t* want = fixtureRow(*blocks_, ft.name, ft.type, row);
                for (size_t i = 0; i < rowBytes; ++i)
                    if (got[i] != want[i])
                        QFAIL(qPrintable(QString("%1 row %2 byte %3: got %4, ggml %5")
                                             .arg(ft.name)
                                             .arg(row)
                                             .arg(i)
                                             .arg(got[i])
                                             .arg(want[i])));
            }
        }
    }

    // Every SIMD variant must write the same activation bytes as the portable code, and the
    // Q8_0 ones must match ggml's reference quantizer on the fixture rows.
    void activationQuantizersAgreeAcrossVariants() {
        std::mt19937 rng(7);
        std::vector<float> x = test::gaussianRow(rng, 256 * 12, 3.0f);
        std::fill(x.begin(), x.begin() + 256, 0.0f); // an all-zero block
        x[300] = 5.0f;
        for (int i = 512; i < 768; ++i) x[i] = static_cast<float>(i % 255 - 127) * 0.5f; // exact .5 ties
        for (int row = 0; row < kFixtureRows; ++row)
            x.insert(x.end(), sourceRow(row), sourceRow(row) + kFixtureCols);
        const int64_t n = static_cast<int64_t>(x.size());
        std::vector<uint8_t> ref0(quant::rowBytes(Type::Q8_0, n)), refK(quant::rowBytes(Type::Q8_K, n));
        const auto& scalar = quant::cpu::scalarKernels();
        scalar.quantizeQ8_0(x.data(), ref0.data(), n);
        scalar.quantizeQ8_K(x.data(), refK.data(), n);
        const size_t fixtureStart = quant::rowBytes(Type::Q8_0, n - kFixtureRows * kFixtureCols);
        for (int row = 0; row < kFixtureRows; ++row)
            QVERIFY(std::memcmp(ref0.data() + fixtureStart + row * quant::rowBytes(Type::Q8_0, kFixtureCols),
                                fixtureRow(*blocks_, "q8_0", Type::Q8_0, row),
                                quant::rowBytes(Type::Q8_0, kFixtureCols)) == 0);
        for (const auto& v : test::supportedVariants()) {
            std::vector<uint8_t> got0(ref0.size(), 0xAA), gotK(refK.size(), 0xAA);
            v.kernels->quantizeQ8_0(x.data(), got0.data(), n);
            v.kernels->quantizeQ8_K(x.data(), gotK.data(), n);
            QVERIFY2(got0 == ref0, v.kernels->name);
            QVERIFY2(gotK == refK, v.kernels->name);
        }
    }

    void q8KSumsAndScaleAreConsistent() {
        std::mt19937 rng(3);
        const auto x = test::gaussianRow(rng, 512);
        std::vector<quant::BlockQ8_K> y(2);
        quant::quantizeRow(Type::Q8_K, x.data(), y.data(), 512);
        for (const auto& b : y) {
            for (int k = 0; k < 16; ++k) {
                int s = 0;
                for (int l = 0; l < 16; ++l) s += b.qs[16 * k + l];
                QCOMPARE(static_cast<int>(b.bsums[k]), s);
            }
        }
    }

    void roundTripErrorIsBounded() {
        std::mt19937 rng(11);
        const auto x = test::gaussianRow(rng, 256 * 256);
        struct Bound {
            Type type;
            double maxRmse;
        };
        // ggml's own quantizers measure 0.0714 (Q4_K), 0.0351 (Q5_K), 0.0178 (Q6_K) and 0.0052
        // (Q8_0) on the N(0,1) fixture row.
        for (const Bound& b : {Bound{Type::Q4_K, 0.08}, Bound{Type::Q5_K, 0.04}, Bound{Type::Q6_K, 0.02},
                               Bound{Type::Q8_0, 0.0065}, Bound{Type::Q8_K, 0.008}, Bound{Type::Q4_0, 0.1},
                               Bound{Type::F16, 3e-4}, Bound{Type::BF16, 2.5e-3}}) {
            const double rmse = roundTripRmse(b.type, x);
            qInfo("round trip %s on N(0,1): relative RMSE %.6f (bound %.4f)", quant::typeName(b.type), rmse,
                  b.maxRmse);
            QVERIFY2(rmse <= b.maxRmse, quant::typeName(b.type));
        }
    }

    // On the fixture rows our K-quant searches must stay close to ggml's error.
    void kQuantErrorIsCloseToGgml() {
        for (const auto& ft : test::fixtureTypes()) {
            if (ft.type != Type::Q4_K && ft.type != Type::Q5_K && ft.type != Type::Q6_K) continue;
            for (int row = 0; row < kFixtureRows; ++row) {
                if (row == 2) continue; // near-zero row: f16 super-scales underflow for everyone
                const std::vector<float> x(sourceRow(row), sourceRow(row) + kFixtureCols);
                std::vector<float> ggml(kFixtureCols);
                quant::dequantizeRow(ft.type, fixtureRow(*blocks_, ft.name, ft.type, row), ggml.data(),
                                     kFixtureCols);
                const double ours = roundTripRmse(ft.type, x), theirs = relativeRmse(x, ggml);
                QVERIFY2(
                    ours <= theirs * 1.15 + 1e-4,
                    qPrintable(
                        QString("%1 row %2: ours %3, ggml %4").arg(ft.name).arg(row).arg(ours).arg(theirs)));
            }
        }
    }

    void unsupportedTypesAreNamed() {
        std::vector<float> f(256);
        std::vector<uint8_t> b(4096);
        QVERIFY(
            expectUnsupported([&] { quant::dequantizeRow(Type::Q1_0, b.data(), f.data(), 256); }, "Q1_0"));
        QVERIFY(
            expectUnsupported([&] { quant::quantizeRow(Type::IQ2_XS, f.data(), b.data(), 256); }, "IQ2_XS"));
        QVERIFY(expectUnsupported([&] { quant::quantizeRow(Type::Q2_K, f.data(), b.data(), 256); }, "Q2_K"));
        QVERIFY(
            expectUnsupported([&] { quant::dequantizeRow(static_cast<Type>(77), b.data(), f.data(), 256); },
                              "unknown type 77"));
        QVERIFY(!quant::canDequantize(Type::Q2_0));
        QVERIFY(quant::canDequantize(Type::IQ4_NL));
        try {
            quant::dequantizeRow(Type::Q4_K, b.data(), f.data(), 100);
            QFAIL("a partial block was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::InvalidArgument);
        }
    }
};

QTEST_GUILESS_MAIN(TestQuantFormats)
#include "test_quant_formats.moc"
