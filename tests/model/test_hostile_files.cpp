// Hostile model files, each refused with a sentence or handled safely in bounded time and
// memory: NaN/Inf block scales, zero-sized tensors, duplicate tokens, merges naming unknown
// tokens, a 10 MB chat template, a million metadata keys, and a token list longer than the
// model's vocabulary. (Two tensors at one offset: test_gguf_hostile.)
#include "chat/chat_formatter.h"
#include "common/error.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "runtime/session.h"
#include "test_data.h"
#include "text/tokenizer.h"
#include "tiny_model.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cstring>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

std::unique_ptr<runtime::Session> load(const std::string& path) {
    runtime::LoadOptions o;
    o.path = path;
    o.threads = 1;
    o.contextLength = 64;
    return runtime::Session::load(o);
}

// The sentence of the Error that loading throws; "(loaded)" when it loads.
std::string loadError(const std::string& path) {
    try {
        load(path);
    } catch (const Error& e) {
        return e.what();
    }
    return "(loaded)";
}

void verifySentence(const std::string& text) {
    QVERIFY2(!text.empty() && text.back() == '.' && text.find('\n') == std::string::npos, text.c_str());
}

// A Q8_0 block: an f16 scale, then 32 int8 quants.
std::vector<uint8_t> q8Blocks(size_t blocks, uint16_t scaleBits) {
    std::vector<uint8_t> b(blocks * 34);
    for (size_t i = 0; i < blocks; ++i) {
        std::memcpy(&b[i * 34], &scaleBits, 2);
        for (int j = 0; j < 32; ++j) b[i * 34 + 2 + j] = uint8_t(j * 7);
    }
    return b;
}

