// Partial offload (compute::SplitBackend) on lavapipe: a model split by layers between the CPU and
// the Vulkan backend gives the logits of llama.cpp's goldens, of the CPU backend and of the whole
// model on the GPU (the tolerances of test_vulkan_model), whole prompt and token by token, for
// 0, 1, half, all-but-one and all layers on the GPU; 0 and all give exactly the single backends'
// floats; the hidden state crosses once per step; MoE experts kept on the CPU; a saved chat state
// restores into the same split only; `auto` under SMOLDESK_VK_MEMORY_BUDGET_MB picks the most
// layers that fit; the CLI's --gpu-layers says the split and refuses bad values in one sentence.
#include "../model/golden.h"
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/split_backend.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "model/memory_plan.h"
#include "program_run.h"
#include "require_all.h"
#include "runtime/gpu_offload.h"
#include "runtime/session.h"
#include "runtime/session_state.h"
#include "test_data.h"
#include "vulkan_test_util.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cstdlib>
#include <map>
#include <sstream>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

constexpr double kTinyMean = 0.10, kTinyMax = 0.75, kTinyCos = 0.997; // test_vulkan_model's
const char* kTiny = "models/smollm3-tiny.gguf";                       // 8 layers, tied output

struct Loaded {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<compute::Backend> backend;
    compute::SplitBackend* split = nullptr;
    std::unique_ptr<model::Decoder> decoder;
};

enum class Where { Cpu, Gpu, Split };

Loaded load(const std::string& path, Where where, int gpuLayers = 0, int cpuExpertLayers = 0) {
    Loaded l;
    l.file = gguf::File::open(path);
    const model::HyperParams hp = model::readHyperParams(*l.file);
    if (where == Where::Cpu) {
        l.backend = std::make_unique<compute::CpuBackend>(2);
    } else if (where == Where::Gpu) {
        l.backend = makeVulkanBackend();
    } else {
        compute::LayerSplit s;
        s.nLayer = hp.nLayer;
        s.gpuLayers = gpuLayers;
        s.cpuExpertLayers = cpuExpertLayers;
        s.tiedOutput = l.file->findTensor("output.weight") == nullptr;
        auto split = std::make_unique<compute::SplitBackend>(std::make_unique<compute::CpuBackend>(2),
                                                             makeVulkanBackend(), s);
        l.split = split.get();
        l.backend = std::move(split);
    }
    l.decoder = std::make_unique<model::Decoder>(*l.file, hp, *l.backend, 512, 128);
    return l;
}

bool within(const LogitDiff& d, const std::string& what) {
    return logitsWithin(d, kTinyMean, kTinyMax, kTinyCos, what);
}

float maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
    float m = a.size() == b.size() ? 0.0f : 1e30f;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

// The models the references run on, freed in cleanupTestCase (not at exit, after the Vulkan loader).
std::map<int, Loaded>& referenceModels() {
    static std::map<int, Loaded> models;
    return models;
}

// The reference logits of the whole model on one backend, computed once per (where, prompt, chunk).
const std::vector<float>& reference(Where where, const Golden& g, const std::string& prompt, size_t chunk) {
    static std::map<std::tuple<int, std::string, size_t>, std::vector<float>> cache;
    auto [it, fresh] = cache.try_emplace({static_cast<int>(where), prompt, chunk});
    if (fresh) {
        // One model per backend for every reference: a Vulkan backend compiles its pipelines anew.
        auto [m, loaded] = referenceModels().try_emplace(static_cast<int>(where));
        if (loaded) m->second = load(dataPath(kTiny), where);
        it->second = promptLogits(*m->second.decoder, g.tokens, chunk);
    }
    return it->second;
}

std::unique_ptr<runtime::Session> openSession(int gpuLayers, int nCtx = 256) {
    runtime::LoadOptions o;
    o.path = dataPath(kTiny);
    o.contextLength = nCtx;
    o.threads = 2;
    o.backend = runtime::BackendChoice::Vulkan;
    o.device = vulkanTestDevice();
    o.gpuLayers = gpuLayers;
    return runtime::Session::load(o);
}

