// Renders the main window with a short conversation with the demo model and saves it to
// build/smoldesk-screenshot.png. Run under a display server: `xvfb-run -a build/tests/smoldesk_screenshot`.
// Arguments: [main.png] [settings.png] — the second also renders the settings dialog (device picker).
#include "qml_fixture.h"

#include <QGuiApplication>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

#include <cstdio>

int main(int argc, char* argv[]) {
    QGuiApplication app(argc, argv);
    AppFixture fx;
    if (!fx.start(QStringLiteral("screenshot"))) return 1;
    fx.window->resize(1280, 800);
    if (!QTest::qWaitFor([&] { return fx.context->model()->state() == QLatin1String("ready"); }, 20000))
        return 4;
    auto* chat = fx.context->chat();
    fx.context->settings()->setMaxTokens(90);
    fx.context->settings()->setSeed(42);
    QSignalSpy done(chat, &smoldesk::app::ChatController::generationFinished);
    for (const char* prompt : {"Tell me a story about a little dog.", "What happened next?"}) {
        const qsizetype before = done.count();
        chat->send(QString::fromUtf8(prompt));
        if (!QTest::qWaitFor([&] { return done.count() > before; }, 30000)) return 2;
    }
    QTest::qWait(300);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(SMOLDESK_SCREENSHOT_PATH);
    const QImage shot = fx.window->grabWindow();
    if (shot.isNull() || !shot.save(out)) return 3;
    std::printf("wrote %s (%dx%d)\n", qPrintable(out), shot.width(), shot.height());
    if (argc > 2) {
        QObject* dialog =
            fx.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("settingsDialog"));
        if (!dialog) return 5;
        if (!QTest::qWaitFor([&] { return fx.context->model()->devicesListed(); }, 10000)) return 6;
        QMetaObject::invokeMethod(dialog, "open");
        QTest::qWait(400);
        // With the device list open.
        if (QObject* combo = dialog->findChild<QObject*>(QStringLiteral("deviceChoice")))
            if (auto* popup = combo->property("popup").value<QObject*>()) popup->setProperty("visible", true);
        QTest::qWait(400);
        const QString out2 = QString::fromLocal8Bit(argv[2]);
        const QImage shot2 = fx.window->grabWindow();
        if (shot2.isNull() || !shot2.save(out2)) return 3;
        std::printf("wrote %s (%dx%d)\n", qPrintable(out2), shot2.width(), shot2.height());
    }
    fx.stop();
    return 0;
}
