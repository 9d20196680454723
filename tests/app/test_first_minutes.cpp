// What a new user meets in the first minutes (issue 24): the window on small screens, a model
// switch that is cancelled, a message sent while a model loads, export on a fresh profile,
// keyboard focus from the composer, short prompts, languages switched at runtime, the stats
// of an answer stopped early, the status bar, the system prompt, the overflow banner and the
// menus. Each test failed before its fix.
#include "qml_fixture.h"

#include "common/error.h"
#include "message_list_model.h"
#include "test_data.h"
#include "tiny_model.h"
#include "window_placement.h"
#include "worker/model_worker.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScreen>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace smoldesk;
using namespace smoldesk::app;

class TestFirstMinutes : public QObject {
    Q_OBJECT
    AppFixture app_;

    ModelManager* model() const { return app_.context->model(); }
    ChatController* chat() const { return app_.context->chat(); }
    QString demo() const { return model()->demoModelPath(); }

    static bool isInside(QQuickItem* item, QQuickItem* ancestor) {
        for (QQuickItem* i = item; i; i = i->parentItem())
            if (i == ancestor) return true;
        return false;
    }
    // Shown, not empty, and wholly inside the window (nothing cut off or out of reach).
    void verifyReachable(const char* name, const QSize& size) {
        QQuickItem* i = app_.item(name);
        const QString where =
            QStringLiteral("%1 at %2x%3").arg(QLatin1String(name)).arg(size.width()).arg(size.height());
        QVERIFY2(i, qPrintable(where + QStringLiteral(": not found")));
        QVERIFY2(i->isVisible(), qPrintable(where + QStringLiteral(": hidden")));
        const QRectF r = i->mapRectToScene(QRectF(0, 0, i->width(), i->height()));
        QVERIFY2(r.width() >= 8 && r.height() >= 8,
                 qPrintable(where + QStringLiteral(": squeezed to %1x%2").arg(r.width()).arg(r.height())));
        const QRectF windowRect(0, 0, app_.window->width(), app_.window->height());
        QVERIFY2(windowRect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r),
                 qPrintable(where + QStringLiteral(": at %1,%2 %3x%4 outside the window")
                                        .arg(r.x())
                                        .arg(r.y())
                                        .arg(r.width())
                                        .arg(r.height())));
    }
    bool waitReady(int ms = 30000) {
        return QTest::qWaitFor([&] { return model()->state() == ModelManager::State::Ready; }, ms);
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_first_minutes")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QVERIFY(waitReady(20000));
        app_.context->settings()->setMaxTokens(24);
    }
    void cleanupTestCase() { app_.stop(); }

    // ---- 1: the window fits small screens ----

    // The offscreen platform's screen is 800×600: the window opens inside it.
    void windowOpensInsideTheScreen() {
        // As at start (the fixture gave the window the tests' usual 1180×760 afterwards).
        QVERIFY(!app_.context->settings()->raw().contains(QStringLiteral("window/geometry")));
        app_.context->placeWindow(app_.window);
        const QRect available = app_.window->screen()->availableGeometry();
        QVERIFY2(available.contains(app_.window->frameGeometry()),
                 qPrintable(QStringLiteral("window %1,%2 %3x%4 on a screen of %5x%6")
                                .arg(app_.window->x())
                                .arg(app_.window->y())
                                .arg(app_.window->width())
                                .arg(app_.window->height())
                                .arg(available.width())
                                .arg(available.height())));
        QVERIFY(app_.window->minimumWidth() <= available.width());
        QVERIFY(app_.window->minimumHeight() <= available.height());
    }

    void placementFitsTheAvailableArea() {
        using namespace window_placement;
        // A 1366×768 laptop with a 40 px taskbar at the bottom, and one at the top.
        for (const QRect& avail : {QRect(0, 0, 1366, 728), QRect(0, 40, 1366, 728), QRect(0, 0, 800, 600)}) {
            const QRect r = fit(QRect(), avail);
            QVERIFY2(avail.contains(r), qPrintable(QStringLiteral("%1x%2").arg(r.width()).arg(r.height())));
            QVERIFY(r.width() >= std::min(avail.width(), kMinimum.width()));
        }
        // With a title bar of 30 px the frame fits too.
        const QMargins frame(1, 30, 1, 1);
        const QRect r = fit(QRect(), QRect(0, 0, 1366, 728), frame);
        QVERIFY(QRect(0, 0, 1366, 728).contains(r.marginsAdded(frame)));
        // The saved place and size come back when they fit.
        QCOMPARE(fit(QRect(100, 80, 900, 600), QRect(0, 0, 1920, 1040)), QRect(100, 80, 900, 600));
        // Saved on a monitor that is gone: centred on this one; saved larger than this screen: shrunk.
        QVERIFY(QRect(0, 0, 1366, 728).contains(fit(QRect(3000, 100, 900, 600), QRect(0, 0, 1366, 728))));
        QVERIFY(QRect(0, 0, 800, 600).contains(fit(QRect(0, 0, 1900, 1000), QRect(0, 0, 800, 600))));
    }

    void everyControlIsReachable_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("800x600") << QSize(800, 600);
        QTest::newRow("1366x768 with a taskbar") << QSize(1366, 728);
        QTest::newRow("1920x1080") << QSize(1920, 1040);
    }
    void everyControlIsReachable() {
        QFETCH(QSize, size);
        app_.window->resize(size);
        QTest::qWait(150);
        QTRY_VERIFY(app_.window->width() == size.width() && app_.window->height() == size.height());
        for (const char* name : {"promptInput", "sendButton", "thinkingToggle", "newChatButton",
                                 "deviceLabel", "contextMeter", "contextNumbers"})
            verifyReachable(name, size);
        // The model panel is either shown whole or collapsed (View ▸ Model information).
        QQuickItem* panel = app_.item("modelPanel");
        QVERIFY(panel);
        if (panel->isVisible()) verifyReachable("modelPanel", size);
    }

    // ---- 2: Cancel during a model switch brings the previous model back ----

    void cancelDuringSwitchRestoresThePreviousModel() {
        QCOMPARE(model()->modelPath(), demo());
        test::TinyModelSpec spec;
        spec.nLayer = 4;
        const QString other = QString::fromStdString(test::writeTinyModel(spec, "app_first_minutes_b.gguf"));
        ModelWorker* w = model()->worker();
        // Cancel half-way, from inside the load (the worker's thread), as a click on Cancel does.
        double cancelledAt = -1;
        auto c = connect(
            w, &ModelWorker::loadProgress, w,
            [&, w](double f) {
                if (cancelledAt < 0 && f >= 0.3 && f < 1.0) {
                    cancelledAt = f;
                    w->requestCancelLoad();
                }
            },
            Qt::DirectConnection);
        QSignalSpy failed(model(), &ModelManager::loadFailed);
        model()->load(other);
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, 30000);
        disconnect(c);
        QVERIFY2(cancelledAt > 0, "the load never reported progress between 30% and 100%");
        QCOMPARE(failed.at(0).at(0).toInt(), int(ErrorCode::Cancelled));
        QCOMPARE(model()->state(), ModelManager::State::Ready);
        QCOMPARE(model()->modelPath(), demo());
        QVERIFY(model()->errorText().isEmpty()); // a cancel is no error
        QTRY_VERIFY(
            app_.item("deviceLabel")->property("text").toString().contains(QLatin1String("stories260K")));
        QTRY_COMPARE(model()->facts().value("fileName").toString(), QStringLiteral("stories260K.gguf"));
        // And it answers.
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QVERIFY(done.at(0).at(0).toString() != QLatin1String("error"));
    }

    // ---- 3: a message sent while a model loads is held and answered ----

    void messageSentDuringALoadIsAnswered() {
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        model()->reload();
        QCOMPARE(model()->state(), ModelManager::State::Loading);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
        QVERIFY2(chat()->errorText().isEmpty(), qPrintable(chat()->errorText()));
        QCOMPARE(chat()->messages()->count(), 1); // the prompt shows at once
        QVERIFY(chat()->waitingForModel());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QVERIFY(!chat()->waitingForModel());
        QCOMPARE(done.at(0).at(0).toString() == QLatin1String("error"), false);
        QCOMPARE(chat()->messages()->count(), 2);
        QVERIFY(!chat()->messages()->at(1).content.trimmed().isEmpty());
    }

    // ---- 5: export on a profile without ~/Documents ----

    void exportWorksWithoutADocumentsFolder() {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QByteArray oldHome = qgetenv("HOME"), oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path() + QStringLiteral("/.config")));
        QVERIFY(!QDir(home.path() + QStringLiteral("/Documents")).exists());
        if (chat()->messages()->count() == 0) {
            QSignalSpy done(chat(), &ChatController::generationFinished);
            QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
            QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        }
        const QUrl url = chat()->suggestedExportUrl(QStringLiteral("md"));
        const QFileInfo target(url.toLocalFile());
        const bool folderExists = target.absoluteDir().exists();
        const bool ok = chat()->exportConversation(url, QStringLiteral("md"));
        const QString error = chat()->errorText();
        qputenv("HOME", oldHome);
        if (oldConfig.isEmpty())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
        QVERIFY2(folderExists, qPrintable(target.absolutePath()));
        QVERIFY2(ok, qPrintable(error));
        QVERIFY(target.exists() && target.size() > 0);
    }

    // ---- 6: Tab leaves the composer for Think, Send and the sidebar ----

    void tabLeavesTheComposer() {
        app_.window->resize(1180, 760);
        app_.window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(app_.window));
        QQuickItem* input = app_.item("promptInput");
        QQuickItem* send = app_.item("sendButton");
        QQuickItem* sidebar = app_.item("sidebar");
        QQuickItem* think = app_.item("thinkingToggle");
        QVERIFY(input && send && sidebar && think);
        input->setProperty("text", QStringLiteral("hello"));
        input->forceActiveFocus();
        QTRY_VERIFY(input->hasActiveFocus());
        // On to Send (past the chat's System prompt button); the demo model cannot think: its
        // switch is disabled and skipped.
        int toSend = 0;
        while (toSend < 3 && !send->hasActiveFocus()) {
            QTest::keyClick(app_.window, Qt::Key_Tab);
            ++toSend;
        }
        QCOMPARE(input->property("text").toString(), QStringLiteral("hello")); // no tab typed
        QVERIFY2(send->hasActiveFocus(), qPrintable(app_.window->activeFocusItem()->objectName()));
        // On through the model panel's buttons (when shown) to the sidebar.
        int presses = 0;
        while (presses < 5 && !isInside(app_.window->activeFocusItem(), sidebar)) {
            QTest::keyClick(app_.window, Qt::Key_Tab);
            ++presses;
        }
        QVERIFY2(isInside(app_.window->activeFocusItem(), sidebar),
                 qPrintable(app_.window->activeFocusItem()->objectName()));
        QCOMPARE(app_.window->activeFocusItem()->objectName(), QStringLiteral("newChatButton"));
        // Back with Shift+Tab.
        for (int i = 0; i < presses; ++i) QTest::keyClick(app_.window, Qt::Key_Backtab, Qt::ShiftModifier);
        QVERIFY2(send->hasActiveFocus(), qPrintable(app_.window->activeFocusItem()->objectName()));
        for (int i = 0; i < toSend; ++i) QTest::keyClick(app_.window, Qt::Key_Backtab, Qt::ShiftModifier);
        QVERIFY2(input->hasActiveFocus(), qPrintable(app_.window->activeFocusItem()->objectName()));
        // A model that can think: the switch is next after the prompt.
        think->setProperty("enabled", true);
        QTest::keyClick(app_.window, Qt::Key_Tab);
        QVERIFY2(think->hasActiveFocus(), qPrintable(app_.window->activeFocusItem()->objectName()));
        for (int i = 0; i < 2 && !send->hasActiveFocus(); ++i) QTest::keyClick(app_.window, Qt::Key_Tab);
        QVERIFY(send->hasActiveFocus());
        input->setProperty("text", QString());
    }

    // ---- 4: short prompts keep their bubble and buttons inside the chat, in three languages ----

    void shortPromptsAreNotClipped_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("fr") << QStringLiteral("fr");
    }
    void shortPromptsAreNotClipped() {
        QFETCH(QString, language);
        app_.window->resize(1366, 728); // the model panel is shown beside the chat
        app_.context->settings()->setLanguage(language);
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        for (const QString& p :
             {QStringLiteral("Yo"), QStringLiteral("Danke"), QStringLiteral("Hallo Welt")}) {
            const qsizetype before = done.count();
            QVERIFY(chat()->send(p));
            QTRY_VERIFY_WITH_TIMEOUT(done.count() > before, 30000);
        }
        QTest::qWait(200);
        QQuickItem* view = app_.item("chatView");
        QVERIFY(view);
        QRectF area = view->mapRectToScene(QRectF(0, 0, view->width(), view->height()));
        if (QQuickItem* panel = app_.item("modelPanel"); panel && panel->isVisible())
            area.setRight(std::min(area.right(), panel->mapToScene(QPointF(0, 0)).x()));
        const auto check = [&](const char* name, bool wholeWidth) {
            const QList<QQuickItem*> all = app_.items(name);
            QVERIFY2(all.size() >= 3, name);
            for (QQuickItem* i : all) {
                if (!i->isVisible()) continue;
                const QRectF r = i->mapRectToScene(QRectF(0, 0, i->width(), i->height()));
                QVERIFY2(r.left() >= area.left() - 0.5 && r.right() <= area.right() + 0.5,
                         qPrintable(QStringLiteral("%1 (%2): %3…%4 outside the chat %5…%6")
                                        .arg(QLatin1String(name), language)
                                        .arg(r.left())
                                        .arg(r.right())
                                        .arg(area.left())
                                        .arg(area.right())));
                if (wholeWidth)
                    QVERIFY2(i->width() + 0.5 >= i->implicitWidth(),
                             qPrintable(QStringLiteral("%1 (%2) squeezed: %3 of %4")
                                            .arg(QLatin1String(name), language)
                                            .arg(i->width())
                                            .arg(i->implicitWidth())));
            }
        };
        check("userBubble", false);
        check("editButton", true);
        check("copyButton", true);
        // The prompt's text is not cut: the bubble is wider than the text it holds.
        for (QQuickItem* t : app_.items("userText"))
            QVERIFY2(!t->isVisible() || t->property("lineCount").toInt() == 1,
                     qPrintable(QStringLiteral("%1 (%2): %3 lines, %4 of %5 px")
                                    .arg(t->property("text").toString(), language)
                                    .arg(t->property("lineCount").toInt())
                                    .arg(t->property("contentWidth").toReal())
                                    .arg(t->width())));
        app_.context->settings()->setLanguage(QStringLiteral("en"));
    }

    // ---- 7: a language switch says old answers, sizes and the device anew ----

    void languageSwitchRerendersStatsSizesAndDevice() {
        AppSettings* settings = app_.context->settings();
        settings->setLanguage(QStringLiteral("de"));
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        const QModelIndex answer = chat()->messages()->index(1);
        const auto stats = [&] {
            return chat()->messages()->data(answer, MessageListModel::StatsRole).toString();
        };
        QVERIFY2(stats().contains(QLatin1String("Token/s")), qPrintable(stats()));
        QSignalSpy changed(chat()->messages(), &QAbstractItemModel::dataChanged);
        settings->setLanguage(QStringLiteral("fr"));
        QVERIFY2(stats().contains(QLatin1String("jetons/s")), qPrintable(stats()));
        QVERIFY(changed.count() > 0); // the view is told, so the shown line changes too
        QTRY_VERIFY(!app_.items("statsLabel").isEmpty());
        QTRY_VERIFY(
            app_.items("statsLabel").last()->property("text").toString().contains(QLatin1String("jetons/s")));
        // The file size of the model panel: "Mo"/"ko" in French, "MB"/"kB" in English.
        QTRY_VERIFY2(model()->facts().value("fileSize").toString().endsWith(QLatin1String("o")),
                     qPrintable(model()->facts().value("fileSize").toString()));
        // The CPU device line, e.g. "CPU (2 fils d’exécution, avx2)".
        QVERIFY2(model()->device().contains(QStringLiteral("fil")), qPrintable(model()->device()));
        settings->setLanguage(QStringLiteral("en"));
        QVERIFY2(stats().contains(QLatin1String("tokens/s")), qPrintable(stats()));
        QTRY_VERIFY2(model()->facts().value("fileSize").toString().endsWith(QLatin1String("B")),
                     qPrintable(model()->facts().value("fileSize").toString()));
        QVERIFY2(model()->device().contains(QLatin1String("thread")), qPrintable(model()->device()));
        // Stored as figures: the export has them as numbers.
        const QString path = QString::fromStdString(test::tmpPath("app_first_minutes_export.json"));
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(path), QStringLiteral("json")));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject exported = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject s = exported.value("messages").toArray().at(1).toObject().value("stats").toObject();
        QVERIFY(s.value("tokens").toInt() > 0);
        QVERIFY(s.value("tokens_per_second").toDouble() > 0);
    }

    // ---- 8: the prompt's progress, and no invented figures when stopped before the answer ----

    void promptProgressIsReportedAndAnEarlyStopHasNoFigures() {
        chat()->newConversation();
        ModelWorker* w = model()->worker();
        // Long enough for two of the engine's prompt batches (256 tokens each).
        const QString prompt =
            QString(QStringLiteral("The little cat sat on the warm mat in the sun. ")).repeated(28).trimmed();
        QList<QPair<int, int>> reports;
        double speed = 0;
        QSignalSpy done(chat(), &ChatController::generationFinished);
        auto c = connect(w, &ModelWorker::promptProgress, this, [&](quint64, int d, int total, double tps) {
            reports.append({d, total});
            speed = tps;
        });
        QSignalSpy shown(chat(), &ChatController::promptProgressChanged);
        QVERIFY(chat()->send(prompt));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        disconnect(c);
        QVERIFY2(reports.size() >= 2, qPrintable(QString::number(reports.size())));
        QVERIFY(reports.first().first < reports.first().second); // a report before the end
        QCOMPARE(reports.last().first, reports.last().second);
        QVERIFY(speed > 0);
        QVERIFY(shown.count() >= 2);
        QCOMPARE(chat()->promptProgress(), -1.0); // reset once the answer is done

        // Stopped after the first batch of the prompt: no speed, no first token, no "0 tokens".
        chat()->newConversation();
        app_.context->settings()->setMaxTokens(24);
        const double speedBefore = chat()->tokensPerSecond();
        auto stopper = connect(
            w, &ModelWorker::promptProgress, w,
            [w](quint64 id, int d, int total, double) {
                if (d < total) w->requestStop(id);
            },
            Qt::DirectConnection);
        // Another beginning: a prompt that shared the first one's would be read from the cache.
        QVERIFY(chat()->send(QStringLiteral("Again. ") + prompt));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 30000);
        disconnect(stopper);
        QCOMPARE(done.at(1).at(0).toString(), QStringLiteral("stopped"));
        const QString stats =
            chat()->messages()->data(chat()->messages()->index(1), MessageListModel::StatsRole).toString();
        QVERIFY2(!stats.contains(QLatin1String("tokens/s")) && !stats.contains(QLatin1String("0 ms")),
                 qPrintable(stats));
        QVERIFY2(stats.contains(QLatin1String("stopped")), qPrintable(stats));
        QCOMPARE(chat()->tokensPerSecond(), speedBefore); // the status bar keeps the last real speed
    }

    // ---- 9: the status bar keeps the model's name, and gives the whole line as a tooltip ----

    void statusBarKeepsTheModelName_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("fr") << QStringLiteral("fr");
    }
    void statusBarKeepsTheModelName() {
        QFETCH(QString, language);
        app_.context->settings()->setLanguage(language);
        app_.window->resize(800, 600);
        QTest::qWait(150);
        QQuickItem* name = app_.item("deviceLabel");
        QVERIFY(name);
        QCOMPARE(name->property("text").toString(), model()->modelName());
        QVERIFY2(!name->property("truncated").toBool(), qPrintable(language));
        QVERIFY(!app_.item("contextNumbers")->property("truncated").toBool());
        const QString full = name->property("fullText").toString();
        QVERIFY(full.contains(model()->modelName()) && full.contains(model()->device()));
        QQuickItem* detail = app_.item("deviceDetailLabel");
        QVERIFY(detail && detail->isVisible());
        // At 1920 px nothing is cut.
        app_.window->resize(1920, 1040);
        QTest::qWait(150);
        QVERIFY2(!detail->property("truncated").toBool(),
                 qPrintable(QStringLiteral("%1: %2 of %3 px")
                                .arg(detail->property("text").toString())
                                .arg(detail->width())
                                .arg(detail->implicitWidth())));
        app_.context->settings()->setLanguage(QStringLiteral("en"));
    }

    // ---- 10: the system prompt fields can be seen, and the chat's own is with the chat ----

    void systemPromptIsWithTheChat() {
        app_.window->resize(1180, 760);
        QTest::qWait(150);
        chat()->newConversation();
        QQuickItem* button = app_.item("systemPromptButton");
        QVERIFY(button);
        verifyReachable("systemPromptButton", app_.window->size());
        QMetaObject::invokeMethod(button, "clicked");
        QTRY_VERIFY(app_.item("chatSystemPrompt") && app_.item("chatSystemPrompt")->isVisible());
        QQuickItem* field = app_.item("chatSystemPrompt");
        QVERIFY(!field->property("placeholderText").toString().isEmpty());
        auto* frame = field->property("background").value<QQuickItem*>();
        QVERIFY2(frame && frame->property("border").value<QObject*>(), "no frame around the field");
        field->setProperty("text", QStringLiteral("Answer in one sentence."));
        QObject* popup = app_.window->findChild<QObject*>(QStringLiteral("systemPromptPopup"));
        if (!popup) // a Popup is no QQuickItem: look under the QML root object
            popup =
                app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("systemPromptPopup"));
        QVERIFY(popup);
        QMetaObject::invokeMethod(popup, "close");
        QTRY_COMPARE(chat()->systemPrompt(), QStringLiteral("Answer in one sentence."));
        // The settings' default field has a frame and a placeholder too.
        QObject* dialog =
            app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("settingsDialog"));
        QVERIFY(dialog);
        QMetaObject::invokeMethod(dialog, "open");
        QTRY_VERIFY(app_.item("defaultSystemPrompt"));
        QQuickItem* def = app_.item("defaultSystemPrompt");
        QVERIFY(!def->property("placeholderText").toString().isEmpty());
        auto* defFrame = def->property("background").value<QQuickItem*>();
        QVERIFY(defFrame && defFrame->property("border").value<QObject*>());
        QMetaObject::invokeMethod(dialog, "close");
        chat()->newConversation();
        QCOMPARE(chat()->systemPrompt(), app_.context->settings()->defaultSystemPrompt());
    }

    // ---- 11: the banner after dropping the oldest turns offers only what it can do ----

    void overflowBannerOffersWhatItSays() {
        AppSettings* settings = app_.context->settings();
        settings->setContextLength(256);
        settings->setMaxTokens(1000);
        model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(
            model()->state() == ModelManager::State::Ready && model()->contextSize() == 256, 30000);
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QString(QStringLiteral("The little cat sat on the warm mat in the sun. "))
                                 .repeated(10)
                                 .trimmed()));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QTRY_VERIFY(chat()->contextFull());
        QVERIFY(!chat()->canDropOldestTurns()); // one prompt: nothing older to leave out
        QQuickItem* text = app_.item("contextBannerText");
        QTRY_VERIFY(text && text->isVisible());
        const bool dropShown = app_.item("dropOldestButton")->isVisible();
        const QString said = text->property("text").toString();
        QVERIFY(!dropShown);
        QVERIFY2(!said.contains(QLatin1String("oldest turns out")), qPrintable(said));
        QVERIFY(app_.item("contextNewChatButton")->isVisible());
        settings->resetModelSettings();
        settings->setMaxTokens(24);
        model()->reload();
        QVERIFY(waitReady());
        QTRY_VERIFY(model()->state() == ModelManager::State::Ready && model()->contextSize() != 256);
    }

    // ---- 12: no menu-bar item stays highlighted after Escape; diagnostics keep the last error ----

    void menuHighlightGoesWithEscape() {
        app_.window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(app_.window));
        QList<QQuickItem*> barItems;
        QList<QQuickItem*> todo{app_.window->contentItem()};
        while (!todo.isEmpty()) {
            QQuickItem* i = todo.takeFirst();
            if (i->inherits("QQuickMenuBarItem")) barItems << i;
            todo += i->childItems();
        }
        QVERIFY(barItems.size() >= 4);
        QQuickItem* file = barItems.first();
        const QPointF centre = file->mapToScene(QPointF(file->width() / 2, file->height() / 2));
        QTest::mouseClick(app_.window, Qt::LeftButton, {}, centre.toPoint());
        auto* menu = file->property("menu").value<QObject*>();
        QVERIFY(menu);
        QTRY_VERIFY(menu->property("visible").toBool());
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!menu->property("visible").toBool());
        QTest::qWait(100);
        for (QQuickItem* i : barItems)
            QVERIFY2(!i->property("highlighted").toBool(), qPrintable(i->property("text").toString()));
        QTRY_VERIFY(app_.item("promptInput")->hasActiveFocus());
    }

    void diagnosticsKeepTheLastExportAndDownloadError() {
        QVERIFY(!chat()->exportConversation(
            QUrl::fromLocalFile(QStringLiteral("/nonexistent-folder/chat.md")), QStringLiteral("md")));
        const QString exportError = chat()->errorText();
        QVERIFY(!exportError.isEmpty());
        chat()->clearError(); // the banner was closed
        QVERIFY2(app_.context->diagnostics().contains(exportError), qPrintable(app_.context->diagnostics()));
        // A failed download.
        Downloader* d = app_.context->downloader();
        QSignalSpy failed(d, &Downloader::failed);
        d->start(QUrl(QStringLiteral("file:///nonexistent-folder/model.gguf")),
                 QString::fromStdString(test::tmpPath("app_first_minutes_download.gguf")), 1000, QString());
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, 10000);
        const QString diag = app_.context->diagnostics();
        QVERIFY2(diag.contains(failed.at(0).at(0).toString()), qPrintable(diag));
        QVERIFY(!diag.contains(QLatin1String("Last error: none")));
    }

    // ---- the demo model's first answer reads as one story with the prompt ----

    void demoAnswerReadsAsOneStory() {
        QCOMPARE(model()->promptMode(), QStringLiteral("continuation"));
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QTest::qWait(100);
        QTRY_VERIFY(!app_.items("messageText").isEmpty());
        const QString shown = app_.items("messageText").first()->property("text").toString();
        QVERIFY2(shown.startsWith(QLatin1String("*Once upon a time*")), qPrintable(shown));
        QVERIFY(shown.contains(chat()->messages()->at(1).content.trimmed().left(10)));
        const auto noteShown = [&] {
            const QList<QQuickItem*> notes = app_.items("storyNote");
            return std::any_of(notes.cbegin(), notes.cend(), [](QQuickItem* i) { return i->isVisible(); });
        };
        QTRY_VERIFY(noteShown());
        // The message itself stays the model's words (copy, export, the next prompt).
        QVERIFY(!chat()->messages()->at(1).content.startsWith(QLatin1Char('*')));
    }

    // ---- issue 39, defect 5: View ▸ Model information at 800×600 keeps everything on screen ----

    void modelPanelAt800x600() {
        chat()->newConversation();
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        const QSize size(800, 600);
        app_.window->resize(size);
        QTRY_VERIFY(app_.window->width() == size.width() && app_.window->height() == size.height());
        QTest::qWait(100);
        app_.window->setProperty("modelPanelVisible", true); // View ▸ Model information
        QTest::qWait(200);
        verifyReachable("modelPanel", size);
        QQuickItem* panel = app_.item("modelPanel");
        const qreal panelLeft = panel->mapToScene(QPointF(0, 0)).x();
        QQuickItem* view = app_.item("chatView");
        QVERIFY(view);
        const qreal viewRight = view->mapToScene(QPointF(view->width(), 0)).x();
        // The last answer's Regenerate (only the last answer shows one) and the Copy beside it.
        QQuickItem* regenerate = nullptr;
        for (QQuickItem* b : app_.items("regenerateButton"))
            if (b->isVisible()) regenerate = b;
        QVERIFY(regenerate);
        QQuickItem* copy = nullptr;
        for (QQuickItem* b : regenerate->parentItem()->childItems())
            if (b->objectName() == QLatin1String("copyButton")) copy = b;
        QVERIFY(copy);
        for (QQuickItem* button : {copy, regenerate}) {
            const QRectF r = button->mapRectToScene(QRectF(0, 0, button->width(), button->height()));
            const QString name = button->objectName();
            QVERIFY2(r.right() <= viewRight + 0.5 && r.right() <= panelLeft + 0.5,
                     qPrintable(QStringLiteral("%1 ends at %2; the chat ends at %3, the panel starts at %4")
                                    .arg(name)
                                    .arg(r.right())
                                    .arg(viewRight)
                                    .arg(panelLeft)));
            QVERIFY2(button->width() >= button->implicitWidth() - 0.5, qPrintable(name));
        }
        app_.window->resize(1180, 760);
        app_.window->setProperty("modelPanelVisible", true);
        QTest::qWait(100);
    }

    // ---- issue 39, defect 10: Check again with no GPU to check says so and is off ----

    void gpuCheckWithOnlyACpuImplementation() {
        QTRY_VERIFY_WITH_TIMEOUT(model()->devicesListed(), 20000);
        for (const QVariant& d : model()->devices()) {
            const QVariantMap m = d.toMap();
            if (m.value("type").toString() != QLatin1String("cpu") && m.value("usable").toBool())
                QSKIP("this machine has a GPU: Check again has one to check");
        }
        app_.context->settings()->setDevice(QStringLiteral("auto"));
        QObject* dialog =
            app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("settingsDialog"));
        QMetaObject::invokeMethod(dialog, "open");
        QTRY_VERIFY(dialog->property("opened").toBool());
        QQuickItem* button = app_.item("checkGpuAgain");
        QQuickItem* text = app_.item("gpuCheckText");
        QVERIFY(button && text);
        QVERIFY2(!button->isEnabled() && !button->isVisible(), "Check again would do nothing");
        const QString said = text->property("text").toString();
        QVERIFY2(said.contains(QLatin1String("no GPU to check")), qPrintable(said));
        if (!model()->devices().isEmpty())
            QVERIFY2(said.contains(QLatin1String("CPU implementation")), qPrintable(said));
        QMetaObject::invokeMethod(dialog, "close");
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    // ---- issue 39, defect 12: another model without a template is not called the demo ----

    void templateLessModelIsNotTheDemo() {
        const auto note = [&] {
            for (QQuickItem* i : app_.items("storyNote"))
                if (i->isVisible()) return i->property("text").toString();
            return QString();
        };
        QTRY_VERIFY(!note().isEmpty()); // the demo's answer of the slot before
        QVERIFY2(note().startsWith(QLatin1String("The demo model")), qPrintable(note()));
        // The same weights under another name: a model the user opened, with no chat template.
        const QString other = QString::fromStdString(test::tmpPath("app_first_minutes_stories.gguf"));
        QFile::remove(other);
        QVERIFY(QFile::copy(demo(), other));
        model()->load(other);
        QTRY_VERIFY_WITH_TIMEOUT(
            model()->state() == ModelManager::State::Ready && model()->modelPath() == other, 30000);
        QVERIFY(!model()->isDemo());
        QCOMPARE(model()->promptMode(), QStringLiteral("continuation"));
        QTRY_COMPARE(
            note(), QStringLiteral("This model has no chat template: it continues your words (in italics)."));
        model()->load(demo());
        QTRY_VERIFY_WITH_TIMEOUT(model()->state() == ModelManager::State::Ready && model()->isDemo(), 30000);
    }

    // ---- the Open dialog starts in the last model's folder, else in a models or downloads folder ----

    void openDialogStartsInTheLastFolder() {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        // Only the demo model so far: not its install folder, and not the working directory.
        QStringList saved = app_.context->settings()->recentModels();
        for (const QString& r : saved) app_.context->settings()->removeRecentModel(r);
        app_.context->settings()->addRecentModel(demo());
        const QUrl first = model()->openFolder();
        QDir(home.path()).mkdir(QStringLiteral("models"));
        const QUrl withModels = model()->openFolder();
        // A model opened from a folder: that folder next time.
        const QString other = QString::fromStdString(test::writeTinyModel({}, "app_first_minutes_open.gguf"));
        app_.context->settings()->addRecentModel(other);
        const QUrl last = model()->openFolder();
        qputenv("HOME", oldHome);
        app_.context->settings()->removeRecentModel(other);
        QCOMPARE(first.toLocalFile(), home.path());
        QCOMPARE(withModels.toLocalFile(), home.path() + QStringLiteral("/models"));
        QCOMPARE(last.toLocalFile(), QFileInfo(other).absolutePath());
        // The dialog is given it.
        QMetaObject::invokeMethod(app_.engine->rootObjects().first(), "openModelDialog");
        QObject* dialog =
            app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("openModelDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->property("currentFolder").toUrl().isValid());
        QMetaObject::invokeMethod(dialog, "close");
    }

    // ---- 1 (last: closes the window): size and place are remembered ----

    void sizeAndPlaceAreRemembered() {
        app_.window->setGeometry(QRect(30, 40, 700, 500));
        QTRY_COMPARE(app_.window->geometry(), QRect(30, 40, 700, 500));
        app_.window->close();
        QTRY_VERIFY(app_.context->settings()->raw().contains(QStringLiteral("window/geometry")));
        app_.engine->load(QUrl(QStringLiteral("qrc:/SmolDesk/Main.qml")));
        auto* again = qobject_cast<QQuickWindow*>(app_.engine->rootObjects().last());
        QVERIFY(again && again != app_.window);
        QVERIFY(QTest::qWaitForWindowExposed(again));
        QCOMPARE(again->geometry(), QRect(30, 40, 700, 500));
    }
};

QTEST_MAIN(TestFirstMinutes)
#include "test_first_minutes.moc"
