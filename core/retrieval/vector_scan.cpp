#include "retrieval/vector_scan.h"

#include "quant/fp16.h"
#include "quant/vec_dot.h"
#include "retrieval/sqlite_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>

namespace smoldesk::retrieval {

namespace {

int64_t dataVersion(Db& db) {
    Stmt s(db, "PRAGMA data_version");
    return s.step() ? s.integer(0) : -1;
}

} // namespace

void VectorScan::load(Db& db, const std::string& modelId, int dim) {
    model_ = modelId;
    dim_ = dim;
    ids_.clear();
    rows_.clear();
    Stmt s(db, "SELECT chunk_id, data FROM vectors WHERE model = ? ORDER BY chunk_id");
    s.bind(1, modelId);
    while (s.step()) {
        const std::vector<float> v = s.floats(1);
        if (static_cast<int>(v.size()) != dim) continue;
        double vv = 0;
        for (float x : v) vv += double(x) * x;
        if (vv <= 0) continue;
        const float inv = static_cast<float>(1.0 / std::sqrt(vv));
        ids_.push_back(s.integer(0));
        for (float x : v) rows_.push_back(quant::fp32ToFp16(x * inv));
    }
    changes_ = sqlite3_total_changes64(db.handle());
    dataVersion_ = dataVersion(db);
}

std::vector<std::pair<int64_t, double>> VectorScan::search(Db& db, const std::string& modelId,
                                                           std::span<const float> query, int limit) {
    std::vector<std::pair<int64_t, double>> out;
    double qq = 0;
    for (float x : query) qq += double(x) * x;
    if (qq <= 0 || limit <= 0) return out;
    const int dim = static_cast<int>(query.size());
    if (modelId != model_ || dim != dim_ || changes_ != sqlite3_total_changes64(db.handle()) ||
        dataVersion_ != dataVersion(db))
        load(db, modelId, dim);
    if (ids_.empty()) return out;
    std::vector<float> q(query.begin(), query.end());
    const float inv = static_cast<float>(1.0 / std::sqrt(qq));
    for (float& x : q) x *= inv;
    std::vector<float> scores(ids_.size());
    // Rows in slices that fit an int (vecDotRows' count); the f16 rows' dot widens to f32 math.
    const size_t rowBytes = static_cast<size_t>(dim) * sizeof(uint16_t);
    constexpr size_t kSlice = 1 << 20;
    for (size_t first = 0; first < ids_.size(); first += kSlice) {
        const int n = static_cast<int>(std::min(kSlice, ids_.size() - first));
        quant::vecDotRows(quant::Type::F16, dim, rows_.data() + first * static_cast<size_t>(dim), rowBytes, n,
                          q.data(), scores.data() + first);
    }
    out.reserve(ids_.size());
    for (size_t i = 0; i < ids_.size(); ++i) out.emplace_back(ids_[i], scores[i]);
    const size_t n = std::min(out.size(), static_cast<size_t>(limit));
    std::partial_sort(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n), out.end(),
                      [](const auto& a, const auto& b) {
                          return a.second != b.second ? a.second > b.second : a.first < b.first;
                      });
    out.resize(n);
    return out;
}

} // namespace smoldesk::retrieval
