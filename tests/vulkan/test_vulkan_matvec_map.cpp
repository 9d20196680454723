// The lane mappings of matvec.comp, checked on the host: shaders/matvec_map.glsl is plain integer
// arithmetic that compiles as C++ too, so this test runs the very functions the shader runs. For
// every 16-lane block type: each quant bit of a super-block is read by exactly one lane, each
// column by exactly one lane value, the 32-bit words the shader loads hold the bytes the mapping
// names, and the values rebuilt through the mapping equal quant::dequantizeRow's. For the
// workgroup loops: every column of a row is read exactly once per workgroup (so every weight
// byte once, and every input element once per workgroup) for K with odd super-block counts,
// partial Q8_0 super-blocks and every K split, and every row belongs to exactly one workgroup.
#include "../quant/quant_test_util.h"
#include "quant/dequant.h"
#include "quant/fp16.h"
#include "quant/types.h"

#include <QtTest>

#include <cstring>
#include <vector>

namespace mv {
using uint = uint32_t;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "matvec_map.glsl"
#pragma GCC diagnostic pop
} // namespace mv

using namespace smoldesk;

namespace {

const quant::Type kBlockTypes[] = {quant::Type::Q4_K, quant::Type::Q5_K, quant::Type::Q6_K,
                                   quant::Type::IQ4_XS, quant::Type::Q8_0};
const int kIq4nl[16] = {-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113};

uint32_t column(quant::Type t, uint32_t lane, uint32_t v) {
    switch (t) {
    case quant::Type::Q4_K:
        return mv::q4kColumn(lane, v);
    case quant::Type::Q5_K:
        return mv::q5kColumn(lane, v);
    case quant::Type::Q6_K:
        return mv::q6kColumn(lane, v);
    case quant::Type::IQ4_XS:
        return mv::iq4xsColumn(lane, v);
    default:
        return mv::q80Column(lane, v);
    }
}

// A quant field: `width` bits at bit `shift` of byte `byte` of the super-block.
struct Field {
    uint32_t byte, shift, width;
};
// The quant fields of value v of a lane (Q5_K, Q6_K: low 4 bits, then the high 1 or 2).
std::vector<Field> fields(quant::Type t, uint32_t lane, uint32_t v) {
    switch (t) {
    case quant::Type::Q4_K:
        return {{mv::q4kQuantByte(lane, v), mv::q4kQuantShift(lane, v), 4}};
    case quant::Type::Q5_K:
        return {{mv::q5kQuantByte(lane, v), mv::q5kQuantShift(lane, v), 4},
                {mv::q5kHighByte(lane, v), mv::q5kHighShift(lane, v), 1}};
    case quant::Type::Q6_K:
        return {{mv::q6kQuantByte(lane, v), mv::q6kQuantShift(lane, v), 4},
                {mv::q6kHighByte(lane, v), mv::q6kHighShift(lane, v), 2}};
    case quant::Type::IQ4_XS:
        return {{mv::iq4xsQuantByte(lane, v), mv::iq4xsQuantShift(lane, v), 4}};
    default:
        return {{mv::q80QuantByte(lane, v), 0, 8}};
    }
}

// The bytes of a super-block that hold quants (the rest: scales and d).
bool isQuantByte(quant::Type t, uint32_t b) {
    switch (t) {
    case quant::Type::Q4_K:
    case quant::Type::Q5_K:
        return b >= 16;
    case quant::Type::Q6_K:
        return b < 192;
    case quant::Type::IQ4_XS:
        return b >= 8;
    default:
        return b % 34 >= 2;
    }
}

uint32_t bits(const uint8_t* block, Field f) {
    return (block[f.byte] >> f.shift) & ((1u << f.width) - 1);
}
float half(const uint8_t* p) {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return quant::fp16ToFp32(h);
}

// Value v of a lane rebuilt through the mapping with ggml's formulas.
float rebuild(quant::Type t, const uint8_t* b, uint32_t lane, uint32_t v) {
    const std::vector<Field> f = fields(t, lane, v);
    if (t == quant::Type::Q4_K || t == quant::Type::Q5_K) {
        const bool five = t == quant::Type::Q5_K;
        const uint32_t j = five ? mv::q5kSubBlock(lane, v) : mv::q4kSubBlock(lane, v);
        const uint8_t* s = b + 4;
        uint32_t sc, m;
        if (j < 4) {
            sc = s[j] & 63u;
            m = s[j + 4] & 63u;
        } else {
            sc = (s[j + 4] & 15u) | ((s[j - 4] >> 6) << 4);
            m = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
        }
        const uint32_t q = bits(b, f[0]) | (five ? bits(b, f[1]) << 4 : 0u);
        return half(b) * float(sc) * float(q) - half(b + 2) * float(m);
    }
    if (t == quant::Type::Q6_K) {
        const int q = int(bits(b, f[0]) | (bits(b, f[1]) << 4)) - 32;
        return half(b + 208) * float(int8_t(b[mv::q6kScaleByte(lane, v)])) * float(q);
    }
    if (t == quant::Type::IQ4_XS) {
        const uint32_t ib = mv::iq4xsSubBlock(lane, v);
        const uint32_t scalesH = b[2] | (b[3] << 8);
        const uint32_t ls = ((b[4 + ib / 2] >> (4 * (ib % 2))) & 15u) | (((scalesH >> (2 * ib)) & 3u) << 4);
        return half(b) * float(int(ls) - 32) * float(kIq4nl[bits(b, f[0])]);
    }
    return half(b + 34 * mv::q80Block(lane)) * float(int8_t(b[f[0].byte]));
}

} // namespace

