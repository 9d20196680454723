#include "jsonrpc_message.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace smoldesk::mcp {
namespace {

bool validId(const QJsonValue& id) {
    return id.isString() || id.isDouble();
}

// One member: returns an empty string when it is a message, else why not.
QString parseOne(const QJsonValue& value, JsonRpcMessage& out) {
    if (!value.isObject()) return QStringLiteral("a JSON-RPC message must be an object");
    const QJsonObject o = value.toObject();
    if (o.value(QLatin1String("jsonrpc")).toString() != QLatin1String("2.0"))
        return QStringLiteral("\"jsonrpc\" is not \"2.0\"");
    const QJsonValue method = o.value(QLatin1String("method"));
    const QJsonValue id = o.value(QLatin1String("id"));
    if (!method.isUndefined()) {
        if (!method.isString() || method.toString().isEmpty())
            return QStringLiteral("\"method\" is not a name");
        out.method = method.toString();
        const QJsonValue params = o.value(QLatin1String("params"));
        if (!params.isUndefined() && !params.isObject() && !params.isNull())
            return QStringLiteral("\"params\" is not an object");
        out.params = params.toObject();
        if (id.isUndefined()) {
            out.kind = JsonRpcMessage::Kind::Notification;
            return {};
        }
        if (!validId(id)) return QStringLiteral("a request's \"id\" is neither a number nor a string");
        out.kind = JsonRpcMessage::Kind::Request;
        out.id = id;
        return {};
    }
    // A response: "id" may be null only in an error about a request that could not be read.
    if (!validId(id) && !id.isNull()) return QStringLiteral("a response has no usable \"id\"");
    out.id = id;
    const QJsonValue error = o.value(QLatin1String("error"));
    const QJsonValue result = o.value(QLatin1String("result"));
    if (!error.isUndefined()) {
        if (!error.isObject()) return QStringLiteral("\"error\" is not an object");
        const QJsonObject e = error.toObject();
        out.kind = JsonRpcMessage::Kind::Error;
        out.errorCode = e.value(QLatin1String("code")).toInt();
        out.errorMessage = e.value(QLatin1String("message")).toString();
        return {};
    }
    if (result.isUndefined()) return QStringLiteral("a response has neither \"result\" nor \"error\"");
    if (id.isNull()) return QStringLiteral("a result has a null \"id\"");
    out.kind = JsonRpcMessage::Kind::Result;
    out.result = result;
    return {};
}

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

ParsedMessages parseJsonRpc(const QByteArray& text) {
    ParsedMessages out;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        out.error = QStringLiteral("it is not JSON (%1)").arg(error.errorString());
        return out;
    }
    QJsonArray members;
    if (doc.isArray()) {
        members = doc.array();
        if (members.isEmpty()) out.error = QStringLiteral("an empty batch");
    } else {
        members.append(doc.object());
    }
    for (const QJsonValue& member : members) {
        JsonRpcMessage message;
        const QString why = parseOne(member, message);
        if (why.isEmpty())
            out.messages.append(std::move(message));
        else if (out.error.isEmpty())
            out.error = why;
    }
    return out;
}

QByteArray encodeRequest(qint64 id, const QString& method, const QJsonObject& params) {
    QJsonObject o{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("method"), method}};
    if (!params.isEmpty()) o.insert(QStringLiteral("params"), params);
    return compact(o);
}

QByteArray encodeNotification(const QString& method, const QJsonObject& params) {
    QJsonObject o{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method}};
    if (!params.isEmpty()) o.insert(QStringLiteral("params"), params);
    return compact(o);
}

QByteArray encodeResult(const QJsonValue& id, const QJsonObject& result) {
    return compact(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                               {QStringLiteral("id"), id},
                               {QStringLiteral("result"), result}});
}

QByteArray encodeError(const QJsonValue& id, int code, const QString& message) {
    return compact(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                               {QStringLiteral("id"), id},
                               {QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), code},
                                                                     {QStringLiteral("message"), message}}}});
}

QString excerpt(const QByteArray& text, int chars) {
    QString s = QString::fromUtf8(text.left(chars * 4)).simplified();
    if (s.size() > chars) s = s.left(chars) + QChar(0x2026);
    return s;
}

} // namespace smoldesk::mcp
