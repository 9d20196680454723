#include "server_options.h"

namespace smoldesk::server {

QHostAddress listenAddress(const QString& host) {
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return QHostAddress(QHostAddress::LocalHost);
    return QHostAddress(host); // Null when the text is not an address
}

bool isLoopback(const QHostAddress& address) {
    return address.isLoopback();
}

QString checkServerOptions(const ServerOptions& o) {
    const QHostAddress address = listenAddress(o.host);
    if (address.isNull())
        return QStringLiteral("'%1' is not an IP address to listen on (use 127.0.0.1, ::1 or 0.0.0.0).")
            .arg(o.host);
    if (o.port < 0 || o.port > 65535) return QStringLiteral("The port must be from 1 to 65535.");
    if (!isLoopback(address) && o.apiKey.isEmpty())
        return QStringLiteral(
                   "Listening on %1 makes the model reachable from other machines: set an API key too.")
            .arg(o.host);
    if (o.maxConnections < 1 || o.maxQueued < 0 || o.maxBodyBytes < 1)
        return QStringLiteral("The connection, queue and body limits must be positive.");
    return {};
}

} // namespace smoldesk::server
