#include "openai_request.h"

#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/grammar_cache.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace smoldesk::server {
namespace {

std::optional<QJsonObject> parseObject(const QByteArray& body, ApiError* error) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error =
            ApiError::invalidRequest(QStringLiteral("The request body is not valid JSON (%1 at offset %2).")
                                         .arg(pe.errorString())
                                         .arg(pe.offset),
                                     QStringLiteral("invalid_json"));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = ApiError::invalidRequest(QStringLiteral("The request body must be a JSON object."),
                                          QStringLiteral("invalid_json"));
        return std::nullopt;
    }
    return doc.object();
}

bool isInteger(const QJsonValue& v) {
    return v.isDouble() && std::floor(v.toDouble()) == v.toDouble() && std::abs(v.toDouble()) < 9.0e15;
}

// response_format (json_object, json_schema) and llama.cpp's grammar field. The schema or
// grammar is converted and parsed here, so that a bad one is a 400 naming the field, not a
// failure in the middle of an answer; the worker compiles it again from its cache.
bool readConstraint(const QJsonObject& o, ApiRequest& r, ApiError* error) {
    using C = app::GenerationRequest::Constraint;
    auto bad = [error](const QString& message, const QString& code = QStringLiteral("invalid_value")) {
        *error = ApiError::invalidRequest(message, code);
        return false;
    };
    const QJsonValue format = o.value(QStringLiteral("response_format"));
    const QJsonValue gbnf = o.value(QStringLiteral("grammar"));
    if (!format.isUndefined() && !format.isNull()) {
        if (!format.isObject()) return bad(QStringLiteral("response_format must be an object."));
        const QString type = format.toObject().value(QStringLiteral("type")).toString();
        if (type == QLatin1String("json_object")) {
            r.generation.constraint = C::JsonObject;
        } else if (type == QLatin1String("json_schema")) {
            const QJsonValue js = format.toObject().value(QStringLiteral("json_schema"));
            const QJsonValue schema = js.toObject().value(QStringLiteral("schema"));
            if (!js.isObject() || !(schema.isObject() || schema.isBool()))
                return bad(
                    QStringLiteral("response_format.json_schema.schema must be a JSON Schema object."));
            r.generation.constraint = C::JsonSchema;
            r.generation.constraintText =
                schema.isBool()
                    ? QString::fromLatin1(schema.toBool() ? "true" : "false")
                    : QString::fromUtf8(QJsonDocument(schema.toObject()).toJson(QJsonDocument::Compact));
        } else if (type != QLatin1String("text")) {
            return bad(QStringLiteral("response_format.type must be text, json_object or json_schema."));
        }
    }
    if (!gbnf.isUndefined() && !gbnf.isNull()) {
        if (!gbnf.isString()) return bad(QStringLiteral("grammar must be a string in GBNF."));
        if (r.generation.constraint != C::None)
            return bad(QStringLiteral("grammar and a JSON response_format cannot be combined."));
        r.generation.constraint = C::Gbnf;
        r.generation.constraintText = gbnf.toString();
    }
    if (r.generation.constraint == C::None) return true;
    try {
        using Kind = grammar::GrammarSource::Kind;
        const Kind kind = r.generation.constraint == C::Gbnf         ? Kind::Gbnf
                          : r.generation.constraint == C::JsonSchema ? Kind::JsonSchema
                                                                     : Kind::AnyJsonObject;
        grammar::parseGbnf(grammar::toGbnf({kind, r.generation.constraintText.toStdString()}));
    } catch (const Error& e) {
        const QString field = r.generation.constraint == C::Gbnf
                                  ? QStringLiteral("grammar")
                                  : QStringLiteral("response_format.json_schema");
        return bad(QStringLiteral("%1: %2").arg(field, QString::fromUtf8(e.what())),
                   r.generation.constraint == C::Gbnf ? QStringLiteral("invalid_grammar")
                                                      : QStringLiteral("invalid_json_schema"));
    }
    return true;
}

