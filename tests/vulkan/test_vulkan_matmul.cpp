// The prompt GEMM (matmul.comp, more than 8 tokens) against ggml's own dequantization of the
// quant-blocks fixtures (tests/data/quant: every weight type as ggml quantized it, and its values
// as ggml dequantizes them), in double. Each tile variant (128, 64, 32) is forced through
// SMOLDESK_VK_MATMUL_TILE at rows and tokens that leave a partial tile (133 rows, 130 tokens),
// with the f16 and the f32 weight tile; K that is not a multiple of 8 or 4 (F32/F16 widths), the
// residual-add epilogue, the step widths of SMOLDESK_VK_MATMUL_BK, and the host's choice of the
// tile within 16, 32 and 48 KiB of shared memory. Small shapes: lavapipe is slow and CI slower.
// The tensor-core GEMM (matmul_coop.comp) runs here in its emulated build: the second
// registration (test_vulkan_matmul_coopmat_emulated) sets SMOLDESK_VK_MATMUL=coopmat-emulated for
// every case, and coopShapes forces the fragment shapes a device may list; its bound allows for
// the activations' rounding to f16 as well.
#include "../quant/quant_test_util.h"
#include "compute/vulkan/shader_registry.h"
#include "gguf/file.h"
#include "quant/types.h"
#include "require_all.h"
#include "test_data.h"
#include "vulkan_test_util.h"

#include <QtTest>

#include <cmath>
#include <set>

using namespace smoldesk;
using namespace smoldesk::compute;
using namespace smoldesk::test;

namespace {

constexpr int kFixtureRows = 8, kFixtureCols = 512;

// Sets an environment variable for the scope (the backend reads the tile overrides per dispatch)
// and restores what it was.
struct ScopedEnv {
    const char* name;
    QByteArray old;
    bool had;
    ScopedEnv(const char* n, const QByteArray& v)
        : name(n), old(qgetenv(n)), had(qEnvironmentVariableIsSet(n)) {
        if (v.isEmpty())
            qunsetenv(n);
        else
            qputenv(n, v);
    }
    ~ScopedEnv() {
        if (had)
            qputenv(name, old);
        else
            qunsetenv(name);
    }
};

// A weight of `rows` rows cycling through a fixture's 8 rows, with its reference values.
struct FixtureWeight {
    std::vector<uint8_t> bytes;
    std::vector<float> values; // [rows][cols], ggml's dequantization
    gguf::TensorInfo info;
};

// The bound of the product's error: the f16 weight tile rounds each weight to 11 bits (relative
// 2^-11, or 2^-25 absolute below f16's normal range; twice that for any rounding mode), the
// f32 tile only reorders f32 sums; the tensor-core GEMM rounds the activations too (each
// product within 2·2^-10 relative, plus 2^-24 of the other factor below f16's normal range).
struct Check {
    bool f16 = true, coop = false;
    double worst = 0; // error / bound, over every output
    void add(double got, double want, double magnitude, double xMagnitude, double wMagnitude) {
        const double bound =
            coop  ? std::ldexp(magnitude, -9) + std::ldexp(xMagnitude + wMagnitude, -24) + 1e-5 * magnitude
            : f16 ? std::ldexp(magnitude, -10) + std::ldexp(xMagnitude, -24) + 1e-5 * magnitude
                  : 2e-5 * magnitude + 1e-30;
        const double e = std::fabs(got - want) / bound;
        if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
    }
};

} // namespace

class TestVulkanMatmul : public QObject {
    Q_OBJECT

    std::unique_ptr<vk::VulkanBackend> gpu_;
    std::unique_ptr<gguf::File> blocks_, dequant_, iqBlocks_, iqDequant_;
    int coopProducts_ = 0; // products that ran matmul_coop.comp

    BufferId upload(const std::vector<float>& v) {
        const BufferId b = gpu_->createBuffer(v.size());
        gpu_->upload(b, 0, v);
        return b;
    }

