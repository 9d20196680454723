// smoldesk-cli chat --endpoint URL: the same terminal dialogue as the local `chat`, answered by a
// model on an OpenAI-compatible endpoint (vLLM, llama-server, Ollama, LM Studio, another SmolDesk)
// through the client the desktop app uses (app/remote). Needs Qt Network, so it is built with
// SMOLDESK_CLI_SERVER=ON like `serve` (cmd_chat_remote_absent.cpp otherwise). A refused key, a
// dead endpoint or an unknown model is one sentence on stderr and exit status 4.
#include "commands.h"
#include "qt_app.h"
#include "remote_command.h"
#include "session_options.h"

#include "remote_chat_client.h"
#include "remote_endpoint.h"

#include <QEventLoop>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

namespace smoldesk::cli {
namespace {

void printText(FILE* out, const QString& text) {
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), out);
}

int failWith(const QString& sentence) {
    printText(stderr, sentence);
    std::fputc('\n', stderr);
    return kExitRuntime;
}

struct RemoteChatOptions {
    remote::Endpoint endpoint;
    QString model;
    std::optional<std::string> system;
    app::GenerationRequest request; // sampling, thinking and the system turn
};

RemoteChatOptions parseRemoteOptions(Args& args, const std::string& url) {
    // The key: --api-key, else SMOLDESK_API_KEY from the environment (which, unlike an argument,
    // other users cannot read in the process list).
    std::string key;
    if (auto k = args.option("--api-key"))
        key = *k;
    else if (const char* env = std::getenv("SMOLDESK_API_KEY"))
        key = env;
    auto model = args.option("--model");
    if (!model || model->empty())
        throw UsageError("chat --endpoint needs --model NAME (one of the endpoint's models).");
    const bool think = args.flag("--think");
    const bool noThink = args.flag("--no-think");
    if (think && noThink) throw UsageError("Choose either --think or --no-think.");
    const int maxTokens = static_cast<int>(args.intOption("--n-predict", "-n", 2048));
    RemoteChatOptions o;
    o.system = args.option("--system");
    runtime::SamplingParams defaults;
    defaults.temperature = 0.6f;
    defaults.topP = 0.95f;
    const runtime::SamplingParams s = samplingOptions(args, defaults);
    for (const char* local : {"-m", "--model-file", "--think-budget", "--ctx", "-t", "--backend"})
        if (args.option(local))
            throw UsageError(std::string(local) +
                             " is for a local model; a remote endpoint does not take it.");
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");

    ensureQtApp();
    QString urlError;
    o.endpoint.baseUrl = remote::parseBaseUrl(QString::fromStdString(url), &urlError);
    if (!urlError.isEmpty()) throw UsageError(urlError.toStdString());
    o.endpoint.name =
        o.endpoint.baseUrl.host() +
        (o.endpoint.baseUrl.port() > 0 ? QStringLiteral(":%1").arg(o.endpoint.baseUrl.port()) : QString());
    o.endpoint.apiKey = QString::fromStdString(key);
    o.model = QString::fromStdString(*model);

    app::GenerationRequest& request = o.request;
    request.sampling.temperature = s.temperature;
    request.sampling.topP = s.topP;
    request.sampling.topK = s.topK;
    request.sampling.minP = s.minP;
    request.sampling.repeatPenalty = s.repeatPenalty;
    request.sampling.seed = static_cast<qint64>(s.seed);
    request.sampling.maxTokens = maxTokens;
    request.enableThinking = !noThink;
    if (o.system) request.turns.append({QStringLiteral("system"), QString::fromStdString(*o.system)});
    return o;
}

