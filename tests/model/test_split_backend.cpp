// The split backend's bookkeeping of where a buffer's contents are, on two CPU backends (the
// "GPU" side is a second CpuBackend): the crossing rules do not depend on the devices, and this
// way they are checked on every machine. Real CPU + Vulkan splits: tests/vulkan/test_vulkan_split.
#include "compute/cpu/cpu_backend.h"
#include "compute/split_backend.h"
#include "gguf/file.h"
#include "golden.h"
#include "model/decoder.h"
#include "model/hparams.h"
#include "test_data.h"

#include <QtTest>

#include <memory>
#include <vector>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

constexpr int kDim = 2; // one head of two values, one KV head

// Two layers, the second on the "GPU" side.
std::unique_ptr<compute::SplitBackend> twoSides() {
    compute::LayerSplit s;
    s.nLayer = 2;
    s.gpuLayers = 1;
    s.tiedOutput = true;
    auto be = std::make_unique<compute::SplitBackend>(std::make_unique<compute::CpuBackend>(1),
                                                      std::make_unique<compute::CpuBackend>(1), s);
    be->createKvCache(2, 4, kDim);
    return be;
}

// Leaves `values` in a buffer whose contents are on the GPU side: attention over one position
// returns that position's V row (weights of a one-key softmax are 1).
compute::BufferId onGpu(compute::SplitBackend& be, const std::vector<float>& values) {
    const compute::BufferId q = be.createBuffer(kDim), k = be.createBuffer(kDim), v = be.createBuffer(kDim),
                            o = be.createBuffer(kDim);
    const std::vector<float> ones(kDim, 1.0f);
    be.write(q, 0, kDim, ones.data());
    be.write(k, 0, kDim, ones.data());
    be.write(v, 0, kDim, values.data());
    const uint64_t before = be.transfers();
    be.storeKv(1, k, v, 1, 0);
    be.attention(1, q, o, 1, 0, compute::AttentionShape{1, 1, kDim, 1.0f});
    if (be.transfers() == before) qFatal("storeKv on the GPU layer did not cross");
    return o;
}

std::vector<float> readAll(compute::SplitBackend& be, compute::BufferId b, size_t n) {
    std::vector<float> out(n);
    be.read(b, 0, n, out.data());
    return out;
}

} // namespace

class TestSplitBackend : public QObject {
    Q_OBJECT

  private slots:
    // A copy from the GPU side into the start of a longer buffer whose contents are on the CPU:
    // the values past the copy are the CPU's, as on one backend (this read zeros, the GPU side's
    // never-written tail, before partialOut).
    void copyIntoTheStartKeepsTheOtherSidesTail() {
        auto be = twoSides();
        const compute::BufferId src = onGpu(*be, {5.0f, 6.0f});
        const compute::BufferId dst = be->createBuffer(4);
        const std::vector<float> before = {1.0f, 2.0f, 3.0f, 4.0f};
        be->write(dst, 0, 4, before.data());
        be->copy(src, 0, dst, 0, 2);
        QCOMPARE(readAll(*be, dst, 4), (std::vector<float>{5.0f, 6.0f, 3.0f, 4.0f}));
    }

    // The same with a copy further in: the values before it and after it both stay.
    void copyIntoTheMiddleKeepsBothEnds() {
        auto be = twoSides();
        const compute::BufferId src = onGpu(*be, {5.0f, 6.0f});
        const compute::BufferId dst = be->createBuffer(5);
        const std::vector<float> before = {1.0f, 2.0f, 3.0f, 4.0f, 7.0f};
        be->write(dst, 0, 5, before.data());
        be->copy(src, 0, dst, 1, 2);
        QCOMPARE(readAll(*be, dst, 5), (std::vector<float>{1.0f, 5.0f, 6.0f, 4.0f, 7.0f}));
    }

    // A shorter write at the start keeps the rest of a longer one, and the rest crosses with it
    // when a later copy moves the buffer to the other side.
    void shortWriteThenCrossingKeepsTheTail() {
        auto be = twoSides();
        const compute::BufferId src = onGpu(*be, {5.0f, 6.0f});
        const compute::BufferId dst = be->createBuffer(6);
        const std::vector<float> longer = {1.0f, 2.0f, 3.0f, 4.0f, 8.0f, 9.0f}, shorter = {0.5f, 0.25f};
        be->write(dst, 0, 6, longer.data());
        be->write(dst, 0, 2, shorter.data());
        be->copy(src, 0, dst, 2, 2);
        QCOMPARE(readAll(*be, dst, 6), (std::vector<float>{0.5f, 0.25f, 5.0f, 6.0f, 8.0f, 9.0f}));
    }

    // A whole model through the split's bookkeeping: smollm3-tiny on one CPU backend and split
    // 5/3 between two, prompt chunks of 5 then decode steps (rows 5, then 1: shorter writes after
    // longer ones, the hidden state crossing each step), against its llama.cpp golden. Both sides
    // run the same kernels, so the split's logits equal the single backend's to the bit.
    void wholeModelEqualsOneBackend() {
        const auto file = gguf::File::open(dataPath("models/smollm3-tiny.gguf"));
        const model::HyperParams hp = model::readHyperParams(*file);
        compute::LayerSplit s;
        s.nLayer = hp.nLayer;
        s.gpuLayers = 3;
        s.tiedOutput = file->findTensor("output.weight") == nullptr;
        compute::CpuBackend one(2);
        compute::SplitBackend split(std::make_unique<compute::CpuBackend>(2),
                                    std::make_unique<compute::CpuBackend>(2), s);
        model::Decoder a(*file, hp, one, 128, 8), b(*file, hp, split, 128, 8);
        const Golden g = loadGolden("smollm3-tiny-P1");
        for (size_t chunk : {size_t(5), size_t(1)}) {
            const std::vector<float> want = promptLogits(a, g.tokens, chunk);
            QCOMPARE(promptLogits(b, g.tokens, chunk), want);
            QVERIFY(logitsWithin(compareLogits(want, g.logits, g.nVocab), g, "one CPU backend"));
        }
        QVERIFY(split.transfers() > 0);
    }
};

QTEST_GUILESS_MAIN(TestSplitBackend)
#include "test_split_backend.moc"
