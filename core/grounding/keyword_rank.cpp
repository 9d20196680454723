// BM25 over in-memory passages (see keyword_rank.h).
#include "grounding/keyword_rank.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

namespace smoldesk::grounding {

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string w;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x80 || std::isalnum(c)) {
            w += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        } else if (!w.empty()) {
            out.push_back(std::move(w));
            w.clear();
        }
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}

std::vector<std::pair<size_t, double>> bm25Rank(std::string_view query,
                                                const std::vector<std::string>& passages, size_t top) {
    constexpr double k1 = 1.2, b = 0.75;
    const std::vector<std::string> q = words(query);
    const std::set<std::string> terms(q.begin(), q.end());
    std::vector<std::map<std::string, int>> tf(passages.size());
    std::vector<size_t> length(passages.size());
    std::map<std::string, int> df;
    double total = 0;
    for (size_t i = 0; i < passages.size(); ++i) {
        const std::vector<std::string> w = words(passages[i]);
        length[i] = w.size();
        total += static_cast<double>(w.size());
        for (const std::string& t : w)
            if (terms.count(t) && tf[i][t]++ == 0) ++df[t];
    }
    const double n = static_cast<double>(passages.size());
    const double avg = passages.empty() ? 1.0 : std::max(1.0, total / n);
    std::vector<std::pair<size_t, double>> out;
    for (size_t i = 0; i < passages.size(); ++i) {
        double score = 0;
        for (const auto& [t, f] : tf[i]) {
            const double idf = std::log((n - df[t] + 0.5) / (df[t] + 0.5) + 1.0);
            score += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * static_cast<double>(length[i]) / avg));
        }
        if (score > 0) out.emplace_back(i, score);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& x, const auto& y) { return x.second > y.second; });
    if (out.size() > top) out.resize(top);
    return out;
}

} // namespace smoldesk::grounding
