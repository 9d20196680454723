// Saved KV-cache states on the CPU: a restored session continues exactly as the one that saved
// it and as one that reads the whole history from scratch; files of another model or context,
// truncated or damaged files are refused with one sentence and leave an empty, usable cache.
#include "common/error.h"
#include "resume_check.h"
#include "runtime/session.h"
#include "runtime/session_state.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace smoldesk;
using namespace smoldesk::runtime;

namespace {

std::unique_ptr<Session> openModel(const std::string& path, int ctx) {
    LoadOptions o;
    o.path = path;
    o.contextLength = ctx;
    o.threads = 2;
    o.backend = BackendChoice::Cpu;
    return Session::load(o);
}
std::string tinyPath() {
    return test::dataPath("models/smollm3-tiny.gguf");
}

const char* kStory = "Once upon a time, there was a little girl named Lily. She loved to play outside in the "
                     "park with her dog. One day, she saw a big red ball under a tree.";

// Fills a session with a story and saves it; returns the state file.
std::string savedStory(const std::string& model, int ctx, const std::string& name) {
    auto s = openModel(model, ctx);
    s->evaluate(s->tokenizer().encode(kStory, true, true));
    const std::string path = test::tmpPath(name);
    s->saveStateFile(path);
    return path;
}

// The refusal left the session usable: it reads from scratch and gives the fresh logits.
void expectEmptyAndUsable(Session& s, const std::string& model, int ctx) {
    QVERIFY(s.cachedTokens().empty());
    const auto ids = s.tokenizer().encode("Once upon a time", true, true);
    int reused = -1;
    const auto logits = s.evaluate(ids, false, nullptr, &reused);
    QCOMPARE(reused, 0);
    QCOMPARE(logits, openModel(model, ctx)->evaluate(ids));
}

std::vector<char> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}
void writeFile(const std::string& path, const std::vector<char>& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

} // namespace

class TestSessionState : public QObject {
    Q_OBJECT
  private:
    void checkResume(const std::string& model, int decodeTokens) {
        const std::string path = test::tmpPath("resume.kvstate");
        auto open = [&] { return openModel(model, 256); };
        const test::ResumeLogits r =
            test::resumeVersusScratch(open, kStory, " Lily ran to the ball and", decodeTokens, path);
        QCOMPARE(r.restored, r.history);
        QCOMPARE(r.reused, static_cast<int>(r.history.size()));
        // On the CPU the restored cache is the saved one bit for bit: the same steps give the
        // same floats.
        QCOMPARE(r.resumed, r.stepwise);
        // One batch from scratch takes other kernels (matrix rather than vector products for
        // the decoded positions), hence a tolerance; the next token is the same.
        QVERIFY2(test::maxAbsDiff(r.resumed, r.scratch) < 0.05f,
                 qPrintable(QString::number(test::maxAbsDiff(r.resumed, r.scratch))));
        QCOMPARE(test::argmax(r.resumed), test::argmax(r.scratch));
        QCOMPARE(r.stateBytes, std::filesystem::file_size(path));
    }

  private slots:
    void demoResumesExactly() { checkResume(test::demoModelPath(), 13); }
    void smollm3TinyResumesExactly() { checkResume(tinyPath(), 21); }

    void onlyUsedPositionsAreWritten() {
        auto s = openModel(tinyPath(), 256);
        const auto ids = s->tokenizer().encode(kStory, true, true);
        s->evaluate(ids);
        std::ostringstream out;
        const uint64_t bytes = s->saveState(out);
        const auto& hp = s->hparams();
        QCOMPARE(bytes, uint64_t(kStateHeaderBytes + ids.size() * 4 +
                                 size_t(hp.nLayer) * 2 * ids.size() * size_t(hp.kvDim()) * 2 + 8));
        QCOMPARE(out.str().size(), size_t(bytes));
    }

