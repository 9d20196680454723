#include "openai_request.h"

#include "documents_field.h"

#include "chat/tool_calls.h"
#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/grammar_cache.h"
#include "runtime/prompt_image.h"

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

// An image_url part's image: the bytes of a data: URL (base64). Remote URLs are refused, never fetched.
std::optional<QByteArray> readImagePart(const QJsonObject& part, int index, ApiError* error) {
    const QJsonValue v = part.value(QStringLiteral("image_url"));
    const QString url = v.isObject() ? v.toObject().value(QStringLiteral("url")).toString() : v.toString();
    const auto bad = [&](const QString& why) {
        *error = ApiError::invalidRequest(QStringLiteral("messages[%1].content: %2").arg(index).arg(why));
        return std::nullopt;
    };
    if (url.startsWith(QLatin1String("http://")) || url.startsWith(QLatin1String("https://")))
        return bad(
            QStringLiteral("SmolDesk does not fetch remote images; send the image itself as a data URL "
                           "(data:image/png;base64,...)."));
    const qsizetype comma = url.indexOf(QLatin1Char(','));
    if (!url.startsWith(QLatin1String("data:image/")) || comma < 0 ||
        !url.left(comma).endsWith(QLatin1String(";base64")))
        return bad(QStringLiteral(
            "an image_url must be a data URL with a base64 image (data:image/png;base64,...)."));
    const auto decoded = QByteArray::fromBase64Encoding(url.mid(comma + 1).toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        return bad(QStringLiteral("the image's base64 data is not valid."));
    return decoded.decoded;
}

// A message's content: a string, or an array of text parts ({"type": "text", "text": ...}) and
// image_url parts, each image becoming a "<__media__>" marker in the text and its bytes in images.
std::optional<QString> readContent(const QJsonValue& content, int index, ApiError* error,
                                   QList<QByteArray>* images) {
    if (content.isString()) return content.toString();
    if (content.isNull() || content.isUndefined()) return QString();
    if (content.isArray()) {
        QString text;
        for (const QJsonValue& part : content.toArray()) {
            const QJsonObject p = part.toObject();
            if (p.value(QStringLiteral("type")).toString() == QLatin1String("image_url")) {
                const auto bytes = readImagePart(p, index, error);
                if (!bytes) return std::nullopt;
                images->append(*bytes);
                text += QString::fromUtf8(runtime::kMediaMarker.data(),
                                          static_cast<qsizetype>(runtime::kMediaMarker.size()));
                continue;
            }
            if (p.value(QStringLiteral("type")).toString() != QLatin1String("text") ||
                !p.value(QStringLiteral("text")).isString()) {
                *error = ApiError::invalidRequest(
                    QStringLiteral("messages[%1].content: only text and image_url parts are supported.")
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

// An assistant turn's tool_calls and a tool result's tool_call_id (and name), as OpenAI's
// clients send them back in the history.
bool readToolTurn(const QJsonObject& msg, int index, app::ChatTurn& turn, ApiError* error) {
    auto bad = [&](const QString& message) {
        *error = ApiError::invalidRequest(QStringLiteral("messages[%1].%2").arg(index).arg(message));
        return false;
    };
    const QJsonValue calls = msg.value(QStringLiteral("tool_calls"));
    if (!calls.isUndefined() && !calls.isNull()) {
        if (turn.role != QLatin1String("assistant"))
            return bad(QStringLiteral("tool_calls is for assistant turns."));
        if (!calls.isArray()) return bad(QStringLiteral("tool_calls must be an array."));
        int i = 0;
        for (const QJsonValue& c : calls.toArray()) {
            const QJsonObject call = c.toObject();
            const QJsonObject fn = call.value(QStringLiteral("function")).toObject();
            const QJsonValue name = fn.value(QStringLiteral("name"));
            const QJsonValue args = fn.value(QStringLiteral("arguments"));
            if (!c.isObject() || !name.isString() || name.toString().isEmpty())
                return bad(QStringLiteral("tool_calls[%1].function.name must be a non-empty string.").arg(i));
            app::ToolCallInfo info;
            info.id = call.value(QStringLiteral("id")).toString();
            info.name = name.toString();
            // OpenAI sends the arguments as JSON text; some clients send the object itself.
            if (args.isString())
                info.arguments = args.toString();
            else if (args.isObject())
                info.arguments =
                    QString::fromUtf8(QJsonDocument(args.toObject()).toJson(QJsonDocument::Compact));
            else if (args.isUndefined() || args.isNull())
                info.arguments = QStringLiteral("{}");
            else
                return bad(
                    QStringLiteral("tool_calls[%1].function.arguments must be a string of JSON.").arg(i));
            turn.toolCalls.append(info);
            ++i;
        }
    }
    if (turn.role == QLatin1String("tool")) {
        const QJsonValue id = msg.value(QStringLiteral("tool_call_id"));
        if (!id.isString() || id.toString().isEmpty())
            return bad(QStringLiteral("tool_call_id must name the call this tool result answers."));
        turn.toolCallId = id.toString();
        turn.name = msg.value(QStringLiteral("name")).toString(); // empty: parseChatRequest finds it
    }
    return true;
}

// tools, tool_choice and parallel_tool_calls. The tools' schemas are converted here so that a bad
// one is a 400 naming it, not a failure in the middle of an answer.
bool readTools(const QJsonObject& o, ApiRequest& r, ApiError* error) {
    using Choice = app::GenerationRequest::ToolChoice;
    auto bad = [error](const QString& message, const QString& code = QStringLiteral("invalid_value")) {
        *error = ApiError::invalidRequest(message, code);
        return false;
    };
    const QJsonValue tools = o.value(QStringLiteral("tools"));
    const QJsonValue choice = o.value(QStringLiteral("tool_choice"));
    const QJsonValue parallel = o.value(QStringLiteral("parallel_tool_calls"));
    if (!parallel.isUndefined() && !parallel.isNull()) {
        if (!parallel.isBool()) return bad(QStringLiteral("parallel_tool_calls must be true or false."));
        r.generation.parallelToolCalls = parallel.toBool();
    }
    const bool hasTools = !tools.isUndefined() && !tools.isNull();
    if (hasTools) {
        if (!tools.isArray()) return bad(QStringLiteral("tools must be an array of tool definitions."));
        if (tools.toArray().isEmpty())
            return bad(QStringLiteral("tools must not be empty; leave it out instead."));
        r.generation.toolsJson =
            QString::fromUtf8(QJsonDocument(tools.toArray()).toJson(QJsonDocument::Compact));
        try {
            const auto specs = chat::toolSpecsFromJson(r.generation.toolsJson.toStdString());
            for (size_t i = 0; i < specs.size(); ++i) {
                try {
                    chat::toolCallGbnf(*chat::hermesToolCalls(), {specs[i]}, false);
                } catch (const Error& e) {
                    return bad(QStringLiteral("tools[%1].function.parameters: %2")
                                   .arg(i)
                                   .arg(QString::fromUtf8(e.what())),
                               QStringLiteral("invalid_json_schema"));
                }
            }
        } catch (const Error& e) {
            return bad(QString::fromUtf8(e.what()));
        }
    }
    if (choice.isUndefined() || choice.isNull()) {
        r.generation.toolChoice = Choice::Auto;
    } else if (choice.isString()) {
        const QString c = choice.toString();
        if (c == QLatin1String("none"))
            r.generation.toolChoice = Choice::None;
        else if (c == QLatin1String("auto"))
            r.generation.toolChoice = Choice::Auto;
        else if (c == QLatin1String("required"))
            r.generation.toolChoice = Choice::Required;
        else
            return bad(QStringLiteral("tool_choice must be \"none\", \"auto\", \"required\" or "
                                      "{\"type\": \"function\", \"function\": {\"name\": ...}}."));
    } else if (choice.isObject()) {
        const QJsonObject c = choice.toObject();
        const QJsonValue name = c.value(QStringLiteral("function")).toObject().value(QStringLiteral("name"));
        if (c.value(QStringLiteral("type")).toString() != QLatin1String("function") || !name.isString())
            return bad(QStringLiteral("tool_choice must be {\"type\": \"function\", \"function\": {\"name\": "
                                      "...}} when it is an object."));
        r.generation.toolChoice = Choice::Named;
        r.generation.toolChoiceName = name.toString();
        bool known = false;
        for (const QJsonValue& t : tools.toArray())
            known = known ||
                    t.toObject().value(QStringLiteral("function")).toObject().value(QStringLiteral("name")) ==
                        name;
        if (!known)
            return bad(
                QStringLiteral("tool_choice.function.name '%1' is not one of tools.").arg(name.toString()));
    } else {
        return bad(QStringLiteral("tool_choice must be a string or an object."));
    }
    if (!hasTools && (r.generation.toolChoice == Choice::Required))
        return bad(QStringLiteral("tool_choice \"required\" needs tools."));
    const bool forced =
        r.generation.toolChoice == Choice::Required || r.generation.toolChoice == Choice::Named;
    if (hasTools && forced && r.generation.constraint != app::GenerationRequest::Constraint::None)
        return bad(
            QStringLiteral("tool_choice that requires a call cannot be combined with response_format or "
                           "grammar."));
    return true;
}

} // namespace

std::optional<ApiRequest> parseChatRequest(const QByteArray& body, ApiError* error) {
    const auto o = parseObject(body, error);
    if (!o) return std::nullopt;
    ApiRequest r;
    if (!readCommon(*o, r, error)) return std::nullopt;
    if (!readDocumentsField(*o, r.generation, error)) return std::nullopt;

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
            role != QLatin1String("assistant") && role != QLatin1String("tool")) {
            *error = ApiError::invalidRequest(
                QStringLiteral("messages[%1].role must be system, developer, user, assistant or tool.")
                    .arg(index));
            return std::nullopt;
        }
        QList<QByteArray> images;
        const auto content = readContent(msg.value(QStringLiteral("content")), index, error, &images);
        if (!content) return std::nullopt;
        app::ChatTurn turn{role, *content};
        turn.images = images;
        turn.contentIsNull = msg.value(QStringLiteral("content")).isNull();
        if (!readToolTurn(msg, index, turn, error)) return std::nullopt;
        r.generation.turns.append(turn);
        ++index;
    }
    // With images, a text that holds the marker itself cannot tell its text from an image's place.
    qsizetype images = 0, markers = 0;
    for (const app::ChatTurn& t : r.generation.turns) {
        images += t.images.size();
        markers += static_cast<qsizetype>(runtime::countMediaMarkers(t.content.toStdString()));
    }
    if (images > 0 && markers > images) {
        *error = ApiError::invalidRequest(QString::fromUtf8(runtime::kMediaMarkerInText.data(),
                                                            static_cast<qsizetype>(runtime::kMediaMarkerInText.size())));
        return std::nullopt;
    }
    // OpenAI's tool results carry only the call's id; templates that print the function's name
    // (gpt-oss, Hermes-style tool roles) find it in the call it answers.
    for (qsizetype i = 0; i < r.generation.turns.size(); ++i) {
        app::ChatTurn& t = r.generation.turns[i];
        if (t.role != QLatin1String("tool") || !t.name.isEmpty()) continue;
        for (qsizetype j = i - 1; j >= 0 && t.name.isEmpty(); --j)
            for (const app::ToolCallInfo& c : r.generation.turns[j].toolCalls)
                if (c.id == t.toolCallId) t.name = c.name;
    }
    if (!readTools(*o, r, error)) return std::nullopt;

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
