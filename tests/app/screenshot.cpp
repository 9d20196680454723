// Renders the main window with a short conversation with the demo model and saves it to
// build/smoldesk-screenshot.png. Run under a display server: `xvfb-run -a build/tests/smoldesk_screenshot`.
// Arguments: [main.png] [settings.png] — the second also renders the settings dialog (device picker).
// `--tour DIR` instead writes the screens a new user meets to DIR: the main window at three sizes,
// a load error, the source viewer and attached files (issue 36), Settings in English and French, a
// full context and the overflow dialog.
// `--ux DIR` writes the screens of issue 24: the main window at 800×600, 1366×768 and 1920×1080
// with short prompts, the system-prompt popup, French, kept alternatives, the prompt being read,
// a full context.
// `--branches DIR` writes only the kept-alternatives screens (‹ 2/3 ›), which --ux includes.
// `--issue39 DIR` writes the views changed for issue 39 at 800×600 and 1366×768.
// `--dark` first: everything under a dark system palette (what a desktop's dark scheme sets).
#include "appearance.h"
#include "chat_documents.h"
#include "qml_fixture.h"

#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

#include <cstdio>

namespace {

bool save(QQuickWindow* window, const QString& path) {
    QTest::qWait(400);
    const QImage shot = window->grabWindow();
    if (shot.isNull() || !shot.save(path)) return false;
    std::printf("wrote %s (%dx%d)\n", qPrintable(path), shot.width(), shot.height());
    return true;
}

bool converse(AppFixture& fx, const QStringList& prompts) {
    auto* chat = fx.context->chat();
    QSignalSpy done(chat, &smoldesk::app::ChatController::generationFinished);
    for (const QString& prompt : prompts) {
        const qsizetype before = done.count();
        if (!chat->send(prompt)) return false;
        if (!QTest::qWaitFor([&] { return done.count() > before; }, 30000)) return false;
    }
    return true;
}

QObject* child(AppFixture& fx, const char* name) {
    return fx.engine->rootObjects().first()->findChild<QObject*>(QLatin1String(name));
}

// Issue 36: a cited PDF page and a cited text in the source viewer, and two files attached to the
// chat (the composer's chip).
int documentViews(AppFixture& fx, const QString& dir) {
    smoldesk::app::ChatDocuments* docs = fx.context->chat()->documents();
    const QString data = QStringLiteral(SMOLDESK_SOURCE_DIR "/tests/data/docs/");
    docs->openSource(data + QStringLiteral("pdf/manual.pdf"), 3, 1, 2,
                     QStringLiteral("Pruning roses in March."));
    QTest::qWait(1500); // the page renders
    if (!save(fx.window, dir + QStringLiteral("/source-pdf.png"))) return 3;
    docs->openSource(data + QStringLiteral("chat/boiler.md"), 0, 13, 15, {});
    if (!save(fx.window, dir + QStringLiteral("/source-text.png"))) return 3;
    docs->viewer()->close();
    docs->attach({QUrl::fromLocalFile(data + QStringLiteral("chat/boiler.md")),
                  QUrl::fromLocalFile(data + QStringLiteral("chat/garden.txt"))});
    if (!save(fx.window, dir + QStringLiteral("/attached-files.png"))) return 3;
    docs->detachAll();
    // The library chip named after its folder, and a search_documents card with the passages it read
    // (a stored card as the chat shows it: the demo model writes no tool calls).
    fx.context->library()->addFolder(data + QStringLiteral("chat"));
    if (!QTest::qWaitFor([&] { return docs->fileCount() > 0; }, 30000)) return 8;
    smoldesk::app::MessageListModel* messages = fx.context->chat()->messages();
    smoldesk::app::MessageRecord card;
    card.role = QStringLiteral("tool");
    card.content = QStringLiteral(
        "[3] boiler.md, Boiler manual > Resetting, lines 11-15\nWhen the display shows a fault "
        "code, hold the reset button for 10 seconds.");
    card.toolJson = QStringLiteral(
        R"({"name": "search_documents", "server": "documents", "tool": "search_documents", "documents": true,)"
        R"( "arguments": "{\n    \"query\": \"reset the boiler\"\n}", "state": "done", "sources": [{"number": 3,)"
        R"( "file": ")" SMOLDESK_SOURCE_DIR R"(/tests/data/docs/chat/boiler.md", "page": null, "line": 11,)"
        R"( "line_end": 15, "heading": "Boiler manual > Resetting", "snippet": "When the display shows a fault code",)"
        R"( "score": 0.03, "whole": false}]})");
    messages->append(card);
    QTest::qWait(300);
    if (!save(fx.window, dir + QStringLiteral("/document-tool-card.png"))) return 3;
    messages->removeFrom(messages->count() - 1);
    return 0;
}

int tour(AppFixture& fx, const QString& dir) {
    QDir().mkpath(dir);
    auto* settings = fx.context->settings();
    auto* model = fx.context->model();
    settings->setMaxTokens(90);
    settings->setSeed(42);
    fx.window->resize(1280, 800);
    if (!converse(fx, {QStringLiteral("Once upon a time"), QStringLiteral("The little dog")})) return 2;
    if (!save(fx.window, dir + QStringLiteral("/main-1280.png"))) return 3;
    fx.window->resize(800, 600);
    if (!save(fx.window, dir + QStringLiteral("/main-800x600.png"))) return 3;
    fx.window->resize(1920, 1080);
    if (!save(fx.window, dir + QStringLiteral("/main-1920.png"))) return 3;
    fx.window->resize(1280, 800);
    if (const int rc = documentViews(fx, dir)) return rc;

    // A truncated download opened over the working model.
    QFile src(model->demoModelPath());
    if (!src.open(QIODevice::ReadOnly)) return 7;
    const QString bad = dir + QStringLiteral("/truncated.gguf");
    QFile out(bad);
    if (!out.open(QIODevice::WriteOnly)) return 7;
    out.write(src.readAll().left(600000));
    out.close();
    QSignalSpy failed(model, &smoldesk::app::ModelManager::loadFailed);
    model->load(bad);
    if (!QTest::qWaitFor(
            [&] {
                return failed.count() == 1 && model->state() == smoldesk::app::ModelManager::State::Ready;
            },
            20000))
        return 8;
    if (!save(fx.window, dir + QStringLiteral("/error-truncated.png"))) return 3;
    model->clearError();

    QObject* dialog = child(fx, "settingsDialog");
    if (!dialog) return 5;
    for (const char* lang : {"en", "fr", "de"}) {
        settings->setLanguage(QLatin1String(lang));
        QMetaObject::invokeMethod(dialog, "open");
        if (!save(fx.window, dir + QStringLiteral("/settings-%1.png").arg(QLatin1String(lang)))) return 3;
        if (QObject* tabs = child(fx, "settingsTabs")) {
            tabs->setProperty("currentIndex", 1);
            if (!save(fx.window, dir + QStringLiteral("/settings-%1-sampling.png").arg(QLatin1String(lang))))
                return 3;
            tabs->setProperty("currentIndex", 0);
        }
        QMetaObject::invokeMethod(dialog, "close");
        QTest::qWait(300);
        if (QLatin1String(lang) == QLatin1String("fr") &&
            !save(fx.window, dir + QStringLiteral("/main-fr.png")))
            return 3;
    }
    settings->setLanguage(QStringLiteral("en"));

    // A context of 256: a full context, then a prompt that does not fit.
    settings->setContextLength(256);
    settings->setMaxTokens(1000);
    model->reload();
    if (!QTest::qWaitFor(
            [&] {
                return model->state() == smoldesk::app::ModelManager::State::Ready &&
                       model->contextSize() == 256;
            },
            30000))
        return 9;
    fx.context->chat()->newConversation();
    const QString sentence = QStringLiteral("The little cat sat on the warm mat in the sun. ");
    if (!converse(fx, {sentence.repeated(10).trimmed()})) return 2;
    if (!save(fx.window, dir + QStringLiteral("/context-full.png"))) return 3;
    fx.context->chat()->newConversation();
    fx.context->chat()->send(sentence.repeated(16).trimmed());
    QTest::qWait(1500);
    if (!save(fx.window, dir + QStringLiteral("/overflow-dialog.png"))) return 3;
    settings->resetModelSettings();
    return 0;
}

// Kept alternatives: an answer regenerated twice and shown at 2/3, the next turn, and that turn's
// prompt edited (2/2); then the focused ‹ arrow with its tooltip, as a keyboard user sees it.
int branchesTour(AppFixture& fx, const QString& dir) {
    QDir().mkpath(dir);
    auto* chat = fx.context->chat();
    auto* settings = fx.context->settings();
    settings->setMaxTokens(40);
    settings->setSeed(0); // random: three different answers
    fx.window->resize(1366, 768);
    chat->newConversation();
    QSignalSpy done(chat, &smoldesk::app::ChatController::generationFinished);
    const auto wait = [&](qsizetype before) {
        return QTest::qWaitFor([&] { return done.count() > before; }, 30000);
    };
    if (!converse(fx, {QStringLiteral("Once upon a time")})) return 2;
    for (int i = 0; i < 2; ++i) {
        const qsizetype before = done.count();
        chat->regenerate();
        if (!wait(before)) return 2;
    }
    chat->selectAlternative(1, -1);
    if (!converse(fx, {QStringLiteral("The little dog")})) return 2;
    qsizetype before = done.count();
    chat->editMessage(2, QStringLiteral("The big red ball"));
    if (!wait(before)) return 2;
    settings->setSeed(42);
    if (!save(fx.window, dir + QStringLiteral("/branches-1366x768.png"))) return 3;
    // The chat column alone, small enough for the README (resources/screenshots/branches.png).
    if (QQuickItem* view = fx.item("chatView")) {
        const QRect r = view->mapRectToScene(QRectF(0, 0, view->width(), 330)).toAlignedRect();
        const QImage chatOnly = fx.window->grabWindow().copy(r).convertToFormat(QImage::Format_RGB888);
        if (!chatOnly.save(dir + QStringLiteral("/branches-chat.png"))) return 3;
    }
    for (QQuickItem* arrow : fx.items("previousAlternative"))
        if (arrow->isVisible() && arrow->isEnabled()) {
            arrow->forceActiveFocus(Qt::TabFocusReason);
            break;
        }
    if (!save(fx.window, dir + QStringLiteral("/branches-focus-1366x768.png"))) return 3;
    fx.window->resize(800, 600);
    if (!save(fx.window, dir + QStringLiteral("/branches-800x600.png"))) return 3;
    fx.window->resize(1366, 768);
    return 0;
}

int uxTour(AppFixture& fx, const QString& dir) {
    QDir().mkpath(dir);
    auto* settings = fx.context->settings();
    auto* chat = fx.context->chat();
    settings->setMaxTokens(60);
    settings->setSeed(42);
    if (!converse(fx, {QStringLiteral("Yo"), QStringLiteral("Hallo Welt"),
                       QStringLiteral("Tell me a story about a little dog.")}))
        return 2;
    for (const QSize size : {QSize(800, 600), QSize(1366, 768), QSize(1920, 1080)}) {
        fx.window->resize(size);
        if (!save(fx.window, dir + QStringLiteral("/main-%1x%2.png").arg(size.width()).arg(size.height())))
            return 3;
    }
    fx.window->resize(1366, 768);
    if (QObject* button = child(fx, "systemPromptButton")) {
        QMetaObject::invokeMethod(button, "clicked");
        if (!save(fx.window, dir + QStringLiteral("/system-prompt.png"))) return 3;
        if (QObject* popup = child(fx, "systemPromptPopup")) QMetaObject::invokeMethod(popup, "close");
    }
    settings->setLanguage(QStringLiteral("fr"));
    fx.window->resize(800, 600);
    if (!save(fx.window, dir + QStringLiteral("/main-fr-800x600.png"))) return 3;
    settings->setLanguage(QStringLiteral("de"));
    if (!save(fx.window, dir + QStringLiteral("/main-de-800x600.png"))) return 3;
    settings->setLanguage(QStringLiteral("en"));
    // The prompt being read: a long prompt, the shot taken at the first progress report.
    if (const int rc = branchesTour(fx, dir)) return rc;
    fx.window->resize(1366, 768);
    chat->newConversation();
    QSignalSpy progress(chat, &smoldesk::app::ChatController::promptProgressChanged);
    QSignalSpy done(chat, &smoldesk::app::ChatController::generationFinished);
    chat->send(
        QString(QStringLiteral("The little cat sat on the warm mat in the sun. ")).repeated(30).trimmed());
    (void)QTest::qWaitFor([&] { return chat->promptProgress() > 0 || done.count() > 0; }, 20000);
    const QImage reading = fx.window->grabWindow();
    reading.save(dir + QStringLiteral("/reading-prompt.png"));
    std::printf("wrote %s (progress %.2f)\n", qPrintable(dir + QStringLiteral("/reading-prompt.png")),
                chat->promptProgress());
    (void)QTest::qWaitFor([&] { return done.count() > 0; }, 30000);
    // A full context after one long prompt: the banner offers only a new chat.
    settings->setContextLength(256);
    settings->setMaxTokens(1000);
    fx.context->model()->reload();
    if (!QTest::qWaitFor(
            [&] {
                return fx.context->model()->state() == smoldesk::app::ModelManager::State::Ready &&
                       fx.context->model()->contextSize() == 256;
            },
            30000))
        return 9;
    chat->newConversation();
    if (!converse(fx, {QString(QStringLiteral("The little cat sat on the warm mat in the sun. "))
                           .repeated(10)
                           .trimmed()}))
        return 2;
    if (!save(fx.window, dir + QStringLiteral("/context-full-1366x768.png"))) return 3;
    settings->resetModelSettings();
    return 0;
}

// The views changed for issue 39, each at 800×600 and 1366×768.
bool bothSizes(AppFixture& fx, const QString& dir, const QString& name) {
    for (const QSize size : {QSize(800, 600), QSize(1366, 768)}) {
        fx.window->resize(size);
        if (!save(fx.window,
                  dir + QStringLiteral("/%1-%2x%3.png").arg(name).arg(size.width()).arg(size.height())))
            return false;
    }
    return true;
}

int issue39Tour(AppFixture& fx, const QString& dir) {
    QDir().mkpath(dir);
    auto* settings = fx.context->settings();
    auto* model = fx.context->model();
    auto* chat = fx.context->chat();
    // Defect 1: the overflow question, for a first message and for a long chat.
    settings->setContextLength(256);
    settings->setMaxTokens(16);
    model->reload();
    if (!QTest::qWaitFor(
            [&] {
                return model->state() == smoldesk::app::ModelManager::State::Ready &&
                       model->contextSize() == 256;
            },
            30000))
        return 9;
    QObject* dialog = child(fx, "overflowDialog");
    if (!dialog) return 5;
    const QString sentence = QStringLiteral("The little cat sat on the warm mat in the sun. ");
    chat->newConversation();
    chat->send(sentence.repeated(16).trimmed());
    if (!QTest::qWaitFor([&] { return dialog->property("opened").toBool(); }, 20000)) return 10;
    if (!bothSizes(fx, dir, QStringLiteral("overflow-message"))) return 3;
    settings->setLanguage(QStringLiteral("de"));
    if (!bothSizes(fx, dir, QStringLiteral("overflow-message-de"))) return 3;
    settings->setLanguage(QStringLiteral("en"));
    chat->cancelOverflow();
    QMetaObject::invokeMethod(dialog, "close");
    if (!converse(fx, {QStringLiteral("Once upon a time"), QStringLiteral("The little dog")})) return 2;
    chat->send(sentence.repeated(11).trimmed());
    if (!QTest::qWaitFor([&] { return dialog->property("opened").toBool(); }, 20000)) return 10;
    if (!bothSizes(fx, dir, QStringLiteral("overflow-conversation"))) return 3;
    chat->cancelOverflow();
    QMetaObject::invokeMethod(dialog, "close");
    if (!bothSizes(fx, dir, QStringLiteral("overflow-cancelled"))) return 3;
    settings->resetModelSettings();
    // Defect 12: a model without a chat template that is not the demo.
    if (QObject* input = child(fx, "promptInput")) input->setProperty("text", QString());
    const QString other = dir + QStringLiteral("/no-template.gguf");
    QFile::remove(other);
    if (!QFile::copy(model->demoModelPath(), other)) return 7;
    model->load(other);
    if (!QTest::qWaitFor(
            [&] {
                return model->state() == smoldesk::app::ModelManager::State::Ready &&
                       model->modelPath() == other;
            },
            30000))
        return 9;
    chat->newConversation();
    settings->setMaxTokens(60);
    if (!converse(fx, {QStringLiteral("Once upon a time")})) return 2;
    if (!bothSizes(fx, dir, QStringLiteral("no-template-note"))) return 3;
    // Defect 5: View ▸ Model information on at 800×600.
    fx.window->resize(800, 600);
    QTest::qWait(200);
    fx.window->setProperty("modelPanelVisible", true);
    if (!save(fx.window, dir + QStringLiteral("/model-panel-on-800x600.png"))) return 3;
    fx.window->resize(1366, 768);
    QTest::qWait(200);
    fx.window->setProperty("modelPanelVisible", true);
    if (!save(fx.window, dir + QStringLiteral("/model-panel-on-1366x768.png"))) return 3;
    // Defects 4 and 15: the conversation list with the keyboard focus; Search with its ✕.
    if (QQuickItem* list = fx.item("conversationList")) {
        list->forceActiveFocus(Qt::TabFocusReason);
        if (!bothSizes(fx, dir, QStringLiteral("conversation-list-focus"))) return 3;
    }
    if (QQuickItem* search = fx.item("searchField")) {
        search->forceActiveFocus(Qt::TabFocusReason);
        search->setProperty("text", QStringLiteral("little"));
        if (!bothSizes(fx, dir, QStringLiteral("search-clear"))) return 3;
        search->setProperty("text", QString());
    }
    // Defect 15: the export note, at the top where it covers no control.
    chat->exportConversation(QUrl::fromLocalFile(dir + QStringLiteral("/export.md")), QStringLiteral("md"));
    if (!bothSizes(fx, dir, QStringLiteral("export-note"))) return 3;
    model->load(model->demoModelPath());
    if (!QTest::qWaitFor(
            [&] { return model->state() == smoldesk::app::ModelManager::State::Ready && model->isDemo(); },
            30000))
        return 9;
    QFile::remove(other);
    // Defect 10: Check again when the only Vulkan device is a CPU implementation.
    if (QObject* settingsDialog = child(fx, "settingsDialog")) {
        (void)QTest::qWaitFor([&] { return model->devicesListed(); }, 10000);
        QMetaObject::invokeMethod(settingsDialog, "open");
        if (!bothSizes(fx, dir, QStringLiteral("settings-gpu-check"))) return 3;
        // Defect 6: Add a tool server with a long argument, framed fields.
        if (QObject* tabs = child(fx, "settingsTabs")) tabs->setProperty("currentIndex", 4);
        QTest::qWait(200);
        if (QQuickItem* add = fx.item("addToolServer")) QMetaObject::invokeMethod(add, "clicked");
        QTest::qWait(300);
        if (QQuickItem* args = fx.item("serverArgs"))
            args->setProperty("text",
                              QStringLiteral("-y\n@modelcontextprotocol/server-filesystem\n/home/someone/"
                                             "Documents/projects/a-rather-long-folder-name/and-deeper-"
                                             "still/the-last-one"));
        if (QQuickItem* name = fx.item("serverName")) name->setProperty("text", QStringLiteral("files"));
        if (QQuickItem* command = fx.item("serverCommand"))
            command->setProperty("text", QStringLiteral("npx"));
        if (!bothSizes(fx, dir, QStringLiteral("tool-server-dialog"))) return 3;
        if (QObject* d = child(fx, "toolServerDialog")) QMetaObject::invokeMethod(d, "close");
        QMetaObject::invokeMethod(settingsDialog, "close");
    }
    return 0;
}

} // namespace

int main(int argc, char* argv[]) {
    QGuiApplication app(argc, argv);
    if (argc > 1 && QLatin1String(argv[1]) == QLatin1String("--dark")) {
        QGuiApplication::setPalette(smoldesk::app::darkPalette());
        --argc;
        ++argv;
    }
    AppFixture fx;
    if (!fx.start(QStringLiteral("screenshot"))) return 1;
    fx.window->resize(1280, 800);
    if (!QTest::qWaitFor(
            [&] { return fx.context->model()->state() == smoldesk::app::ModelManager::State::Ready; }, 20000))
        return 4;
    if (argc > 2 && QLatin1String(argv[1]) == QLatin1String("--ux")) {
        const int rc = uxTour(fx, QString::fromLocal8Bit(argv[2]));
        fx.stop();
        return rc;
    }
    if (argc > 2 && QLatin1String(argv[1]) == QLatin1String("--branches")) {
        const int rc = branchesTour(fx, QString::fromLocal8Bit(argv[2]));
        fx.stop();
        return rc;
    }
    if (argc > 2 && QLatin1String(argv[1]) == QLatin1String("--issue39")) {
        const int rc = issue39Tour(fx, QString::fromLocal8Bit(argv[2]));
        fx.stop();
        return rc;
    }
    if (argc > 2 && QLatin1String(argv[1]) == QLatin1String("--tour")) {
        const int rc = tour(fx, QString::fromLocal8Bit(argv[2]));
        fx.stop();
        return rc;
    }
    fx.context->settings()->setMaxTokens(90);
    fx.context->settings()->setSeed(42);
    if (!converse(fx, {QStringLiteral("Tell me a story about a little dog."),
                       QStringLiteral("What happened next?")}))
        return 2;
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(SMOLDESK_SCREENSHOT_PATH);
    if (!save(fx.window, out)) return 3;
    if (argc > 2) {
        QObject* dialog = child(fx, "settingsDialog");
        if (!dialog) return 5;
        if (!QTest::qWaitFor([&] { return fx.context->model()->devicesListed(); }, 10000)) return 6;
        QMetaObject::invokeMethod(dialog, "open");
        QTest::qWait(400);
        // With the device list open.
        if (QObject* combo = dialog->findChild<QObject*>(QStringLiteral("deviceChoice")))
            if (auto* popup = combo->property("popup").value<QObject*>()) popup->setProperty("visible", true);
        if (!save(fx.window, QString::fromLocal8Bit(argv[2]))) return 3;
    }
    fx.stop();
    return 0;
}
