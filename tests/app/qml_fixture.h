#pragma once
// Starts the whole app (AppContext + Main.qml) on scratch settings and database, for the QML
// tests and the screenshot tool, and what the chat tests around it share.
#include "app_context.h"
#include "model_source.h"

#include <QDir>
#include <QFile>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(SmolDeskPlugin)

struct AppFixture {
    std::unique_ptr<smoldesk::app::AppContext> context;
    std::unique_ptr<QQmlApplicationEngine> engine;
    QQuickWindow* window = nullptr;

    // modelPath: the model to load (the demo model when empty); fresh: scratch settings and
    // database (false: those of the last start with this tag, as after a restart).
    bool start(const QString& tag, const QString& modelPath = {}, bool fresh = true) {
        QStandardPaths::setTestModeEnabled(true);
        QQuickStyle::setStyle(QStringLiteral("Fusion"));
        const QString base = QStringLiteral(SMOLDESK_TEST_TMP "/") + tag;
        if (fresh) {
            for (const char* suffix : {".ini", ".sqlite", ".sqlite-wal", ".sqlite-shm", ".marker"})
                QFile::remove(base + QLatin1String(suffix));
            QDir(base + QStringLiteral(".states")).removeRecursively(); // saved chat states
        }
        smoldesk::app::AppContext::Options o;
        o.settingsPath = base + QStringLiteral(".ini");
        o.databasePath = base + QStringLiteral(".sqlite");
        o.crashMarkerPath = base + QStringLiteral(".marker");
        context = std::make_unique<smoldesk::app::AppContext>(o);
        smoldesk::app::AppContext::setInstance(context.get());
        engine = std::make_unique<QQmlApplicationEngine>();
        context->start(engine.get(), false);
        context->model()->load(modelPath.isEmpty() ? context->model()->demoModelPath() : modelPath);
        engine->load(QUrl(QStringLiteral("qrc:/SmolDesk/Main.qml")));
        if (engine->rootObjects().isEmpty()) return false;
        window = qobject_cast<QQuickWindow*>(engine->rootObjects().first());
        // The window fits itself into the offscreen platform's 800×800 screen; the tests were
        // written for the size it has on a large one (app_first_minutes tests the placement).
        if (window) window->resize(1180, 760);
        return window != nullptr;
    }
    // start(), the window shown, the model ready within readyMs and answers capped at maxTokens:
    // the chat tests' setup. Its checks fail the test function that calls it.
    void startChat(const QString& tag, const QString& modelPath, bool fresh, int maxTokens,
                   int readyMs = 20000) {
        QVERIFY(start(tag, modelPath, fresh));
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QTRY_COMPARE_WITH_TIMEOUT(context->model()->state(), smoldesk::app::ModelManager::State::Ready,
                                  readyMs);
        context->settings()->setMaxTokens(maxTokens);
    }
    // The prompt tokens the model source counts for `turns` (its tokensCounted answer to request
    // id), or -1 when no answer came within 20 s.
    int countTokens(const QList<smoldesk::app::ChatTurn>& turns, quint64 id) const {
        QSignalSpy counted(context->model()->source(), &smoldesk::app::ModelSource::tokensCounted);
        context->model()->source()->countTokens(id, turns, false, {});
        for (int i = 0; i < 200 && counted.isEmpty(); ++i) counted.wait(100);
        return counted.isEmpty() ? -1 : counted.at(0).at(1).toInt();
    }
    void stop() {
        engine.reset();
        context.reset();
    }
    QQuickItem* item(const char* name) const {
        const QList<QQuickItem*> all = items(name);
        return all.isEmpty() ? nullptr : all.first();
    }
    // Walks the visual tree: delegates are not QObject children of the window.
    QList<QQuickItem*> items(const char* name) const {
        QList<QQuickItem*> out;
        QList<QQuickItem*> todo{window->contentItem()};
        while (!todo.isEmpty()) {
            QQuickItem* i = todo.takeFirst();
            if (i->objectName() == QLatin1String(name)) out << i;
            todo += i->childItems();
        }
        return out;
    }
};
