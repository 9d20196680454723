#pragma once
// The CPU backend: weights are read in place from the GGUF map, activations are quantized
// once per matmul to the weight type's dot format, and every op runs on a persistent pool.
#include "compute/backend.h"
#include "compute/cpu/thread_pool.h"

#include <cstdint>
#include <vector>

namespace smoldesk::compute {

class CpuBackend : public Backend {
  public:
    explicit CpuBackend(int threads);

    std::string deviceName() const override;
    WeightId addWeight(const gguf::TensorInfo& tensor) override;
    BufferId createBuffer(size_t floats) override;
    void createKvCache(int nLayers, int nCtx, int kvDim) override;

    void embed(WeightId table, std::span<const int32_t> ids, BufferId out) override;
    void rmsNorm(BufferId x, WeightId w, BufferId out, int rows, int dim, float eps) override;
    void matmul(WeightId w, BufferId x, BufferId out, int rows) override;
    void rope(BufferId x, int rows, int nHeads, int headDim, int ropeDims, int pos0, float freqBase,
              RopeStyle style) override;
    void storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) override;
    void attention(int layer, BufferId q, BufferId out, int rows, int pos0,
                   const AttentionShape& shape) override;
    void swiglu(BufferId gate, BufferId up, BufferId out, size_t n) override;
    void add(BufferId a, BufferId b, BufferId out, size_t n) override;
    void copy(BufferId src, size_t srcOffset, BufferId dst, size_t dstOffset, size_t n) override;
    void read(BufferId src, size_t offset, size_t n, float* dst) override;

    // Direct access for tests.
    float* data(BufferId id) { return buffers_[static_cast<size_t>(id)].data(); }
    int threads() const { return pool_.size(); }

  private:
    ThreadPool pool_;
    std::vector<const gguf::TensorInfo*> weights_;
    std::vector<std::vector<float>> buffers_;
    std::vector<uint8_t> actScratch_; // activations converted to the weight's dot format
    int kvLayers_ = 0, kvCtx_ = 0, kvDim_ = 0;
    std::vector<uint16_t> kCache_, vCache_;       // f16 [layer][pos][kvDim]
    std::vector<std::vector<float>> attnScratch_; // per thread: scores
};

} // namespace smoldesk::compute