// Bytes of GPU memory the memory check asks for n of smollm3-tiny's layers at this context (batch 256).
uint64_t gpuNeed(int n, int nCtx) {
    const auto file = gguf::File::open(dataPath(kTiny));
    const model::HyperParams hp = model::readHyperParams(*file);
    compute::LayerSplit s{hp.nLayer, n, 0, true};
    const model::MemoryPlan p = model::planGpuShare(*file, hp, nCtx, 256, s);
    return compute::vulkanBytesNeededWithMargin(
        {p.weightBytes, p.kvCacheBytes, p.activationBytes, p.logitBytes, nCtx, hp.nHead, hp.headDim});
}

// At a 4096-token context each layer adds over 1 MiB (2 MiB of KV cache): a cap in MiB that holds
// 5 layers and not 6.
constexpr int kCapCtx = 4096;
uint64_t capForFiveLayersMiB() {
    return (gpuNeed(5, kCapCtx) + (1 << 20) - 1) >> 20;
}

using CliResult = test::ProgramRun;

CliResult runCli(const QStringList& args, const QStringList& env = {}) {
    return test::runProgram(SMOLDESK_CLI, args, {}, env, 300000);
}

} // namespace

#define REQUIRE_VULKAN()                                                                                     \
    if (vulkanTestDevice() < 0) SMOLDESK_SKIP_OR_FAIL(whyNoVulkanTestDevice().c_str())

class TestVulkanSplit : public QObject {
    Q_OBJECT

  private slots:
    void cleanupTestCase() { referenceModels().clear(); }

    void placement() {
        compute::LayerSplit s{8, 3, 1, true};
        QCOMPARE(s.place("blk.4.attn_q.weight"), unsigned(compute::kOnCpu));
        QCOMPARE(s.place("blk.5.attn_q.weight"), unsigned(compute::kOnGpu));
        QCOMPARE(s.place("blk.5.ffn_up_exps.weight"), unsigned(compute::kOnCpu)); // experts of 1 layer
        QCOMPARE(s.place("blk.5.ffn_gate_inp.weight"), unsigned(compute::kOnCpu));
        QCOMPARE(s.place("blk.6.ffn_up_exps.weight"), unsigned(compute::kOnGpu));
        QCOMPARE(s.place("blk.10x.attn_q.weight"), unsigned(compute::kOnBoth)); // not a layer's name
        QCOMPARE(s.place("output_norm.weight"), unsigned(compute::kOnGpu));
        QCOMPARE(s.place("token_embd.weight"), unsigned(compute::kOnBoth)); // tied: also the head
        QCOMPARE(s.place("rope_freqs.weight"), unsigned(compute::kOnBoth));
        s.tiedOutput = false;
        QCOMPARE(s.place("token_embd.weight"), unsigned(compute::kOnCpu));
        s.gpuLayers = s.cpuExpertLayers = 0;
        QCOMPARE(s.place("output.weight"), unsigned(compute::kOnCpu));
        QCOMPARE(s.place("rope_freqs.weight"), unsigned(compute::kOnCpu));
        QCOMPARE(QString::fromStdString(compute::LayerSplit{36, 24}.describe()),
                 QStringLiteral("24 of 36 layers on the GPU"));
    }

