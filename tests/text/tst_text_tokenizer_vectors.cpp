// llama.cpp's tokenizer test vectors: every input must give exactly llama.cpp's ids, decode back
// to the input where the vocab is lossless, and stream to the same text.
#include "test_data.h"
#include "text/tokenizer.h"
#include "vocab_fixtures.h"

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

    void llamaBpe() {
        auto tok = loadLlama3Tokenizer();
        QCOMPARE(tok->preName(), std::string_view("llama-bpe"));
        QVERIFY(tok->addBosByDefault());
        checkVectors(*tok, "ggml-vocab-llama-bpe.gguf.inp", "ggml-vocab-llama-bpe.gguf.out", false, true);
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
