// The demo model tells a story (issue 12, defect 9): stories260K has no chat template and its
// 512-token vocabulary has no ChatML tokens, so the app feeds it the conversation as plain text.
// Wrapped in ChatML it answered in gibberish. Checked against llama.cpp's greedy continuation of
// "Once upon a time" (tests/data/models/stories260K-once-decode.json).
#include "worker/model_facts.h"
#include "worker/model_worker.h"
#include "worker/turn_request.h"

#include "runtime/chat_prompt.h"

#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {
QJsonObject golden() {
    QFile f(QString::fromStdString(test::dataPath("models/stories260K-once-decode.json")));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}
std::vector<int32_t> ids(const QJsonArray& a, int n = -1) {
    std::vector<int32_t> out;
    for (const auto& v : a) {
        if (n >= 0 && static_cast<int>(out.size()) == n) break;
        out.push_back(v.toInt());
    }
    return out;
}
std::unique_ptr<runtime::Session> loadSession(const std::string& path) {
    runtime::LoadOptions o;
    o.path = path;
    o.backend = runtime::BackendChoice::Cpu;
    o.threads = 1;
    return runtime::Session::load(o);
}
} // namespace

class TestDemoStory : public QObject {
    Q_OBJECT

  private slots:
    void demoUsesPlainContinuation() {
        auto session = loadSession(test::demoModelPath());
        runtime::ChatPrompt builder(session->file(), session->tokenizer());
        QCOMPARE(builder.mode(), PromptMode::PlainContinuation);
        QVERIFY(!builder.supportsThinking());
        // Exactly llama.cpp's prompt for the golden story: BOS + "Once upon a time", no ChatML.
        runtime::PromptRequest request;
        request.messages = {{"user", "Once upon a time"}};
        request.enableThinking = false;
        const runtime::BuiltPrompt p = builder.build(request);
        QCOMPARE(p.tokens, ids(golden().value("prompt_tokens").toArray()));
        // The model panel says so before loading.
        const ModelFacts f = readModelFacts(QString::fromStdString(test::demoModelPath()));
        QVERIFY(f.templateKnown);
        QCOMPARE(f.promptMode, PromptMode::PlainContinuation);
    }

    // The same vocabulary with a chat template in the file: the template is used.
    void modelsWithATemplateKeepIt() {
        test::TinyModelSpec spec;
        const std::string tmpl =
            test::readText(test::dataPath("jinja/templates/HuggingFaceTB-SmolLM3-3B.jinja"));
        spec.edit = [&](gguf::Writer& w) {
            w.set("tokenizer.chat_template", gguf::WriteValue::string(tmpl));
        };
        auto session = loadSession(test::writeTinyModel(spec, "app_demo_story_template.gguf"));
        runtime::ChatPrompt builder(session->file(), session->tokenizer());
        QCOMPARE(builder.mode(), PromptMode::OwnTemplate);
        QVERIFY(builder.supportsThinking());
        // Without it, the stories vocabulary (no ChatML tokens) gets plain continuation.
        auto plain = loadSession(test::writeTinyModel(test::TinyModelSpec{}, "app_demo_story_plain.gguf"));
        QCOMPARE(runtime::ChatPrompt(plain->file(), plain->tokenizer()).mode(),
                 PromptMode::PlainContinuation);
    }

    void laterTurnsContinueTheText() {
        const QList<ChatTurn> turns = {{QStringLiteral("system"), QStringLiteral("Stories for children.")},
                                       {QStringLiteral("user"), QStringLiteral("Once upon a time")},
                                       {QStringLiteral("assistant"), QStringLiteral(" there was a cat.")},
                                       {QStringLiteral("user"), QStringLiteral("The cat")}};
        QCOMPARE(runtime::ChatPrompt::continuationText(chatMessages(turns)),
                 std::string("Stories for children.\n\nOnce upon a time there was a cat.\nThe cat"));
    }

    // Through the worker, as the app sends it: the greedy answer is llama.cpp's story.
    void demoTellsTheGoldenStory() {
        registerEngineTypes();
        QThread thread;
        auto* worker = new ModelWorker;
        worker->moveToThread(&thread);
        thread.start();
        QSignalSpy loaded(worker, &ModelWorker::loaded);
        worker->armLoad();
        const QString path = QString::fromStdString(test::demoModelPath());
        QMetaObject::invokeMethod(worker, [worker, path] { worker->load({path, 0, 1, true, {}}); });
        QVERIFY(QTest::qWaitFor([&] { return loaded.count() == 1; }, 20000));
        QCOMPARE(loaded.at(0).at(0).value<LoadedModel>().promptMode, PromptMode::PlainContinuation);

        QSignalSpy deltas(worker, &ModelWorker::delta);
        QSignalSpy finished(worker, &ModelWorker::finished);
        GenerationRequest r;
        r.id = 1;
        r.turns = {{QStringLiteral("user"), QStringLiteral("Once upon a time")}};
        r.sampling.temperature = 0.0;
        r.sampling.maxTokens = 48;
        QMetaObject::invokeMethod(worker, [worker, r] { worker->generate(r); });
        QVERIFY(QTest::qWaitFor([&] { return finished.count() == 1; }, 30000));
        QString answer;
        for (const auto& d : deltas) answer += d.at(2).toString();

        // The first 16 steps have a clear top-1 margin in llama.cpp (> 0.5 logits): no near ties.
        auto session = loadSession(test::demoModelPath());
        const std::string expected =
            session->tokenizer().decode(ids(golden().value("generated").toArray(), 16), false);
        QVERIFY(expected.size() > 30);
        QVERIFY2(
            answer.trimmed().startsWith(QString::fromStdString(expected).trimmed()),
            qPrintable(
                QStringLiteral("answer: %1\nllama.cpp: %2").arg(answer, QString::fromStdString(expected))));
        worker->requestStopAll();
        thread.quit();
        thread.wait();
        delete worker;
    }
};

QTEST_GUILESS_MAIN(TestDemoStory)
#include "test_demo_story.moc"
