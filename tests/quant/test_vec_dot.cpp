// Every dot-product kernel of every ISA variant this CPU runs (on an AVX-512 machine the AVX2
// variant too), against a double-precision reference built from the dequantized weights and the
// dequantized activations.
#include "quant_test_util.h"
#include "test_data.h"

#include "common/error.h"
#include "gguf/file.h"
#include "quant/dequant.h"
#include "quant/quantize.h"
#include "quant/type_kernels.h"
#include "quant/vec_dot.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>

using smoldesk::quant::Type;
using smoldesk::quant::TypeRow;
namespace quant = smoldesk::quant;
namespace test = smoldesk::test;

namespace {

// A quantized activation row in vecDotType(weight), with its exact dequantized values.
struct Activation {
    std::vector<uint8_t> bytes;
    std::vector<double> values;
};

Activation makeActivation(Type weight, const std::vector<float>& x) {
    const Type actType = quant::vecDotType(weight);
    const int64_t n = static_cast<int64_t>(x.size());
    Activation a;
    a.bytes.resize(quant::rowBytes(actType, static_cast<uint64_t>(n)));
    quant::quantizeRow(actType, x.data(), a.bytes.data(), n);
    a.values = test::dequantizeToDouble(actType, a.bytes.data(), n);
    return a;
}

struct Reference {
    double dot = 0;
    double absSum = 0; // Σ|w·a|, the scale of the allowed rounding error
};

Reference referenceDot(Type weight, const uint8_t* w, const Activation& a) {
    const int64_t n = static_cast<int64_t>(a.values.size());
    const auto wv = test::dequantizeToDouble(weight, w, n);
    Reference r;
    for (int64_t i = 0; i < n; ++i) {
        r.dot += wv[i] * a.values[i];
        r.absSum += std::fabs(wv[i] * a.values[i]);
    }
    return r;
}

constexpr double kRelTolerance = 1e-5;

bool close(double got, const Reference& ref) {
    return std::fabs(got - ref.dot) <= kRelTolerance * ref.absSum + 1e-30;
}

QString describe(const char* isa, Type type, int64_t n, int row, double got, const Reference& ref) {
    return QString("%1 %2 n=%3 row %4: got %5, reference %6 (Σ|w·a| %7)")
        .arg(isa)
        .arg(quant::typeName(type))
        .arg(n)
        .arg(row)
        .arg(got, 0, 'g', 10)
        .arg(ref.dot, 0, 'g', 10)
        .arg(ref.absSum, 0, 'g', 4);
}

} // namespace

class TestVecDot : public QObject {
    Q_OBJECT

    // Checks vecDot and vecDotRows of every variant on nRows rows of the given weights.
    void checkRows(Type type, int64_t n, const std::vector<uint8_t>& weights, int nRows,
                   const Activation& act) {
        const size_t stride = quant::rowBytes(type, static_cast<uint64_t>(n));
        std::vector<Reference> refs;
        for (int r = 0; r < nRows; ++r) refs.push_back(referenceDot(type, weights.data() + r * stride, act));
        for (const auto& v : test::supportedVariants()) {
            std::vector<float> rows(static_cast<size_t>(nRows) + 1, 12345.0f);
            v.kernels->vecDotRows(type, n, weights.data(), stride, nRows, act.bytes.data(), rows.data());
            QCOMPARE(rows[static_cast<size_t>(nRows)], 12345.0f); // nothing written past the end
            for (int r = 0; r < nRows; ++r) {
                const float one = v.kernels->vecDot(type, n, weights.data() + r * stride, act.bytes.data());
                QVERIFY2(close(one, refs[r]),
                         qPrintable(describe(v.kernels->name, type, n, r, one, refs[r])));
                QVERIFY2(close(rows[r], refs[r]),
                         qPrintable(describe(v.kernels->name, type, n, r, rows[r], refs[r])));
            }
        }
    }

    static std::vector<Type> weightTypes() { return test::dotTypes(); }

