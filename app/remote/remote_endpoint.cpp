#include "remote_endpoint.h"

#include <QCoreApplication>

namespace smoldesk::remote {

QUrl apiUrl(const QUrl& baseUrl, const QString& path) {
    QUrl url = baseUrl;
    QString root = url.path();
    while (root.endsWith(QLatin1Char('/'))) root.chop(1);
    if (!root.endsWith(QLatin1String("/v1"))) root += QStringLiteral("/v1");
    url.setPath(root + path);
    url.setQuery(QString());
    url.setFragment(QString());
    return url;
}

QUrl parseBaseUrl(const QString& text, QString* error) {
    const QString trimmed = text.trimmed();
    QUrl url = QUrl::fromUserInput(trimmed);
    const bool schemeOk = trimmed.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
                          trimmed.startsWith(QLatin1String("https://"), Qt::CaseInsensitive);
    if (trimmed.isEmpty() || !url.isValid() || url.host().isEmpty() || !schemeOk) {
        *error = QCoreApplication::translate(
                     "RemoteEndpoint",
                     "“%1” is not an endpoint address: give one such as http://localhost:8080/v1.")
                     .arg(trimmed);
        return {};
    }
    error->clear();
    return url;
}

} // namespace smoldesk::remote
