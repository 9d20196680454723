#pragma once
// The library's vectors in memory for vector search. SQLite holds each chunk's vector as f32;
// reading and converting them all for every query costs seconds at 100,000 chunks, so the first
// search of a model loads its vectors once, normalised to unit length and stored as f16 rows (half
// the bytes), and every query is one pass of the CPU's f16 dot kernel over them (quant::vecDotRows:
// AVX-512, AVX2+F16C or portable, chosen at run time), then a partial sort. The copy is dropped
// when the database changes (a write on this connection, or another connection's commit).
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace smoldesk::retrieval {

class Db;

class VectorScan {
  public:
    // The `limit` chunks whose vectors of `modelId` have the highest cosine with `query`, best
    // first (ties by chunk id), as (chunk id, cosine).
    std::vector<std::pair<int64_t, double>> search(Db& db, const std::string& modelId,
                                                   std::span<const float> query, int limit);
    // Chunks held in memory now (tests).
    size_t rows() const { return ids_.size(); }

  private:
    void load(Db& db, const std::string& modelId, int dim);
    std::string model_;
    int dim_ = 0;
    int64_t changes_ = -1, dataVersion_ = -1; // the database as it was when loaded
    std::vector<int64_t> ids_;
    std::vector<uint16_t> rows_; // ids_.size() × dim_ f16 values, each row of unit length
};

} // namespace smoldesk::retrieval
