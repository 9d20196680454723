#include "mcp_fixture.h"

#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

namespace smoldesk::test {

QString nodeExecutable() {
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

QString npmModule(const QString& name) {
    const QString dir = QString::fromStdString(npmPrefix()) + "/node_modules/" + name;
    return QFile::exists(dir + "/package.json") ? dir : QString();
}

QString missingMcpPackages() {
    if (nodeExecutable().isEmpty())
        return QStringLiteral("Node.js (node) is not installed (packaging/install-deps.sh).");
    for (const char* p : {"@modelcontextprotocol/server-everything",
                          "@modelcontextprotocol/server-filesystem", "@modelcontextprotocol/sdk"})
        if (npmModule(QString::fromLatin1(p)).isEmpty())
            return QStringLiteral(
                       "The npm package %1 is not installed (packaging/install-deps.sh installs it under "
                       "~/.cache/smoldesk-npm, or set SMOLDESK_NPM_PREFIX).")
                .arg(QString::fromLatin1(p));
    return {};
}

QString writeMcpConfig(const QJsonObject& servers, const QString& fileName) {
    const QString path = QStringLiteral(SMOLDESK_TEST_TMP) + "/" + fileName;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
    f.write(QJsonDocument(QJsonObject{{"mcpServers", servers}}).toJson());
    return path;
}

QJsonObject stdioServer(const QString& command, const QStringList& args, const QJsonObject& env) {
    QJsonObject o{{"command", command}, {"args", QJsonArray::fromStringList(args)}};
    if (!env.isEmpty()) o.insert("env", env);
    return o;
}

SdkHttpServer::SdkHttpServer(const QStringList& extra) {
    process_.setProcessChannelMode(QProcess::SeparateChannels);
    process_.start(nodeExecutable(), QStringList{QStringLiteral(SMOLDESK_MCP_TEST_DIR "/sdk_http_server.cjs"),
                                                 npmModule("@modelcontextprotocol/sdk")} +
                                         extra);
    QByteArray out;
    while (process_.waitForReadyRead(10000)) {
        out += process_.readAllStandardOutput();
        if (out.contains('\n')) break;
    }
    if (out.startsWith("listening ")) {
        url_ = QStringLiteral("http://127.0.0.1:%1/mcp").arg(QString::fromUtf8(out.mid(10).trimmed()));
    } else {
        error_ = QStringLiteral("the SDK server did not start: %1 %2")
                     .arg(QString::fromUtf8(out), QString::fromUtf8(process_.readAllStandardError()));
    }
}

SdkHttpServer::~SdkHttpServer() {
    process_.kill();
    process_.waitForFinished(5000);
}

} // namespace smoldesk::test
