// smoldesk: the desktop chat application. Everything lives in smoldesk_appcore; this file only
// sets up the application, the log and the QML engine.
#include "app_context.h"
#include "app_paths.h"
#include "logger.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(SmolDeskPlugin)

int main(int argc, char* argv[]) {
    QGuiApplication app(argc, argv);
    // No organization name: Qt would put the data under SmolDesk/SmolDesk. Settings name both
    // explicitly (AppSettings).
    QGuiApplication::setApplicationName(QStringLiteral("SmolDesk"));
    QGuiApplication::setApplicationVersion(QStringLiteral(SMOLDESK_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.smoldesk.smoldesk"));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/SmolDesk/smoldesk.svg")));
    QQuickStyle::setStyle(QStringLiteral("Fusion"));

    // `smoldesk [model.gguf]`: the desktop entry passes a file opened from the file manager.
    QCommandLineParser args;
    args.setApplicationDescription(
        QStringLiteral("Chat with language models that run on your own computer."));
    args.addHelpOption();
    args.addVersionOption();
    args.addPositionalArgument(QStringLiteral("model"), QStringLiteral("A GGUF model file to open."),
                               QStringLiteral("[model.gguf]"));
    args.process(app);
    const QString modelArg = args.positionalArguments().value(0);

    smoldesk::app::paths::migrateNestedDataDir();
    smoldesk::app::logger::install(smoldesk::app::paths::logDir());
    qInfo("SmolDesk %s starting", SMOLDESK_VERSION);
    int rc = 0;
    {
        smoldesk::app::AppContext context({});
        smoldesk::app::AppContext::setInstance(&context);
        QQmlApplicationEngine engine;
        context.start(&engine, true, modelArg);
        engine.load(QUrl(QStringLiteral("qrc:/SmolDesk/Main.qml")));
        if (engine.rootObjects().isEmpty()) return 1;
        rc = QGuiApplication::exec();
    }
    smoldesk::app::logger::uninstall();
    return rc;
}
