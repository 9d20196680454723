// smoldesk-cli serve: the local OpenAI-compatible API server (app/server) without the desktop
// app, on the same ModelWorker thread the app uses. Runs until SIGINT/SIGTERM.
#include "commands.h"

#include "api_server.h"
#include "embedding_service.h"
#include "runtime/speculation.h"
#include "session_options.h"
#include "worker/engine_types.h"
#include "worker/model_worker.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QThread>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#ifdef Q_OS_UNIX
#include <QSocketNotifier>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace smoldesk::cli {
namespace {

#ifdef Q_OS_UNIX
int signalPipe[2] = {-1, -1};

void onSignal(int) {
    const char byte = 1;
    [[maybe_unused]] const auto n = ::write(signalPipe[0], &byte, 1); // async-signal-safe
}

// SIGINT/SIGTERM end the event loop (through a socket pair: a handler may do little else), so the
// running generation is cancelled and the model freed before the process exits.
void quitOnSignals(QCoreApplication& app) {
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0) return;
    auto* notifier = new QSocketNotifier(signalPipe[1], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
}
#else
void quitOnSignals(QCoreApplication&) {}
#endif

struct ServeSetup {
    server::ServerOptions options;
    app::LoadRequest load;
    std::optional<std::string> embeddingModel;
};

ServeSetup parseServeOptions(Args& args) {
    ServeSetup o;
    auto model = args.option("--model", "-m");
    server::ServerOptions& options = o.options;
    options.port = static_cast<int>(args.intOption("--port", "", 8080));
    options.tryNextPorts = !args.flag("--exact-port");
    if (auto host = args.option("--host")) options.host = QString::fromStdString(*host);
    if (auto key = args.option("--api-key"))
        options.apiKey = QString::fromStdString(*key);
    else if (const char* env = std::getenv("SMOLDESK_API_KEY"))
        options.apiKey = QString::fromUtf8(env);
    options.maxQueued = static_cast<int>(args.intOption("--max-queue", "", options.maxQueued));
    options.maxConnections =
        static_cast<int>(args.intOption("--max-connections", "", options.maxConnections));
    options.maxBodyBytes = args.intOption("--max-body", "", options.maxBodyBytes);
    app::LoadRequest& load = o.load;
    load.contextLength = static_cast<int>(args.intOption("--ctx", "-c", 0));
    load.threads = static_cast<int>(args.intOption("--threads", "-t", 0));
    if (auto b = args.option("--backend")) {
        if (*b == "cpu")
            load.cpuOnly = true;
        else if (*b != "auto")
            throw UsageError("serve's --backend takes auto or cpu.");
    }
    if (auto layers = args.option("--gpu-layers")) load.gpuLayers = parseGpuLayers(*layers);
    if (auto mmproj = args.option("--mmproj")) { // else an mmproj*.gguf next to the model, if any
        const QFileInfo file(QString::fromStdString(*mmproj));
        if (!file.isFile()) throw UsageError("The mmproj file '" + *mmproj + "' does not exist.");
        load.mmprojPath = file.absoluteFilePath();
    }
    if (auto spec = args.option("--spec")) {
        if (spec->rfind("draft:", 0) == 0) { // the worker loads it beside the model (on the CPU)
            const QFileInfo draft(QString::fromStdString(spec->substr(6)));
            if (!draft.isFile())
                throw UsageError("The draft model '" + spec->substr(6) + "' does not exist.");
            load.speculation = QStringLiteral("draft:") + draft.absoluteFilePath();
        } else if (!runtime::parseSpecMode(*spec)) {
            throw UsageError("--spec takes off, ngram or auto, not '" + *spec + "'.");
        } else {
            load.speculation = QString::fromStdString(*spec);
        }
    }
    o.embeddingModel = args.option("--embedding-model");
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (!model) throw UsageError("Give the model file with -m FILE.");
    if (load.contextLength < 0 || load.threads < 0) throw UsageError("Threads and context must be positive.");
    if (const QString problem = server::checkServerOptions(options); !problem.isEmpty())
        throw UsageError(problem.toStdString());
    load.path = QString::fromStdString(*model);
    return o;
}

} // namespace

