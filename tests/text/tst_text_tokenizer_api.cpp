// Tokenizer API facts (special ids, EOG, BOS defaults, errors) and load/encode speed.
#include "common/error.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "test_data.h"
#include "text/tokenizer.h"
#include "vocab_fixtures.h"

#include <QtTest>

#include <chrono>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

class TokenizerApiTest : public QObject {
    Q_OBJECT

  private slots:
    void smollm3Facts() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        QCOMPARE(tok->modelName(), std::string_view("gpt2"));
        QCOMPARE(tok->vocabSize(), 128256);
        QCOMPARE(tok->bos(), 128000);
        QCOMPARE(tok->eos(), 128012);
        QVERIFY(!tok->addBosByDefault()); // smaug-bpe, no add_bos_token key
        QCOMPARE(tok->tokenId("<think>"), std::optional<int32_t>(128002));
        QCOMPARE(tok->tokenId("</think>"), std::optional<int32_t>(128003));
        QCOMPARE(tok->tokenId("no such token"), std::nullopt);
        QCOMPARE(tok->tokenType(128002), text::TokenType::UserDefined);
        QCOMPARE(tok->tokenType(128011), text::TokenType::Control);
        QCOMPARE(tok->tokenType(9906), text::TokenType::Normal);
        QVERIFY(tok->isEndOfGeneration(128012)); // <|im_end|>
        QVERIFY(!tok->isEndOfGeneration(128011));
        QVERIFY(!tok->isEndOfGeneration(9906));
        QVERIFY(!tok->isEndOfGeneration(-1));
        QCOMPARE(tok->tokenPiece(128012, false), std::string());
        QCOMPARE(tok->tokenPiece(128012, true), std::string("<|im_end|>"));
        QCOMPARE(tok->tokenPiece(128002, false), std::string("<think>")); // USER_DEFINED always renders
        QCOMPARE(tok->tokenPiece(220, false), std::string(" "));
    }

    void specialParsing() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        const std::string text = "<|im_start|>user\n<think>";
        const auto plain = tok->encode(text, false, false);
        const auto special = tok->encode(text, false, true);
        QCOMPARE(special.front(), 128011);
        QVERIFY(plain.front() != 128011);
        QCOMPARE(plain.back(), 128002); // USER_DEFINED matches even without special parsing
        QCOMPARE(special.back(), 128002);
        QCOMPARE(tok->decode(special, true), text);
        QCOMPARE(tok->encode("Hello", true, false), (std::vector<int32_t>{128000, 9906}));
        QCOMPARE(tok->encode("", false, false), std::vector<int32_t>{});
    }

    void invalidIds() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        for (int32_t bad : {-1, 128256, 1 << 30}) {
            try {
                tok->tokenPiece(bad, false);
                QFAIL("expected an error");
            } catch (const Error& e) {
                QCOMPARE(e.code(), ErrorCode::InvalidArgument);
            }
        }
        const std::vector<int32_t> ids{9906, 500000};
        QVERIFY_THROWS_EXCEPTION(Error, tok->decode(ids, false));
        text::StreamingDetokenizer stream(*tok);
        QVERIFY_THROWS_EXCEPTION(Error, stream.push(-5));
    }

    void sentencePieceFacts() {
        auto tok = loadTokenizer("stories260K.gguf");
        QCOMPARE(tok->modelName(), std::string_view("llama"));
        QVERIFY(tok->addBosByDefault()); // llama.cpp's SPM default, no key in the file
        QVERIFY(tok->addSpacePrefix());
        QCOMPARE(tok->bos(), 1);
        QCOMPARE(tok->eos(), 2);
        QVERIFY(tok->isEndOfGeneration(2));
        // fixtures/README.md: llama.cpp tokenizes this prompt, with BOS, as these ids.
        QCOMPARE(tok->encode("Once upon a time", true, false), (std::vector<int32_t>{1, 403, 407, 261, 378}));
        QCOMPARE(tok->decode(std::vector<int32_t>{1, 403, 407, 261, 378}, false),
                 std::string("Once upon a time"));
        QCOMPARE(tok->tokenType(3), text::TokenType::Byte);
    }

    void phi3Specials() {
        auto tok = loadTokenizer("ggml-vocab-phi-3.gguf");
        QCOMPARE(tok->eos(), 32000);
        QVERIFY(tok->isEndOfGeneration(32007)); // <|end|>
        // </s> is USER_DEFINED here and eats the whitespace after it (llama.cpp's Phi-3 rule).
        const auto ids = tok->encode("a</s>  b", false, false);
        QCOMPARE(ids, (std::vector<int32_t>{263, 2, 289}));
        QCOMPARE(tok->encode("<|user|>\nHi", false, true).front(), 32010);
    }

    void unsupportedVocab() {
        const std::string path = tmpPath("t5-vocab.gguf");
        gguf::Writer w;
        w.set("general.architecture", gguf::WriteValue::string("t5"));
        w.set("tokenizer.ggml.model", gguf::WriteValue::string("t5"));
        w.set("tokenizer.ggml.tokens", gguf::WriteValue::strings({"<pad>", "a"}));
        w.write(path);
        auto file = gguf::File::open(path);
        try {
            text::Tokenizer::fromGguf(*file);
            QFAIL("expected the t5 vocab to be rejected");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::UnsupportedTokenizer);
            QVERIFY(std::string(e.what()).find("'t5'") != std::string::npos);
        }
    }

    // Long runs must neither crash nor overflow the regex engine, and invalid UTF-8 is accepted.
    void robustness() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        for (const std::string& s :
             {std::string(200000, ' ') + "a", std::string(200000, 'a'), std::string(100000, '7'),
              std::string(50000, '\n') + " x", std::string(30000, '!') + "?"}) {
            const auto ids = tok->encode(s, false, false);
            QVERIFY(!ids.empty());
            QCOMPARE(tok->decode(ids, false), s);
        }
        std::string junk;
        for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>((i * 7919) & 0xFF));
        QVERIFY(!tok->encode(junk, false, true).empty());
        auto spm = loadTokenizer("ggml-vocab-llama-spm.gguf");
        QVERIFY(!spm->encode(junk, false, false).empty());
        QCOMPARE(spm->decode(spm->encode(std::string(100000, ' '), false, false), false),
                 std::string(100000, ' '));
    }

    // The o200k pattern's letter classes overlap (Lm, Lo and marks are in both halves): long runs
    // of each kind must still be split in linear time and round-trip.
    void o200kRobustness() {
        auto tok = loadTokenizer("gpt-oss-vocab.gguf");
        std::string cjk, thai, marks, mixed;
        for (int i = 0; i < 30000; ++i) cjk += "\xe4\xb8\xad";              // 中 (Lo)
        for (int i = 0; i < 20000; ++i) thai += "\xe0\xb8\x81\xe0\xb8\xb4"; // กิ (Lo + Mn)
        for (int i = 0; i < 30000; ++i) marks += "\xcc\x81";                // combining acute (Mn)
        for (int i = 0; i < 20000; ++i) mixed += i % 2 ? "a" : "B";
        const auto start = std::chrono::steady_clock::now();
        for (const std::string& s : {std::string(100000, 'A'), std::string(100000, 'a'), cjk, thai, marks,
                                     mixed, std::string(50000, ' ') + "a", std::string(30000, '\'') + "s",
                                     std::string(100000, '7'), std::string(20000, '/') + "\n\n"}) {
            const auto ids = tok->encode(s, false, false);
            QVERIFY(!ids.empty());
            QCOMPARE(tok->decode(ids, false), s);
        }
        qInfo("o200k long runs: %.0f ms", msSince(start));
    }

    void speed() {
        auto file = gguf::File::open(dataPath("text/smollm3-vocab.gguf"));
        auto start = std::chrono::steady_clock::now();
        auto tok = text::Tokenizer::fromGguf(*file);
        const double loadMs = msSince(start);

        // About 1 MB of mixed text: the test inputs (many scripts, code, emoji) repeated.
        std::string text;
        for (const auto& s : readVocabInputs(dataPath("text/smollm3-vocab.gguf.inp"))) text += s + "\n";
        const std::string unit = text;
        while (text.size() < (1u << 20)) text += unit;
        start = std::chrono::steady_clock::now();
        const auto ids = tok->encode(text, false, false);
        const double encodeMs = msSince(start);
        start = std::chrono::steady_clock::now();
        const std::string back = tok->decode(ids, false);
        const double decodeMs = msSince(start);
        qInfo("smollm3 vocab load %.1f ms; encode %zu bytes -> %zu ids in %.1f ms; decode %.1f ms", loadMs,
              text.size(), ids.size(), encodeMs, decodeMs);
        QCOMPARE(back, text);
        // Generous bounds: this runs on loaded 2-core CI machines and sanitizer builds.
        QVERIFY(loadMs < 5000);
        QVERIFY(encodeMs < 10000);
    }
};

QTEST_GUILESS_MAIN(TokenizerApiTest)
#include "tst_text_tokenizer_api.moc"
