// llama.cpp's tokenizer test vectors: every input must give exactly llama.cpp's ids, decode back
// to the input where the vocab is lossless, and stream to the same text.
#include "test_data.h"
#include "text/tokenizer.h"
#include "vocab_fixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <map>
#include <memory>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

std::string idsToString(const std::vector<int32_t>& ids) {
    std::string s;
    for (int32_t id : ids) s += " " + std::to_string(id);
    return s;
}

// Checks every .inp/.out pair and reports how many inputs matched.
void checkVectors(const text::Tokenizer& tok, const std::string& inp, const std::string& out,
                  bool parseSpecial, bool lossless) {
    const auto inputs = readVocabInputs(dataPath("text/" + inp));
    const auto expected = readVocabOutputs(dataPath("text/" + out));
    QVERIFY(!inputs.empty());
    QCOMPARE(inputs.size(), expected.size());
    size_t passed = 0, roundTrips = 0;
    std::string failures;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const auto ids = tok.encode(inputs[i], false, parseSpecial);
        if (ids == expected[i]) {
            ++passed;
        } else if (failures.size() < 4000) {
            failures += "\n  input " + std::to_string(i) + " '" + inputs[i] + "'\n    got     " +
                        idsToString(ids) + "\n    expected" + idsToString(expected[i]);
        }
        const std::string decoded = tok.decode(expected[i], parseSpecial);
        if (decoded == inputs[i])
            ++roundTrips;
        else if (lossless && failures.size() < 4000)
            failures += "\n  input " + std::to_string(i) + " does not round-trip: '" + decoded + "'";

        text::StreamingDetokenizer stream(tok, parseSpecial);
        std::string streamed;
        for (int32_t id : expected[i]) streamed += stream.push(id);
        streamed += stream.flush();
        if (streamed != decoded && failures.size() < 4000)
            failures += "\n  input " + std::to_string(i) + " streams differently: '" + streamed + "'";
    }
    qInfo("%s: %zu/%zu inputs match llama.cpp, %zu/%zu round-trip", inp.c_str(), passed, inputs.size(),
          roundTrips, inputs.size());
    if (!failures.empty()) QFAIL(failures.c_str());
    QCOMPARE(passed, inputs.size());
    if (lossless) QCOMPARE(roundTrips, inputs.size());
}

} // namespace

class TokenizerVectorsTest : public QObject {
    Q_OBJECT

