// The API server inside the app (the whole app with its QML, offscreen): off by default, switched on and off by the settings, serving the
// model the app has loaded (through the app's own worker), its address to copy, and its request
// log in the diagnostics.
#include "server_fixture.h"

#include "app_context.h"
#include "qml_fixture.h"
#include "server_controller.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QJsonArray>
#include <QTcpServer>
#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::app;

class TestServerApp : public QObject {
    Q_OBJECT
  private slots:
    void switchedOnInSettings() {
        AppFixture app;
        QVERIFY(app.start(QStringLiteral("server_app")));
        AppContext& context = *app.context;
        ServerController* server = context.server();
        QVERIFY(!context.settings()->serverEnabled()); // off by default
        QVERIFY(!server->running());
        QVERIFY(context.diagnostics().contains(QLatin1String("API server: off")));
        QQuickItem* indicator = app.item("serverIndicator");
        QVERIFY(indicator);
        QVERIFY(!indicator->isVisible());

        QTRY_VERIFY_WITH_TIMEOUT(context.model()->state() == ModelManager::State::Ready, 30000);

        QTcpServer probe; // a port that is free now
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const int port = probe.serverPort();
        probe.close();
        context.settings()->setServerPort(port);
        context.settings()->setServerEnabled(true);
        QVERIFY2(server->running(), qPrintable(server->error()));
        QCOMPARE(server->address(), QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
        // The status bar shows the address; a click copies it.
        QTRY_VERIFY(indicator->isVisible());
        QVERIFY(indicator->property("text").toString().contains(server->address()));
        QGuiApplication::clipboard()->clear();
        QVERIFY(QMetaObject::invokeMethod(indicator, "clicked"));
        QCOMPARE(QGuiApplication::clipboard()->text(), server->address());

        const test::HttpResult models = test::runCurl({server->address() + "/models"});
        QCOMPARE(models.status, 200);
        QCOMPARE(models.json().value("data").toArray().at(0).toObject().value("id").toString(),
                 QStringLiteral("stories260K"));
        const test::HttpResult answer =
            test::runCurl({"-H", "Content-Type: application/json", "--data-binary",
                           R"({"messages":[{"role":"user","content":"Once upon a time"}],"max_tokens":8})",
                           server->address() + "/chat/completions"});
        QCOMPARE(answer.status, 200);
        QTRY_COMPARE(server->log().size(), 2);
        QVERIFY(server->log().at(1).contains(QLatin1String("POST /v1/chat/completions 200")));
        const QString diagnostics = context.diagnostics();
        QVERIFY2(diagnostics.contains(QStringLiteral("API server: %1").arg(server->address())),
                 qPrintable(diagnostics));
        QVERIFY(diagnostics.contains(QLatin1String("API request: ")));

        context.settings()->setServerEnabled(false);
        QVERIFY(!server->running());
        QTRY_VERIFY(!indicator->isVisible());
        QCOMPARE(test::runCurl({QStringLiteral("http://127.0.0.1:%1/v1/models").arg(port)}).exitCode,
                 7); // refused
    }
};

QTEST_MAIN(TestServerApp)
#include "test_server_app.moc"
