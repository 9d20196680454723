// The QML UI offscreen: streamed text from the demo model appears in the view, the thinking
// toggle (only with a template that can think), the device picker and the GPU fallback reason,
// the model dialog, runtime language switching.
#include "qml_fixture.h"

#include "require_all.h"
#include "runtime/session.h"
#include "test_data.h"
#include "tiny_model.h"
#include "worker/model_worker.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QPalette>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <cstdlib>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {
constexpr qint64 kMaxStallMs = 3000;

bool waitFor(QSignalSpy& spy, int ms, int atLeast = 1) {
    return QTest::qWaitFor([&] { return spy.count() >= atLeast; }, ms);
}
} // namespace

class TestQml : public QObject {
    Q_OBJECT
    AppFixture app_;

    bool loadAndWait(const QString& path) {
        app_.context->model()->load(path);
        return QTest::qWaitFor(
            [&] {
                ModelManager* m = app_.context->model();
                return m->state() == ModelManager::State::Ready &&
                       m->modelPath() == QFileInfo(path).absoluteFilePath();
            },
            60000);
    }
    // A tooltip popup item on screen showing `text`.
    QQuickItem* visibleToolTip(const QString& text) const {
        QList<QQuickItem*> todo{app_.window->contentItem()};
        while (!todo.isEmpty()) {
            QQuickItem* i = todo.takeFirst();
            if (i->isVisible() && i->inherits("QQuickText") && i->property("text").toString() == text &&
                i->parentItem() && i->parentItem()->inherits("QQuickPopupItem"))
                return i;
            todo += i->childItems();
        }
        return nullptr;
    }
    QObject* settingsDialog() const {
        return app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("settingsDialog"));
    }

    QString answerText() const {
        QString all;
        for (QQuickItem* t : app_.items("messageText")) all += t->property("text").toString();
        return all;
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_qml")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
    }
    void cleanupTestCase() { app_.stop(); }

    void welcomeViewWhenEmpty() {
        QCOMPARE(app_.context->chat()->messages()->count(), 0);
        QVERIFY(app_.context->model()->isDemo());
    }

    void sendAndStream() {
        ChatController* chat = app_.context->chat();
        // The demo tells a story until the length limit: long enough to be seen streaming, short
        // enough for a busy machine (the CPU backend runs it at thousands of tokens per second).
        app_.context->settings()->setMaxTokens(400);
        QQuickItem* input = app_.item("promptInput");
        QVERIFY(input);
        input->setProperty("text", QStringLiteral("Once upon a time"));
        input->forceActiveFocus();
        QSignalSpy generating(chat, &ChatController::generatingChanged);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QTest::keyClick(app_.window, Qt::Key_Return);
        // keyClick runs the event loop, so a fast answer may already be complete here.
        QVERIFY2(!generating.isEmpty(), "Return did not start an answer");
        if (chat->generating())
            QCOMPARE(app_.item("sendButton")->property("text").toString(), QStringLiteral("Stop"));
        QVERIFY(waitFor(done, 30000));
        QVERIFY(!chat->generating());
        QCOMPARE(chat->messages()->count(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(!answerText().trimmed().isEmpty(), 5000);
        // The Markdown view re-wraps the text; compare the words. The demo model continues the
        // prompt: the answer is shown after it, in italics, as one story (issue 24).
        QCOMPARE(answerText().simplified(),
                 (QStringLiteral("*Once upon a time*") + chat->messages()->at(1).content).simplified());
        QVERIFY(input->property("text").toString().isEmpty());
        QVERIFY(chat->contextUsed() > 0);
        QCOMPARE(chat->currentTitle(), QStringLiteral("Once upon a time"));
        QCOMPARE(chat->conversations()->rowCount(), 1);
    }

    void escStops() {
        ChatController* chat = app_.context->chat();
        app_.context->settings()->setMaxTokens(100000);
        // The demo model fills its context within a fraction of a second; slowed to a few
        // milliseconds a token on the worker thread, the answer still runs when Esc arrives, so
        // only Esc can end it with "stopped".
        auto slow = connect(
            app_.context->model()->worker(), &ModelWorker::delta, this,
            [](quint64, const QString&, const QString&, int) { QThread::msleep(5); }, Qt::DirectConnection);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("The little dog")));
        QVERIFY2(chat->generating() && done.isEmpty(), "the answer ended before Esc was pressed");
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QVERIFY(waitFor(done, 30000));
        disconnect(slow);
        QCOMPARE(done.at(0).at(0).toString(), QStringLiteral("stopped"));
        QVERIFY(
            chat->messages()->at(chat->messages()->count() - 1).statsText.contains(QLatin1String("stopped")));
        app_.context->settings()->resetModelSettings();
    }

    // The longest gap between GUI event-loop turns while a model loads and answers stays under a
    // bound far above normal stalls (the number is also reported).
    void eventLoopStallWhileLoadingAndGenerating() {
        QElapsedTimer clock;
        qint64 last = 0, longest = 0;
        QTimer tick;
        tick.setInterval(1);
        connect(&tick, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            longest = std::max(longest, now - last);
            last = now;
        });
        clock.start();
        tick.start();
        QVERIFY(loadAndWait(QString::fromStdString(test::dataPath("models/smollm3-tiny.gguf"))));
        const qint64 loadStall = longest;
        ChatController* chat = app_.context->chat();
        app_.context->settings()->setMaxTokens(200);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("Tell me a long story.")));
        QVERIFY(waitFor(done, 60000));
        tick.stop();
        qInfo("longest GUI event-loop stall: %lld ms while loading smollm3-tiny, %lld ms overall with 200 "
              "streamed tokens",
              static_cast<long long>(loadStall), static_cast<long long>(longest));
        // Generous for shared, loaded machines (the GUI typically stalls for tens of ms); a GUI
        // thread that waited on the engine would stall for the whole load or answer.
        QVERIFY2(longest < kMaxStallMs,
                 qPrintable(QStringLiteral("the GUI event loop stalled for %1 ms").arg(longest)));
        QVERIFY(chat->messages()->count() >= 2);
        app_.context->settings()->resetModelSettings();
        QVERIFY(loadAndWait(app_.context->model()->demoModelPath()));
    }

    void thinkingToggleFollowsTheTemplate() {
        ChatController* chat = app_.context->chat();
        QQuickItem* toggle = app_.item("thinkingToggle");
        QVERIFY(toggle);
        // The demo model has no chat template (ChatML is used): no thinking, and the tooltip says why.
        QVERIFY(!app_.context->model()->supportsThinking());
        QVERIFY(!toggle->isEnabled());
        QVERIFY(!toggle->property("checked").toBool());
        const QString hint = toggle->property("hint").toString();
        QVERIFY2(hint.contains(QLatin1String("no thinking mode")), qPrintable(hint));
        QVERIFY2(hint.contains(app_.context->model()->modelName()), qPrintable(hint));
        const QPointF centre = toggle->mapToScene(QPointF(toggle->width() / 2, toggle->height() / 2));
        const bool before = chat->thinkingEnabled();
        QTest::mouseClick(app_.window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
        QTest::qWait(50);
        QCOMPARE(chat->thinkingEnabled(), before);
        // Hovering the disabled toggle still shows the reason.
        QTest::mouseMove(app_.window, centre.toPoint() + QPoint(1, 1));
        QQuickItem* tip = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tip = visibleToolTip(hint)) != nullptr, 3000);
        QTest::mouseMove(app_.window, QPoint(5, 5));

        // A SmolLM3-style template (enable_thinking) turns the toggle on.
        test::TinyModelSpec spec;
        const std::string tmpl =
            test::readText(test::dataPath("jinja/templates/HuggingFaceTB-SmolLM3-3B.jinja"));
        spec.edit = [&](gguf::Writer& w) {
            w.set("tokenizer.chat_template", gguf::WriteValue::string(tmpl));
        };
        const QString thinker =
            QString::fromStdString(test::writeTinyModel(spec, "app_qml_smollm3_template.gguf"));
        QVERIFY(loadAndWait(thinker));
        QVERIFY(app_.context->model()->supportsThinking());
        QTRY_VERIFY(toggle->isEnabled());
        QVERIFY(toggle->property("hint").toString().contains(QLatin1String("think before it answers")));
        QCOMPARE(toggle->property("checked").toBool(), before);
        QTest::mouseClick(app_.window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
        QTRY_COMPARE(chat->thinkingEnabled(), !before);
        QCOMPARE(toggle->property("checked").toBool(), !before);
        // Stored per conversation.
        QCOMPARE(chat->conversations()->find(chat->currentId())->thinking, !before);

        // Back to the demo model: off again, the conversation keeps its choice.
        QVERIFY(loadAndWait(app_.context->model()->demoModelPath()));
        QTRY_VERIFY(!toggle->isEnabled());
        QVERIFY(!toggle->property("checked").toBool());
        QCOMPARE(chat->thinkingEnabled(), !before);
    }

    // Settings offer Auto, CPU and every Vulkan device; choosing the CPU-type one (llvmpipe) runs
    // the model on Vulkan, Auto leaves it alone and the status bar says why.
    void devicePicker() {
        ModelManager* model = app_.context->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->devicesListed(), 20000);
        std::string whyNoDevice;
        const std::vector<runtime::GpuDevice> devices = runtime::listGpuDevices(&whyNoDevice);
        QCOMPARE(model->devices().size(), qsizetype(devices.size()));
        QObject* dialog = settingsDialog();
        QVERIFY(dialog);
        const QVariantList choices = dialog->property("deviceChoices").toList();
        QCOMPARE(choices.size(), qsizetype(devices.size()) + 2);
        QCOMPARE(choices.at(0).toMap().value("code").toString(), QStringLiteral("auto"));
        QCOMPARE(choices.at(1).toMap().value("code").toString(), QStringLiteral("cpu"));
        const runtime::GpuDevice* cpuType = nullptr;
        for (size_t i = 0; i < devices.size(); ++i) {
            const QVariantMap c = choices.at(qsizetype(i) + 2).toMap();
            QCOMPARE(c.value("code").toString(), QStringLiteral("gpu:%1").arg(devices[i].index));
            QVERIFY(c.value("name").toString().startsWith(QString::fromStdString(devices[i].name)));
            QCOMPARE(c.value("enabled").toBool(), devices[i].usable);
            if (devices[i].type == "cpu" && devices[i].usable) {
                QVERIFY2(c.value("name").toString().contains(QLatin1String("slower than the CPU backend")),
                         qPrintable(c.value("name").toString()));
                cpuType = &devices[i];
            }
        }
        if (devices.empty())
            SMOLDESK_SKIP_OR_FAIL(("no Vulkan device on this machine: " + whyNoDevice).c_str());

        bool realGpu = false;
        for (const auto& d : devices) realGpu = realGpu || (d.usable && d.type != "cpu" && d.type != "other");
        const char* env = std::getenv("SMOLDESK_VK_DEVICE");
        QQuickItem* fallback = app_.item("fallbackLabel");
        QVERIFY(fallback);
        if (!realGpu && !(env && *env)) {
            // Auto (the demo model is loaded that way): CPU, with the engine's reason in the status bar.
            QVERIFY(!model->device().endsWith(QLatin1String("(Vulkan)")));
            QVERIFY(!model->fallbackReason().isEmpty());
            QTRY_VERIFY(fallback->isVisible());
            QCOMPARE(fallback->property("reason").toString(), model->fallbackReason());
            // Issue 39, defect 5: the reason was cut to the bar's width at both sizes. The bar now
            // says "GPU not used…" whole, and a click shows the reason in the model panel.
            const QSize before = app_.window->size();
            for (const QSize size : {QSize(800, 600), QSize(1366, 768)}) {
                app_.window->resize(size);
                QTRY_COMPARE(app_.window->size(), size);
                QTest::qWait(50);
                QVERIFY2(fallback->width() + 0.5 >= fallback->implicitWidth(),
                         qPrintable(QStringLiteral("%1 of %2 px at %3 px")
                                        .arg(fallback->width())
                                        .arg(fallback->implicitWidth())
                                        .arg(size.width())));
            }
            app_.window->resize(800, 600); // the panel is hidden at this width
            QTRY_VERIFY(!app_.window->property("modelPanelVisible").toBool());
            QMetaObject::invokeMethod(fallback, "clicked");
            QTRY_VERIFY(app_.window->property("modelPanelVisible").toBool());
            app_.window->resize(before);
        }
        // Choosing a device by hand: the CPU-type one (lavapipe on CI), else any usable one.
        const runtime::GpuDevice* pick = cpuType;
        for (const auto& d : devices)
            if (!pick && d.usable) pick = &d;
        if (!pick) SMOLDESK_SKIP_OR_FAIL("no usable Vulkan device on this machine to choose in the picker");
        app_.context->settings()->setDevice(QStringLiteral("gpu:%1").arg(pick->index));
        QTRY_COMPARE(
            dialog->findChild<QObject*>(QStringLiteral("deviceChoice"))->property("currentValue").toString(),
            app_.context->settings()->device());
        model->reload();
        QTRY_COMPARE_WITH_TIMEOUT(model->state(), ModelManager::State::Loading, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(model->state(), ModelManager::State::Ready, 60000);
        QVERIFY2(model->device().endsWith(QLatin1String("(Vulkan)")), qPrintable(model->device()));
        QVERIFY(model->fallbackReason().isEmpty());
        QTRY_VERIFY(!fallback->isVisible());
        QVERIFY(
            app_.item("deviceDetailLabel")->property("text").toString().contains(QLatin1String("(Vulkan)")));

        app_.context->settings()->setDevice(QStringLiteral("auto"));
        model->reload();
        QTRY_COMPARE_WITH_TIMEOUT(model->state(), ModelManager::State::Loading, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(model->state(), ModelManager::State::Ready, 60000);
    }

    void openModelDialog() {
        QObject* root = app_.engine->rootObjects().first();
        QObject* dialog = root->findChild<QObject*>(QStringLiteral("openModelDialog"));
        QVERIFY(dialog);
        QVERIFY(!dialog->property("visible").toBool());
        QTest::keyClick(app_.window, Qt::Key_O, Qt::ControlModifier);
        QTRY_VERIFY(dialog->property("visible").toBool());
        QMetaObject::invokeMethod(dialog, "reject");
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    void switchLanguageAtRuntime() {
        QQuickItem* send = app_.item("sendButton");
        app_.context->settings()->setLanguage(QStringLiteral("de"));
        QTRY_COMPARE(send->property("text").toString(), QStringLiteral("Senden"));
        app_.context->settings()->setLanguage(QStringLiteral("fr"));
        QTRY_COMPARE(send->property("text").toString(), QStringLiteral("Envoyer"));
        // Words that stand for a value follow too (they stayed English before).
        QObject* threads = settingsDialog()->findChild<QObject*>(QStringLiteral("threadsSpin"));
        QVERIFY(threads);
        QTRY_COMPARE(threads->property("displayText").toString(), QStringLiteral("Automatique"));
        const QVariantList languages = app_.context->language()->available();
        QCOMPARE(languages.first().toMap().value("name").toString(), QStringLiteral("Langue du système"));
        app_.context->settings()->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(send->property("text").toString(), QStringLiteral("Send"));
    }

    // Partial offload: Settings ▸ GPU layers, Automatic (-1) unless a number is chosen, per model.
    void gpuLayersSetting() {
        QObject* spin = settingsDialog()->findChild<QObject*>(QStringLiteral("gpuLayersSpin"));
        QVERIFY(spin);
        QCOMPARE(spin->property("value").toInt(), app_.context->settings()->gpuLayers());
        QCOMPARE(app_.context->settings()->gpuLayersFor(QStringLiteral("/nowhere/other.gguf")), -1);
        app_.context->settings()->setGpuLayers(12);
        QTRY_COMPARE(spin->property("value").toInt(), 12);
        QCOMPARE(spin->property("displayText").toString(), QStringLiteral("12"));
        app_.context->settings()->setGpuLayers(-1);
        QTRY_COMPARE(spin->property("displayText").toString(), QStringLiteral("Automatic"));
    }

    // Issue 39 (what peers have): an in-app Light / Dark / Like the system switch. The choice in
    // Settings recolours the window at once, and "Like the system" brings back the palette the
    // app started with.
    void appearanceSwitch() {
        const auto statusBarShade = [this] {
            QTest::qWait(50);
            const QImage shot = app_.window->grabWindow();
            return shot.pixelColor(4, shot.height() - 4).lightness();
        };
        const QColor startWindow = QGuiApplication::palette().color(QPalette::Window);
        const int startShade = statusBarShade();
        QObject* choice = settingsDialog()->findChild<QObject*>(QStringLiteral("appearanceChoice"));
        QVERIFY(choice);
        QCOMPARE(choice->property("currentValue").toString(), QStringLiteral("system"));
        const auto choose = [choice](int index) {
            choice->setProperty("currentIndex", index);
            QMetaObject::invokeMethod(choice, "activated", Q_ARG(int, index));
        };
        choose(2);
        QCOMPARE(app_.context->settings()->appearance(), QStringLiteral("dark"));
        QVERIFY(QGuiApplication::palette().color(QPalette::Window).lightness() < 60);
        QTRY_VERIFY(statusBarShade() < 80);
        choose(1);
        QCOMPARE(app_.context->settings()->appearance(), QStringLiteral("light"));
        QTRY_VERIFY(statusBarShade() > 200);
        choose(0);
        QCOMPARE(app_.context->settings()->appearance(), QStringLiteral("system"));
        QCOMPARE(QGuiApplication::palette().color(QPalette::Window), startWindow);
        QTRY_COMPARE(statusBarShade(), startShade);
    }

    // Issue 39, defect 15: Settings had ~6 px between its frame and its rows.
    void settingsHaveRoomAtTheirEdges() {
        QObject* dialog = settingsDialog();
        QMetaObject::invokeMethod(dialog, "open");
        QTRY_VERIFY(dialog->property("opened").toBool());
        QQuickItem* tabs = dialog->findChild<QQuickItem*>(QStringLiteral("settingsTabs"));
        QVERIFY(tabs);
        const QPointF topLeft = tabs->mapToScene(QPointF(0, 0));
        const qreal left = topLeft.x() - dialog->property("x").toReal();
        const qreal right = dialog->property("x").toReal() + dialog->property("width").toReal() -
                            (topLeft.x() + tabs->width());
        QMetaObject::invokeMethod(dialog, "close");
        QVERIFY2(left >= 12 && right >= 12,
                 qPrintable(QStringLiteral("%1 px left, %2 px right").arg(left).arg(right)));
    }

    // Issue 39 (what peers have): a curated catalogue with a "fits this computer" verdict, from
    // the welcome view's More models… (and File ▸ Download a model…).
    void catalogueDialog() {
        app_.context->chat()->newConversation();
        QObject* dialog =
            app_.engine->rootObjects().first()->findChild<QObject*>(QStringLiteral("catalogueDialog"));
        QVERIFY(dialog);
        QQuickItem* more = nullptr;
        QTRY_VERIFY((more = app_.item("moreModelsButton")) != nullptr && more->isVisible());
        QMetaObject::invokeMethod(more, "clicked");
        QTRY_VERIFY(dialog->property("opened").toBool());
        QQuickItem* list = dialog->findChild<QQuickItem*>(QStringLiteral("catalogueList"));
        QVERIFY(list);
        QTRY_VERIFY(list->property("count").toInt() >= 10);
        const QList<QQuickItem*> verdicts = app_.items("catalogueVerdict");
        QVERIFY(!verdicts.isEmpty());
        const QString first = verdicts.first()->property("text").toString();
        // "1.9 GB · Fits this computer" on this machine (tens of GB free).
        QVERIFY2(first.contains(QLatin1String("GB")) &&
                     first.endsWith(QStringLiteral(" · Fits this computer")),
                 qPrintable(first));
        QQuickItem* action = app_.item("catalogueAction_smollm3-3b-q4_k_m");
        QVERIFY(action);
        QCOMPARE(action->property("text").toString(), QStringLiteral("Download"));
        QMetaObject::invokeMethod(dialog, "close");
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    // Disabled buttons looked enabled under Xvfb, whose palette has the same text colour in
    // both groups: the window's disabled text differs from its enabled text whatever the system gives.
    void disabledTextLooksDisabled() {
        const QPalette before = QGuiApplication::palette();
        QPalette flat = before;
        for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
            flat.setColor(QPalette::Disabled, role, flat.color(QPalette::Active, role));
        QGuiApplication::setPalette(flat);
        QObject* palette = app_.window->property("palette").value<QObject*>();
        QVERIFY(palette);
        const auto colour = [palette](const char* group, const char* role) {
            return palette->property(group).value<QObject*>()->property(role).value<QColor>();
        };
        QTRY_COMPARE(colour("active", "buttonText"), flat.color(QPalette::Active, QPalette::ButtonText));
        for (const char* role : {"buttonText", "windowText", "text"})
            QVERIFY2(colour("disabled", role) != colour("active", role), role);
        QGuiApplication::setPalette(before);
    }

    void newChatShortcut() {
        QTest::keyClick(app_.window, Qt::Key_N, Qt::ControlModifier);
        QTRY_COMPARE(app_.context->chat()->messages()->count(), 0);
        QCOMPARE(app_.context->chat()->currentId(), 0);
    }
};

QTEST_MAIN(TestQml)
#include "test_qml.moc"
