// Bad models and bad requests: each a clear sentence, never a crash.
#include "common/error.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "quant/fp16.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace smoldesk;
using namespace smoldesk::test;
using runtime::LoadOptions;
using runtime::Session;

namespace {

Error loadError(const std::string& path, int ctx = 0) {
    LoadOptions o;
    o.path = path;
    o.contextLength = ctx;
    o.threads = 1;
    try {
        Session::load(o);
    } catch (const Error& e) {
        return e;
    }
    return Error(ErrorCode::Backend, "(loaded without error)");
}

void expectError(const Error& e, ErrorCode code, const char* needle) {
    QVERIFY2(std::strstr(e.what(), needle), e.what());
    QCOMPARE(errorCodeName(e.code()), errorCodeName(code));
}

// The qwen3moe fixture rewritten with metadata overrides and `edit` applied to its tensors
// (each gets its name, type, shape and bytes; returning false drops it).
struct MoeEdit {
    std::vector<std::pair<std::string, gguf::WriteValue>> keys;
    std::vector<std::string> dropKeys;
    std::function<bool(const gguf::TensorInfo&, gguf::Writer&)> tensor;
};

std::string moeVariant(const MoeEdit& e, const std::string& name) {
    auto src = gguf::File::open(dataPath("models/arch/qwen3moe-tiny-Q4_K_M.gguf"));
    gguf::Writer w;
    for (const auto& [key, value] : src->metadata())
        if (std::find(e.dropKeys.begin(), e.dropKeys.end(), key) == e.dropKeys.end())
            w.set(std::string(key), gguf::WriteValue::copyOf(value));
    for (const auto& [key, value] : e.keys) w.set(key, value);
    for (const auto& t : src->tensors()) {
        if (e.tensor && !e.tensor(t, w)) continue;
        w.addTensor(t.name, t.type, std::vector<uint64_t>(t.ne.begin(), t.ne.begin() + t.nDims),
                    std::vector<uint8_t>(t.data, t.data + t.nBytes));
    }
    const std::string path = tmpPath(name);
    w.write(path);
    return path;
}

} // namespace

class TestModelErrors : public QObject {
    Q_OBJECT

