#include "model/pooling.h"

#include "common/error.h"

#include <cmath>
#include <string>

namespace smoldesk::model {

std::optional<Pooling> poolingOfFile(const gguf::File& file) {
    const std::string key =
        std::string(file.getString("general.architecture").value_or("")) + ".pooling_type";
    const std::optional<uint64_t> v =
        file.has(key) ? std::optional<uint64_t>(file.requireUInt(key)) : std::nullopt;
    if (!v) return std::nullopt;
    switch (*v) {
    case 0:
        return Pooling::None;
    case 1:
        return Pooling::Mean;
    case 2:
        return Pooling::Cls;
    case 3:
        return Pooling::Last;
    case 4:
        throw Error(ErrorCode::UnsupportedArch,
                    "This model is a reranker (rank pooling), which SmolDesk does not run.");
    default:
        throw Error(ErrorCode::BadShape,
                    "Metadata '" + key + "' has the unknown value " + std::to_string(*v) + ".");
    }
}

std::optional<Pooling> parsePooling(std::string_view name) {
    if (name == "none") return Pooling::None;
    if (name == "mean") return Pooling::Mean;
    if (name == "cls") return Pooling::Cls;
    if (name == "last") return Pooling::Last;
    return std::nullopt;
}

const char* poolingName(Pooling p) {
    switch (p) {
    case Pooling::None:
        return "none";
    case Pooling::Mean:
        return "mean";
    case Pooling::Cls:
        return "cls";
    case Pooling::Last:
        return "last";
    }
    return "?";
}

std::vector<float> pool(Pooling p, std::span<const float> hidden, int rows, int dim) {
    const size_t d = static_cast<size_t>(dim);
    if (rows <= 0 || hidden.size() < static_cast<size_t>(rows) * d)
        throw Error(ErrorCode::InvalidArgument, "Pooling needs at least one token's hidden state.");
    switch (p) {
    case Pooling::None:
        return std::vector<float>(hidden.begin(), hidden.begin() + static_cast<ptrdiff_t>(rows * d));
    case Pooling::Cls:
        return std::vector<float>(hidden.begin(), hidden.begin() + static_cast<ptrdiff_t>(d));
    case Pooling::Last: {
        const auto last = hidden.begin() + static_cast<ptrdiff_t>((rows - 1) * d);
        return std::vector<float>(last, last + static_cast<ptrdiff_t>(d));
    }
    case Pooling::Mean:
        break;
    }
    std::vector<double> sum(d, 0.0);
    for (size_t r = 0; r < static_cast<size_t>(rows); ++r)
        for (size_t i = 0; i < d; ++i) sum[i] += hidden[r * d + i];
    std::vector<float> out(d);
    for (size_t i = 0; i < d; ++i) out[i] = static_cast<float>(sum[i] / rows);
    return out;
}

void normalizeRows(std::span<float> v, int dim) {
    const size_t d = static_cast<size_t>(dim);
    for (size_t r = 0; r + d <= v.size(); r += d) {
        double sq = 0.0;
        for (size_t i = 0; i < d; ++i) sq += static_cast<double>(v[r + i]) * v[r + i];
        if (sq <= 0.0) continue;
        const float inv = static_cast<float>(1.0 / std::sqrt(sq));
        for (size_t i = 0; i < d; ++i) v[r + i] *= inv;
    }
}

} // namespace smoldesk::model
