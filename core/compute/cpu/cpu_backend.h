#pragma once
// The CPU backend: weights are read in place from the GGUF map, except Q4_K/Q6_K matrices,
// which are repacked once at load into row-interleaved groups (quant/packed.h) when the CPU
// has a kernel for them; the mapped pages are then released, so weights are resident once.
// Activations are quantized once per matmul (group), and every op runs on a persistent pool.
#include "compute/backend.h"
#include "compute/cpu/thread_pool.h"
#include "quant/cpu_kernels.h"
#include "quant/types.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

namespace smoldesk::compute {

// out = g'·sigmoid(1.702·g')·(u' + 1) with g' = min(g, 7), u' = clamp(u, -7, 7): gpt-oss's
// clamped SwiGLU (ggml's swiglu_oai); out may alias g or u.
void swigluOaiRow(const float* g, const float* u, float* out, int64_t n);

class CpuBackend : public Backend {
  public:
    explicit CpuBackend(int threads);

    std::string deviceName() const override;
    void setWeightMapping(const MappedFile* map) override { mapping_ = map; }
    WeightId addWeight(const gguf::TensorInfo& tensor) override;
    BufferId createBuffer(size_t floats) override;
    void createKvCache(int nLayers, int nCtx, int kvDim) override;

    void embed(WeightId table, std::span<const int32_t> ids, BufferId out) override;
    void rmsNorm(BufferId x, WeightId w, BufferId out, int rows, int dim, float eps) override;
    void layerNorm(BufferId x, WeightId w, WeightId b, BufferId out, int rows, int dim,
                   float eps) override;       // cpu_encoder_ops.cpp
    void gelu(BufferId x, size_t n) override; // cpu_encoder_ops.cpp
    void matmul(WeightId w, BufferId x, BufferId out, int rows) override;
    void matmulGroup(BufferId x, std::span<const MatmulOutput> outputs, int rows) override;
    void matmulAdd(WeightId w, BufferId x, BufferId out, BufferId scratch, int rows,
                   size_t outWidth) override;
    void gluMatmulAdd(GluActivation act, WeightId w, BufferId gate, BufferId up, BufferId out,
                      BufferId scratch, int rows, size_t inWidth, size_t outWidth) override;
    void addBias(BufferId x, WeightId bias, int rows, int dim) override;
    void scale(BufferId x, size_t n, float factor) override;
    void rope(BufferId x, int rows, int nHeads, int headDim, int pos0, const RopeSpec& rope) override;
    void storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) override;
    void readKv(int layer, int pos0, int n, uint16_t* k, uint16_t* v) override;
    void writeKv(int layer, int pos0, int n, const uint16_t* k, const uint16_t* v) override;
    void attention(int layer, BufferId q, BufferId out, int rows, int pos0,
                   const AttentionShape& shape) override;
    void moeFfn(const MoeFfn& m, BufferId x, BufferId out, BufferId scratch,
                int rows) override; // cpu_moe.cpp
    void glu(GluActivation act, BufferId gate, BufferId up, BufferId out, size_t n) override;
    void add(BufferId a, BufferId b, BufferId out, size_t n) override;
    void copy(BufferId src, size_t srcOffset, BufferId dst, size_t dstOffset, size_t n) override;
    void read(BufferId src, size_t offset, size_t n, float* dst) override;
    void write(BufferId dst, size_t offset, size_t n, const float* src) override {
        std::copy_n(src, n, data(dst) + offset);
    }

    // Whether a weight was repacked into row-interleaved groups (tests, diagnostics).
    bool isPacked(WeightId w) const { return weights_[static_cast<size_t>(w)].packed; }

    // Direct access for tests.
    float* data(BufferId id) { return buffers_[static_cast<size_t>(id)].data(); }
    int threads() const { return pool_.size(); }

