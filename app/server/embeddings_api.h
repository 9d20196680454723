#pragma once
// POST /v1/embeddings in OpenAI's shapes: the request ("input" a string, an array of strings, an
// array of token ids or an array of such arrays; "model"; "encoding_format" float or base64;
// "dimensions" only as the model's own) and the response (a list of embedding objects, the
// vectors as numbers or as base64 of little-endian float32, and the prompt tokens used).
#include "api_errors.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::server {

struct EmbeddingInput {
    std::string text;         // when !isTokens
    std::vector<int32_t> ids; // when isTokens: fed as they are, no special tokens added
    bool isTokens = false;
};

struct EmbeddingsRequest {
    QString model;
    std::vector<EmbeddingInput> inputs;
    bool base64 = false;
    int dimensions = 0; // 0: not asked
};

// OpenAI's limit on inputs per request.
constexpr int kMaxEmbeddingInputs = 2048;

std::optional<EmbeddingsRequest> parseEmbeddingsRequest(const QByteArray& body, ApiError* error);
// vectors[i] is input i's embedding; promptTokens the tokens read for all of them.
QJsonObject embeddingsResponse(const QString& model, const std::vector<std::vector<float>>& vectors,
                               int promptTokens, bool base64);

} // namespace smoldesk::server
