// Bad and hostile GGUF files: each gets its own clear sentence, never a crash or a huge allocation.
#include "common/error.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "test_data.h"

#include <QtTest>

#include <cstring>

using namespace smoldesk;
using namespace smoldesk::gguf;

namespace {

// Appends raw little-endian GGUF pieces, so tests can write what no valid writer would.
struct Raw {
    std::vector<uint8_t> b;
    template <typename T> Raw& put(T v) {
        uint8_t x[sizeof(T)];
        std::memcpy(x, &v, sizeof(T));
        b.insert(b.end(), x, x + sizeof(T));
        return *this;
    }
    Raw& str(const std::string& s) {
        put<uint64_t>(s.size());
        b.insert(b.end(), s.begin(), s.end());
        return *this;
    }
    Raw& header(uint64_t nTensors, uint64_t nKv, uint32_t version = 3) {
        put<uint32_t>(0x46554747).put<uint32_t>(version).put<uint64_t>(nTensors).put<uint64_t>(nKv);
        return *this;
    }
    Raw& tensorInfo(const std::string& name, std::vector<uint64_t> ne, uint32_t type, uint64_t offset) {
        str(name).put<uint32_t>(uint32_t(ne.size()));
        for (auto d : ne) put<uint64_t>(d);
        put<uint32_t>(type).put<uint64_t>(offset);
        return *this;
    }
    Raw& padTo(size_t align) {
        while (b.size() % align) b.push_back(0);
        return *this;
    }
    Raw& zeros(size_t n) {
        b.insert(b.end(), n, 0);
        return *this;
    }
};

// Opens the bytes and returns the error; fails the test if it opened.
Error openError(const std::vector<uint8_t>& bytes, const char* name) {
    std::string path = test::tmpPath(name);
    test::writeBytes(path, bytes);
    try {
        File::open(path);
    } catch (const Error& e) {
        return e;
    }
    return Error(ErrorCode::Backend, "(opened without error)");
}

#define EXPECT_REJECT(bytes, expectedCode, needle)                                                           \
    do {                                                                                                     \
        Error e_ = openError(bytes, QTest::currentDataTag() ? QTest::currentDataTag() : "x.gguf");           \
        QVERIFY2(std::strstr(e_.what(), needle), e_.what());                                                 \
        QCOMPARE(errorCodeName(e_.code()), errorCodeName(expectedCode));                                     \
    } while (0)

std::vector<uint8_t> validModel() {
    Writer w;
    w.set("general.architecture", WriteValue::string("llama"));
    w.set("llama.block_count", WriteValue::u32(1));
    w.set("tokenizer.ggml.tokens", WriteValue::strings({"a", "b", "c"}));
    w.set("nested",
          WriteValue::array(ValueType::Array, {WriteValue::i32s({1, 2}), WriteValue::strings({"x"})}));
    w.addTensorF32("t0", {8, 2}, std::vector<float>(16, 1.0f));
    w.addTensor("t1", quant::Type::Q4_K, {256}, std::vector<uint8_t>(144, 0));
    return w.serialize();
}

} // namespace

class TestGgufHostile : public QObject {
    Q_OBJECT