    // vecDotTile of every variant on nRows rows and acts.size() tokens against the
    // double-precision reference, for several token counts.
    void checkTile(Type type, int64_t n, const std::vector<uint8_t>& weights, int nRows,
                   const std::vector<Activation>& acts, const char* what) {
        const size_t wStride = quant::rowBytes(type, static_cast<uint64_t>(n));
        const int maxCols = static_cast<int>(acts.size());
        const size_t aStride = acts[0].bytes.size() + 32; // padded rows
        std::vector<uint8_t> actBytes(aStride * static_cast<size_t>(maxCols));
        std::vector<Reference> refs; // refs[c · nRows + r]
        for (int c = 0; c < maxCols; ++c) {
            std::memcpy(actBytes.data() + c * aStride, acts[c].bytes.data(), acts[c].bytes.size());
            for (int r = 0; r < nRows; ++r)
                refs.push_back(referenceDot(type, weights.data() + r * wStride, acts[c]));
        }
        for (const auto& v : test::supportedVariants()) {
            for (int nCols : {2, 3, 4, 5, 8, 9, maxCols}) {
                if (nCols > maxCols) continue;
                const size_t outStride = static_cast<size_t>(nRows) + 5;
                std::vector<float> out(outStride * static_cast<size_t>(nCols), -7.0f);
                v.kernels->vecDotTile(type, n, weights.data(), wStride, nRows, actBytes.data(), aStride,
                                      nCols, out.data(), outStride);
                for (int c = 0; c < nCols; ++c) {
                    for (int r = 0; r < nRows; ++r) {
                        const float got = out[c * outStride + r];
                        const Reference& ref = refs[static_cast<size_t>(c * nRows + r)];
                        QVERIFY2(close(got, ref),
                                 qPrintable(QString("%1, tile of %2 tokens, token %3: %4")
                                                .arg(what)
                                                .arg(nCols)
                                                .arg(c)
                                                .arg(describe(v.kernels->name, type, n, r, got, ref))));
                    }
                    for (size_t r = nRows; r < outStride; ++r) QCOMPARE(out[c * outStride + r], -7.0f);
                }
            }
        }
    }

  private slots:
    void activationTypes() {
        QCOMPARE(quant::vecDotType(Type::Q4_K), Type::Q8_K);
        QCOMPARE(quant::vecDotType(Type::Q6_K), Type::Q8_K);
        QCOMPARE(quant::vecDotType(Type::Q2_K), Type::Q8_K);
        QCOMPARE(quant::vecDotType(Type::Q4_1), Type::Q8_0);
        QCOMPARE(quant::vecDotType(Type::Q8_0), Type::Q8_0);
        QCOMPARE(quant::vecDotType(Type::F16), Type::F32);
        QCOMPARE(quant::vecDotType(Type::BF16), Type::F32);
        qInfo("active CPU kernel: %s; variants tested:", quant::cpuKernelName());
        for (const auto& v : test::supportedVariants()) qInfo("  %s", v.kernels->name);
    }

    void randomRowsEveryTypeAndVariant() {
        std::mt19937 rng(1234);
        for (Type type : weightTypes()) {
            const int64_t block = quant::typeInfo(type).blockSize;
            // n = 256·k for several k, plus odd block counts for the 32-value formats.
            std::vector<int64_t> sizes = {256, 512, 768, 2816};
            // 192 and 2880 (gpt-oss's width): quads of blocks and a last pair (AVX2 MXFP4 rows).
            if (block <= 32) sizes.insert(sizes.end(), {32, 96, 192, 800, 2880});
            if (block == 1) sizes.insert(sizes.end(), {1, 7, 33, 100});
            for (int64_t n : sizes) {
                for (int nRows : {1, 3, 7}) {
                    const auto weights = test::randomBlocks(rng, type, n * nRows);
                    const auto act = makeActivation(type, test::gaussianRow(rng, n, 2.0f));
                    checkRows(type, n, weights, nRows, act);
                }
            }
        }
    }

    // Weights that really come out of quantizers (not random bytes), as in a model file.
    void quantizedGaussianRows() {
        std::mt19937 rng(99);
        for (Type type : {Type::Q4_K, Type::Q5_K, Type::Q6_K, Type::Q8_0, Type::Q4_0, Type::Q4_1, Type::Q5_0,
                          Type::Q5_1, Type::F16, Type::BF16}) {
            const int64_t n = 2048;
            const int nRows = 5;
            const auto x = test::gaussianRow(rng, n * nRows, 0.05f);
            std::vector<uint8_t> weights(quant::rowBytes(type, static_cast<uint64_t>(n * nRows)));
            quant::quantizeRow(type, x.data(), weights.data(), n * nRows);
            checkRows(type, n, weights, nRows, makeActivation(type, test::gaussianRow(rng, n, 3.0f)));
        }
    }

