#include "golden.h"

#include "runtime/sampler.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

namespace smoldesk::test {

static std::vector<int32_t> intArray(const QJsonValue& v) {
    std::vector<int32_t> out;
    for (const auto& x : v.toArray()) out.push_back(x.toInt());
    return out;
}

Golden loadGolden(const std::string& name) {
    return loadGoldenAt(dataPath("models/" + name));
}

Golden loadGoldenAt(const std::string& stem) {
    std::string json = readText(stem + ".json");
    QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    Golden g;
    g.nVocab = o["n_vocab"].toInt();
    g.tokens = intArray(o.contains("tokens") ? o["tokens"] : o["prompt_tokens"]);
    g.generated = intArray(o["generated"]);
    const QJsonObject tol = o["recommended_tolerance"].toObject();
    g.tolMean = tol["mean_abs"].toDouble();
    g.tolMax = tol["max_abs"].toDouble();
    g.tolCosine = tol["min_row_cosine"].toDouble();
    if (QFile::exists(QString::fromStdString(stem + ".f32"))) g.logits = readF32(stem + ".f32");
    return g;
}

std::string LogitDiff::describe() const {
    char buf[160];
    std::snprintf(buf, sizeof buf, "mean |d| %.4f, max |d| %.4f, min row cosine %.6f", meanAbs, maxAbs,
                  minCosine);
    return buf;
}

LogitDiff compareLogits(const std::vector<float>& ours, const std::vector<float>& golden, int nVocab) {
    LogitDiff d;
    if (ours.size() != golden.size()) {
        d.maxAbs = d.meanAbs = INFINITY;
        d.minCosine = 0;
        return d;
    }
    double sum = 0;
    const size_t rows = ours.size() / static_cast<size_t>(nVocab);
    for (size_t r = 0; r < rows; ++r) {
        double dot = 0, na = 0, nb = 0;
        for (size_t i = 0; i < static_cast<size_t>(nVocab); ++i) {
            const double a = ours[r * nVocab + i], b = golden[r * nVocab + i];
            const double diff = std::fabs(a - b);
            if (!(diff <= d.maxAbs)) d.maxAbs = diff; // NaN propagates as a failure
            sum += diff;
            dot += a * b;
            na += a * a;
            nb += b * b;
        }
        d.minCosine = std::min(d.minCosine, dot / std::sqrt(na * nb));
    }
    d.meanAbs = sum / static_cast<double>(ours.size());
    return d;
}

bool logitsWithin(const LogitDiff& d, double mean, double max, double cosine, const std::string& what) {
    const bool ok = d.meanAbs <= mean && d.maxAbs <= max && d.minCosine >= cosine;
    const std::string msg = what + ": " + d.describe() + (ok ? "" : " -- outside the tolerance");
    if (ok)
        qInfo("%s", msg.c_str());
    else
        qWarning("%s", msg.c_str());
    return ok;
}

bool logitsWithin(const LogitDiff& d, const Golden& g, const std::string& what) {
    if (g.tolMean <= 0 || g.tolMax <= 0 || g.tolCosine <= 0) {
        qWarning("%s: the golden has no recommended_tolerance", what.c_str());
        return false;
    }
    return logitsWithin(d, g.tolMean, g.tolMax, g.tolCosine, what);
}

std::vector<float> promptLogits(runtime::Session& s, const std::vector<int32_t>& tokens, size_t chunk) {
    std::vector<float> all;
    s.reset();
    for (size_t i = 0; i < tokens.size(); i += chunk) {
        const size_t n = std::min(chunk, tokens.size() - i);
        const std::vector<int32_t> prefix(tokens.begin(), tokens.begin() + static_cast<long>(i + n));
        const std::vector<float> part = s.evaluate(prefix, true);
        all.insert(all.end(), part.begin(), part.end());
    }
    return all;
}

std::vector<float> promptLogits(model::Decoder& d, const std::vector<int32_t>& tokens, size_t chunk) {
    std::vector<float> all, part;
    for (size_t i = 0; i < tokens.size(); i += chunk) {
        const size_t n = std::min(chunk, tokens.size() - i);
        d.forward(std::span<const int32_t>(tokens).subspan(i, n), static_cast<int>(i), true, part);
        all.insert(all.end(), part.begin(), part.end());
    }
    return all;
}

std::vector<float> greedyRows(std::vector<float> logits, size_t steps, std::vector<int32_t>& ids,
                              const std::function<std::vector<float>(int32_t)>& next) {
    std::vector<float> rows;
    for (size_t step = 0; step < steps; ++step) {
        rows.insert(rows.end(), logits.begin(), logits.end());
        ids.push_back(runtime::argmax(logits));
        if (step + 1 < steps) logits = next(ids.back());
    }
    return rows;
}

std::vector<float> greedyRows(runtime::Session& s, const Golden& g, std::vector<int32_t>& ids) {
    return greedyRows(s.evaluate(g.tokens), g.generated.size(), ids,
                      [&s](int32_t id) { return s.decode(id); });
}

} // namespace smoldesk::test
