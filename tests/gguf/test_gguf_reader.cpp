// GGUF reader and writer: every value type, nested arrays, alignment, tensors, and the real fixture files.
#include "common/error.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "test_data.h"

#include <QtTest>

#include <cstring>

using namespace smoldesk;
using namespace smoldesk::gguf;

class TestGgufReader : public QObject {
    Q_OBJECT

  private slots:
    void allValueTypesRoundTrip() {
        Writer w;
        w.set("t.u8", WriteValue::u8(200));
        w.set("t.i8", WriteValue::i8(-100));
        w.set("t.u16", WriteValue::u16(60000));
        w.set("t.i16", WriteValue::i16(-30000));
        w.set("t.u32", WriteValue::u32(4000000000u));
        w.set("t.i32", WriteValue::i32(-2000000000));
        w.set("t.f32", WriteValue::f32(1.5f));
        w.set("t.bool", WriteValue::boolean(true));
        w.set("t.str", WriteValue::string("héllo"));
        w.set("t.u64", WriteValue::u64(1ull << 40));
        w.set("t.i64", WriteValue::i64(-(1ll << 40)));
        w.set("t.f64", WriteValue::f64(0.25));
        w.set("t.strs", WriteValue::strings({"a", "", "ccc"}));
        w.set("t.i32s", WriteValue::i32s({1, -2, 3}));
        w.set("t.nested",
              WriteValue::array(ValueType::Array, {WriteValue::i32s({1, 2}), WriteValue::i32s({3})}));
        std::string path = test::tmpPath("types.gguf");
        w.write(path);

        auto f = File::open(path);
        QCOMPARE(f->version(), 3u);
        QCOMPARE(f->metadata().size(), size_t(15));
        QCOMPARE(*f->getUInt("t.u8"), uint64_t(200));
        QCOMPARE(*f->getInt("t.i8"), int64_t(-100));
        QCOMPARE(*f->getUInt("t.u16"), uint64_t(60000));
        QCOMPARE(*f->getInt("t.i16"), int64_t(-30000));
        QCOMPARE(*f->getUInt("t.u32"), uint64_t(4000000000u));
        QCOMPARE(*f->getInt("t.i32"), int64_t(-2000000000));
        QCOMPARE(*f->getFloat("t.f32"), 1.5);
        QCOMPARE(*f->getBool("t.bool"), true);
        QCOMPARE(std::string(*f->getString("t.str")), std::string("héllo"));
        QCOMPARE(*f->getUInt("t.u64"), uint64_t(1) << 40);
        QCOMPARE(*f->getInt("t.i64"), -(int64_t(1) << 40));
        QCOMPARE(*f->getFloat("t.f64"), 0.25);
        // integer types coerce safely into each other
        QCOMPARE(*f->getInt("t.u32"), int64_t(4000000000u));
        QCOMPARE(*f->getFloat("t.i32"), -2000000000.0);

        const Value* strs = f->getArray("t.strs", ValueType::String);
        QVERIFY(strs);
        QCOMPARE(strs->size(), uint64_t(3));
        QCOMPARE(std::string(strs->stringAt(2)), std::string("ccc"));
        QCOMPARE(std::string(strs->stringAt(1)), std::string(""));
        const Value* ints = f->getArray("t.i32s", ValueType::I64); // any integer element type matches
        QCOMPARE(ints->intAt(1), int64_t(-2));
        const Value* nested = f->getArray("t.nested", ValueType::Array);
        QCOMPARE(nested->size(), uint64_t(2));
        QCOMPARE(nested->itemAt(0).intAt(1), int64_t(2));
        QCOMPARE(nested->itemAt(1).size(), uint64_t(1));
        QVERIFY(!f->find("t.absent"));
        QVERIFY(!f->getUInt("t.absent").has_value());

        // Copying every value into a new file keeps types and contents.
        Writer copy;
        for (const auto& [key, value] : f->metadata()) copy.set(std::string(key), WriteValue::copyOf(value));
        std::string copyPath = test::tmpPath("types-copy.gguf");
        copy.write(copyPath);
        auto g = File::open(copyPath);
        QCOMPARE(g->metadata().size(), f->metadata().size());
        for (size_t i = 0; i < f->metadata().size(); ++i) {
            const auto& [key, value] = f->metadata()[i];
            QCOMPARE(g->metadata()[i].first, key);
            QCOMPARE(int(g->metadata()[i].second.type()), int(value.type()));
            QCOMPARE(g->metadata()[i].second.describe(100), value.describe(100));
        }
        QCOMPARE(test::readBytes(copyPath), test::readBytes(path));
    }

    void wrongTypesAreErrors() {
        Writer w;
        w.set("neg", WriteValue::i32(-5));
        w.set("s", WriteValue::string("x"));
        w.set("f", WriteValue::f32(1.0f));
        w.set("big", WriteValue::u64(~0ull));
        std::string path = test::tmpPath("wrong.gguf");
        w.write(path);
        auto f = File::open(path);
        auto expectCode = [](auto fn, ErrorCode code, const char* needle) {
            try {
                fn();
                QFAIL("expected an error");
            } catch (const Error& e) {
                QCOMPARE(int(e.code()), int(code));
                QVERIFY2(std::strstr(e.what(), needle), e.what());
            }
        };
        expectCode([&] { f->getUInt("neg"); }, ErrorCode::WrongType, "negative");
        expectCode([&] { f->getUInt("s"); }, ErrorCode::WrongType, "'s' should be an integer but is string");
        expectCode([&] { f->getString("f"); }, ErrorCode::WrongType, "should be a string");
        expectCode([&] { f->getInt("big"); }, ErrorCode::WrongType, "too large");
        expectCode([&] { f->getArray("s", ValueType::String); }, ErrorCode::WrongType, "array");
        expectCode([&] { f->requireUInt("missing.key"); }, ErrorCode::MissingKey, "missing.key");
    }