    // The ggml-made fixture rows (including near-zero, outlier and huge rows) against each
    // fixture source row as the activation.
    void fixtureRows_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("classic and K") << "quant/quant-blocks.gguf";
        QTest::newRow("i-quants, ternary, FP4") << "quant/quant-blocks-iq.gguf";
    }
    void fixtureRows() {
        QFETCH(QString, file);
        const auto blocks = smoldesk::gguf::File::open(test::dataPath(file.toStdString()));
        const auto* src = blocks->findTensor("f32");
        QVERIFY(src);
        std::vector<test::FixtureType> types = test::fixtureTypes();
        types.insert(types.end(), test::iqFixtureTypes().begin(), test::iqFixtureTypes().end());
        for (const auto& ft : types) {
            if (!quant::hasVecDot(ft.type)) continue;
            const auto* t = blocks->findTensor(ft.name);
            if (!t) continue; // the other fixture file's type
            const std::vector<uint8_t> weights(t->data, t->data + t->nBytes);
            for (int actRow : {0, 3, 7}) {
                const auto* x = reinterpret_cast<const float*>(src->data) + 512 * actRow;
                checkRows(ft.type, 512, weights, 8, makeActivation(ft.type, std::vector<float>(x, x + 512)));
            }
        }
    }

    // 19 rows and up to 10 tokens: a whole group of 16 rows and a remainder, tiles of 8 tokens
    // and a remainder (the AVX-512 decoded-group path), and the plain per-row paths.
    void tileMatchesDot() {
        std::mt19937 rng(5);
        for (Type type : weightTypes()) {
            const int64_t n = 768;
            const int nRows = 19, maxCols = 10;
            const size_t wStride = quant::rowBytes(type, n);
            const Type actType = quant::vecDotType(type);
            const size_t aStride = quant::rowBytes(actType, n) + 64; // padded rows
            const auto weights = test::randomBlocks(rng, type, n * nRows);
            std::vector<uint8_t> acts(aStride * maxCols);
            // Σ|w·a| of each row and token: the two float sums differ in order, so they may differ
            // by a few ulps of it (not of the result, which can cancel to near zero).
            std::vector<double> scale;
            for (int c = 0; c < maxCols; ++c) {
                const Activation a = makeActivation(type, test::gaussianRow(rng, n));
                std::memcpy(acts.data() + c * aStride, a.bytes.data(), a.bytes.size());
                for (int r = 0; r < nRows; ++r)
                    scale.push_back(referenceDot(type, weights.data() + r * wStride, a).absSum);
            }
            for (const auto& v : test::supportedVariants()) {
                for (int nCols = 1; nCols <= maxCols; ++nCols) {
                    const size_t outStride = nRows + 3;
                    std::vector<float> out(outStride * nCols, -1.0f);
                    v.kernels->vecDotTile(type, n, weights.data(), wStride, nRows, acts.data(), aStride,
                                          nCols, out.data(), outStride);
                    for (int c = 0; c < nCols; ++c) {
                        for (int r = 0; r < nRows; ++r) {
                            const float want = v.kernels->vecDot(type, n, weights.data() + r * wStride,
                                                                 acts.data() + c * aStride);
                            const float got = out[c * outStride + r];
                            QVERIFY2(std::fabs(got - want) <= kRelTolerance * scale[c * nRows + r] + 1e-30,
                                     qPrintable(QString("%1 %2 tile %3 cols, row %4 col %5: %6 vs %7")
                                                    .arg(v.kernels->name)
                                                    .arg(quant::typeName(type))
                                                    .arg(nCols)
                                                    .arg(r)
                                                    .arg(c)
                                                    .arg(got)
                                                    .arg(want)));
                        }
                        for (size_t r = nRows; r < outStride; ++r) QCOMPARE(out[c * outStride + r], -1.0f);
                    }
                }
            }
        }
    }

    // The prompt tiles of the decoded types and Q8_0 (groups of 16 rows on AVX-512, 8 on AVX2,
    // decoded once per tile) against the reference, not only against the same variant's vecDot: random
    // rows with whole groups and a tail of rows (27 = 16 + 8 + 3), tiles of tokens and a tail,
    // 32-value types with a block count that is no multiple of 8 (n = 800).
    void decodedTilesMatchReference() {
        std::mt19937 rng(35);
        for (Type type : weightTypes()) {
            const TypeRow& row = quant::typeRow(type);
            if (!row.decode256 && !row.decode32 && type != Type::Q8_0) continue;
            const int64_t block = quant::typeInfo(type).blockSize;
            for (int64_t n : block == 32 ? std::vector<int64_t>{800, 2880} : std::vector<int64_t>{512, 768}) {
                const int nRows = 27;
                const auto weights = test::randomBlocks(rng, type, n * nRows);
                std::vector<Activation> acts;
                for (int c = 0; c < 11; ++c)
                    acts.push_back(makeActivation(type, test::gaussianRow(rng, n, 2.0f)));
                checkTile(type, n, weights, nRows, acts, "random rows");
            }
        }
    }

    // The same on the ggml-made fixture blocks: their 8 rows repeated in another order to 19
    // rows, against the fixture's source rows and gaussian rows as tokens.
    void decodedTilesOnFixtureBlocks_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("classic (Q8_0)") << "quant/quant-blocks.gguf";
        QTest::newRow("i-quants, ternary, FP4") << "quant/quant-blocks-iq.gguf";
    }
    void decodedTilesOnFixtureBlocks() {
        QFETCH(QString, file);
        const auto blocks = smoldesk::gguf::File::open(test::dataPath(file.toStdString()));
        const auto* src = blocks->findTensor("f32");
        QVERIFY(src);
        std::mt19937 rng(36);
        std::vector<test::FixtureType> types = test::fixtureTypes();
        types.insert(types.end(), test::iqFixtureTypes().begin(), test::iqFixtureTypes().end());
        int checked = 0;
        for (const auto& ft : types) {
            const TypeRow& row = quant::typeRow(ft.type);
            if (!row.decode256 && !row.decode32 && ft.type != Type::Q8_0) continue;
            const auto* t = blocks->findTensor(ft.name);
            if (!t) continue; // the other fixture file's type
            const int64_t n = 512;
            const size_t stride = quant::rowBytes(ft.type, n);
            QVERIFY(t->nBytes >= 8 * stride);
            std::vector<uint8_t> weights;
            for (int r = 0; r < 19; ++r) {
                const uint8_t* from = t->data + static_cast<size_t>((3 * r + 1) % 8) * stride;
                weights.insert(weights.end(), from, from + stride);
            }
            std::vector<Activation> acts;
            for (int c = 0; c < 8; ++c) {
                const auto* x = reinterpret_cast<const float*>(src->data) + 512 * c;
                acts.push_back(makeActivation(ft.type, std::vector<float>(x, x + 512)));
            }
            for (int c = 0; c < 3; ++c)
                acts.push_back(makeActivation(ft.type, test::gaussianRow(rng, n, 0.5f)));
            checkTile(ft.type, n, weights, 19, acts, "fixture blocks");
            ++checked;
        }
        QVERIFY(checked >= 1);
    }

    void publicEntryPointsUseTheActiveVariant() {
        std::mt19937 rng(8);
        const int64_t n = 512;
        const auto weights = test::randomBlocks(rng, Type::Q4_K, n * 3);
        const auto act = makeActivation(Type::Q4_K, test::gaussianRow(rng, n));
        const size_t stride = quant::rowBytes(Type::Q4_K, n);
        const std::string before = quant::cpuKernelName();
        for (const auto& v : test::supportedVariants()) {
            QVERIFY(quant::selectCpuKernel(v.kernels->name));
            QCOMPARE(QString(quant::cpuKernelName()), QString(v.kernels->name));
            float rows[3], tile[3];
            quant::vecDotRows(Type::Q4_K, n, weights.data(), stride, 3, act.bytes.data(), rows);
            quant::vecDotTile(Type::Q4_K, n, weights.data(), stride, 3, act.bytes.data(), 0, 1, tile, 3);
            for (int r = 0; r < 3; ++r) {
                const float one = quant::vecDot(Type::Q4_K, n, weights.data() + r * stride, act.bytes.data());
                QCOMPARE(rows[r],
                         v.kernels->vecDot(Type::Q4_K, n, weights.data() + r * stride, act.bytes.data()));
                QVERIFY(std::fabs(tile[r] - one) <= 1e-5f * (std::fabs(one) + 1.0f));
            }
        }
        QVERIFY(!quant::selectCpuKernel("sse9"));
        QVERIFY(quant::selectCpuKernel(before));
    }

    // CTest runs this with SMOLDESK_CPU_KERNEL set to each variant: a supported one is used
    // from start-up; an unsupported one (AVX-512 on an AVX2 CPU) or none leaves the best
    // supported variant, so every CPU checks something instead of skipping.
    void environmentForcesVariant() {
        const char* forced = std::getenv("SMOLDESK_CPU_KERNEL");
        const std::vector<test::IsaVariant> supported = test::supportedVariants();
        QVERIFY(!supported.empty());
        QString expected = QString(supported.back().kernels->name); // the best: listed last
        for (const auto& v : supported)
            if (forced && std::strcmp(v.kernels->name, forced) == 0) expected = QString(forced);
        QCOMPARE(QString(quant::cpuKernelName()), expected);
    }

    void unsupportedTypesAreNamed() {
        for (Type type : {Type::NVFP4, Type::Q8_K, Type::Q8_1}) {
            const char* name = quant::typeName(type);
            try {
                quant::vecDotType(type);
                QFAIL("vecDotType accepted an unsupported type");
            } catch (const smoldesk::Error& e) {
                QCOMPARE(e.code(), smoldesk::ErrorCode::UnsupportedType);
                QVERIFY2(std::strstr(e.what(), name), e.what());
            }
            float out = 0;
            std::vector<uint8_t> b(1024);
            try {
                quant::vecDotRows(type, 256, b.data(), 0, 1, b.data(), &out);
                QFAIL("vecDotRows accepted an unsupported type");
            } catch (const smoldesk::Error& e) {
                QCOMPARE(e.code(), smoldesk::ErrorCode::UnsupportedType);
                QVERIFY2(std::strstr(e.what(), name), e.what());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestVecDot)
#include "test_vec_dot.moc"
