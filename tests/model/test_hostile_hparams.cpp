// Hostile hyper-parameters: values that each pass a per-key check but whose products overflow
// an int, values beyond any real model, and floats that are NaN, infinite or out of float's
// range. Each is refused with one sentence before any shape check multiplies them.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

using Edit = std::function<void(gguf::Writer&)>;

// The error of loading the tiny llama model after `edit`; Backend "(loaded)" when it loads.
Error loadError(const Edit& edit, const std::function<void(model::HyperParams&)>& adjust = {}) {
    TinyModelSpec spec;
    spec.edit = edit;
    runtime::LoadOptions o;
    o.path = writeTinyModel(spec, "hostile.gguf");
    o.threads = 1;
    o.adjustHyperParams = adjust;
    try {
        runtime::Session::load(o);
    } catch (const Error& e) {
        return e;
    }
    return Error(ErrorCode::Backend, "(loaded)");
}

Edit setU64(std::string key, uint64_t v) {
    return [=](gguf::Writer& w) { w.set(key, gguf::WriteValue::u64(v)); };
}
Edit setF64(std::string key, double v) {
    return [=](gguf::Writer& w) { w.set(key, gguf::WriteValue::f64(v)); };
}
Edit both(Edit a, Edit b) {
    return [=](gguf::Writer& w) {
        a(w);
        b(w);
    };
}

} // namespace

class TestHostileHParams : public QObject {
    Q_OBJECT

  private slots:
    void refusedWithASentence_data() {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<QString>("needle");
        const uint64_t big = uint64_t(1) << 30;
        QTest::newRow("2^30 layers")
            << setU64("llama.block_count", big)
            << "'llama.block_count' has the impossible value 1073741824 (at most 65536)";
        QTest::newRow("2^30 wide") << setU64("llama.embedding_length", big) << "(at most 1048576)";
        QTest::newRow("2^32 + 64 wide, an int of 64")
            << setU64("llama.embedding_length", (uint64_t(1) << 32) + 64)
            << "has the impossible value 4294967360";
        QTest::newRow("2^30 heads") << both(setU64("llama.attention.head_count", big),
                                            setU64("llama.attention.head_count_kv", big))
                                    << "'llama.attention.head_count' has the impossible value";
        // Each factor is allowed; their product, above 2^31, is not an int (the old qDim() overflowed).
        QTest::newRow("46341 heads of 46342") << both(both(setU64("llama.attention.head_count", 46341),
                                                           setU64("llama.attention.head_count_kv", 46341)),
                                                      setU64("llama.attention.key_length", 46342))
                                              << "46341 heads of size 46342 are 2147534622 wide";
        QTest::newRow("65536 heads of 2^20") << both(setU64("llama.attention.head_count", 65536),
                                                     both(setU64("llama.attention.head_count_kv", 1),
                                                          setU64("llama.attention.key_length", 1 << 20)))
                                             << "are 68719476736 wide";
        QTest::newRow("vocabulary 2^32 + 512, an int of 512")
            << setU64("llama.vocab_size", (uint64_t(1) << 32) + 512)
            << "'llama.vocab_size' has the impossible value";
        QTest::newRow("context 2^40") << setU64("llama.context_length", uint64_t(1) << 40)
                                      << "'llama.context_length' has the impossible value";
        QTest::newRow("RoPE base NaN") << setF64("llama.rope.freq_base", std::nan("")) << "RoPE base";
        QTest::newRow("RoPE base inf") << setF64("llama.rope.freq_base", HUGE_VAL) << "RoPE base";
        QTest::newRow("RoPE base 1e300, beyond float")
            << setF64("llama.rope.freq_base", 1e300) << "RoPE base";
        QTest::newRow("RoPE base negative") << setF64("llama.rope.freq_base", -1.0) << "RoPE base";
        QTest::newRow("epsilon 1e300, beyond float")
            << setF64("llama.attention.layer_norm_rms_epsilon", 1e300) << "norm epsilon";
        QTest::newRow("epsilon NaN") << setF64("llama.attention.layer_norm_rms_epsilon", std::nan(""))
                                     << "norm epsilon";
    }
    void refusedWithASentence() {
        QFETCH(Edit, edit);
        QFETCH(QString, needle);
        const Error e = loadError(edit);
        QVERIFY2(std::strstr(e.what(), needle.toUtf8().constData()), e.what());
        QCOMPARE(errorCodeName(e.code()), errorCodeName(ErrorCode::BadShape));
        const std::string text = e.what();
        QCOMPARE(text.back(), '.');
        QVERIFY(text.find('\n') == std::string::npos);
    }

    // Hyper-parameters changed after reading (LoadOptions::adjustHyperParams, tests, tools)
    // are checked again by the Decoder before it sizes anything.
    void decoderChecksAdjustedValues_data() {
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("layers");
        QTest::newRow("qDim overflows int") << 46341 << 46341 << 2;
        QTest::newRow("negative head size") << 4 << -16 << 2;
        QTest::newRow("zero heads") << 0 << 16 << 2;
        QTest::newRow("layers without RoPE flags") << 4 << 16 << 3;
    }
    void decoderChecksAdjustedValues() {
        QFETCH(int, heads);
        QFETCH(int, headDim);
        QFETCH(int, layers);
        const Error e = loadError({}, [&](model::HyperParams& hp) {
            hp.nHead = hp.nHeadKv = heads;
            hp.headDim = headDim;
            hp.nLayer = layers;
        });
        QVERIFY2(std::strstr(e.what(), "hyper-parameters are out of range"), e.what());
        QCOMPARE(errorCodeName(e.code()), errorCodeName(ErrorCode::BadShape));
    }

    void contextOutOfRangeForTheDecoder() {
        auto file = gguf::File::open(writeTinyModel(TinyModelSpec{}, "ctx.gguf"));
        const model::HyperParams hp = model::readHyperParams(*file);
        compute::CpuBackend backend(1);
        for (int nCtx : {0, -5}) {
            try {
                model::Decoder decoder(*file, hp, backend, nCtx, 1);
                QFAIL("a context of no tokens was accepted");
            } catch (const Error& e) {
                QCOMPARE(errorCodeName(e.code()), errorCodeName(ErrorCode::InvalidArgument));
                QVERIFY2(std::strstr(e.what(), "tokens is not possible"), e.what());
            }
        }
    }

    // The limits leave real models alone: the tiny model with long-context settings loads.
    void generousValuesStillLoad() {
        const Error e = loadError(both(setU64("llama.context_length", uint64_t(1) << 30),
                                       both(setF64("llama.rope.freq_base", 1e9),
                                            setF64("llama.attention.layer_norm_rms_epsilon", 0.0))));
        QCOMPARE(QString(e.what()), QString("(loaded)"));
    }
};

QTEST_GUILESS_MAIN(TestHostileHParams)
#include "test_hostile_hparams.moc"
