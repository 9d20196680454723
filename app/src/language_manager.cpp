#include "language_manager.h"

#include <QCoreApplication>
#include <QLocale>
#include <QQmlEngine>

namespace smoldesk::app {

LanguageManager::LanguageManager(QObject* parent) : QObject(parent) {}

QVariantList LanguageManager::available() const {
    return {QVariantMap{{"code", QString()}, {"name", tr("System language")}},
            QVariantMap{{"code", QStringLiteral("en")}, {"name", QStringLiteral("English")}},
            QVariantMap{{"code", QStringLiteral("de")}, {"name", QStringLiteral("Deutsch")}},
            QVariantMap{{"code", QStringLiteral("fr")}, {"name", QStringLiteral("Français")}}};
}

QString LanguageManager::localeName() const {
    return QLocale().name();
}

bool LanguageManager::setLanguage(const QString& code) {
    QString lang = code;
    if (lang.isEmpty()) lang = QLocale::system().name().left(2);
    if (installed_) {
        QCoreApplication::removeTranslator(&translator_);
        installed_ = false;
    }
    const bool ok = translator_.load(QStringLiteral(":/i18n/smoldesk_%1.qm").arg(lang));
    if (ok) installed_ = QCoreApplication::installTranslator(&translator_);
    QLocale::setDefault(QLocale(lang));
    current_ = code;
    if (engine_) engine_->retranslate();
    emit currentChanged();
    return ok;
}

} // namespace smoldesk::app
