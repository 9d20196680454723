#pragma once
// The figures under an answer (speed, time to the first token, tokens, why it ended). They are
// stored as numbers and a reason and said in the UI's language when shown, so a language switch
// says old answers anew ("stopped" stayed German in a French UI when the text was stored).
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace smoldesk::app {

struct AnswerStats {
    Q_DECLARE_TR_FUNCTIONS(AnswerStats)
  public:
    double tokensPerSecond = 0.0;
    double firstTokenMs = 0.0;
    int tokens = 0;
    QString reason; // "end", "max-tokens", "stopped", "context-full", "stop-string"
    int promptTokens = 0;
    double promptTokensPerSecond = 0.0;
    int proposedTokens = 0; // speculative decoding: proposals verified and those kept
    int acceptedTokens = 0;

    // What the store keeps (a compact JSON object).
    QString toStored() const;
    QJsonObject toJson() const;
    // nullopt for text stored before the figures were (shown as it is).
    static std::optional<AnswerStats> fromStored(const QString& stored);
    // The line under the answer, in the current language.
    QString text() const;
    // Either a stored value's line or, for old rows, the text itself.
    static QString display(const QString& stored);
};

} // namespace smoldesk::app
