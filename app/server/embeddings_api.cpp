#include "embeddings_api.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>

#include <cstring>

namespace smoldesk::server {

namespace {

ApiError bad(const QString& message, const QString& code = QStringLiteral("invalid_value")) {
    return ApiError::invalidRequest(message, code);
}

// A JSON array of token ids, or nullopt (with *why) when it is not one.
std::optional<std::vector<int32_t>> tokenArray(const QJsonArray& a, int index, ApiError* why) {
    std::vector<int32_t> ids;
    for (const QJsonValue& v : a) {
        const double d = v.toDouble(-1.0);
        if (!v.isDouble() || d < 0 || d > 2147483647.0 || d != static_cast<double>(static_cast<int64_t>(d))) {
            *why = bad(QStringLiteral("'input[%1]' must hold token ids (non-negative integers).").arg(index));
            return std::nullopt;
        }
        ids.push_back(static_cast<int32_t>(d));
    }
    if (ids.empty()) {
        *why = bad(QStringLiteral("'input[%1]' is an empty token array.").arg(index));
        return std::nullopt;
    }
    return ids;
}

bool readInputs(const QJsonValue& input, EmbeddingsRequest& r, ApiError* error) {
    if (input.isString()) {
        if (input.toString().isEmpty())
            return *error = bad(QStringLiteral("'input' is an empty string.")), false;
        r.inputs.push_back({input.toString().toStdString(), {}, false});
        return true;
    }
    if (!input.isArray()) {
        *error =
            bad(QStringLiteral("'input' must be a string, an array of strings or an array of token arrays."));
        return false;
    }
    const QJsonArray a = input.toArray();
    if (a.isEmpty()) return *error = bad(QStringLiteral("'input' is an empty array.")), false;
    if (a.size() > kMaxEmbeddingInputs)
        return *error = bad(QStringLiteral("'input' has %1 items; at most %2 are allowed.")
                                .arg(a.size())
                                .arg(kMaxEmbeddingInputs)),
               false;
    if (a.first().isDouble()) { // one token array
        auto ids = tokenArray(a, 0, error);
        if (!ids) return false;
        r.inputs.push_back({{}, std::move(*ids), true});
        return true;
    }
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].isString() && !a[i].toString().isEmpty()) {
            r.inputs.push_back({a[i].toString().toStdString(), {}, false});
        } else if (a[i].isArray()) {
            auto ids = tokenArray(a[i].toArray(), static_cast<int>(i), error);
            if (!ids) return false;
            r.inputs.push_back({{}, std::move(*ids), true});
        } else {
            *error = bad(
                QStringLiteral("'input[%1]' must be a non-empty string or an array of token ids.").arg(i));
            return false;
        }
    }
    return true;
}

} // namespace

std::optional<EmbeddingsRequest> parseEmbeddingsRequest(const QByteArray& body, ApiError* error) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error =
            bad(QStringLiteral("The request body is not a JSON object."), QStringLiteral("invalid_json"));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    EmbeddingsRequest r;
    if (!o.value("model").isString() || o.value("model").toString().isEmpty()) {
        *error = bad(QStringLiteral("You must provide a model parameter ('model')."),
                     QStringLiteral("missing_model"));
        return std::nullopt;
    }
    r.model = o.value("model").toString();
    if (!o.contains("input")) {
        *error = bad(QStringLiteral("You must provide the text to embed ('input')."),
                     QStringLiteral("missing_input"));
        return std::nullopt;
    }
    if (!readInputs(o.value("input"), r, error)) return std::nullopt;
    const QJsonValue format = o.value("encoding_format");
    if (!format.isUndefined() && !format.isNull()) {
        if (format != QJsonValue("float") && format != QJsonValue("base64")) {
            *error = bad(QStringLiteral("'encoding_format' must be 'float' or 'base64'."));
            return std::nullopt;
        }
        r.base64 = format == QJsonValue("base64");
    }
    const QJsonValue dims = o.value("dimensions");
    if (!dims.isUndefined() && !dims.isNull()) {
        if (!dims.isDouble() || dims.toDouble() < 1 || dims.toDouble() != static_cast<double>(dims.toInt())) {
            *error = bad(QStringLiteral("'dimensions' must be a positive integer."));
            return std::nullopt;
        }
        r.dimensions = dims.toInt();
    }
    return r;
}

QJsonObject embeddingsResponse(const QString& model, const std::vector<std::vector<float>>& vectors,
                               int promptTokens, bool base64) {
    QJsonArray data;
    for (size_t i = 0; i < vectors.size(); ++i) {
        QJsonValue embedding;
        if (base64) { // little-endian float32, as OpenAI sends it
            QByteArray bytes(static_cast<qsizetype>(vectors[i].size() * sizeof(float)), Qt::Uninitialized);
            for (size_t k = 0; k < vectors[i].size(); ++k) {
                uint32_t bits;
                std::memcpy(&bits, &vectors[i][k], sizeof bits);
                for (int b = 0; b < 4; ++b)
                    bytes[static_cast<qsizetype>(k * 4 + b)] = static_cast<char>(bits >> (8 * b));
            }
            embedding = QString::fromLatin1(bytes.toBase64());
        } else {
            QJsonArray values;
            for (float v : vectors[i]) values.append(static_cast<double>(v));
            embedding = values;
        }
        data.append(
            QJsonObject{{"object", "embedding"}, {"index", static_cast<int>(i)}, {"embedding", embedding}});
    }
    return QJsonObject{
        {"object", "list"},
        {"data", data},
        {"model", model},
        {"usage", QJsonObject{{"prompt_tokens", promptTokens}, {"total_tokens", promptTokens}}}};
}

} // namespace smoldesk::server
