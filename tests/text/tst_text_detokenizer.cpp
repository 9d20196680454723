// StreamingDetokenizer: characters split over several tokens come out whole, never as invalid
// UTF-8, and the streamed text equals decode().
#include "text/tokenizer.h"
#include "vocab_fixtures.h"

#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

bool validUtf8(const std::string& s) {
    return QString::fromUtf8(s).toUtf8().toStdString() == s;
}

// Streams `ids` one by one; every chunk must be valid UTF-8. Returns the streamed text and
// counts the tokens whose own piece is not valid UTF-8 (a character split across tokens).
std::string streamIds(const text::Tokenizer& tok, const std::vector<int32_t>& ids, int& splitPieces) {
    text::StreamingDetokenizer stream(tok);
    std::string all;
    splitPieces = 0;
    for (int32_t id : ids) {
        if (!validUtf8(tok.tokenPiece(id, false))) ++splitPieces;
        const std::string chunk = stream.push(id);
        if (!validUtf8(chunk)) qFatal("invalid UTF-8 emitted mid-stream");
        all += chunk;
    }
    all += stream.flush();
    return all;
}

const std::vector<std::string> kSamples = {
    "\xf0\x9f\xa6\x99 llama",                                                          // 🦙
    "\xe4\xbd\xa0\xe5\xa5\xbd\xef\xbc\x8c\xe4\xb8\x96\xe7\x95\x8c",                    // 你好，世界
    "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7 family", // ZWJ sequence
    "\xf0\x9f\x87\xa9\xf0\x9f\x87\xaa flag \xe1\x9a\x80\xea\xb0\x80\xf0\x90\x8d\x88",
    "plain ascii text",
};

} // namespace

class DetokenizerTest : public QObject {
    Q_OBJECT

  private slots:
    void sentencePieceByteTokens() {
        auto tok = loadTokenizer("ggml-vocab-llama-spm.gguf");
        int totalSplit = 0;
        for (const std::string& s : kSamples) {
            const auto ids = tok->encode(s, true, false);
            int split = 0;
            QCOMPARE(streamIds(*tok, ids, split), s);
            QCOMPARE(tok->decode(ids, false), s);
            totalSplit += split;
        }
        QVERIFY(totalSplit > 0); // the emoji really are byte-fallback tokens
        // 🦙 alone: three byte tokens hold nothing back to emit, the fourth completes it.
        const auto ids = tok->encode("\xf0\x9f\xa6\x99", false, false);
        QCOMPARE(ids.size(), size_t(5)); // "▁" then four <0xNN>
        text::StreamingDetokenizer stream(*tok);
        QCOMPARE(stream.push(ids[0]), std::string()); // the prefix space is removed
        QCOMPARE(stream.push(ids[1]), std::string());
        QCOMPARE(stream.push(ids[2]), std::string());
        QCOMPARE(stream.push(ids[3]), std::string());
        QCOMPARE(stream.push(ids[4]), std::string("\xf0\x9f\xa6\x99"));
    }

    void byteLevelPieces() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        int totalSplit = 0;
        for (const std::string& s : kSamples) {
            const auto ids = tok->encode(s, false, false);
            int split = 0;
            QCOMPARE(streamIds(*tok, ids, split), s);
            totalSplit += split;
        }
        QVERIFY(totalSplit > 0);
    }

    void invalidBytes() {
        auto tok = loadTokenizer("ggml-vocab-llama-spm.gguf");
        const int32_t f0 = *tok->tokenId("<0xF0>"), x41 = *tok->tokenId("<0x41>"),
                      x9f = *tok->tokenId("<0x9F>");
        text::StreamingDetokenizer stream(*tok);
        QCOMPARE(stream.push(f0), std::string());
        // "F0 41" can never be a character: the lead byte becomes U+FFFD, "A" follows.
        QCOMPARE(stream.push(x41), std::string("\xef\xbf\xbd"
                                               "A"));
        QCOMPARE(stream.push(f0), std::string());
        QCOMPARE(stream.push(x9f), std::string());
        QCOMPARE(stream.flush(), std::string("\xef\xbf\xbd")); // unfinished at the end
        QCOMPARE(stream.flush(), std::string());
    }

    void specialTokens() {
        auto tok = loadTokenizer("smollm3-vocab.gguf");
        const auto ids = tok->encode("<|im_start|>assistant\nHi<|im_end|>", false, true);
        text::StreamingDetokenizer hidden(*tok), shown(*tok, true);
        std::string a, b;
        for (int32_t id : ids) a += hidden.push(id), b += shown.push(id);
        QCOMPARE(a, std::string("assistant\nHi"));
        QCOMPARE(b, std::string("<|im_start|>assistant\nHi<|im_end|>"));
    }
};

QTEST_GUILESS_MAIN(DetokenizerTest)
#include "tst_text_detokenizer.moc"
