#pragma once
// One sentence for each way a remote chat or model list can fail, in the UI's language
// (QCoreApplication::translate, context "RemoteErrors"): the app shows it as the chat's error and
// `smoldesk-cli chat --endpoint` prints it before exiting non-zero. Never includes the API key.
#include "chat_stream.h"

#include <QNetworkReply>
#include <QString>

namespace smoldesk::remote {

struct HttpFailure {
    QString endpoint; // the endpoint's name (or its URL when it has none)
    QString model;    // the model asked for (empty for a model list)
    int status = 0;
    int retryAfterSeconds = -1; // from Retry-After (429, 503); -1 when absent
    QString serverMessage;      // errorMessageOf(body)
};

QString httpFailureSentence(const HttpFailure& f);
// A transfer that failed without an HTTP status (refused, no host, TLS, cut off); sslDetail: the
// TLS errors' own text when there were any.
QString networkFailureSentence(const QString& endpoint, const QUrl& url, QNetworkReply::NetworkError error,
                               const QString& sslDetail, bool answerStarted);
QString streamProblemSentence(const QString& endpoint, StreamProblem problem, const QString& detail);
// The stream ended without "[DONE]" or a finish reason: the server went away mid-answer.
QString cutOffSentence(const QString& endpoint);

// Retry-After's seconds (delta-seconds, or an HTTP date from `now`); -1 when absent or unreadable.
int retryAfterSeconds(const QByteArray& header);

} // namespace smoldesk::remote