// The fields both endpoints share: model, stream, sampling, max tokens, stop, n.
bool readCommon(const QJsonObject& o, ApiRequest& r, ApiError* error) {
    auto bad = [error](const QString& message) {
        *error = ApiError::invalidRequest(message);
        return false;
    };
    app::SamplingSettings& s = r.generation.sampling;
    // OpenAI's sampling has only temperature and top_p: the app's top-k and min-p stay off.
    s = app::SamplingSettings{};
    s.temperature = 1.0;
    s.topP = 1.0;
    s.topK = 0;
    s.minP = 0.0;
    s.repeatPenalty = 1.0;
    s.seed = 0;
    s.maxTokens = kUnlimitedTokens;
    s.thinkingBudget = 0;

    const QJsonValue model = o.value(QStringLiteral("model"));
    if (!model.isUndefined() && !model.isNull() && !model.isString())
        return bad(QStringLiteral("model must be a string."));
    r.model = model.toString();
    const QJsonValue stream = o.value(QStringLiteral("stream"));
    if (!stream.isUndefined() && !stream.isNull() && !stream.isBool())
        return bad(QStringLiteral("stream must be true or false."));
    r.stream = stream.toBool(false);

    for (const char* name : {"max_completion_tokens", "max_tokens"}) {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined() || v.isNull()) continue;
        if (!isInteger(v) || v.toDouble() < 1)
            return bad(QStringLiteral("%1 must be a whole number of at least 1.").arg(QLatin1String(name)));
        s.maxTokens = static_cast<int>(std::min(v.toDouble(), double(kUnlimitedTokens)));
        break; // max_completion_tokens wins over the older max_tokens
    }
    const QJsonValue temperature = o.value(QStringLiteral("temperature"));
    if (!temperature.isUndefined() && !temperature.isNull()) {
        if (!temperature.isDouble() || temperature.toDouble() < 0 || temperature.toDouble() > 2)
            return bad(QStringLiteral("temperature must be a number from 0 to 2."));
        s.temperature = temperature.toDouble();
    }
    const QJsonValue topP = o.value(QStringLiteral("top_p"));
    if (!topP.isUndefined() && !topP.isNull()) {
        if (!topP.isDouble() || topP.toDouble() <= 0 || topP.toDouble() > 1)
            return bad(QStringLiteral("top_p must be a number above 0 and at most 1."));
        s.topP = topP.toDouble();
    }
    const QJsonValue seed = o.value(QStringLiteral("seed"));
    if (!seed.isUndefined() && !seed.isNull()) {
        if (!isInteger(seed)) return bad(QStringLiteral("seed must be a whole number."));
        s.seed = static_cast<qint64>(seed.toDouble());
    }
    const QJsonValue n = o.value(QStringLiteral("n"));
    if (!n.isUndefined() && !n.isNull() && (!isInteger(n) || n.toDouble() != 1))
        return bad(QStringLiteral("Only n = 1 is supported."));

    // llama.cpp's server extension: generate max_tokens even past the end-of-generation token.
    const QJsonValue ignoreEos = o.value(QStringLiteral("ignore_eos"));
    if (!ignoreEos.isUndefined() && !ignoreEos.isNull() && !ignoreEos.isBool())
        return bad(QStringLiteral("ignore_eos must be true or false."));
    r.generation.ignoreEndOfGeneration = ignoreEos.toBool(false);

    if (!readConstraint(o, r, error)) return false;

    const QJsonValue stop = o.value(QStringLiteral("stop"));
    if (stop.isString()) {
        r.generation.stopStrings = {stop.toString()};
    } else if (stop.isArray()) {
        const QJsonArray a = stop.toArray();
        if (a.size() > 4) return bad(QStringLiteral("stop takes at most 4 strings."));
        for (const QJsonValue& v : a) {
            if (!v.isString()) return bad(QStringLiteral("stop must be a string or an array of strings."));
            r.generation.stopStrings << v.toString();
        }
    } else if (!stop.isUndefined() && !stop.isNull()) {
        return bad(QStringLiteral("stop must be a string or an array of strings."));
    }
    return true;
}

// A message's content: a string, or an array of text parts ({"type": "text", "text": ...}).
std::optional<QString> readContent(const QJsonValue& content, int index, ApiError* error) {
    if (content.isString()) return content.toString();
    if (content.isNull() || content.isUndefined()) return QString();
    if (content.isArray()) {
        QString text;
        for (const QJsonValue& part : content.toArray()) {
            const QJsonObject p = part.toObject();
            if (p.value(QStringLiteral("type")).toString() != QLatin1String("text") ||
                !p.value(QStringLiteral("text")).isString()) {
                *error = ApiError::invalidRequest(
                    QStringLiteral("messages[%1].content: only text parts ({\"type\": \"text\", \"text\": "
                                   "...}) are supported.")
                        .arg(index));
                return std::nullopt;
            }
            text += p.value(QStringLiteral("text")).toString();
        }
        return text;
    }
    *error = ApiError::invalidRequest(
        QStringLiteral("messages[%1].content must be a string or an array of text parts.").arg(index));
    return std::nullopt;
}

} // namespace