  private slots:
    void smollm3Plain() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        QCOMPARE(tok->preName(), std::string_view("smaug-bpe"));
        checkVectors(*tok, "smollm3-vocab.gguf.inp", "smollm3-vocab.gguf.out", false, true);
    }

    void smollm3Chats() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        checkVectors(*tok, "smollm3-chat.inp", "smollm3-chat.out", true, true);
    }

    // The one input where Llama-3's whole-word lookup (ignore_merges) and SmolLM3's pure merges
    // disagree, on otherwise identical tokens and merges.
    void ignoreMergesDifference() {
        auto smol = loadTokenizer("smollm3-vocab.gguf");
        auto llama3 = loadLlama3Tokenizer();
        const std::string text = "C\xe1\xbb\xad"
                                 "a Vi\xe1\xbb\x87t"; // "Cửa Việt"
        QCOMPARE(smol->encode(text, false, false), (std::vector<int32_t>{34, 91163, 11655, 26298, 83}));
        QCOMPARE(llama3->encode(text, false, false).back(), 101798);
    }

    // A real WordPiece vocab (BAAI/bge-small-en-v1.5, lowercasing): llama.cpp's vectors, which
    // llama-tokenize of the reference build reproduces, without [CLS]/[SEP].
    void bertBge() {
        auto tok = loadTokenizer("ggml-vocab-bert-bge.gguf");
        QCOMPARE(tok->modelName(), std::string_view("bert"));
        checkVectors(*tok, "ggml-vocab-bert-bge.gguf.inp", "ggml-vocab-bert-bge.gguf.out", false, false);
    }

    void llamaBpe() {
        auto tok = loadLlama3Tokenizer();
        QCOMPARE(tok->preName(), std::string_view("llama-bpe"));
        QVERIFY(tok->addBosByDefault());
        checkVectors(*tok, "ggml-vocab-llama-bpe.gguf.inp", "ggml-vocab-llama-bpe.gguf.out", false, true);
    }

    // gpt-oss's o200k_harmony vocab (pre-tokenizer gpt-4o; Phi-4-mini uses the same): tiktoken's
    // and gpt-tokenizer's ids, which llama.cpp also gives on these inputs.
    void gptOssPlain() {
        auto tok = loadTokenizer("gpt-oss-vocab.gguf");
        QCOMPARE(tok->preName(), std::string_view("gpt-4o"));
        QVERIFY(!tok->addBosByDefault());
        checkVectors(*tok, "gpt-oss-vocab.gguf.inp", "gpt-oss-vocab.gguf.out", false, true);
    }

    void gptOssChats() {
        auto tok = loadTokenizer("gpt-oss-vocab.gguf");
        checkVectors(*tok, "gpt-oss-chat.inp", "gpt-oss-chat.out", true, true);
    }

    // Where llama.cpp's gpt-4o regex (no \p{M}) and harmony-marker promotion differ from OpenAI's
    // tokenizer, we give tiktoken's ids, with and without special parsing.
    void gptOssFollowsTiktoken() {
        auto tok = loadTokenizer("gpt-oss-vocab.gguf");
        const QJsonObject doc =
            QJsonDocument::fromJson(
                QByteArray::fromStdString(readText(dataPath("text/gpt-oss-vocab-divergent.json"))))
                .object();
        const auto ids = [](const QJsonValue& v) {
            std::vector<int32_t> out;
            for (const QJsonValue& id : v.toArray()) out.push_back(id.toInt());
            return out;
        };
        int differFromLlama = 0, checked = 0;
        std::string failures;
        for (const QJsonValue& entry : doc.value("entries").toArray()) {
            const QJsonObject e = entry.toObject();
            const std::string text = e.value("text").toString().toStdString();
            const auto plain = tok->encode(text, false, false), special = tok->encode(text, false, true);
            if (plain != ids(e.value("tiktoken")))
                failures += "\n  plain '" + text + "'\n    got     " + idsToString(plain) + "\n    expected" +
                            idsToString(ids(e.value("tiktoken")));
            if (special != ids(e.value("tiktoken_all_special")))
                failures += "\n  special '" + text + "'\n    got     " + idsToString(special) +
                            "\n    expected" + idsToString(ids(e.value("tiktoken_all_special")));
            if (ids(e.value("tiktoken")) != ids(e.value("llama_cpp"))) ++differFromLlama;
            ++checked;
        }
        qInfo("%d strings, %d of them tokenized differently by llama.cpp", checked, differFromLlama);
        if (!failures.empty()) QFAIL(failures.c_str());
        QCOMPARE(checked, 17);
        QVERIFY(differFromLlama >= 10); // the file is what it says: the cases are real differences
    }

    // Harmony's turn structure: <|end|> closes a message but not the turn (llama.cpp's
    // o200k_harmony rule), <|return|> and <|call|> end generation; the markers the stream parser
    // reads show in plain decoding while CONTROL tokens such as <|endoftext|> do not.
    void gptOssSpecialTokens() {
        auto tok = loadTokenizer("gpt-oss-vocab.gguf");
        QCOMPARE(tok->bos(), 199998);
        QCOMPARE(tok->eos(), 200002);
        QVERIFY(!tok->isEndOfGeneration(200007)); // <|end|>
        for (int32_t id : {200002, 200012, 199999}) QVERIFY(tok->isEndOfGeneration(id));
        const std::string turn = "<|start|>assistant<|channel|>final<|message|>Hi<|end|>";
        const auto ids = tok->encode(turn + "<|endoftext|>", false, true);
        QCOMPARE(ids.size(), size_t(8));
        QCOMPARE(ids.front(), 200006);
        QCOMPARE(ids[2], 200005);
        QCOMPARE(ids.back(), 199999);
        QCOMPARE(tok->decode(ids, false), turn);
        QCOMPARE(tok->decode(ids, true), turn + "<|endoftext|>");
    }

    void vocabs_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("lossless");
        for (const char* name : {"llama-spm", "phi-3", "gpt-2", "falcon", "mpt", "starcoder", "refact",
                                 "deepseek-coder", "deepseek-llm"})
            QTest::newRow(name) << QString(name) << true;
    }
    void vocabs() {
        QFETCH(QString, name);
        QFETCH(bool, lossless);
        const std::string base = "ggml-vocab-" + name.toStdString() + ".gguf";
        auto tok = loadTokenizer(base);
        checkVectors(*tok, base + ".inp", base + ".out", false, lossless);
    }
};

QTEST_GUILESS_MAIN(TokenizerVectorsTest)
#include "tst_text_tokenizer_vectors.moc"