    FixtureWeight fixtureWeight(quant::Type type, int rows) {
        const char* name = nullptr;
        bool iq = false;
        for (const auto& ft : fixtureTypes())
            if (ft.type == type) name = ft.name;
        for (const auto& ft : iqFixtureTypes())
            if (ft.type == type) name = ft.name, iq = true;
        if (!name) qFatal("no fixture of type %s", quant::typeName(type));
        const gguf::TensorInfo* b = (iq ? iqBlocks_ : blocks_)->findTensor(name);
        const gguf::TensorInfo* d = (iq ? iqDequant_ : dequant_)->findTensor(name);
        if (!b || !d || b->type != type || b->ne[0] != kFixtureCols || b->rows() != kFixtureRows ||
            d->type != quant::Type::F32)
            qFatal("fixture tensor %s is missing or has an unexpected shape", name);
        const size_t rowBytes = quant::rowBytes(type, kFixtureCols);
        FixtureWeight w;
        w.bytes.resize(rowBytes * size_t(rows));
        w.values.resize(size_t(kFixtureCols) * rows);
        for (int r = 0; r < rows; ++r) {
            std::memcpy(w.bytes.data() + rowBytes * r, b->data + rowBytes * (r % kFixtureRows), rowBytes);
            std::memcpy(w.values.data() + size_t(kFixtureCols) * r,
                        d->data + sizeof(float) * kFixtureCols * (r % kFixtureRows),
                        sizeof(float) * kFixtureCols);
        }
        w.info.name = std::string("fixture_") + name;
        w.info.nDims = 2;
        w.info.ne = {uint64_t(kFixtureCols), uint64_t(rows), 1, 1};
        w.info.type = type;
        w.info.nElements = w.values.size();
        w.info.nBytes = w.bytes.size();
        w.info.data = w.bytes.data();
        return w;
    }

    // y = base + W·x (base empty: y = W·x) for `tokens` tokens through the GPU, checked
    // against double math on `values`; returns the worst error over its bound.
    double product(const gguf::TensorInfo& info, const std::vector<float>& values, int tokens, bool f16,
                   bool add = false) {
        const int rows = int(info.ne[1]), cols = int(info.ne[0]);
        std::mt19937 rng(unsigned(rows * 7 + cols + tokens));
        const std::vector<float> xv = randomVector(size_t(tokens) * cols, rng);
        const std::vector<float> base = add ? randomVector(size_t(tokens) * rows, rng) : std::vector<float>{};
        const WeightId w = gpu_->addWeight(info);
        const BufferId x = upload(xv), y = add ? upload(base) : gpu_->createBuffer(size_t(tokens) * rows);
        if (add) {
            const BufferId scratch = gpu_->createBuffer(size_t(tokens) * rows);
            gpu_->matmulAdd(w, x, y, scratch, tokens, size_t(rows));
        } else {
            gpu_->matmul(w, x, y, tokens);
        }
        std::vector<float> got(size_t(tokens) * rows);
        gpu_->read(y, 0, got.size(), got.data());
        Check check;
        check.f16 = f16;
        check.coop = vk::VulkanBackend::coopTile(gpu_->caps(), rows, tokens, info.type).has_value();
        if (check.coop) ++coopProducts_;
        for (int t = 0; t < tokens; ++t)
            for (int r = 0; r < rows; ++r) {
                double ref = add ? base[size_t(t) * rows + r] : 0.0, mag = std::fabs(ref), xMag = 0, wMag = 0;
                for (int c = 0; c < cols; ++c) {
                    const double xc = xv[size_t(t) * cols + c], wc = values[size_t(r) * cols + c],
                                 p = wc * xc;
                    ref += p;
                    mag += std::fabs(p);
                    xMag += std::fabs(xc);
                    wMag += std::fabs(wc);
                }
                check.add(got[size_t(t) * rows + r], ref, mag, xMag, wMag);
            }
        return check.worst;
    }

    // The second registration: every product of an f16-tile weight runs the emulated tensor-core
    // GEMM, so the cases that only run the f32 tile (the main registration's) are left out.
    static bool emulatedRun() { return qgetenv("SMOLDESK_VK_MATMUL") == "coopmat-emulated"; }

