#pragma once
// Switches the UI language at runtime: installs the translator for the chosen language and asks
// the QML engine to re-evaluate every qsTr binding.
#include <QObject>
#include <QTranslator>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

class QQmlEngine;

namespace smoldesk::app {

class LanguageManager : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.language")
    Q_PROPERTY(QString current READ current NOTIFY currentChanged)
    // The locale of the language in use ("de_DE"), for controls that format numbers and words.
    Q_PROPERTY(QString localeName READ localeName NOTIFY currentChanged)
    // Rebuilt on a language change: "System language" is translated too.
    Q_PROPERTY(QVariantList available READ available NOTIFY currentChanged)
  public:
    explicit LanguageManager(QObject* parent = nullptr);
    QString current() const { return current_; }
    QString localeName() const;
    QVariantList available() const; // [{code, name}], code "" = the system language
    void setEngine(QQmlEngine* engine) { engine_ = engine; }
    // "" follows the system; "en", "de", "fr". Returns false when no translation exists.
    Q_INVOKABLE bool setLanguage(const QString& code);

  signals:
    void currentChanged();

  private:
    QTranslator translator_;
    bool installed_ = false;
    QString current_;
    QQmlEngine* engine_ = nullptr;
};

} // namespace smoldesk::app
