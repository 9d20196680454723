#include "remote_errors.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace smoldesk::remote {
namespace {

QString withMessage(QString sentence, const QString& message) {
    // "… (HTTP 500)." + " The server said: …" — the server's words stay separate from ours.
    if (message.isEmpty()) return sentence;
    return sentence + QLatin1Char(' ') +
           QCoreApplication::translate("RemoteErrors", "The server said: “%1”").arg(message);
}

// "1 second", "7 seconds" (whole sentences for each form: no "%n second(s)" to fall back to
// when no translation is loaded).
QString secondsText(int n) {
    return n == 1 ? QCoreApplication::translate("RemoteErrors", "1 second")
                  : QCoreApplication::translate("RemoteErrors", "%1 seconds").arg(n);
}

} // namespace

int retryAfterSeconds(const QByteArray& header) {
    const QByteArray h = header.trimmed();
    if (h.isEmpty()) return -1;
    bool ok = false;
    const qlonglong seconds = h.toLongLong(&ok);
    if (ok) return seconds >= 0 ? int(std::min<qlonglong>(seconds, 86400 * 7)) : -1;
    // An HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT"): RFC 2822 with the zone as Qt reads it.
    QString date = QString::fromLatin1(h);
    if (date.endsWith(QLatin1String(" GMT"))) date = date.chopped(4) + QStringLiteral(" +0000");
    const QDateTime when = QDateTime::fromString(date, Qt::RFC2822Date);
    if (!when.isValid()) return -1;
    return int(std::max<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(when)));
}

QString httpFailureSentence(const HttpFailure& f) {
    const QString status = QString::number(f.status);
    if (f.status == 401 || f.status == 403)
        return withMessage(
            QCoreApplication::translate("RemoteErrors",
                                        "The endpoint “%1” refused the API key (HTTP %2): check the key.")
                .arg(f.endpoint, status),
            f.serverMessage);
    if (f.status == 404) {
        if (!f.model.isEmpty() && f.serverMessage.contains(QLatin1String("model"), Qt::CaseInsensitive))
            return withMessage(
                QCoreApplication::translate(
                    "RemoteErrors",
                    "The endpoint “%1” has no model “%2” (HTTP 404): pick one of its models again.")
                    .arg(f.endpoint, f.model),
                f.serverMessage);
        return withMessage(
            QCoreApplication::translate(
                "RemoteErrors",
                "The endpoint “%1” has no OpenAI API at this address (HTTP 404): check the base URL.")
                .arg(f.endpoint),
            f.serverMessage);
    }
    if (f.status == 429) {
        if (f.retryAfterSeconds >= 0)
            return QCoreApplication::translate(
                       "RemoteErrors", "The endpoint “%1” is limiting requests (HTTP 429): try again in %2.")
                .arg(f.endpoint, secondsText(f.retryAfterSeconds));
        return withMessage(
            QCoreApplication::translate("RemoteErrors",
                                        "The endpoint “%1” is limiting requests (HTTP 429): try again later.")
                .arg(f.endpoint),
            f.serverMessage);
    }
    if (f.status >= 500) {
        if (f.status == 503 && f.retryAfterSeconds >= 0)
            return QCoreApplication::translate(
                       "RemoteErrors", "The endpoint “%1” is busy or starting (HTTP 503): try again in %2.")
                .arg(f.endpoint, secondsText(f.retryAfterSeconds));
        return withMessage(QCoreApplication::translate(
                               "RemoteErrors", "The endpoint “%1” failed with a server error (HTTP %2).")
                               .arg(f.endpoint, status),
                           f.serverMessage);
    }
    return withMessage(
        QCoreApplication::translate("RemoteErrors", "The endpoint “%1” rejected the request (HTTP %2).")
            .arg(f.endpoint, status),
        f.serverMessage);
}

QString networkFailureSentence(const QString& endpoint, const QUrl& url, QNetworkReply::NetworkError error,
                               const QString& sslDetail, bool answerStarted) {
    const QString where =
        url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveUserInfo).toString();
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return QCoreApplication::translate(
                   "RemoteErrors",
                   "Nothing answers at %1: the endpoint “%2” is not running, or the address is wrong.")
            .arg(where, endpoint);
    case QNetworkReply::HostNotFoundError:
        return QCoreApplication::translate("RemoteErrors",
                                           "The host of the endpoint “%1” (%2) cannot be found.")
            .arg(endpoint, url.host());
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // a transfer timeout (our own Stop is no failure)
        return QCoreApplication::translate("RemoteErrors", "The endpoint “%1” did not answer in time.")
            .arg(endpoint);
    case QNetworkReply::SslHandshakeFailedError:
        return QCoreApplication::translate("RemoteErrors",
                                           "The secure connection to the endpoint “%1” failed: %2")
            .arg(endpoint, sslDetail.isEmpty()
                               ? QCoreApplication::translate("RemoteErrors", "the TLS handshake failed.")
                               : sslDetail);
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::ProxyConnectionClosedError:
        return answerStarted
                   ? cutOffSentence(endpoint)
                   : QCoreApplication::translate("RemoteErrors",
                                                 "The endpoint “%1” closed the connection without answering.")
                         .arg(endpoint);
    default:
        break;
    }
    if (!sslDetail.isEmpty())
        return QCoreApplication::translate("RemoteErrors",
                                           "The secure connection to the endpoint “%1” failed: %2")
            .arg(endpoint, sslDetail);
    return answerStarted ? cutOffSentence(endpoint)
                         : QCoreApplication::translate(
                               "RemoteErrors", "The endpoint “%1” cannot be reached (network error %2).")
                               .arg(endpoint)
                               .arg(int(error));
}

QString streamProblemSentence(const QString& endpoint, StreamProblem problem, const QString& detail) {
    switch (problem) {
    case StreamProblem::ServerError:
        return withMessage(QCoreApplication::translate(
                               "RemoteErrors", "The endpoint “%1” reported an error while it answered.")
                               .arg(endpoint),
                           detail);
    case StreamProblem::Oversized:
        return QCoreApplication::translate("RemoteErrors",
                                           "The endpoint “%1” sent an event too large to read.")
            .arg(endpoint);
    case StreamProblem::MalformedEvent:
        return QCoreApplication::translate(
                   "RemoteErrors",
                   "The endpoint “%1” sent an answer that is not an OpenAI chat completion (%2).")
            .arg(endpoint, detail);
    case StreamProblem::None:
        break;
    }
    return {};
}

QString cutOffSentence(const QString& endpoint) {
    return QCoreApplication::translate(
               "RemoteErrors", "The endpoint “%1” closed the connection before the answer was complete.")
        .arg(endpoint);
}

} // namespace smoldesk::remote