std::optional<ApiRequest> parseChatRequest(const QByteArray& body, ApiError* error) {
    const auto o = parseObject(body, error);
    if (!o) return std::nullopt;
    ApiRequest r;
    if (!readCommon(*o, r, error)) return std::nullopt;

    const QJsonValue messages = o->value(QStringLiteral("messages"));
    if (!messages.isArray() || messages.toArray().isEmpty()) {
        *error = ApiError::invalidRequest(QStringLiteral("messages must be a non-empty array."));
        return std::nullopt;
    }
    int index = 0;
    for (const QJsonValue& m : messages.toArray()) {
        const QJsonObject msg = m.toObject();
        QString role = msg.value(QStringLiteral("role")).toString();
        if (role == QLatin1String("developer")) role = QStringLiteral("system"); // OpenAI's newer name
        if (role != QLatin1String("system") && role != QLatin1String("user") &&
            role != QLatin1String("assistant")) {
            *error = ApiError::invalidRequest(
                QStringLiteral("messages[%1].role must be system, developer, user or assistant.").arg(index));
            return std::nullopt;
        }
        const auto content = readContent(msg.value(QStringLiteral("content")), index, error);
        if (!content) return std::nullopt;
        r.generation.turns.append({role, *content});
        ++index;
    }

    // Thinking is on unless the request turns it off: SmolLM3's and Qwen3's templates think by
    // default. Both llama.cpp's chat_template_kwargs and a plain enable_thinking field are read.
    r.generation.enableThinking = true;
    const QJsonValue kwargs = o->value(QStringLiteral("chat_template_kwargs"));
    for (const QJsonValue& v : {o->value(QStringLiteral("enable_thinking")),
                                kwargs.toObject().value(QStringLiteral("enable_thinking"))}) {
        if (v.isUndefined() || v.isNull()) continue;
        if (!v.isBool()) {
            *error = ApiError::invalidRequest(QStringLiteral("enable_thinking must be true or false."));
            return std::nullopt;
        }
        r.generation.enableThinking = v.toBool();
    }
    // gpt-oss's reasoning effort, as OpenAI's API spells it (or through the template kwargs).
    // "minimal" (OpenAI's newer lowest level) is harmony's "low". Other templates ignore it.
    for (const QJsonValue& v : {o->value(QStringLiteral("reasoning_effort")),
                                kwargs.toObject().value(QStringLiteral("reasoning_effort"))}) {
        if (v.isUndefined() || v.isNull()) continue;
        const QString effort = v.toString();
        if (effort == QLatin1String("minimal")) {
            r.generation.reasoningEffort = QStringLiteral("low");
        } else if (effort == QLatin1String("low") || effort == QLatin1String("medium") ||
                   effort == QLatin1String("high")) {
            r.generation.reasoningEffort = effort;
        } else {
            *error = ApiError::invalidRequest(
                QStringLiteral("reasoning_effort must be \"minimal\", \"low\", \"medium\" or \"high\"."));
            return std::nullopt;
        }
    }
    return r;
}

std::optional<ApiRequest> parseCompletionRequest(const QByteArray& body, ApiError* error) {
    const auto o = parseObject(body, error);
    if (!o) return std::nullopt;
    ApiRequest r;
    if (!readCommon(*o, r, error)) return std::nullopt;
    QJsonValue prompt = o->value(QStringLiteral("prompt"));
    if (prompt.isArray() && prompt.toArray().size() == 1) prompt = prompt.toArray().at(0);
    if (!prompt.isString()) {
        *error =
            ApiError::invalidRequest(QStringLiteral("prompt must be a string (or an array of one string)."));
        return std::nullopt;
    }
    if (o->value(QStringLiteral("echo")).toBool(false)) {
        *error = ApiError::invalidRequest(QStringLiteral("echo is not supported."));
        return std::nullopt;
    }
    if (prompt.toString().isEmpty()) {
        *error = ApiError::invalidRequest(QStringLiteral("prompt must not be empty."));
        return std::nullopt;
    }
    r.generation.rawPrompt = true;
    r.generation.prompt = prompt.toString();
    return r;
}

} // namespace smoldesk::server
