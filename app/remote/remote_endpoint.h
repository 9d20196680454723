#pragma once
// One OpenAI-compatible endpoint: what the user named it, its base URL and its API key (empty:
// none). The key lives here only while a request is built; the app keeps it in the secret store.
#include <QString>
#include <QUrl>

namespace smoldesk::remote {

struct Endpoint {
    QString name;
    QUrl baseUrl;
    QString apiKey;
};

// The URL of `path` ("/chat/completions", "/models") under the endpoint's OpenAI API root: the base
// URL as given when it ends with "/v1" (or "/v1/"), else with "/v1" added, as OpenAI's clients read
// "http://host:8080" and "http://host:8080/v1" alike.
QUrl apiUrl(const QUrl& baseUrl, const QString& path);

// A base URL the user typed, checked: http or https with a host. Empty `error` when it is usable.
QUrl parseBaseUrl(const QString& text, QString* error);

} // namespace smoldesk::remote