  private slots:
    void missingFile() {
        try {
            File::open("/nonexistent/model.gguf");
            QFAIL("opened a missing file");
        } catch (const Error& e) {
            QCOMPARE(int(e.code()), int(ErrorCode::Io));
            QVERIFY(std::strstr(e.what(), "does not exist"));
        }
    }
    void directory() { EXPECT_REJECT_DIR(); }
    void emptyFile() { EXPECT_REJECT(std::vector<uint8_t>{}, ErrorCode::NotGguf, "empty"); }
    void wrongMagic() {
        std::vector<uint8_t> b = {'P', 'K', 3, 4, 0, 0, 0, 0};
        EXPECT_REJECT(b, ErrorCode::NotGguf, "not a GGUF file");
    }
    void version1() { EXPECT_REJECT(Raw().header(0, 0, 1).b, ErrorCode::UnsupportedVersion, "version 1"); }
    void version99() { EXPECT_REJECT(Raw().header(0, 0, 99).b, ErrorCode::UnsupportedVersion, "version 99"); }
    void byteSwapped() {
        EXPECT_REJECT(Raw().header(0, 0, 0x03000000).b, ErrorCode::UnsupportedVersion, "byte order");
    }
    void absurdTensorCount() {
        EXPECT_REJECT(Raw().header(1ull << 60, 0).b, ErrorCode::Corrupt, "1152921504606846976 tensors");
    }
    void absurdKvCount() {
        EXPECT_REJECT(Raw().header(0, 1ull << 60).b, ErrorCode::Corrupt,
                      "1152921504606846976 metadata entries");
    }
    void stringPastEnd() {
        Raw r;
        r.header(0, 1).put<uint64_t>(1ull << 62);
        r.zeros(16);
        EXPECT_REJECT(r.b, ErrorCode::Truncated, "past the end of the file");
    }
    void absurdArrayCount() {
        Raw r;
        r.header(0, 1).str("k").put<uint32_t>(9).put<uint32_t>(8).put<uint64_t>(1ull << 61).zeros(32);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "elements, more than the rest of the file");
    }
    void deepNesting() {
        Raw r;
        r.header(0, 1).str("k").put<uint32_t>(9);
        for (int i = 0; i < 20; ++i) r.put<uint32_t>(9).put<uint64_t>(1);
        r.put<uint32_t>(4).put<uint64_t>(0);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "nested deeper");
    }
    void unknownValueType() {
        Raw r;
        r.header(0, 1).str("k").put<uint32_t>(13).zeros(8);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "Unknown metadata value type 13");
    }
    void invalidBool() {
        Raw r;
        r.header(0, 1).str("k").put<uint32_t>(7).put<uint8_t>(7);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "invalid value 7");
    }
    void duplicateKey() {
        Raw r;
        r.header(0, 2).str("k").put<uint32_t>(4).put<uint32_t>(1).str("k").put<uint32_t>(4).put<uint32_t>(2);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "'k' appears twice");
    }
    void badAlignment() {
        Raw r;
        r.header(0, 1).str("general.alignment").put<uint32_t>(4).put<uint32_t>(48);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "not a power of two");
        Raw r2;
        r2.header(0, 1).str("general.alignment").put<uint64_t>(0).b.clear();
        r2.header(0, 1).str("general.alignment").put<uint32_t>(10).put<uint64_t>(32);
        EXPECT_REJECT(r2.b, ErrorCode::Corrupt, "must be a u32");
    }
    void tooManyDims() {
        Raw r;
        r.header(1, 0).tensorInfo("t", {1, 1, 1, 1, 1}, 0, 0).padTo(32).zeros(32);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "5 dimensions");
    }
    void elementCountOverflow() {
        Raw r;
        r.header(1, 0).tensorInfo("t", {1ull << 40, 1ull << 40}, 0, 0).padTo(32).zeros(32);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "too many elements");
    }
    void unknownTensorType() {
        Raw r;
        r.header(1, 0).tensorInfo("t", {4}, 77, 0).padTo(32).zeros(32);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "unknown type id 77");
    }
    void rowNotMultipleOfBlock() {
        Raw r;
        r.header(1, 0).tensorInfo("t", {100}, 12, 0).padTo(32).zeros(160);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "not a multiple of its block size 256");
    }
    void misalignedOffset() {
        Raw r;
        r.header(1, 0).tensorInfo("t", {4}, 0, 8).padTo(32).zeros(64);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "not a multiple of the alignment 32");
    }
    void overlappingTensors() {
        Raw r;
        r.header(2, 0).tensorInfo("a", {16}, 0, 0).tensorInfo("b", {16}, 0, 32).padTo(32).zeros(128);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "overlap");
    }
    void twoTensorsAtOneOffset() {
        Raw r;
        r.header(2, 0).tensorInfo("a", {8}, 0, 0).tensorInfo("b", {8}, 0, 0).padTo(32).zeros(64);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "overlap");
    }
    void duplicateTensorName() {
        Raw r;
        r.header(2, 0).tensorInfo("a", {8}, 0, 0).tensorInfo("a", {8}, 0, 32).padTo(32).zeros(64);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "'a' appears twice");
    }
    void tensorDataPastEnd() {
        Raw r;
        r.header(1, 0).tensorInfo("big", {1024}, 0, 0).padTo(32).zeros(100);
        EXPECT_REJECT(r.b, ErrorCode::Truncated, "tensor 'big' needs data up to byte");
    }
    void longTensorName() {
        Raw r;
        r.header(1, 0).tensorInfo(std::string(100, 'n'), {8}, 0, 0).padTo(32).zeros(32);
        EXPECT_REJECT(r.b, ErrorCode::Corrupt, "name of 100 bytes");
    }

    // Cut a valid file at every byte: each prefix is rejected with a sentence, never a crash.
    void truncationAtEveryByte() {
        std::vector<uint8_t> full = validModel();
        size_t needed = 0; // the padding after the last tensor is optional
        {
            std::string path = test::tmpPath("full.gguf");
            test::writeBytes(path, full);
            auto f = File::open(path);
            for (const auto& t : f->tensors())
                needed = std::max<size_t>(needed, f->dataOffset() + t.offset + t.nBytes);
        }
        QVERIFY(needed > 300 && needed <= full.size());
        int truncated = 0;
        for (size_t n = 1; n < needed; ++n) {
            std::vector<uint8_t> cut(full.begin(), full.begin() + long(n));
            Error e = openError(cut, "cut.gguf");
            QVERIFY2(e.code() != ErrorCode::Backend,
                     ("prefix of " + std::to_string(n) + " bytes opened").c_str());
            QVERIFY(std::strlen(e.what()) > 10);
            truncated += e.code() == ErrorCode::Truncated;
        }
        QVERIFY(truncated > int(needed) / 2);
    }

    // Flip single bytes everywhere in the header and metadata: no crash, error or success only.
    void byteFlips() {
        std::vector<uint8_t> full = validModel();
        std::string path = test::tmpPath("flip.gguf");
        for (size_t i = 0; i < full.size() && i < 600; ++i) {
            for (uint8_t v : {uint8_t(0xff), uint8_t(0x00), uint8_t(0x80)}) {
                std::vector<uint8_t> b = full;
                b[i] = v;
                test::writeBytes(path, b);
                try {
                    auto f = File::open(path);
                    for (const auto& t : f->tensors())
                        QVERIFY(t.data + t.nBytes <= f->map().data() + f->fileSize());
                } catch (const Error&) {
                }
            }
        }
    }

  private:
    void EXPECT_REJECT_DIR() {
        try {
            File::open(QDir::tempPath().toStdString());
            QFAIL("opened a directory");
        } catch (const Error& e) {
            QVERIFY(std::strstr(e.what(), "directory"));
        }
    }
};

QTEST_GUILESS_MAIN(TestGgufHostile)
#include "test_gguf_hostile.moc"
