#pragma once
// How the local API server listens and what it accepts.
#include <QHostAddress>
#include <QString>

namespace smoldesk::server {

struct ServerOptions {
    QString host = QStringLiteral("127.0.0.1");
    int port = 8080;          // 0: any free port (tests)
    bool tryNextPorts = true; // the port is taken: try the next ones
    QString apiKey;           // empty: none asked for (allowed on loopback only)
    qint64 maxBodyBytes = 4 * 1024 * 1024;
    int maxConnections = 32; // open connections; one more is answered 503 and closed
    int maxQueued = 16;      // requests waiting behind the running one; one more gets 503
};

constexpr int kPortsTried = 20; // with tryNextPorts: port, port+1, …

// The address to listen on, or nullopt-like Null when `host` is neither an IP address nor "localhost".
QHostAddress listenAddress(const QString& host);
bool isLoopback(const QHostAddress& address);
// One sentence when the options cannot be used (bad host or port, no key beyond loopback); else empty.
QString checkServerOptions(const ServerOptions& options);

} // namespace smoldesk::server
