#include "answer_stats.h"

#include <QJsonDocument>
#include <QLocale>

namespace smoldesk::app {

QJsonObject AnswerStats::toJson() const {
    QJsonObject o{{QStringLiteral("tokens_per_second"), tokensPerSecond},
                  {QStringLiteral("first_token_ms"), firstTokenMs},
                  {QStringLiteral("tokens"), tokens},
                  {QStringLiteral("stop_reason"), reason},
                  {QStringLiteral("prompt_tokens"), promptTokens},
                  {QStringLiteral("prompt_tokens_per_second"), promptTokensPerSecond}};
    if (proposedTokens > 0) { // answers without speculation keep the stored form they always had
        o.insert(QStringLiteral("proposed_tokens"), proposedTokens);
        o.insert(QStringLiteral("accepted_tokens"), acceptedTokens);
    }
    return o;
}

QString AnswerStats::toStored() const {
    return QString::fromUtf8(QJsonDocument(toJson()).toJson(QJsonDocument::Compact));
}

std::optional<AnswerStats> AnswerStats::fromStored(const QString& stored) {
    if (!stored.startsWith(QLatin1Char('{'))) return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(stored.toUtf8());
    if (!doc.isObject()) return std::nullopt;
    const QJsonObject o = doc.object();
    AnswerStats s;
    s.tokensPerSecond = o.value(QStringLiteral("tokens_per_second")).toDouble();
    s.firstTokenMs = o.value(QStringLiteral("first_token_ms")).toDouble();
    s.tokens = o.value(QStringLiteral("tokens")).toInt();
    s.reason = o.value(QStringLiteral("stop_reason")).toString();
    s.promptTokens = o.value(QStringLiteral("prompt_tokens")).toInt();
    s.promptTokensPerSecond = o.value(QStringLiteral("prompt_tokens_per_second")).toDouble();
    s.proposedTokens = o.value(QStringLiteral("proposed_tokens")).toInt();
    s.acceptedTokens = o.value(QStringLiteral("accepted_tokens")).toInt();
    return s;
}

QString AnswerStats::text() const {
    const QLocale loc;
    // Stopped before the first token: there is no speed and no first token to tell.
    if (tokens == 0 && reason == QLatin1String("stopped")) return tr("stopped while reading your message");
    QString line = tr("%1 tokens/s · first token %2 ms · %3 tokens")
                       .arg(loc.toString(tokensPerSecond, 'f', 1), loc.toString(firstTokenMs, 'f', 0))
                       .arg(loc.toString(tokens));
    // Speculative decoding: how many of the guessed tokens the model kept (what made it faster).
    if (proposedTokens > 0)
        line += QStringLiteral(" · ") + tr("%1 of %2 guessed tokens kept")
                                            .arg(loc.toString(acceptedTokens), loc.toString(proposedTokens));
    if (reason == QLatin1String("stopped"))
        line += QStringLiteral(" · ") + tr("stopped");
    else if (reason == QLatin1String("context-full"))
        line += QStringLiteral(" · ") + tr("context full");
    else if (reason == QLatin1String("max-tokens"))
        line += QStringLiteral(" · ") + tr("length limit");
    return line;
}

QString AnswerStats::display(const QString& stored) {
    const std::optional<AnswerStats> s = fromStored(stored);
    return s ? s->text() : stored;
}

} // namespace smoldesk::app