// The model list first: a dead endpoint or a refused key says so before the first prompt. An
// unlisted model is only noted (some servers list none or alias names). Empty: the endpoint answered.
QString checkEndpoint(const remote::Endpoint& endpoint, const QString& modelName) {
    remote::RemoteModelLister lister;
    QEventLoop loop;
    QString failure;
    QStringList models;
    QObject::connect(&lister, &remote::RemoteModelLister::listed, &loop, [&](const QStringList& m) {
        models = m;
        loop.quit();
    });
    QObject::connect(&lister, &remote::RemoteModelLister::failed, &loop, [&](const QString& sentence) {
        failure = sentence;
        loop.quit();
    });
    lister.list(endpoint);
    loop.exec();
    if (failure.isEmpty() && !models.isEmpty() && !models.contains(modelName))
        printText(stderr, QStringLiteral(
                              "note: %1 does not list the model \"%2\" (it lists: %3); trying it anyway.\n")
                              .arg(endpoint.name, modelName, models.join(QStringLiteral(", "))));
    return failure;
}

// One answer, streamed to stdout (the thought dimmed on a terminal). Empty: it arrived.
QString streamAnswer(remote::RemoteChatClient& client, const RemoteChatOptions& o, QString* answer,
                     remote::RemoteResult* result) {
    const char* dim = platformStdoutIsTerminal() ? "\033[2m" : "";
    const char* plain = platformStdoutIsTerminal() ? "\033[0m" : "";
    QEventLoop loop;
    QString failure;
    bool thoughtOpen = false;
    QObject::connect(&client, &remote::RemoteChatClient::text, &loop,
                     [&](const QString& reasoning, const QString& content) {
                         if (!reasoning.isEmpty()) {
                             if (!thoughtOpen) std::printf("%s[thinking] ", dim);
                             thoughtOpen = true;
                             printText(stdout, reasoning);
                         }
                         if (!content.isEmpty()) {
                             if (thoughtOpen) std::printf("%s\n", plain);
                             thoughtOpen = false;
                             printText(stdout, content);
                             *answer += content;
                         }
                         std::fflush(stdout);
                     });
    QObject::connect(&client, &remote::RemoteChatClient::finished, &loop, [&](const remote::RemoteResult& r) {
        *result = r;
        loop.quit();
    });
    QObject::connect(&client, &remote::RemoteChatClient::failed, &loop, [&](const QString& sentence, int) {
        failure = sentence;
        loop.quit();
    });
    client.start(o.endpoint, o.model, o.request);
    loop.exec();
    QObject::disconnect(&client, nullptr, &loop, nullptr);
    std::printf("%s\n", thoughtOpen ? plain : "");
    return failure;
}

void printAnswerStats(const remote::RemoteResult& result) {
    const double decode = result.seconds - std::max(0.0, result.firstTokenMs) / 1000.0;
    const int generated = result.usage.completionTokens;
    std::fprintf(stderr, "[%d prompt tokens, %d tokens at %.1f tokens/s, first token after %.0f ms; %s]\n",
                 result.usage.promptTokens, generated,
                 generated > 1 && decode > 0 ? (generated - 1) / decode : 0.0,
                 std::max(0.0, result.firstTokenMs), result.finishReason.toUtf8().constData());
}

} // namespace

int cmdChatRemote(Args& args, const std::string& url) {
    RemoteChatOptions o = parseRemoteOptions(args, url);
    if (const QString failure = checkEndpoint(o.endpoint, o.model); !failure.isEmpty())
        return failWith(failure);
    printText(stderr, QStringLiteral("remote model: %1 at %2\n")
                          .arg(o.model, remote::apiUrl(o.endpoint.baseUrl, {}).toString()));
    std::fprintf(stderr, "Type a message and press Enter; /reset starts over, /exit or Ctrl+D quits.\n");
    remote::RemoteChatClient client;
    std::string line;
    while (true) {
        std::fprintf(stderr, "\n> ");
        if (!std::getline(std::cin, line) || line == "/exit") break;
        if (line == "/reset") {
            o.request.turns.resize(o.system ? 1 : 0);
            continue;
        }
        if (line.empty()) continue;
        o.request.turns.append({QStringLiteral("user"), QString::fromStdString(line)});
        QString answer;
        remote::RemoteResult result;
        if (const QString failure = streamAnswer(client, o, &answer, &result); !failure.isEmpty())
            return failWith(failure);
        o.request.turns.append({QStringLiteral("assistant"), answer}); // the thought is never sent back
        printAnswerStats(result);
    }
    return kExitOk;
}

} // namespace smoldesk::cli