  private:
    struct Weight {
        const gguf::TensorInfo* info = nullptr;
        const uint8_t* data = nullptr; // GGUF rows in the map, or the packed groups
        bool packed = false;
        std::shared_ptr<uint8_t[]> packedStorage;
    };
    // One product of a matmul call: out[t] (+)= W·in[t].
    struct Product {
        const Weight* w;
        float* out;
        bool accumulate;
    };
    // Decode's work split: units [0, Σ units) in segments of equal-sized units, one contiguous
    // range per thread by bytes, with halving grains stolen from the back once a range is done.
    struct UnitSegment {
        size_t units, bytes;
    };
    void runStreaming(std::span<const UnitSegment> segments,
                      const std::function<void(size_t, size_t, int)>& run);
    // Runs products that share one input of width k: x itself, or act(x) ⊙ up when up is set.
    void runProducts(std::span<const Product> products, const float* x, const float* up, int rows, int64_t k,
                     GluActivation act = GluActivation::Silu);
    // Quantizes (or copies) the input rows into the dot format of each weight type involved.
    void prepareActivations(std::span<const Product> products, const float* x, const float* up, int rows,
                            int64_t k, GluActivation act);
    struct ActivationSlot {
        quant::Type type = quant::Type::F32;
        size_t stride = 0;
        std::vector<uint8_t> bytes;
    };
    const ActivationSlot& slotFor(const Weight& w) const;
    // Units [u0, u1) (16 rows each) of one product for token block colBlock.
    void runUnits(const Product& p, size_t u0, size_t u1, int c0, int nc, int thread);
    static constexpr size_t kMaxProducts = 8;
    static constexpr int kMaxRopePairs = 256;
    // fn(r) for each activation row, on the pool when there are several.
    void forRows(int rows, const std::function<void(size_t)>& fn);

    ThreadPool pool_;
    const MappedFile* mapping_ = nullptr;
    std::optional<bool> populateExperts_; // decided at the first expert tensor (addWeight)
    std::vector<Weight> weights_;
    std::vector<std::vector<float>> buffers_;
    std::vector<ActivationSlot> actSlots_; // the input in each dot format of the current call
    size_t activeSlots_ = 0;
    std::vector<size_t> decodeCuts_; // per-thread unit ranges of a decode matmul
    // A decode range's units not yet taken, [front, back) packed as front << 32 | back: its
    // owner takes grains from the front, a thread done with its own range from the back.
    struct alignas(64) StealableRange {
        std::atomic<uint64_t> frontBack{0};
    };
    std::unique_ptr<StealableRange[]> decodeRanges_;
    std::vector<std::vector<float>> rowScratch_; // per thread: a transformed input row, or a tile
    // The f16 KV cache. K in tiles of kKvTile positions, [layer][tile][kvDim][kKvTile], so that
    // attention forms 16 scores with plain multiply-adds; V by position, [layer][pos][kvDim].
    static constexpr int kKvTile = 16;
    uint16_t* kLayer(int layer);
    uint16_t* vLayer(int layer);
    void checkKvRange(int layer, int pos0, int n, const char* op) const;
    int kvLayers_ = 0, kvCtx_ = 0, kvDim_ = 0, kvBlocks_ = 0;
    std::unique_ptr<uint16_t[]> kCache_, vCache_;
    std::vector<std::vector<float>> attnScratch_; // per thread: attention kernel scratch
    // moeFfn's phases (cpu_moe.cpp) and their routing and work lists, kept between calls to avoid
    // reallocating.
    struct MoeUnit {
        uint32_t product, expert, row0;
    };
    // One matrix of every chosen expert applied to its pairs' input rows.
    struct MoeProduct {
        const Weight* w;
        const uint8_t* in; // the pairs' rows in sorted order, inStride bytes apart (0: one shared row)
        size_t inStride;
        float* out; // outWidth floats per sorted pair
        size_t outWidth;
    };
    void moeRoute(const MoeFfn& m, const float* x, float* logits, int rows);
    void moeSortPairs(const MoeFfn& m);
    void moeConvertInputs(const MoeFfn& m, const float* x, size_t inRows, quant::Type gateAct,
                          quant::Type upAct);
    void moeProducts(const MoeFfn& m, std::initializer_list<MoeProduct> products, bool oneToken);
    void moeRunUnit(const MoeProduct& p, const MoeUnit& unit, std::vector<uint8_t>& packScratch);
    void moeActivate(const MoeFfn& m, float* g, float* u, size_t pairs, quant::Type downAct);
    void moeCombine(const MoeFfn& m, const float* y, float* out, int rows);
    std::vector<int32_t> moeIds_;
    std::vector<float> moeWeights_;
    std::vector<size_t> moeStart_, moeOrder_, moeSlot_;
    std::vector<uint8_t> moeGateIn_, moeUpIn_, moeDownIn_;
    std::vector<MoeUnit> moeUnits_;
    std::vector<UnitSegment> moeSegments_;
};

} // namespace smoldesk::compute