  private slots:
    // Mixture-of-experts files with a broken expert setup: one sentence each, before any compute.
    void moeErrors_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("needle");
        QTest::newRow("more experts used than exist")
            << 0 << int(ErrorCode::BadShape)
            << "'qwen3moe.expert_used_count' has the impossible value 9 (at most 8)";
        QTest::newRow("no expert count") << 1 << int(ErrorCode::MissingKey) << "qwen3moe.expert_count";
        QTest::newRow("an expert tensor missing")
            << 2 << int(ErrorCode::MissingKey) << "lacks the tensor 'blk.1.ffn_gate_exps.weight'";
        QTest::newRow("expert count contradicting the tensors")
            << 3 << int(ErrorCode::BadShape) << "Tensor 'blk.0.ffn_gate_inp.weight' has shape";
        QTest::newRow("router in F16")
            << 4 << int(ErrorCode::UnsupportedType) << "Router tensor 'blk.0.ffn_gate_inp.weight'";
    }
    void moeErrors() {
        QFETCH(int, which);
        QFETCH(int, code);
        QFETCH(QString, needle);
        MoeEdit e;
        if (which == 0) e.keys.emplace_back("qwen3moe.expert_used_count", gguf::WriteValue::u32(9));
        if (which == 1) e.dropKeys.push_back("qwen3moe.expert_count");
        if (which == 2)
            e.tensor = [](const gguf::TensorInfo& t, gguf::Writer&) {
                return t.name != "blk.1.ffn_gate_exps.weight";
            };
        if (which == 3) e.keys.emplace_back("qwen3moe.expert_count", gguf::WriteValue::u32(16));
        if (which == 4)
            e.tensor = [](const gguf::TensorInfo& t, gguf::Writer& w) {
                if (t.name != "blk.0.ffn_gate_inp.weight") return true;
                std::vector<uint8_t> halves(t.nElements * 2);
                const float* f = reinterpret_cast<const float*>(t.data);
                for (uint64_t i = 0; i < t.nElements; ++i) {
                    const uint16_t h = quant::fp32ToFp16(f[i]);
                    std::memcpy(&halves[i * 2], &h, 2);
                }
                w.addTensor(t.name, quant::Type::F16, {t.ne[0], t.ne[1]}, std::move(halves));
                return false;
            };
        const Error err = loadError(moeVariant(e, "moe-" + std::to_string(which) + ".gguf"));
        expectError(err, static_cast<ErrorCode>(code), qPrintable(needle));
        QVERIFY2(std::string(err.what()).back() == '.', err.what());
    }

    void unknownArchitectureFailsFirst() {
        TinyModelSpec s;
        s.edit = [](gguf::Writer& w) { w.set("general.architecture", gguf::WriteValue::string("mamba2")); };
        expectError(
            loadError(writeTinyModel(s, "gemma.gguf")), ErrorCode::UnsupportedArch,
            "Architecture 'mamba2' is not supported (supported: smollm3, llama, qwen2, qwen3, gemma3, phi3, "
            "qwen3moe, gpt-oss)");
    }
    // LongRoPE needs both factor sets, each half a rotation wide; RoPE schemes the engine lacks
    // are refused by name, never run wrongly.
    void longRopeNeedsBothFactorSets() {
        TinyModelSpec s;
        s.arch = "phi3";
        s.edit = [](gguf::Writer& w) {
            w.addTensorF32("rope_factors_long.weight", {8}, std::vector<float>(8, 1.0f));
        };
        expectError(loadError(writeTinyModel(s, "longrope.gguf")), ErrorCode::MissingKey,
                    "The model has LongRoPE's long factors but not its short ones.");
        TinyModelSpec s2; // (llama: a tiny phi3 would need fused tensors)
        s2.arch = "llama";
        s2.edit = [](gguf::Writer& w) {
            w.addTensorF32("rope_factors_long.weight", {3}, std::vector<float>(3, 1.0f));
            w.addTensorF32("rope_factors_short.weight", {3}, std::vector<float>(3, 1.0f));
        };
        expectError(loadError(writeTinyModel(s2, "longrope3.gguf")), ErrorCode::BadShape,
                    "Tensor 'rope_factors_short.weight' has shape [3]");
    }
    void unknownRopeScalingIsRefusedByName() {
        TinyModelSpec s;
        s.arch = "qwen2";
        s.edit = [](gguf::Writer& w) {
            w.set("qwen2.rope.scaling.type", gguf::WriteValue::string("dynamic"));
            w.set("qwen2.rope.scaling.factor", gguf::WriteValue::f32(4.0f));
        };
        expectError(loadError(writeTinyModel(s, "dynamic.gguf")), ErrorCode::UnsupportedArch,
                    "The model uses 'dynamic' RoPE scaling, which SmolDesk does not support");
    }
    void yarnScalingLoads() {
        TinyModelSpec s;
        s.arch = "llama";
        s.edit = [](gguf::Writer& w) {
            w.set("llama.rope.scaling.type", gguf::WriteValue::string("yarn"));
            w.set("llama.rope.scaling.factor", gguf::WriteValue::f32(4.0f));
            w.set("llama.rope.scaling.original_context_length", gguf::WriteValue::u32(64));
        };
        LoadOptions o;
        o.path = writeTinyModel(s, "yarn.gguf");
        const auto session = Session::load(o);
        QVERIFY(session);
        const model::HyperParams& hp = session->hparams();
        QCOMPARE(hp.ropeExtFactor, 1.0f);
        QCOMPARE(hp.ropeFreqScale, 0.25f);
        QCOMPARE(hp.ropeOrigCtx, 64);
        QVERIFY(hp.ropeCorrHigh > hp.ropeCorrLow && hp.ropeCorrLow >= 0.0f);
        // llama.cpp's attention factor: HF's mscale 1 + 0.1·ln(4), divided by the kernel's own
        // 1 + 0.1·ln(4) again, times rope.scaling.attn_factor (1 when absent).
        QVERIFY(std::fabs(hp.ropeAttnFactor - 1.0f) < 1e-6f);
        QVERIFY(!session->evaluate(std::vector<int32_t>{1, 2, 3}).empty());
    }
    void missingTensor() {
        TinyModelSpec s;
        s.skipTensor = "blk.1.ffn_up.weight";
        expectError(loadError(writeTinyModel(s, "missing.gguf")), ErrorCode::MissingKey,
                    "lacks the tensor 'blk.1.ffn_up.weight'");
    }
    void shapeContradictsHyperParams() {
        TinyModelSpec s;
        s.wrongShapeTensor = "blk.0.attn_k.weight";
        expectError(loadError(writeTinyModel(s, "shape.gguf")), ErrorCode::BadShape,
                    "Tensor 'blk.0.attn_k.weight' has shape [64, 33] but the model's settings need [64, 32]");
    }
    void headsNotDivisible() {
        TinyModelSpec s;
        s.edit = [](gguf::Writer& w) { w.set("llama.attention.head_count_kv", gguf::WriteValue::u32(3)); };
        expectError(loadError(writeTinyModel(s, "heads.gguf")), ErrorCode::BadShape,
                    "not a multiple of its 3 key/value heads");
    }
    void missingHyperParameter() {
        TinyModelSpec s;
        s.edit = [](gguf::Writer& w) { w.set("llama.embedding_length", gguf::WriteValue::string("wide")); };
        expectError(loadError(writeTinyModel(s, "hp.gguf")), ErrorCode::WrongType,
                    "should be an integer but is string");
    }
    void unsupportedTensorType() {
        TinyModelSpec s;
        s.edit = [](gguf::Writer& w) {
            w.addTensor("blk.0.extra", quant::Type::NVFP4, {256}, std::vector<uint8_t>(4 * 36));
        };
        std::string path = writeTinyModel(s, "iq.gguf");
        // An unused tensor of an unknown-to-us type is harmless; a used one is named.
        LoadOptions o;
        o.path = path;
        QVERIFY(Session::load(o));
        TinyModelSpec s2;
        s2.skipTensor = "blk.0.ffn_gate.weight";
        s2.edit = [](gguf::Writer& w) {
            w.addTensor("blk.0.ffn_gate.weight", quant::Type::NVFP4, {256, 96},
                        std::vector<uint8_t>(4 * 36 * 96));
        };
        s2.nEmbd = 256;
        s2.nHead = 4;
        s2.nHeadKv = 2;
        expectError(loadError(writeTinyModel(s2, "iq2.gguf")), ErrorCode::UnsupportedType,
                    "Tensor 'blk.0.ffn_gate.weight' has type NVFP4, which SmolDesk does not support");
    }
    void contextAboveTrainedWarns() {
        LoadOptions o;
        o.path = writeTinyModel(TinyModelSpec{}, "ctx.gguf");
        o.contextLength = 1024; // trained: 256
        auto s = Session::load(o);
        QCOMPARE(s->contextSize(), 1024);
        QCOMPARE(s->warnings().size(), size_t(1));
        QVERIFY(s->warnings()[0].find("longer than the 256") != std::string::npos);
    }
    void promptLongerThanContext() {
        LoadOptions o;
        o.path = writeTinyModel(TinyModelSpec{}, "long.gguf");
        o.contextLength = 16;
        auto s = Session::load(o);
        std::vector<int32_t> prompt(20, 5);
        try {
            s->generate(prompt, {}, {});
            QFAIL("a prompt longer than the context was accepted");
        } catch (const Error& e) {
            expectError(e, ErrorCode::InvalidArgument,
                        "The prompt has 20 tokens but the context holds only 16");
        }
        std::vector<int32_t> badId = {1, 9999};
        try {
            s->evaluate(badId);
            QFAIL("a token id outside the vocabulary was accepted");
        } catch (const Error& e) {
            expectError(e, ErrorCode::InvalidArgument,
                        "Token id 9999 is outside the vocabulary of 512 tokens");
        }
    }
    void nanWeightsDoNotCrash() {
        TinyModelSpec s;
        s.nanWeights = true;
        LoadOptions o;
        o.path = writeTinyModel(s, "nan.gguf");
        auto session = Session::load(o);
        std::vector<int32_t> prompt = {1, 5, 6};
        runtime::GenerateParams gp;
        gp.maxTokens = 4;
        gp.sampling.temperature = 0.7f;
        gp.sampling.seed = 3;
        auto stats = session->generate(prompt, gp, {});
        QVERIFY(stats.generatedTokens <= 4);
        std::vector<float> logits = session->evaluate(prompt);
        QVERIFY(std::isnan(logits[0]));
    }
    void notAModel() {
        std::string path = tmpPath("text.gguf");
        writeBytes(path, {'h', 'e', 'l', 'l', 'o'});
        expectError(loadError(path), ErrorCode::NotGguf, "not a GGUF file");
    }
};

QTEST_GUILESS_MAIN(TestModelErrors)
#include "test_model_errors.moc"