int cmdServe(Args& args) {
    const ServeSetup setup = parseServeOptions(args);
    const server::ServerOptions& options = setup.options;
    const app::LoadRequest& load = setup.load;
    const auto& embeddingModel = setup.embeddingModel;

    int argc = 1;
    char name[] = "smoldesk-cli";
    char* argv[] = {name, nullptr};
    QCoreApplication app(argc, argv);
    app::registerEngineTypes();
    QThread thread;
    auto* worker = new app::ModelWorker;
    worker->moveToThread(&thread);
    thread.start();
    struct StopWorker {
        QThread& thread;
        app::ModelWorker* worker;
        ~StopWorker() {
            worker->requestStopAll();
            thread.quit();
            thread.wait();
            delete worker; // frees the model, on this thread now that the worker's is gone
        }
    } stopWorker{thread, worker};

    // Load on the worker thread, as the app does, and wait here for the outcome.
    QEventLoop wait;
    QString loadError, device, draftProblem;
    int context = 0;
    QObject::connect(worker, &app::ModelWorker::loaded, &wait, [&](const app::LoadedModel& m) {
        device = m.device;
        context = m.contextSize;
        draftProblem = m.draftProblem;
        for (const QString& w : m.warnings)
            if (w != m.draftProblem) std::fprintf(stderr, "warning: %s\n", qPrintable(w));
        if (!m.fallbackReason.isEmpty()) std::fprintf(stderr, "note: %s\n", qPrintable(m.fallbackReason));
        wait.quit();
    });
    QObject::connect(worker, &app::ModelWorker::loadFailed, &wait, [&](const app::EngineError& e, bool) {
        loadError = e.message.isEmpty() ? QStringLiteral("The model could not be loaded.") : e.message;
        wait.quit();
    });
    worker->armLoad();
    QMetaObject::invokeMethod(
        worker, [worker, load] { worker->load(load); }, Qt::QueuedConnection);
    wait.exec();
    if (!loadError.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(loadError));
        return kExitBadFile;
    }
    // A draft model asked for on the command line that cannot be used is an error here, as in run
    // and chat (the app only warns).
    if (!draftProblem.isEmpty()) throw UsageError(draftProblem.toStdString());

    // The embedding model (POST /v1/embeddings) on a thread of its own, stopped before it is freed.
    QThread embeddingThread;
    std::unique_ptr<server::EmbeddingService> embeddings;
    struct StopThread {
        QThread& thread;
        ~StopThread() {
            thread.quit();
            thread.wait();
        }
    } stopEmbeddings{embeddingThread};
    if (embeddingModel) {
        embeddings =
            std::make_unique<server::EmbeddingService>(QString::fromStdString(*embeddingModel), load.threads);
        embeddings->moveToThread(&embeddingThread);
        embeddingThread.start();
    }

    server::ApiServer apiServer(worker);
    apiServer.setModel(server::ApiServer::modelIdFor(load.path));
    apiServer.setEmbeddingService(embeddings.get());
    if (const QString problem = apiServer.start(options); !problem.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(problem));
        return kExitRuntime;
    }
    QObject::connect(
        &apiServer, &server::ApiServer::requestLogged, &app,
        [](const server::RequestLogEntry& e) { std::fprintf(stderr, "%s\n", qPrintable(e.toLine())); });
    std::fprintf(stderr, "device: %s, context %d tokens\n", qPrintable(device), context);
    if (embeddings)
        std::fprintf(stderr, "embeddings: %s (%d dimensions, CPU)\n", qPrintable(embeddings->modelId()),
                     embeddings->dimension());
    std::printf("Serving %s at %s\n", qPrintable(apiServer.model()), qPrintable(apiServer.baseUrl()));
    std::fflush(stdout);
    quitOnSignals(app);
    app.exec();
    apiServer.stop();
    return kExitOk;
}

} // namespace smoldesk::cli
