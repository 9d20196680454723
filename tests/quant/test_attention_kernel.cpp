// The attention kernel (attention_kernel.inc: queries against the f16 K tiles and V rows of one
// KV head, online softmax over blocks of 64 positions) of every kernel variant this CPU runs,
// against a double-precision softmax attention of the same f16 values: non-causal groups of
// queries over long ranges (a vision encoder's 1,024 patches) and over lengths that leave part
// blocks and part tiles, causal rows, a sliding window, attention sinks, head widths of 32, 64 and
// 80, 1 to 8 queries. Positions past the last one hold NaN in the cache, so a read past it shows.
#include "quant_test_util.h"

#include "quant/cpu_kernels.h"
#include "quant/fp16.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

namespace quant = smoldesk::quant;
namespace test = smoldesk::test;
using quant::cpu::AttendArgs;
using quant::cpu::kAttendQueries;

namespace {

constexpr int kTile = 16;

// One KV head: K in tiles of 16 positions ([headDim][16] halfs), V by position.
struct Head {
    int headDim = 0, positions = 0;
    std::vector<uint16_t> kTiles, v;
    float k(int pos, int d) const {
        return quant::fp16ToFp32(
            kTiles[static_cast<size_t>(pos / kTile) * headDim * kTile + d * kTile + pos % kTile]);
    }
    float value(int pos, int d) const { return quant::fp16ToFp32(v[static_cast<size_t>(pos) * headDim + d]); }
};

// `written` positions of random values, NaN up to the end of the last tile and one tile more.
Head randomHead(std::mt19937& rng, int headDim, int written) {
    Head h;
    h.headDim = headDim;
    h.positions = (written + kTile - 1) / kTile * kTile + kTile;
    const uint16_t nan = quant::fp32ToFp16(std::numeric_limits<float>::quiet_NaN());
    h.kTiles.assign(static_cast<size_t>(h.positions) * headDim, nan);
    h.v.assign(static_cast<size_t>(h.positions) * headDim, nan);
    const auto kv = test::gaussianRow(rng, 2 * static_cast<int64_t>(written) * headDim, 1.0f);
    for (int p = 0; p < written; ++p)
        for (int d = 0; d < headDim; ++d) {
            h.kTiles[static_cast<size_t>(p / kTile) * headDim * kTile + d * kTile + p % kTile] =
                quant::fp32ToFp16(kv[static_cast<size_t>(p) * headDim + d]);
            h.v[static_cast<size_t>(p) * headDim + d] =
                quant::fp32ToFp16(kv[static_cast<size_t>(written + p) * headDim + d]);
        }
    return h;
}

struct Case {
    int headDim, written, nQueries;
    bool causal;
    int window; // 0: none
    bool sinks;
};

void checkCase(const quant::cpu::Kernels& kernels, const Case& c, std::mt19937& rng) {
    const Head h = randomHead(rng, c.headDim, c.written);
    const auto qs = test::gaussianRow(rng, static_cast<int64_t>(c.nQueries) * c.headDim, 1.0f);
    const auto sinkValues = test::gaussianRow(rng, c.nQueries, 2.0f);
    std::vector<float> out(static_cast<size_t>(c.nQueries) * c.headDim, -7.0f);
    AttendArgs a;
    a.nQueries = c.nQueries;
    a.headDim = c.headDim;
    a.scale = 1.0f / std::sqrt(static_cast<float>(c.headDim));
    a.hasSinks = c.sinks;
    a.kTiles = h.kTiles.data();
    a.kTileStride = static_cast<size_t>(c.headDim) * kTile;
    a.v = h.v.data();
    a.vStride = static_cast<size_t>(c.headDim);
    std::vector<float> scratch(quant::cpu::attendScratchFloats(c.headDim, h.positions) + 16);
    const uintptr_t raw = reinterpret_cast<uintptr_t>(scratch.data());
    a.scratch = scratch.data() + ((64 - raw % 64) % 64) / sizeof(float);
    for (int q = 0; q < c.nQueries; ++q) {
        a.q[q] = qs.data() + static_cast<size_t>(q) * c.headDim;
        a.out[q] = out.data() + static_cast<size_t>(q) * c.headDim;
        // Causal: the last nQueries rows of the sequence, one position more each.
        a.nPos[q] = c.causal ? c.written - c.nQueries + 1 + q : c.written;
        a.firstPos[q] = c.window > 0 && a.nPos[q] > c.window ? a.nPos[q] - c.window : 0;
        a.sink[q] = sinkValues[static_cast<size_t>(q)];
    }
    kernels.attendF16(a);
    for (int q = 0; q < c.nQueries; ++q) {
        std::vector<double> score;
        double maxScore = c.sinks ? a.sink[q] : -INFINITY;
        for (int j = a.firstPos[q]; j < a.nPos[q]; ++j) {
            double dot = 0;
            for (int d = 0; d < c.headDim; ++d) dot += static_cast<double>(a.q[q][d]) * h.k(j, d);
            score.push_back(dot * a.scale);
            maxScore = std::max(maxScore, score.back());
        }
        double sum = c.sinks ? std::exp(a.sink[q] - maxScore) : 0.0;
        for (double& s : score) sum += (s = std::exp(s - maxScore));
        for (int d = 0; d < c.headDim; ++d) {
            double ref = 0, absMax = 0;
            for (int j = a.firstPos[q]; j < a.nPos[q]; ++j) {
                ref += score[static_cast<size_t>(j - a.firstPos[q])] * h.value(j, d);
                absMax = std::max(absMax, std::fabs(static_cast<double>(h.value(j, d))));
            }
            ref /= sum;
            const float got = a.out[q][d];
            QVERIFY2(std::fabs(got - ref) <= 2e-5 * absMax + 1e-6,
                     qPrintable(QString("%1: hd %2, %3 positions, %4 queries%5%6%7: query %8 dim %9 got %10, "
                                        "reference %11")
                                    .arg(kernels.name)
                                    .arg(c.headDim)
                                    .arg(c.written)
                                    .arg(c.nQueries)
                                    .arg(c.causal ? ", causal" : "")
                                    .arg(c.window ? QString(", window %1").arg(c.window) : QString())
                                    .arg(c.sinks ? ", sinks" : "")
                                    .arg(q)
                                    .arg(d)
                                    .arg(got, 0, 'g', 9)
                                    .arg(ref, 0, 'g', 9)));
        }
    }
}

void checkEveryVariant(const std::vector<Case>& cases) {
    std::mt19937 rng(2024);
    for (const auto& v : test::supportedVariants())
        for (const Case& c : cases) checkCase(*v.kernels, c, rng);
}

} // namespace

