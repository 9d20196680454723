#include "secret_store.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QTimer>

#ifdef SMOLDESK_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

Q_LOGGING_CATEGORY(lcSecrets, "smoldesk.secrets")

namespace smoldesk::app {
namespace {

#ifdef SMOLDESK_HAVE_KEYCHAIN
constexpr int kJobTimeoutMs = 5000; // a secret service that does not answer counts as none
const QString kService = QStringLiteral("SmolDesk");

// Runs a QtKeychain job to its end; false on timeout.
bool runJob(QKeychain::Job& job) {
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    bool done = false;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, [&done] { done = true; });
    job.setAutoDelete(false);
    // Never QtKeychain's "insecure fallback", which writes the secret into a plain settings file.
    job.setInsecureFallback(false);
    job.start();
    timeout.start(kJobTimeoutMs);
    if (!done) loop.exec();
    return done;
}

bool storeUnavailable(QKeychain::Error e) {
    return e == QKeychain::NoBackendAvailable || e == QKeychain::NotImplemented ||
           e == QKeychain::OtherError || e == QKeychain::AccessDenied;
}
#endif

} // namespace

SecretStore::SecretStore(const QString& fallbackFile) : file_(fallbackFile) {}

bool SecretStore::keychainBuilt() {
#ifdef SMOLDESK_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

bool SecretStore::keychainWorks() const {
#ifdef SMOLDESK_HAVE_KEYCHAIN
    if (keychainState_ < 0) {
        // SMOLDESK_SECRET_STORE=file: tests and kiosks that must not touch the user's keyring.
        if (qgetenv("SMOLDESK_SECRET_STORE") == "file") {
            keychainState_ = 0;
        } else {
            QKeychain::ReadPasswordJob probe(kService);
            probe.setKey(QStringLiteral("smoldesk-probe"));
            const bool answered = runJob(probe);
            keychainState_ = answered && !storeUnavailable(probe.error()) ? 1 : 0;
            qCInfo(lcSecrets).noquote()
                << "secret store:"
                << (keychainState_
                        ? QStringLiteral("the platform's keychain")
                        : QStringLiteral("none answers (%1); using %2")
                              .arg(answered ? probe.errorString() : QStringLiteral("timeout"), file_));
        }
    }
    return keychainState_ == 1;
#else
    return false;
#endif
}

QHash<QString, QString> SecretStore::readFile() const {
    QHash<QString, QString> all;
    QFile f(file_);
    if (!f.open(QIODevice::ReadOnly)) return all;
    const QJsonObject o = QJsonDocument::fromJson(f.read(1024 * 1024)).object();
    for (auto it = o.begin(); it != o.end(); ++it) all.insert(it.key(), it.value().toString());
    return all;
}

bool SecretStore::writeFile(const QHash<QString, QString>& all) const {
    QDir().mkpath(QFileInfo(file_).absolutePath());
    QJsonObject o;
    for (auto it = all.begin(); it != all.end(); ++it) o.insert(it.key(), it.value());
    QSaveFile f(file_);
    if (!f.open(QIODevice::WriteOnly)) return false;
    // Owner read/write only, before a byte of the secret is written.
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    f.write(QJsonDocument(o).toJson(QJsonDocument::Indented));
    if (!f.commit()) return false;
    return QFile::setPermissions(file_, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

bool SecretStore::write(const QString& key, const QString& secret) {
#ifdef SMOLDESK_HAVE_KEYCHAIN
    if (keychainWorks()) {
        QKeychain::WritePasswordJob job(kService);
        job.setKey(key);
        job.setTextData(secret);
        if (runJob(job) && job.error() == QKeychain::NoError) {
            QHash<QString, QString> all = readFile(); // an older copy in the file goes
            if (all.remove(key) > 0) writeFile(all);
            return true;
        }
        qCWarning(lcSecrets).noquote() << "the keychain refused to store a key:" << job.errorString();
    }
#endif
    QHash<QString, QString> all = readFile();
    all.insert(key, secret);
    return writeFile(all);
}

QString SecretStore::read(const QString& key) {
#ifdef SMOLDESK_HAVE_KEYCHAIN
    if (keychainWorks()) {
        QKeychain::ReadPasswordJob job(kService);
        job.setKey(key);
        if (runJob(job) && job.error() == QKeychain::NoError) return job.textData();
    }
#endif
    return readFile().value(key);
}

void SecretStore::remove(const QString& key) {
#ifdef SMOLDESK_HAVE_KEYCHAIN
    if (keychainWorks()) {
        QKeychain::DeletePasswordJob job(kService);
        job.setKey(key);
        runJob(job);
    }
#endif
    QHash<QString, QString> all = readFile();
    if (all.remove(key) > 0) writeFile(all);
}

} // namespace smoldesk::app