    void splitLogits_data() {
        QTest::addColumn<int>("gpuLayers");
        for (int n : {0, 1, 4, 7, 8}) QTest::addRow("%d of 8 layers on the GPU", n) << n;
    }
    void splitLogits() {
        REQUIRE_VULKAN();
        QFETCH(int, gpuLayers);
        QElapsedTimer timer;
        timer.start();
        Loaded m = load(dataPath(kTiny), Where::Split, gpuLayers);
        qInfo("loaded in %lld ms", timer.restart());
        struct Run {
            const char* prompt;
            size_t chunk;
        };
        std::vector<Run> runs{{"smollm3-tiny-P1", 512}, {"smollm3-tiny-P1", 1}};
        // A prompt long enough for the GPU's matrix-matrix kernels, in chunks across its layers.
        if (gpuLayers == 4) runs.push_back({"smollm3-tiny-P2", 40});
        for (const Run& run : runs) {
            const Golden g = loadGolden(run.prompt);
            const std::string what = std::string(run.prompt) + " chunk " + std::to_string(run.chunk) + ", " +
                                     std::to_string(gpuLayers) + " of 8 layers on the GPU";
            const std::vector<float>& cpu = reference(Where::Cpu, g, run.prompt, run.chunk);
            const std::vector<float>& gpu = reference(Where::Gpu, g, run.prompt, run.chunk);
            const uint64_t transfers = m.split->transfers(), floats = m.split->transferredFloats();
            timer.restart();
            const std::vector<float> ours = promptLogits(*m.decoder, g.tokens, run.chunk);
            qInfo("%s: %lld ms", what.c_str(), timer.elapsed());
            QVERIFY(within(compareLogits(ours, g.logits, g.nVocab), what + " vs llama.cpp"));
            QVERIFY(within(compareLogits(ours, cpu, g.nVocab), what + " vs the CPU"));
            QVERIFY(within(compareLogits(ours, gpu, g.nVocab), what + " vs the GPU"));
            // The ends of the range are the single backends, op for op: the same floats.
            if (gpuLayers == 0) QCOMPARE(maxAbsDiff(ours, cpu), 0.0f);
            if (gpuLayers == 8) QCOMPARE(maxAbsDiff(ours, gpu), 0.0f);
            // Between them the hidden state crosses once per forward (none when one side runs all:
            // the tied embedding table is on the GPU too when every layer is).
            const bool oneSide = gpuLayers == 0 || gpuLayers == 8;
            const uint64_t forwards = (g.tokens.size() + run.chunk - 1) / run.chunk;
            QCOMPARE(m.split->transfers() - transfers, oneSide ? 0 : forwards);
            QCOMPARE(m.split->transferredFloats() - floats, oneSide ? 0 : g.tokens.size() * 512);
        }
    }