// The tokenizer keys of a vocabulary fixture, with `edit` applied to the writer afterwards.
std::string vocabFile(const std::string& fixture, const std::function<void(gguf::Writer&)>& edit,
                      const std::string& name) {
    auto src = gguf::File::open(dataPath(fixture));
    gguf::Writer w;
    for (const auto& [key, value] : src->metadata())
        if (key.rfind("tokenizer.", 0) == 0 && key != "tokenizer.chat_template")
            w.set(std::string(key), gguf::WriteValue::copyOf(value));
    edit(w);
    const std::string path = tmpPath(name);
    w.write(path);
    return path;
}

} // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT

  private slots:
    // Scales that are NaN or infinite poison the logits; generation still ends, with no crash.
    void nanAndInfBlockScales_data() {
        QTest::addColumn<int>("scaleBits");
        QTest::newRow("NaN") << 0x7E00;
        QTest::newRow("+Inf") << 0x7C00;
        QTest::newRow("-Inf") << 0xFC00;
    }
    void nanAndInfBlockScales() {
        QFETCH(int, scaleBits);
        TinyModelSpec s;
        s.matrixType = quant::Type::Q8_0;
        s.skipTensor = "blk.0.attn_q.weight";
        s.edit = [&](gguf::Writer& w) {
            w.addTensor("blk.0.attn_q.weight", quant::Type::Q8_0, {64, 64},
                        q8Blocks(64 * 2, uint16_t(scaleBits)));
        };
        auto session = load(writeTinyModel(s, "scales.gguf"));
        const std::vector<int32_t> prompt = {1, 5, 6};
        for (float temperature : {0.0f, 0.8f}) {
            runtime::GenerateParams gp;
            gp.maxTokens = 4;
            gp.sampling.temperature = temperature;
            gp.sampling.seed = 1;
            const runtime::GenerationStats stats =
                session->generate(prompt, gp, [](const runtime::TokenEvent&) { return true; });
            QVERIFY(stats.generatedTokens <= 4);
        }
    }

    void zeroSizedTensor() {
        TinyModelSpec s;
        s.skipTensor = "blk.0.attn_q.weight";
        s.edit = [](gguf::Writer& w) { w.addTensor("blk.0.attn_q.weight", quant::Type::F32, {64, 0}, {}); };
        const std::string error = loadError(writeTinyModel(s, "zero.gguf"));
        QVERIFY2(error != "(loaded)", "a zero-sized attention matrix was accepted");
        verifySentence(error);
    }

    void duplicateTokens() {
        TinyModelSpec s;
        s.edit = [](gguf::Writer& w) {
            std::vector<std::string> tokens;
            for (int i = 0; i < 512; ++i) tokens.push_back("t" + std::to_string(i));
            tokens[300] = "t7";
            w.set("tokenizer.ggml.tokens", gguf::WriteValue::strings(tokens));
        };
        const std::string error = loadError(writeTinyModel(s, "dup.gguf"));
        QVERIFY2(error.find("has the token 't7' twice (ids 7 and 300)") != std::string::npos, error.c_str());
        verifySentence(error);
    }

    // Merges that name tokens the vocabulary lacks are kept as symbols but can never produce
    // an id outside the vocabulary; text still encodes and decodes to itself.
    void mergesNamingUnknownTokens() {
        const std::string path = vocabFile(
            "text/ggml-vocab-gpt-2.gguf",
            [](gguf::Writer& w) {
                std::vector<std::string> merges = {"zzq Ġqqz", "h e", "he llo", "Ġ wörld", "nosuch token"};
                auto src = gguf::File::open(dataPath("text/ggml-vocab-gpt-2.gguf"));
                const gguf::Value* old = src->getArray("tokenizer.ggml.merges", gguf::ValueType::String);
                for (size_t i = 0; i < old->size() && i < 2000; ++i) merges.emplace_back(old->stringAt(i));
                w.set("tokenizer.ggml.merges", gguf::WriteValue::strings(merges));
            },
            "merges.gguf");
        auto file = gguf::File::open(path);
        auto tok = text::Tokenizer::fromGguf(*file);
        const std::string text = "hello wörld zzq qqz nosuch token";
        const std::vector<int32_t> ids = tok->encode(text, false, false);
        for (int32_t id : ids) QVERIFY(id >= 0 && id < tok->vocabSize());
        QCOMPARE(QString::fromStdString(tok->decode(ids, false)), QString::fromStdString(text));
    }

    // A 10 MB template parses and renders in bounded time, or is refused with a sentence.
    void tenMegabyteTemplate() {
        std::string big = "{%- for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}";
        big.reserve(10u << 20);
        while (big.size() < (10u << 20)) big += "{# padding padding padding padding #}text{{ 1 + 2 }}";
        TinyModelSpec s;
        s.edit = [&](gguf::Writer& w) { w.set("tokenizer.chat_template", gguf::WriteValue::string(big)); };
        auto file = gguf::File::open(writeTinyModel(s, "bigtemplate.gguf"));
        auto tok = text::Tokenizer::fromGguf(*file);
        QElapsedTimer timer;
        timer.start();
        try {
            auto formatter = chat::ChatFormatter::fromGguf(*file, *tok);
            chat::ChatRequest request;
            request.messages = {{"user", "hi"}};
            const std::string out = formatter->render(request);
            QVERIFY2(out.rfind("user: hi\n", 0) == 0, out.substr(0, 40).c_str());
            QVERIFY(out.size() > 500000); // "text3" for each of the ~200,000 padding blocks
        } catch (const Error& e) {
            verifySentence(e.what());
        }
        qInfo("parsed and rendered in %lld ms", static_cast<long long>(timer.elapsed()));
        QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
    }

    // A million metadata keys (24 MB): opened in bounded time, every key findable.
    void aMillionMetadataKeys() {
        // Raw bytes: Writer::set looks for an existing key each time, quadratic for a million.
        std::vector<uint8_t> bytes;
        auto put = [&](const void* p, size_t n) {
            bytes.insert(bytes.end(), static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + n);
        };
        const uint32_t magic = 0x46554747, version = 3;
        const uint64_t nTensors = 0, nKv = 1000000;
        put(&magic, 4), put(&version, 4), put(&nTensors, 8), put(&nKv, 8);
        for (uint32_t i = 0; i < nKv; ++i) {
            char key[16];
            const uint64_t len = uint64_t(std::snprintf(key, sizeof key, "k%07u", i));
            const uint32_t type = 4; // u32
            put(&len, 8), put(key, len), put(&type, 4), put(&i, 4);
        }
        const std::string path = tmpPath("million.gguf");
        writeBytes(path, bytes);
        QElapsedTimer timer;
        timer.start();
        try {
            auto file = gguf::File::open(path);
            QCOMPARE(file->getUInt("k0999999").value_or(0), uint64_t(999999));
            QCOMPARE(file->getUInt("k0000000").value_or(1), uint64_t(0));
        } catch (const Error& e) {
            verifySentence(e.what());
        }
        qInfo("opened in %lld ms", static_cast<long long>(timer.elapsed()));
        QVERIFY2(timer.elapsed() < 30000, qPrintable(QString::number(timer.elapsed())));
    }

    // 600 tokens for a model with 512 embedding rows: refused with a sentence, or every id the
    // tokenizer can produce beyond the model is refused by the session, never read past the table.
    void tokenListLongerThanTheVocabulary() {
        TinyModelSpec s;
        s.edit = [](gguf::Writer& w) {
            std::vector<std::string> tokens;
            for (int i = 0; i < 600; ++i)
                tokens.push_back(i < 3 ? std::string(1, char('a' + i)) : "tok" + std::to_string(i));
            w.set("tokenizer.ggml.tokens", gguf::WriteValue::strings(tokens));
            w.set("tokenizer.ggml.scores", gguf::WriteValue::f32s(std::vector<float>(600, 0.0f)));
            w.set("tokenizer.ggml.token_type", gguf::WriteValue::i32s(std::vector<int32_t>(600, 1)));
        };
        const std::string path = writeTinyModel(s, "longvocab.gguf");
        std::unique_ptr<runtime::Session> session;
        try {
            session = load(path);
        } catch (const Error& e) {
            verifySentence(e.what());
            return;
        }
        const std::vector<int32_t> beyond = {1, 550};
        try {
            session->evaluate(beyond);
            QFAIL("a token id beyond the embedding table was evaluated");
        } catch (const Error& e) {
            QCOMPARE(errorCodeName(e.code()), errorCodeName(ErrorCode::InvalidArgument));
            verifySentence(e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestHostileFiles)
#include "test_hostile_files.moc"
