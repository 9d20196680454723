// Not a test by itself: test_kill_recovery starts this program, which runs the app's own
// controller, store and worker (AppContext) on scratch files, loads the demo model and answers
// "Once upon a time" slowly until the test kills it with SIGKILL in the middle of the answer.
// Usage: smoldesk_kill_harness <scratch base path> [device setting, e.g. gpu:0]
#include "app_context.h"
#include "worker/model_worker.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QThread>

#include <cstdio>

using namespace smoldesk::app;

int main(int argc, char* argv[]) {
    QGuiApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: smoldesk_kill_harness <scratch base path>\n");
        return 2;
    }
    const QString base = QString::fromLocal8Bit(argv[1]);
    AppContext::Options o;
    o.settingsPath = base + QStringLiteral(".ini");
    o.databasePath = base + QStringLiteral(".sqlite");
    o.crashMarkerPath = base + QStringLiteral(".marker");
    AppContext context(o);
    if (argc > 2) context.settings()->setDevice(QString::fromLocal8Bit(argv[2]));
    // The demo model answers at thousands of tokens per second; slowed to ~50 per second on the
    // worker thread, the answer is still streaming when the test kills the process.
    QObject::connect(
        context.model()->worker(), &ModelWorker::delta, &context,
        [](quint64, const QString&, const QString&, int) { QThread::msleep(20); }, Qt::DirectConnection);
    QObject::connect(context.model(), &ModelManager::modelLoaded, &context, [&context] {
        context.settings()->setMaxTokens(100000);
        if (!context.chat()->send(QStringLiteral("Once upon a time"))) QCoreApplication::exit(3);
    });
    QObject::connect(context.model(), &ModelManager::loadFailed, &context, [] { QCoreApplication::exit(4); });
    // Reaching the end means the test did not kill it in time.
    QObject::connect(context.chat(), &ChatController::generationFinished, &context,
                     [] { QCoreApplication::exit(5); });
    context.model()->load(context.model()->demoModelPath());
    return QCoreApplication::exec();
}