    static bool f16Tile(quant::Type t, bool wantF16) {
        return wantF16 && t != quant::Type::F32 && t != quant::Type::BF16;
    }

  private slots:
    void initTestCase() {
        blocks_ = gguf::File::open(dataPath("quant/quant-blocks.gguf"));
        dequant_ = gguf::File::open(dataPath("quant/quant-blocks-dequant.gguf"));
        iqBlocks_ = gguf::File::open(dataPath("quant/quant-blocks-iq.gguf"));
        iqDequant_ = gguf::File::open(dataPath("quant/quant-blocks-iq-dequant.gguf"));
        if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str());
        gpu_ = makeVulkanBackend();
        QVERIFY(gpu_->validating());
        qInfo("shared memory %u bytes, subgroup %u", gpu_->caps().maxSharedMemory, gpu_->caps().subgroupSize);
    }

    // Every weight type the GPU runs in the 32 tile (the cheapest to compile: a cold lavapipe
    // spends about a second per pipeline; the staging code is the same in every tile), 37 rows
    // and 41 tokens; the f32 weight tile for three types (F32 and BF16 always use it).
    void everyType_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("f16");
        std::vector<quant::Type> types;
        for (const auto& ft : fixtureTypes()) types.push_back(ft.type);
        for (const auto& ft : iqFixtureTypes()) types.push_back(ft.type);
        for (quant::Type t : types) {
            if (!quant::gpuSupported(t)) continue;
            for (bool f16 : {true, false})
                if (f16 || (!emulatedRun() &&
                            (t == quant::Type::Q4_K || t == quant::Type::Q6_K || t == quant::Type::IQ4_XS)))
                    QTest::addRow("%s %s", quant::typeName(t), f16 ? "f16" : "f32") << int(t) << f16;
        }
    }
    void everyType() {
        QFETCH(int, type);
        QFETCH(bool, f16);
        const ScopedEnv tile("SMOLDESK_VK_MATMUL_TILE", "32"), half("SMOLDESK_VK_MATMUL_F16", f16 ? "" : "0");
        const FixtureWeight w = fixtureWeight(quant::Type(type), 37);
        const double e = product(w.info, w.values, 41, f16Tile(quant::Type(type), f16));
        qInfo("error %.6g of the bound", e);
        QVERIFY2(e <= 1.0, qPrintable(QString("error %1 of the bound").arg(e)));
    }

    // Each tile forced, with a partial tile of rows and of tokens in every one of them.
    void tiles_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("tile");
        const quant::Type types[] = {quant::Type::Q4_K, quant::Type::Q6_K, quant::Type::Q8_0,
                                     quant::Type::IQ4_XS, quant::Type::F32};
        // (every type's 32 tile is in everyType; F32's 128 tile is the f32 one at BK 16 on lavapipe)
        for (quant::Type t : types)
            for (int tile : {128, 64})
                if (t != quant::Type::F32 || (tile == 128 && !emulatedRun()))
                    QTest::addRow("%s %d", quant::typeName(t), tile) << int(t) << tile;
    }
    void tiles() {
        QFETCH(int, type);
        QFETCH(int, tile);
        const ScopedEnv force("SMOLDESK_VK_MATMUL_TILE", QByteArray::number(tile));
        const FixtureWeight w = fixtureWeight(quant::Type(type), 133);
        const double e = product(w.info, w.values, 130, f16Tile(quant::Type(type), true));
        qInfo("error %.6g of the bound", e);
        QVERIFY2(e <= 1.0, qPrintable(QString("error %1 of the bound").arg(e)));
    }

    // Widths that are not a multiple of 8 (dequantized one by one) or 4 (x read as floats), a
    // width below one step, and the host's own choice of tile for 9 to 65 tokens.
    void widths_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("tokens");
        for (quant::Type t : {quant::Type::F32, quant::Type::F16})
            for (int cols : {1283, 772, 20})
                if (t == quant::Type::F16 || !emulatedRun())
                    for (int tokens : {9, 33, 65})
                        QTest::addRow("%s K%d t%d", quant::typeName(t), cols, tokens)
                            << int(t) << cols << tokens;
    }
    void widths() {
        QFETCH(int, type);
        QFETCH(int, cols);
        QFETCH(int, tokens);
        std::mt19937 rng(unsigned(type * 31 + cols + tokens));
        const TestWeight w(quant::Type(type), cols, 45, rng);
        const double e = product(w.info, w.dequantized, tokens, false); // F16/F32 weights stay exact
        qInfo("error %.6g of the bound", e);
        QVERIFY2(e <= 1.0, qPrintable(QString("error %1 of the bound").arg(e)));
    }

    // y += W·x (the residual add of the attention output and the FFN's down projection).
    void residualAdd_data() {
        QTest::addColumn<int>("tile");
        for (int tile : {128}) QTest::addRow("%d", tile) << tile;
    }
    void residualAdd() {
        QFETCH(int, tile);
        const ScopedEnv force("SMOLDESK_VK_MATMUL_TILE", QByteArray::number(tile));
        const FixtureWeight w = fixtureWeight(quant::Type::Q6_K, 70);
        const double e = product(w.info, w.values, 20, true, true);
        qInfo("error %.6g of the bound", e);
        QVERIFY2(e <= 1.0, qPrintable(QString("error %1 of the bound").arg(e)));
    }

    // The columns per step of SMOLDESK_VK_MATMUL_BK (sweeps on GPUs with more shared memory).
    void stepWidths_data() {
        QTest::addColumn<int>("bk");
        for (int bk : {8, 64}) QTest::addRow("BK%d", bk) << bk;
    }
    void stepWidths() {
        QFETCH(int, bk);
        const ScopedEnv force("SMOLDESK_VK_MATMUL_TILE", "64"),
            step("SMOLDESK_VK_MATMUL_BK", QByteArray::number(bk));
        const FixtureWeight w = fixtureWeight(quant::Type::Q4_K, 70);
        const double e = product(w.info, w.values, 70, true);
        qInfo("error %.6g of the bound", e);
        QVERIFY2(e <= 1.0, qPrintable(QString("error %1 of the bound").arg(e)));
    }

    // The fragment shapes a device may list, through the emulated build, with partial tiles of
    // rows and tokens (the 16x16x16 shape's 128 and 32 tiles run in the second registration).
    void coopShapes_data() {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<int>("tile");
        QTest::addColumn<bool>("add");
        for (const char* shape : {"16x16x16", "16x8x16", "8x16x8", "16x16x8"})
            QTest::addRow("%s tile 64", shape) << QString(shape) << 64 << false;
        QTest::addRow("8x16x8 tile 32, residual add") << QString("8x16x8") << 32 << true;
    }
    void coopShapes() {
        QFETCH(QString, shape);
        QFETCH(int, tile);
        QFETCH(bool, add);
        const ScopedEnv mode("SMOLDESK_VK_MATMUL", "coopmat-emulated"),
            forced("SMOLDESK_VK_COOPMAT_SHAPE", shape.toUtf8()),
            size("SMOLDESK_VK_MATMUL_TILE", QByteArray::number(tile));
        const auto t = vk::VulkanBackend::coopTile(gpu_->caps(), 133, 130, quant::Type::Q6_K);
        QVERIFY(t && t->emulated && t->bm == uint32_t(tile));
        QCOMPARE(QString("%1x%2x%3").arg(t->shape.m).arg(t->shape.n).arg(t->shape.k), shape);
        const FixtureWeight w = fixtureWeight(quant::Type::Q6_K, 133);
        const double e = product(w.info, w.values, 130, true, add);
        qInfo("error %.6g of the bound", e);
        QVERIFY2(e <= 1.0, qPrintable(QString("error %1 of the bound").arg(e)));
    }

    // The tensor-core GEMM's choices (no device needed): the shape from a property list, the
    // tile within shared memory, and when the tiled matmul.comp runs instead.
    void coopChoice() {
        using vk::VulkanBackend;
        vk::DeviceCaps caps;
        caps.maxWorkgroupInvocations = 1024;
        caps.maxSharedMemory = 49152;
        QVERIFY(!VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K)); // no tensor cores
        caps.coopShapes = {{16, 8, 16, true}, {16, 16, 16, false}, {32, 8, 16, true}, {16, 16, 16, true}};
        QVERIFY(vk::pickCoopShape(caps.coopShapes, caps.coopShape));
        QVERIFY(caps.coopShape.m == 16 && caps.coopShape.n == 16 && caps.coopShape.k == 16 &&
                caps.coopShape.f32Acc);
        caps.coopmat = true;
        auto t = VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K);
        QVERIFY(t && !t->emulated && t->bm == 128 && t->bk == 32 && t->sharedBytes() <= 49152);
        QCOMPARE(std::string(t->shader()), std::string("matmul_coop"));
        QCOMPARE(VulkanBackend::coopTile(caps, 2048, 512, quant::Type::Q4_K)->bm, 64u); // as matmulTile
        QVERIFY(!VulkanBackend::coopTile(caps, 11008, 512, quant::Type::F32)); // f16 lacks their range
        QVERIFY(!VulkanBackend::coopTile(caps, 11008, 512, quant::Type::BF16));
        {
            const ScopedEnv tiled("SMOLDESK_VK_MATMUL", "tiled");
            QVERIFY(!VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K));
        }
        {
            const ScopedEnv f32("SMOLDESK_VK_MATMUL_F16", "0");
            QVERIFY(!VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K));
        }
        {
            const ScopedEnv listed("SMOLDESK_VK_COOPMAT_SHAPE", "16x8x16");
            QCOMPARE(VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K)->shape.n, 8u);
            const ScopedEnv unlisted("SMOLDESK_VK_COOPMAT_SHAPE", "8x8x8"); // not the device's: ignored
            QCOMPARE(VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K)->shape.n, 16u);
        }
        caps.maxSharedMemory = 16384; // the least a Vulkan device has
        t = VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K);
        QVERIFY(t && t->sharedBytes() <= 16384 && t->bk % 16 == 0);
        // Only f16 accumulators: the f16 build; none that fits: no tensor cores.
        std::vector<vk::CoopShape> f16Only = {{16, 16, 16, false}},
                                   none = {{32, 32, 16, true}, {16, 16, 32, true}};
        QVERIFY(vk::pickCoopShape(f16Only, caps.coopShape));
        QCOMPARE(std::string(VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K)->shader()),
                 std::string("matmul_coop16"));
        vk::CoopShape unused;
        QVERIFY(!vk::pickCoopShape(none, unused));
        // The emulated build on lavapipe's 32 KiB: f32 tiles, a narrower step.
        caps.coopmat = false;
        caps.maxSharedMemory = 32768;
        const ScopedEnv emulated("SMOLDESK_VK_MATMUL", "coopmat-emulated");
        t = VulkanBackend::coopTile(caps, 11008, 512, quant::Type::Q4_K);
        QVERIFY(t && t->emulated && t->bm == 128 && t->bk == 16 && t->sharedBytes() <= 32768 &&
                t->shape.f32Acc);
        QCOMPARE(std::string(t->shader()), std::string("matmul_coop_emu"));
    }

    // The SPIR-V capabilities of the tensor-core builds are those the device is created with when
    // it qualifies (vk::queryDeviceCaps: the NV extension, shaderFloat16, the Vulkan memory model,
    // subgroups, 16-bit storage); the emulated build needs nothing beyond the other shaders.
    void coopCapabilities() {
        auto capabilities = [](const char* name) {
            const vk::EmbeddedShader* s = vk::findShader(name);
            std::set<uint32_t> found;
            for (size_t i = 5; s && i < s->wordCount;) { // after the 5-word header: instructions
                const uint32_t words = s->words[i] >> 16, opcode = s->words[i] & 0xFFFF;
                if (words == 0) break;
                if (opcode == 17 && words == 2) found.insert(s->words[i + 1]); // OpCapability
                i += words;
            }
            return found;
        };
        // Shader, Float16, GroupNonUniform, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixNV
        const std::set<uint32_t> enabled = {1, 9, 61, 4433, 5345, 5357};
        for (const char* name : {"matmul_coop", "matmul_coop16"}) {
            const std::set<uint32_t> caps = capabilities(name);
            QVERIFY2(caps.count(5357), name);
            for (uint32_t c : caps)
                QVERIFY2(enabled.count(c), qPrintable(QString("%1: capability %2").arg(name).arg(c)));
        }
        const std::set<uint32_t> plain = {1, 4433};
        for (uint32_t c : capabilities("matmul_coop_emu"))
            QVERIFY2(plain.count(c), qPrintable(QString::number(c)));
        QVERIFY(!capabilities("matmul_coop_emu").empty());
    }

    // The second registration really ran the emulated tensor-core GEMM.
    void cleanupTestCase() {
        if (qgetenv("SMOLDESK_VK_MATMUL") == "coopmat-emulated") QVERIFY(coopProducts_ > 20);
    }

    // The host's tile: within the device's shared memory and invocations, the overrides obeyed,
    // and the automatic choice by shape (no device needed).
    void tileChoice() {
        using vk::VulkanBackend;
        vk::DeviceCaps caps;
        caps.maxWorkgroupInvocations = 1024;
        for (uint32_t shared : {16384u, 32768u, 49152u}) {
            caps.maxSharedMemory = shared;
            for (const char* tile : {"128", "64", "32"})
                for (const char* f16 : {"", "0"})
                    for (const char* bk : {"", "64"}) {
                        const ScopedEnv a("SMOLDESK_VK_MATMUL_TILE", tile), b("SMOLDESK_VK_MATMUL_F16", f16),
                            c("SMOLDESK_VK_MATMUL_BK", bk);
                        const vk::MatmulTile t =
                            VulkanBackend::matmulTile(caps, 4096, 512, quant::Type::Q4_K);
                        QVERIFY(t.sharedBytes() <= shared);
                        QCOMPARE(t.f16, *f16 ? 0u : 1u);
                        QVERIFY(t.bk % 8 == 0 && t.bk >= 8);
                        QCOMPARE(t.workgroup(), (t.bm / t.tm) * (t.bn / t.tn));
                        if (shared >= 32768) QCOMPARE(t.bm, uint32_t(std::atoi(tile))); // fits as asked
                    }
        }
        caps.maxSharedMemory = 32768;
        QCOMPARE(VulkanBackend::matmulTile(caps, 11008, 512, quant::Type::Q4_K).bm, 128u); // 344 groups
        QCOMPARE(VulkanBackend::matmulTile(caps, 11008, 512, quant::Type::Q4_K).bk, 32u);  // 27 KiB
        QCOMPARE(VulkanBackend::matmulTile(caps, 11008, 512, quant::Type::F32).bk, 16u); // f32: 35 KiB at 32
        QCOMPARE(VulkanBackend::matmulTile(caps, 2048, 512, quant::Type::Q4_K).bm, 64u); // 64 groups at 128
        QCOMPARE(VulkanBackend::matmulTile(caps, 11008, 20, quant::Type::Q4_K).bm, 32u); // a short prompt
        QCOMPARE(VulkanBackend::matmulTile(caps, 20, 4096, quant::Type::Q4_K).bm, 32u);  // few rows
        QCOMPARE(VulkanBackend::matmulTile(caps, 11008, 512, quant::Type::BF16).f16, 0u);
        caps.maxSharedMemory = 49152;
        QCOMPARE(VulkanBackend::matmulTile(caps, 11008, 512, quant::Type::F32).bk, 32u);
    }
};

QTEST_GUILESS_MAIN(TestVulkanMatmul)
#include "test_vulkan_matmul.moc"