class TestVulkanMatvecMap : public QObject {
    Q_OBJECT

    // One invocation's walk of matvec.comp's accumulateBlocks, counting the columns it reads.
    static void readColumns(quant::Type t, uint32_t cols, uint32_t wg, uint32_t unroll, uint32_t i,
                            std::vector<int>& uses) {
        const uint32_t lane = mv::mvLane(i), teams = mv::mvTeams(wg), whole = mv::mvWholeSuperBlocks(cols);
        auto read = [&](uint32_t sb) {
            const uint32_t c0 = sb * mv::MV_SUPER;
            for (uint32_t v = 0; v < 16; ++v) {
                QVERIFY(c0 + column(t, lane, v) < cols); // a lane is wholly in or out
                ++uses[c0 + column(t, lane, v)];
            }
        };
        uint32_t sb = mv::mvTeam(i);
        for (; mv::mvUnrolledStep(sb, teams, unroll, whole); sb += unroll * teams)
            for (uint32_t u = 0; u < unroll; ++u) {
                QVERIFY(sb + u * teams < whole); // unrolled loads read whole super-blocks only
                read(sb + u * teams);
            }
        for (; sb < mv::mvSuperBlocks(cols); sb += teams)
            if (sb * mv::MV_SUPER + column(t, lane, 0) < cols) read(sb); // as the shader skips
    }

  private slots:
    void superBlockLanes_data() {
        QTest::addColumn<int>("type");
        for (quant::Type t : kBlockTypes) QTest::addRow("%s", quant::typeName(t)) << int(t);
    }
    // Inside one super-block: columns and quant bits each exactly once; runs of 4 consecutive
    // columns starting at a multiple of 4 (one vec4 of input); the words loaded whole.
    void superBlockLanes() {
        QFETCH(int, type);
        const auto t = static_cast<quant::Type>(type);
        const uint32_t bytes =
            uint32_t(quant::rowBytes(t, mv::MV_SUPER)); // matvec_blocks.glsl's mvSuperBytes
        std::vector<int> columnUses(mv::MV_SUPER, 0), bitUses(bytes * 8, 0);
        for (uint32_t lane = 0; lane < mv::MV_LANES; ++lane)
            for (uint32_t v = 0; v < 16; ++v) {
                const uint32_t c = column(t, lane, v);
                QVERIFY(c < mv::MV_SUPER);
                ++columnUses[c];
                QCOMPARE(c, column(t, lane, v / 4 * 4) + v % 4); // runs of 4
                QCOMPARE(column(t, lane, v / 4 * 4) % 4, 0u);
                for (const Field& f : fields(t, lane, v)) {
                    QVERIFY(f.byte < bytes && isQuantByte(t, f.byte));
                    for (uint32_t i = 0; i < f.width; ++i) ++bitUses[f.byte * 8 + f.shift + i];
                }
                // The words the shader loads: bytes base + 0..3 for the four values of a run.
                const Field f0 = fields(t, lane, v / 4 * 4)[0];
                QCOMPARE(fields(t, lane, v)[0].byte, f0.byte + v % 4);
                if (fields(t, lane, v).size() > 1) // the high bits' word too (Q5_K, Q6_K)
                    QCOMPARE(fields(t, lane, v)[1].byte, fields(t, lane, v / 4 * 4)[1].byte + v % 4);
                if (t == quant::Type::Q4_K || t == quant::Type::Q5_K || t == quant::Type::IQ4_XS) {
                    QCOMPARE(f0.byte % 4, 0u); // aligned 32-bit loads (4-aligned blocks)
                    QCOMPARE(fields(t, lane, v)[0].byte,
                             fields(t, lane, v % 8)[0].byte); // high = low nibbles' bytes
                } else {
                    QCOMPARE(f0.byte % 2, 0u); // wU32Even: 2-aligned blocks
                }
            }
        for (uint32_t c = 0; c < mv::MV_SUPER; ++c)
            QVERIFY2(columnUses[c] == 1, qPrintable(QString::number(c)));
        for (uint32_t b = 0; b < bytes; ++b)
            for (uint32_t i = 0; i < 8; ++i)
                QVERIFY2(
                    bitUses[b * 8 + i] == (isQuantByte(t, b) ? 1 : 0),
                    qPrintable(QString("byte %1 bit %2: %3 uses").arg(b).arg(i).arg(bitUses[b * 8 + i])));
    }

