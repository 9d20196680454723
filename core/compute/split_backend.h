#pragma once
// Partial offload as a backend: a model whose first layers run on the CPU backend and whose last
// ones (with the output head) run on the Vulkan backend, behind the same op interface.
//
// Why a composite backend rather than a forward pass that asks "which backend runs layer i":
// every family's forward pass, the decoder's buffers, the session (save/restore through
// readKv/writeKv, speculation) and the embedding models stay exactly as they are, and the split
// is one object the session builds. The per-layer alternative would thread a backend and a second
// set of buffers through every forward file, and MoE experts kept on the CPU (inside a GPU layer)
// would have to be written into the MoE families' passes. Here each op runs where its weights live
// (LayerSplit::place decides that by tensor name at addWeight); ops without weights run where their
// input is. Every activation buffer exists on both backends, and the composite remembers which
// side holds the current contents and how many floats of it matter; an op on the other side first
// copies them across (read from one, write to the other). For a dense model that is the hidden
// state, once per step, at the first GPU layer; with experts on the CPU, the expert input and the
// residual go across and back in each such layer. No op is deferred: each is forwarded at once.
#include "compute/backend.h"
#include "compute/layer_split.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace smoldesk::compute {

class SplitBackend : public Backend {
  public:
    SplitBackend(std::unique_ptr<Backend> cpu, std::unique_ptr<Backend> gpu, const LayerSplit& split);

    const LayerSplit& split() const { return split_; }
    const Backend& cpu() const { return *cpu_; }
    const Backend& gpu() const { return *gpu_; }
    // Hidden-state crossings so far and the floats they moved (tests, bench).
    uint64_t transfers() const { return transfers_; }
    uint64_t transferredFloats() const { return transferredFloats_; }

    // "<GPU> (Vulkan), 24 of 36 layers on the GPU, the rest on CPU (…)".
    std::string deviceName() const override;
    int exactBatchRows() const override;
    void setWeightMapping(const MappedFile* map) override;
    WeightId addWeight(const gguf::TensorInfo& tensor) override;
    BufferId createBuffer(size_t floats) override;
    void createKvCache(int nLayers, int nCtx, int kvDim) override;
    // …and every op (backend_ops.inc, at the end of the class), each forwarded at once to the
    // side chosen as the file comment says.

  private:
    enum Side : int { kCpu = 0, kGpu = 1 };
    struct Weight {
        WeightId id[2] = {-1, -1}; // on the CPU, on the GPU
        unsigned where = 0;        // Place flags
        uint64_t cols = 0, rows = 0;
    };
    struct Buffer {
        BufferId id[2] = {-1, -1};
        size_t floats = 0;
        Side side = kCpu; // where the current contents are
        size_t valid = 0; // floats from the start that hold them
    };
    Backend& be(Side s) { return s == kCpu ? *cpu_ : *gpu_; }
    const Weight& weight(WeightId w) const;
    Buffer& buffer(BufferId b);
    // The Place flags of the weights an op reads (kOnBoth for none).
    unsigned placesOf(std::initializer_list<WeightId> ws) const;
    // The side an op allowed on `places` runs on: the only one, else where `input` is (else
    // where layer 0 runs, for an op without an input buffer).
    Side pick(unsigned places, BufferId input, const char* op) const;
    WeightId on(Side s, WeightId w) const; // the weight's id on that side (-1 stays -1)
    Side layerSide(int layer) const { return split_.layerOnGpu(layer) ? kGpu : kCpu; }
    int localLayer(int layer) const {
        return layer < split_.firstGpuLayer() ? layer : layer - split_.firstGpuLayer();
    }
    // The buffer's id on side s for an op that reads its first `floats` values (they cross over
    // first when they are on the other side) …
    BufferId in(BufferId b, Side s, size_t floats);
    // … that overwrites its first `floats` values (nothing crosses) …
    BufferId out(BufferId b, Side s, size_t floats);
    // … or that reads `readFloats` and then writes values up to `writeEnd` in place.
    BufferId inOut(BufferId b, Side s, size_t readFloats, size_t writeEnd);
    // … or that writes n values at offset and keeps every other value (copy, write). Unlike an
    // op's result, which replaces the buffer (what lies past it is no step's data), a partial
    // write keeps the rest: a copy from the other side into the start of a longer buffer once
    // moved the buffer there with only the copied values, and a later read of the rest found
    // that side's stale tail (test_split_backend).
    BufferId partialOut(BufferId b, Side s, size_t offset, size_t n);

    std::unique_ptr<Backend> cpu_, gpu_;
    LayerSplit split_;
    std::vector<Weight> weights_;
    std::vector<Buffer> buffers_;
    std::vector<float> staging_; // host copy of a crossing buffer
    int kvDim_ = 0;
    uint64_t transfers_ = 0, transferredFloats_ = 0;

  public:
#include "compute/backend_ops.inc"
};

} // namespace smoldesk::compute
