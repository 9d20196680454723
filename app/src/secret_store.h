#pragma once
// Where the API keys of remote endpoints live: the platform's secret store through QtKeychain
// (the desktop's Secret Service, macOS Keychain, Windows Credential Manager) when the build has it
// and a store answers; else a file that only the user may read (0600) in the app's config folder
// (headless machines, CI, offscreen tests, desktops without a secret service). Never the settings
// file, the log or the diagnostics. Calls block briefly (a local event loop on QtKeychain's job).
#include <QHash>
#include <QString>

namespace smoldesk::app {

class SecretStore {
  public:
    // fallbackFile: the 0600 file used when no secret store answers.
    explicit SecretStore(const QString& fallbackFile);

    bool write(const QString& key, const QString& secret);
    QString read(const QString& key);
    void remove(const QString& key);
    // "keychain" or "file": where the last write went (for the settings page and diagnostics).
    QString backend() const { return keychainWorks() ? QStringLiteral("keychain") : QStringLiteral("file"); }
    QString fallbackFile() const { return file_; }
    // Whether this build has QtKeychain at all.
    static bool keychainBuilt();

  private:
    bool keychainWorks() const;
    QHash<QString, QString> readFile() const;
    bool writeFile(const QHash<QString, QString>& all) const;

    QString file_;
    mutable int keychainState_ = -1; // -1: not tried, 0: no store answers, 1: works
};

} // namespace smoldesk::app
