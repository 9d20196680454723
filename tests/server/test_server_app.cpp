// The API server inside the app: off by default, switched on and off by the settings, serving the
// model the app has loaded (through the app's own worker), its address to copy, and its request
// log in the diagnostics.
#include "server_fixture.h"

#include "app_context.h"
#include "server_controller.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QClipboard>
#include <QFile>
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
        const QString base = QString::fromStdString(test::tmpPath("server_app"));
        for (const char* suffix : {".ini", ".sqlite", ".marker"}) QFile::remove(base + QLatin1String(suffix));
        AppContext::Options o;
        o.settingsPath = base + QStringLiteral(".ini");
        o.databasePath = base + QStringLiteral(".sqlite");
        o.crashMarkerPath = base + QStringLiteral(".marker");
        AppContext context(o);
        ServerController* server = context.server();
        QVERIFY(!context.settings()->serverEnabled()); // off by default
        QVERIFY(!server->running());
        QVERIFY(context.diagnostics().contains(QLatin1String("API server: off")));

        context.model()->load(QString::fromStdString(test::demoModelPath()));
        QTRY_VERIFY_WITH_TIMEOUT(context.model()->state() == QLatin1String("ready"), 30000);

        QTcpServer probe; // a port that is free now
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const int port = probe.serverPort();
        probe.close();
        context.settings()->setServerPort(port);
        context.settings()->setServerEnabled(true);
        QVERIFY2(server->running(), qPrintable(server->error()));
        QCOMPARE(server->address(), QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
        server->copyAddress();
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
        QCOMPARE(test::runCurl({QStringLiteral("http://127.0.0.1:%1/v1/models").arg(port)}).exitCode,
                 7); // refused
    }
};

QTEST_MAIN(TestServerApp)
#include "test_server_app.moc"