    // The mapping's values are the weights ggml's layout puts on those columns (random blocks:
    // every quant bit pattern, sane scales).
    void valuesMatchDequantization_data() { superBlockLanes_data(); }
    void valuesMatchDequantization() {
        QFETCH(int, type);
        const auto t = static_cast<quant::Type>(type);
        std::mt19937 rng(static_cast<unsigned>(type));
        const int superBlocks = 5;
        const std::vector<uint8_t> row = test::randomBlocks(rng, t, superBlocks * 256);
        std::vector<float> want(superBlocks * 256);
        quant::dequantizeRow(t, row.data(), want.data(), int64_t(want.size()));
        const size_t superBytes = quant::rowBytes(t, 256);
        for (int sb = 0; sb < superBlocks; ++sb)
            for (uint32_t lane = 0; lane < mv::MV_LANES; ++lane)
                for (uint32_t v = 0; v < 16; ++v) {
                    const float got = rebuild(t, row.data() + sb * superBytes, lane, v);
                    const float w = want[size_t(sb) * 256 + column(t, lane, v)];
                    QVERIFY2(std::fabs(got - w) <= 1e-6f * std::max(1.0f, std::fabs(w)),
                             qPrintable(QString("super-block %1 lane %2 value %3: %4, want %5")
                                            .arg(sb)
                                            .arg(lane)
                                            .arg(v)
                                            .arg(got)
                                            .arg(w)));
                }
    }

    // The workgroup's loops as matvec.comp runs them, at every UNROLL: every column of the row
    // exactly once (unrolled steps of whole super-blocks, then the rest one at a time), and the
    // unrolled steps never touch a partial super-block.
    void workgroupReadsEachColumnOnce() {
        for (uint32_t unroll : {1u, 2u, 4u})
            for (quant::Type t : kBlockTypes)
                for (uint32_t cols : {256u, 768u, 1280u, 2048u, 2816u, 11008u, 224u, 800u, 2880u})
                    for (uint32_t wg : {32u, 64u, 128u, 256u}) {
                        if (t != quant::Type::Q8_0 && cols % 256 != 0) continue;
                        std::vector<int> uses(cols, 0);
                        for (uint32_t i = 0; i < wg; ++i) readColumns(t, cols, wg, unroll, i, uses);
                        for (uint32_t c = 0; c < cols; ++c)
                            QVERIFY2(
                                uses[c] == 1,
                                qPrintable(QString("%1 K %2 workgroup %3 unroll %4: column %5 read %6 times")
                                               .arg(quant::typeName(t))
                                               .arg(cols)
                                               .arg(wg)
                                               .arg(unroll)
                                               .arg(c)
                                               .arg(uses[c])));
                    }
        // The other types: runs of 8 columns, then single columns (F32/F16 widths like 172).
        for (uint32_t cols : {8u, 172u, 224u, 2880u, 11008u})
            for (uint32_t wg : {32u, 128u}) {
                std::vector<int> uses(cols, 0);
                for (uint32_t i = 0; i < wg; ++i) {
                    const uint32_t runs = cols / mv::MV_GENERIC_RUN;
                    for (uint32_t g = i; g < runs; g += wg)
                        for (uint32_t k = 0; k < mv::MV_GENERIC_RUN; ++k) ++uses[g * mv::MV_GENERIC_RUN + k];
                    for (uint32_t c = runs * mv::MV_GENERIC_RUN + i; c < cols; c += wg) ++uses[c];
                }
                for (uint32_t c = 0; c < cols; ++c) QCOMPARE(uses[c], 1);
            }
    }

    // Rows: workgroup g of a weight takes rows mvFirstRow(g) .. + rowsPerGroup - 1 (those below
    // the weight's rows); the host dispatches ceil(rows / rowsPerGroup) workgroups per weight.
    void workgroupsCoverEachRowOnce() {
        for (uint32_t rows : {1u, 2u, 19u, 37u, 40u, 2048u})
            for (uint32_t per : {1u, 2u, 3u, 4u}) {
                std::vector<int> uses(rows, 0);
                const uint32_t groups = (rows + per - 1) / per;
                for (uint32_t g = 0; g < groups; ++g)
                    for (uint32_t r = 0; r < per; ++r)
                        if (mv::mvFirstRow(g, per) + r < rows) ++uses[mv::mvFirstRow(g, per) + r];
                for (uint32_t r = 0; r < rows; ++r) QCOMPARE(uses[r], 1);
            }
    }
};

QTEST_APPLESS_MAIN(TestVulkanMatvecMap)
#include "test_vulkan_matvec_map.moc"