    void otherModelIsRefused() {
        const std::string path = savedStory(test::demoModelPath(), 256, "demo.kvstate");
        auto s = openModel(tinyPath(), 256);
        s->evaluate(s->tokenizer().encode("Hello", true, true)); // a cache to lose
        try {
            s->restoreStateFile(path);
            QFAIL("restored a state of another model");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::InvalidArgument));
            QCOMPARE(QString(e.what()), QString("The saved chat state was made with another model file."));
        }
        expectEmptyAndUsable(*s, tinyPath(), 256);
    }

    void sameShapeOtherWeightsIsRefused() {
        // Two files alike in every header byte but their weights.
        test::TinyModelSpec a, b;
        b.seed = 2;
        const std::string pa = test::writeTinyModel(a, "state-a.gguf");
        const std::string pb = test::writeTinyModel(b, "state-b.gguf");
        const std::string path = savedStory(pa, 128, "a.kvstate");
        auto s = openModel(pb, 128);
        QVERIFY_THROWS_EXCEPTION(Error, s->restoreStateFile(path));
        expectEmptyAndUsable(*s, pb, 128);
    }

    void otherContextIsRefused() {
        const std::string path = savedStory(test::demoModelPath(), 256, "ctx.kvstate");
        auto s = openModel(test::demoModelPath(), 128);
        try {
            s->restoreStateFile(path);
            QFAIL("restored a state of another context length");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::InvalidArgument));
            QCOMPARE(QString(e.what()),
                     QString("The saved chat state was made with a context of 256 tokens, not a context of "
                             "128 tokens."));
        }
        expectEmptyAndUsable(*s, test::demoModelPath(), 128);
    }

    void truncatedFileIsRefused() {
        const std::string path = savedStory(test::demoModelPath(), 256, "cut.kvstate");
        std::vector<char> bytes = readFile(path);
        const size_t full = bytes.size();
        bytes.resize(full - 100);
        writeFile(path, bytes);
        auto s = openModel(test::demoModelPath(), 256);
        try {
            s->restoreStateFile(path);
            QFAIL("restored a truncated state");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::Truncated));
            QCOMPARE(QString(e.what()),
                     QString("The saved chat state is truncated: %1 bytes expected, %2 present.")
                         .arg(full)
                         .arg(full - 100));
        }
        expectEmptyAndUsable(*s, test::demoModelPath(), 256);
    }

    void flippedBytesAreRefused_data() {
        QTest::addColumn<int>("where"); // from the end of the file when negative
        QTest::addColumn<int>("code");  // -1: any refusal
        QTest::newRow("magic") << 0 << int(ErrorCode::Corrupt);
        QTest::newRow("token count") << 44 << -1; // the size no longer matches: either way
        QTest::newRow("first token") << 64 << int(ErrorCode::Corrupt);
        QTest::newRow("K of layer 0") << 64 + 4 * 64 << int(ErrorCode::Corrupt);
        QTest::newRow("V of the last layer") << -20 << int(ErrorCode::Corrupt);
        QTest::newRow("checksum") << -3 << int(ErrorCode::Corrupt);
    }
    void flippedBytesAreRefused() {
        QFETCH(int, where);
        QFETCH(int, code);
        const std::string path = savedStory(test::demoModelPath(), 256, "flip.kvstate");
        std::vector<char> bytes = readFile(path);
        bytes[where >= 0 ? size_t(where) : bytes.size() - size_t(-where)] ^= 0x10;
        writeFile(path, bytes);
        auto s = openModel(test::demoModelPath(), 256);
        try {
            s->restoreStateFile(path);
            QFAIL("restored a damaged state");
        } catch (const Error& e) {
            if (code >= 0) QCOMPARE(int(e.code()), code);
        }
        expectEmptyAndUsable(*s, test::demoModelPath(), 256);
    }

    void missingFileIsAnIoError() {
        auto s = openModel(test::demoModelPath(), 256);
        QVERIFY_THROWS_EXCEPTION(Error, s->restoreStateFile(test::tmpPath("no-such.kvstate")));
        QVERIFY(s->cachedTokens().empty());
    }

    void checksumIsStreaming() {
        // Any split of the input gives the same value; one changed bit changes it.
        std::vector<uint8_t> data(1000);
        for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i * 7 + 3);
        Checksum whole;
        whole.update(data.data(), data.size());
        for (size_t cut : {size_t(0), size_t(1), size_t(31), size_t(32), size_t(33), size_t(999)}) {
            Checksum parts;
            parts.update(data.data(), cut);
            parts.update(data.data() + cut, data.size() - cut);
            QCOMPARE(parts.value(), whole.value());
        }
        data[500] ^= 1;
        Checksum changed;
        changed.update(data.data(), data.size());
        QVERIFY(changed.value() != whole.value());
    }
};

QTEST_GUILESS_MAIN(TestSessionState)
#include "test_session_state.moc"
