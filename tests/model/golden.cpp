#include "golden.h"

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
    std::string json = readText(dataPath("models/" + name + ".json"));
    QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    Golden g;
    g.nVocab = o["n_vocab"].toInt();
    g.tokens = intArray(o.contains("tokens") ? o["tokens"] : o["prompt_tokens"]);
    g.generated = intArray(o["generated"]);
    if (QFile::exists(QString::fromStdString(dataPath("models/" + name + ".f32"))))
        g.logits = readF32(dataPath("models/" + name + ".f32"));
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

} // namespace smoldesk::test