    void tensorsAndAlignment() {
        for (uint32_t align : {32u, 64u, 1u, 4096u}) {
            Writer w;
            w.set("general.alignment", WriteValue::u32(align));
            std::vector<float> a(7 * 3), b(5);
            for (size_t i = 0; i < a.size(); ++i) a[i] = float(i);
            for (size_t i = 0; i < b.size(); ++i) b[i] = -float(i);
            w.addTensorF32("a", {7, 3}, a);
            w.addTensorF32("b", {5}, b);
            w.addTensor("q", quant::Type::Q8_0, {64, 2}, std::vector<uint8_t>(4 * 34, 7));
            std::string path = test::tmpPath("align.gguf");
            w.write(path);
            auto f = File::open(path);
            QCOMPARE(f->alignment(), align);
            QCOMPARE(f->tensors().size(), size_t(3));
            QCOMPARE(f->dataOffset() % align, uint64_t(0));
            const TensorInfo* ta = f->findTensor("a");
            QVERIFY(ta);
            QCOMPARE(ta->nDims, 2u);
            QCOMPARE(ta->ne[0], uint64_t(7));
            QCOMPARE(ta->ne[1], uint64_t(3));
            QCOMPARE(ta->rows(), uint64_t(3));
            QCOMPARE(ta->nBytes, uint64_t(84));
            QCOMPARE(std::memcmp(ta->data, a.data(), 84), 0);
            const TensorInfo* tb = f->findTensor("b");
            QCOMPARE(tb->offset % align, uint64_t(0));
            QCOMPARE(std::memcmp(tb->data, b.data(), 20), 0);
            const TensorInfo* tq = f->findTensor("q");
            QCOMPARE(int(tq->type), int(quant::Type::Q8_0));
            QCOMPARE(tq->nBytes, uint64_t(136));
            QCOMPARE(tq->shapeString(), std::string("[64, 2]"));
            QVERIFY(!f->findTensor("nope"));
        }
    }

    void writerFollowsGgmlLayout() {
        // ggml requires each offset to be the running sum of the padded sizes.
        Writer w;
        w.addTensorF32("x", {3}, {1, 2, 3});
        w.addTensorF32("y", {9}, std::vector<float>(9, 1.0f));
        std::vector<uint8_t> bytes = w.serialize();
        std::string path = test::tmpPath("layout.gguf");
        test::writeBytes(path, bytes);
        auto f = File::open(path);
        QCOMPARE(f->findTensor("x")->offset, uint64_t(0));
        QCOMPARE(f->findTensor("y")->offset, uint64_t(32));
        QCOMPARE(bytes.size(), size_t(f->dataOffset() + 32 + 64));
    }

    void readsFixtureModels() {
        auto f = File::open(test::dataPath("models/smollm3-tiny.gguf"));
        QCOMPARE(std::string(*f->getString("general.architecture")), std::string("smollm3"));
        QCOMPARE(f->tensors().size(), size_t(74));
        QCOMPARE(*f->getUInt("smollm3.block_count"), uint64_t(8));
        const TensorInfo* emb = f->findTensor("token_embd.weight");
        QVERIFY(emb);
        QCOMPARE(int(emb->type), int(quant::Type::Q6_K));
        QCOMPARE(emb->ne[0], uint64_t(512));
        QCOMPARE(emb->ne[1], uint64_t(512));
        QVERIFY(!f->findTensor("output.weight"));
        int q4k = 0, q6k = 0, f32 = 0;
        for (const auto& t : f->tensors()) {
            q4k += t.type == quant::Type::Q4_K;
            q6k += t.type == quant::Type::Q6_K;
            f32 += t.type == quant::Type::F32;
        }
        QCOMPARE(q4k, 48);
        QCOMPARE(q6k, 9);
        QCOMPARE(f32, 17);

        auto tiny = File::open(test::dataPath("models/llama-2-tiny-random.gguf"));
        QCOMPARE(tiny->getArray("tokenizer.ggml.tokens", ValueType::String)->size(), uint64_t(32000));
        QCOMPARE(tiny->tensors().size(), size_t(12));
    }

    void readsEveryVocabFixture() {
        // Big metadata arrays (128k tokens, 280k merges) parse quickly and completely.
        QElapsedTimer timer;
        timer.start();
        auto f = File::open(test::dataPath("models/smollm3-tiny.gguf"));
        QVERIFY(f->getArray("tokenizer.ggml.scores", ValueType::F32));
        QVERIFY(timer.elapsed() < 5000);
    }
};

QTEST_GUILESS_MAIN(TestGgufReader)
#include "test_gguf_reader.moc"