    void expertsOnTheCpu_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("gpuLayers"); // -1: every layer, -2: half of them
        QTest::addColumn<int>("cpuExpertLayers");
        const QString qwen = QStringLiteral("qwen3moe-tiny-Q4_K_M"),
                      oss = QStringLiteral("gpt-oss-tiny-mxfp4");
        QTest::newRow("qwen3moe, every layer, all experts on the CPU") << qwen << -1 << -1;
        QTest::newRow("qwen3moe, every layer, the first half's experts on the CPU") << qwen << -1 << -2;
        QTest::newRow("qwen3moe, the last half with their experts on the CPU") << qwen << -2 << -2;
        QTest::newRow("gpt-oss, every layer, all experts on the CPU") << oss << -1 << -1;
    }
    void expertsOnTheCpu() {
        REQUIRE_VULKAN();
        QFETCH(QString, model);
        QFETCH(int, gpuLayers);
        QFETCH(int, cpuExpertLayers);
        const std::string path = dataPath("models/arch/" + model.toStdString() + ".gguf");
        const int layers = model::readHyperParams(*gguf::File::open(path)).nLayer;
        const auto count = [&](int code) { return code == -1 ? layers : layers / 2; };
        Loaded m = load(path, Where::Split, count(gpuLayers), count(cpuExpertLayers));
        qInfo("%s", m.backend->deviceName().c_str());
        const Golden g = loadGolden("arch/" + model.toStdString() + "-P1");
        for (size_t chunk : {size_t(256), size_t(1)}) {
            const std::vector<float> ours = promptLogits(*m.decoder, g.tokens, chunk);
            QVERIFY(logitsWithin(compareLogits(ours, g.logits, g.nVocab), g,
                                 model.toStdString() + " P1 chunk " + std::to_string(chunk) + ", " +
                                     m.split->split().describe()));
        }
        QVERIFY(m.split->transfers() > 0);
    }

    void savedStateRestoresIntoTheSameSplit() {
        REQUIRE_VULKAN();
        const Golden g = loadGolden("smollm3-tiny-P1");
        const std::span<const int32_t> history(g.tokens.data(), g.tokens.size() - 1);
        auto a = openSession(3);
        QVERIFY2(a->fallbackReason().empty(), a->fallbackReason().c_str());
        QVERIFY2(a->deviceName().find(", 3 of 8 layers on the GPU, the rest on CPU") != std::string::npos,
                 a->deviceName().c_str());
        a->evaluate(history);
        std::stringstream state;
        a->saveState(state);
        const std::vector<float> continued = a->decode(g.tokens.back());

        // The header records the experts kept on the CPU too (bits 20-31 of the cache kind; none
        // here): a state of the same split with one GPU layer's experts on the CPU is refused in a
        // sentence that says so. Before they were recorded, such a state restored into a split
        // that computes those experts on the GPU.
        auto b = openSession(3);
        std::string bytes = state.str();
        runtime::StateHeader h;
        QVERIFY(h.decode(reinterpret_cast<const uint8_t*>(bytes.data())));
        QCOMPARE(h.cacheKind, runtime::kCacheSplitF16 | 3u << 8);
        h.cacheKind |= 1u << runtime::kCacheSplitExpertShift;
        h.encode(reinterpret_cast<uint8_t*>(bytes.data()));
        std::stringstream experts(bytes);
        try {
            b->restoreState(experts);
            QFAIL("a state with experts on the CPU was restored into a split without");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::InvalidArgument);
            QCOMPARE(std::string(e.what()),
                     std::string("The saved chat state was computed on the GPU and the CPU with 3 layers on "
                                 "the GPU (the experts of 1 of them on the CPU), not on the GPU and the CPU "
                                 "with 3 layers on the GPU."));
        }
        std::stringstream copy(state.str());
        QCOMPARE(b->restoreState(copy).size(), history.size());
        // The KV rows of the GPU's layers came back from the device and went back to it: the next
        // token's logits are the ones of the session that never stopped.
        QCOMPARE(b->decode(g.tokens.back()), continued);
        QVERIFY(within(
            compareLogits(continued, std::vector<float>(g.logits.end() - g.nVocab, g.logits.end()), g.nVocab),
            "restored split, last token"));

        auto c = openSession(2);
        std::stringstream other(state.str());
        try {
            c->restoreState(other);
            QFAIL("a state of another split was restored");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::InvalidArgument);
            QVERIFY2(std::string(e.what()).find("with 3 layers on the GPU") != std::string::npos, e.what());
        }
    }

    void autoFitsTheMemoryCap() {
        REQUIRE_VULKAN();
        constexpr int kCtx = kCapCtx;
        const auto file = gguf::File::open(dataPath(kTiny));
        const model::HyperParams hp = model::readHyperParams(*file);
        const auto need = [&](int n) { return gpuNeed(n, kCtx); };
        const uint64_t capMiB = capForFiveLayersMiB();
        QVERIFY(capMiB << 20 < need(6));
        QCOMPARE(runtime::chooseSplit(*file, hp, kCtx, 256, capMiB << 20).gpuLayers, 5);
        QCOMPARE(runtime::chooseSplit(*file, hp, kCtx, 256, need(1) - 1).gpuLayers, 0);

        qputenv("SMOLDESK_VK_MEMORY_BUDGET_MB", QByteArray::number(qulonglong(capMiB)));
        auto s = openSession(-1, kCtx);
        const std::string reason = s->fallbackReason();
        qputenv("SMOLDESK_VK_MEMORY_BUDGET_MB", QByteArray::number(qulonglong(need(1) >> 20) - 1));
        auto none = openSession(-1, kCtx);
        qunsetenv("SMOLDESK_VK_MEMORY_BUDGET_MB");
        qInfo("cap %llu MiB: %s; %s", static_cast<unsigned long long>(capMiB), s->deviceName().c_str(),
              reason.c_str());
        QVERIFY2(s->deviceName().find("5 of 8 layers on the GPU") != std::string::npos,
                 s->deviceName().c_str());
        QVERIFY2(reason.find("so it is split: 5 of 8 layers on the GPU, the rest on the CPU.") !=
                     std::string::npos,
                 reason.c_str());
        QVERIFY2(none->deviceName().rfind("CPU", 0) == 0, none->deviceName().c_str());
        QVERIFY2(none->fallbackReason().find("so the CPU is used") != std::string::npos,
                 none->fallbackReason().c_str());
    }

    // A MoE model: every layer's attention goes to the GPU first, with as few layers' experts on the
    // CPU as the budget needs; below that, fewer layers with their experts on the CPU.
    void autoKeepsExpertsOnTheCpu() {
        const auto file = gguf::File::open(dataPath("models/arch/qwen3moe-tiny-Q4_K_M.gguf"));
        const model::HyperParams hp = model::readHyperParams(*file);
        const int layers = hp.nLayer;
        const auto need = [&](int n, int experts) {
            const compute::LayerSplit s{layers, n, experts, file->findTensor("output.weight") == nullptr};
            const model::MemoryPlan p = model::planGpuShare(*file, hp, 512, 256, s);
            return compute::vulkanBytesNeededWithMargin(
                {p.weightBytes, p.kvCacheBytes, p.activationBytes, p.logitBytes, 512, hp.nHead, hp.headDim});
        };
        QVERIFY(need(layers, layers) < need(layers, 0));
        const compute::LayerSplit one = runtime::chooseSplit(*file, hp, 512, 256, need(layers, 1));
        QCOMPARE(one.gpuLayers, layers);
        QCOMPARE(one.cpuExpertLayers, 1);
        const compute::LayerSplit all = runtime::chooseSplit(*file, hp, 512, 256, need(layers, layers));
        QCOMPARE(all.gpuLayers, layers);
        QCOMPARE(all.cpuExpertLayers, layers);
        const compute::LayerSplit fewer = runtime::chooseSplit(*file, hp, 512, 256, need(layers, layers) - 1);
        QCOMPARE(fewer.gpuLayers, layers - 1);
        QCOMPARE(fewer.cpuExpertLayers, layers - 1);
    }

    void cliRefusesBadValues_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("negative") << "-3"
                                  << "--gpu-layers takes a number of layers (0 or more) or auto, not '-3'.";
        QTest::newRow("a word") << "abc"
                                << "--gpu-layers takes a number of layers (0 or more) or auto, not 'abc'.";
        QTest::newRow("empty") << ""
                               << "--gpu-layers takes a number of layers (0 or more) or auto, not ''.";
        QTest::newRow("more than the layers") << "9"
                                              << "The model has 8 layers, so 9 cannot run on the GPU.";
    }
    void cliRefusesBadValues() {
        QFETCH(QString, value);
        QFETCH(QString, sentence);
        for (const QString& command :
             {QStringLiteral("logits"), QStringLiteral("run"), QStringLiteral("bench"),
              QStringLiteral("chat"), QStringLiteral("serve")}) {
            QStringList args{command, QStringLiteral("-m"), QString::fromStdString(dataPath(kTiny)),
                             QStringLiteral("--gpu-layers"), value};
            if (command == "logits")
                args << "--tokens"
                     << "1,2"
                     << "-o" << QString::fromStdString(tmpPath("x.f32"));
            if (command == "run")
                args << "-p"
                     << "hi";
            const CliResult r = runCli(args);
            QVERIFY2(r.code != 0, qPrintable(command + ": " + r.err));
            QVERIFY2(r.err.contains(sentence.toUtf8()), qPrintable(command + ": " + r.err));
            QCOMPARE(r.err.trimmed().count('\n'), 0); // one sentence, no more
        }
    }

    void cliSaysTheSplit() {
        REQUIRE_VULKAN();
        const QString device = QString::number(vulkanTestDevice());
        const QString model = QString::fromStdString(dataPath(kTiny));
        const CliResult r = runCli({"run", "-m", model, "-p", "Once", "-n", "2", "--temp", "0", "--device",
                                    device, "--gpu-layers", "2", "--ctx", "256"});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains(", 2 of 8 layers on the GPU, the rest on CPU"), r.err.constData());
        const CliResult capped =
            runCli({"run", "-m", model, "-p", "Once", "-n", "2", "--temp", "0", "--device", device, "--ctx",
                    QString::number(kCapCtx), "--gpu-layers", "auto"},
                   {"SMOLDESK_VK_MEMORY_BUDGET_MB=" + QString::number(capForFiveLayersMiB())});
        QVERIFY2(capped.code == 0, capped.err.constData());
        qInfo("%s", capped.err.trimmed().constData());
        QVERIFY2(capped.err.contains("so it is split: 5 of 8 layers on the GPU, the rest on the CPU."),
                 capped.err.constData());
        QVERIFY2(capped.err.contains(", 5 of 8 layers on the GPU, the rest on CPU"), capped.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestVulkanSplit)
#include "test_vulkan_split.moc"
