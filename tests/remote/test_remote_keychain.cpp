// API keys in the platform's secret store (QtKeychain over the Secret Service), run by
// with_secret_service.sh inside a private D-Bus session with gnome-keyring unlocked: the key goes
// there and nowhere else (not the settings file, not the 0600 fallback file), is read back by a new
// RemoteEndpoints on the same profile (a restart), is found by libsecret's own secret-tool (an
// independent reader), and goes when the endpoint is removed.
#include "remote_endpoints.h"
#include "require_all.h"
#include "secret_store.h"

#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace smoldesk::app;

namespace {

const QString kKey = QStringLiteral("sk-keychain-test-9876543210");

// secret-tool's view of QtKeychain's entry (its libsecret schema: user = key, server = service).
QString secretToolLookup(const QString& key) {
    QProcess p;
    p.start(QStringLiteral("secret-tool"), {"lookup", "user", key, "server", "SmolDesk"});
    if (!p.waitForFinished(10000) || p.exitCode() != 0) return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace

class TestRemoteKeychain : public QObject {
    Q_OBJECT
  private slots:
    void keyLivesInTheSecretStoreOnly() {
        if (!SecretStore::keychainBuilt())
            SMOLDESK_SKIP_OR_FAIL(
                "This build has no QtKeychain (Debian: qtkeychain-qt6-dev; packaging/install-deps.sh).");
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            SMOLDESK_SKIP_OR_FAIL(
                "No D-Bus session: run through tests/remote/with_secret_service.sh (CTest does).");
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("profile.ini"));
        const QString keysFile = dir.filePath(QStringLiteral("profile.keys.json"));
        {
            QSettings settings(ini, QSettings::IniFormat);
            RemoteEndpoints remotes(&settings, keysFile);
            QCOMPARE(remotes.keyStorage(), QStringLiteral("keychain"));
            // Nothing listens on port 9 (discard): the model list fails, the endpoint is kept.
            QCOMPARE(
                remotes.addEndpoint(QStringLiteral("Lab"), QStringLiteral("http://127.0.0.1:9/v1"), kKey),
                QString());
            settings.sync();
        }
        QFile f(ini);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("Lab"));
        QVERIFY(!text.contains(kKey.toUtf8()));
        QVERIFY2(!QFile::exists(keysFile), "no fallback file while a secret store answers");
        QCOMPARE(secretToolLookup(QStringLiteral("remote-endpoint/Lab")), kKey);

        {
            QSettings settings(ini, QSettings::IniFormat);
            RemoteEndpoints remotes(&settings, keysFile); // a restart
            QCOMPARE(remotes.endpoint(QStringLiteral("Lab")).apiKey, kKey);
            remotes.removeEndpoint(QStringLiteral("Lab"));
        }
        QCOMPARE(secretToolLookup(QStringLiteral("remote-endpoint/Lab")), QString());
    }
};

QTEST_GUILESS_MAIN(TestRemoteKeychain)
#include "test_remote_keychain.moc"
