// Renders the main window with a short conversation with the demo model and saves it to
// build/smoldesk-screenshot.png. Run under a display server: `xvfb-run -a build/tests/smoldesk_screenshot`.
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
    fx.stop();
    return 0;
}