class TestAttentionKernel : public QObject {
    Q_OBJECT

  private slots:
    void variants() {
        for (const auto& v : test::supportedVariants()) qInfo("variant tested: %s", v.kernels->name);
        QVERIFY(!test::supportedVariants().empty());
    }

    // A vision encoder's layer (1,024 positions, 64-wide heads, 8 token rows per task) and lengths
    // around the 16-position tile and the 64-position block.
    void nonCausal() {
        std::vector<Case> cases;
        for (int written : {1, 15, 16, 17, 63, 64, 65, 130, 1024})
            for (int nq : {1, 3, 4, 5, 8})
                for (int hd : {32, 64, 80}) cases.push_back({hd, written, nq, false, 0, false});
        checkEveryVariant(cases);
    }

    void causalWindowAndSinks() {
        std::vector<Case> cases;
        for (int written : {8, 40, 77, 200})
            for (int nq : {1, 5, 8}) {
                cases.push_back({64, written, nq, true, 0, false});
                cases.push_back({64, written, nq, true, 20, false});
                cases.push_back({64, written, nq, true, 0, true});
                cases.push_back({64, written, nq, false, 0, true});
            }
        checkEveryVariant(cases);
    }
};

QTEST_GUILESS_MAIN(TestAttentionKernel)
#include "test_attention_kernel.moc"
