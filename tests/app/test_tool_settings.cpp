// Settings ▸ Tools: MCP servers added, edited, removed, imported from an mcp.json, turned on and
// off, with their state and tools; "Always allow" granted and revoked; the per-chat choice; all of
// it saved; environment values never in the log. Then the Tools tab of the real dialog, offscreen.
#include "qml_fixture.h"
#include "require_all.h"
#include "tool_servers.h"

#include <QQuickItem>
#include <QSettings>
#include <QtTest>

using smoldesk::app::ToolServers;

namespace {

QString python() {
    return QStringLiteral(SMOLDESK_PYTHON);
}
QString broken() {
    return QStringLiteral(SMOLDESK_MCP_TEST_DIR "/broken_server.py");
}

QStringList logged;
void captureLog(QtMsgType, const QMessageLogContext&, const QString& message) {
    logged << message;
}

int rowOf(const ToolServers& t, const QString& name) {
    for (int r = 0; r < t.rowCount(); ++r)
        if (t.data(t.index(r), ToolServers::NameRole).toString() == name) return r;
    return -1;
}
QVariant role(const ToolServers& t, const QString& name, int role) {
    return t.data(t.index(rowOf(t, name)), role);
}

} // namespace

class TestToolSettings : public QObject {
    Q_OBJECT
    QString ini_ = QStringLiteral(SMOLDESK_TEST_TMP "/tool-settings.ini");

  private slots:
    void init() { QFile::remove(ini_); }

    void importConnectAndPersist() {
        const QByteArray json = QStringLiteral(R"({"mcpServers": {
            "changing": {"command": "%1", "args": ["%2", "listchange"], "env": {"API_TOKEN": "tok-SECRET-123"}},
            "dead": {"command": "%1", "args": ["%2", "exit"]},
            "later": {"command": "%1", "args": ["%2", "listchange"], "disabled": true}}})")
                                    .arg(python(), broken())
                                    .toUtf8();
        logged.clear();
        const auto previous = qInstallMessageHandler(captureLog);
        {
            QSettings settings(ini_, QSettings::IniFormat);
            ToolServers tools(settings);
            QSignalSpy changed(&tools, &ToolServers::toolsChanged);
            QCOMPARE(tools.importConfigText(json),
                     QStringLiteral("Imported 3 servers: changing, dead, later."));
            QCOMPARE(tools.rowCount(), 3);
            QTRY_COMPARE_WITH_TIMEOUT(role(tools, "changing", ToolServers::ToolCountRole).toInt(), 2, 10000);
            QCOMPARE(role(tools, "changing", ToolServers::StatusRole).toString(),
                     QStringLiteral("Connected, 2 tools"));
            QTRY_COMPARE_WITH_TIMEOUT(role(tools, "dead", ToolServers::StateRole).toString(),
                                      QStringLiteral("failed"), 10000);
            QCOMPARE(role(tools, "dead", ToolServers::StatusRole).toString(),
                     QStringLiteral("Failed: The MCP server “dead” exited with code 3: broken_server: cannot "
                                    "open its database"));
            QCOMPARE(role(tools, "later", ToolServers::StatusRole).toString(), QStringLiteral("Off"));
            QCOMPARE(role(tools, "changing", ToolServers::EnvRole).toString(),
                     QStringLiteral("API_TOKEN=tok-SECRET-123"));
            const QVariantList listed = role(tools, "changing", ToolServers::ToolsRole).toList();
            QCOMPARE(listed.size(), 2);
            QCOMPARE(listed[1].toMap().value("description").toString(), QStringLiteral("Added later"));
            QVERIFY(changed.size() > 0);
            QCOMPARE(tools.readyToolCount(), 2);

            // Always allow, then revoke; the tool list shows it.
            tools.setAlwaysAllowed("changing", "first", true);
            QVERIFY(tools.isAlwaysAllowed("changing", "first"));
            QVERIFY(role(tools, "changing", ToolServers::ToolsRole)
                        .toList()[0]
                        .toMap()
                        .value("alwaysAllowed")
                        .toBool());
            tools.setAlwaysAllowed("changing", "second", true);
            tools.setAlwaysAllowed("changing", "second", false);
            QCOMPARE(tools.alwaysAllowed("changing"), QStringList{"first"});

            // Per chat: every enabled server by default; one turned off for one chat only.
            QCOMPARE(tools.chatServers("c1"), (QStringList{"changing", "dead"}));
            tools.setChatUsesServer("c1", "dead", false);
            QCOMPARE(tools.chatServers("c1"), QStringList{"changing"});
            QCOMPARE(tools.chatServers("c2"), (QStringList{"changing", "dead"}));
            tools.setMaxRounds(3);
        }
        qInstallMessageHandler(previous);
        QVERIFY2(logged.join('\n').contains("API_TOKEN"),
                 qPrintable(logged.join('\n'))); // the name is logged
        for (const QString& line : logged)
            QVERIFY2(!line.contains("tok-SECRET-123"), qPrintable(line)); // never the value

        // A restart: the same servers, allowances, choices and cap.
        QSettings settings(ini_, QSettings::IniFormat);
        ToolServers again(settings);
        QCOMPARE(again.rowCount(), 3);
        QVERIFY(!role(again, "later", ToolServers::EnabledRole).toBool());
        QCOMPARE(again.alwaysAllowed("changing"), QStringList{"first"});
        QCOMPARE(again.chatServers("c1"), QStringList{"changing"});
        QCOMPARE(again.maxRounds(), 3);
        QCOMPARE(role(again, "changing", ToolServers::StatusRole).toString(),
                 QStringLiteral("Off")); // not started yet
        again.startAll();
        QTRY_COMPARE_WITH_TIMEOUT(role(again, "changing", ToolServers::ToolCountRole).toInt(), 2, 10000);
    }

    void addEditRemove() {
        QSettings settings(ini_, QSettings::IniFormat);
        ToolServers tools(settings);
        QCOMPARE(tools.maxRounds(), 8);
        QCOMPARE(tools.addServer({{"name", ""}, {"command", "x"}}),
                 QStringLiteral("Give the server a name."));
        QCOMPARE(
            tools.addServer({{"name", "a"}}),
            QStringLiteral("Give the command that starts the server, or choose HTTP and give its address."));
        QCOMPARE(tools.addServer({{"name", "w"}, {"transport", "http"}, {"url", "ftp://x"}}),
                 QStringLiteral("The address must start with http:// or https://."));
        QCOMPARE(tools.addServer({{"name", "a"}, {"command", python()}, {"env", "NOEQUALS"}}),
                 QStringLiteral("Each environment line is NAME=value; “NOEQUALS” is not."));
        QCOMPARE(tools.addServer({{"name", "a"},
                                  {"command", python()},
                                  {"args", broken() + "\nlistchange\n"},
                                  {"env", "K=v=w"}}),
                 QString());
        QCOMPARE(tools.addServer({{"name", "a"}, {"command", "y"}}),
                 QStringLiteral("There is already a server named “a”."));
        QCOMPARE(role(tools, "a", ToolServers::ArgsRole).toString(), broken() + "\nlistchange");
        QCOMPARE(role(tools, "a", ToolServers::EnvRole).toString(), QStringLiteral("K=v=w"));
        QTRY_COMPARE_WITH_TIMEOUT(role(tools, "a", ToolServers::StateRole).toString(),
                                  QStringLiteral("ready"), 10000);
        tools.setAlwaysAllowed("a", "first", true);
        // Renamed to an HTTP server: the allowance follows the name; the client starts again.
        QCOMPARE(tools.updateServer(0, {{"name", "b"},
                                        {"transport", "http"},
                                        {"url", "http://127.0.0.1:9/mcp"},
                                        {"bearer", "xyz"},
                                        {"timeout", 2}}),
                 QString());
        QCOMPARE(tools.alwaysAllowed("b"), QStringList{"first"});
        QVERIFY(tools.alwaysAllowed("a").isEmpty());
        QCOMPARE(role(tools, "b", ToolServers::BearerRole).toString(), QStringLiteral("xyz"));
        QCOMPARE(role(tools, "b", ToolServers::TransportRole).toString(), QStringLiteral("http"));
        QTRY_COMPARE_WITH_TIMEOUT(role(tools, "b", ToolServers::StateRole).toString(),
                                  QStringLiteral("failed"), 10000);
        QVERIFY2(role(tools, "b", ToolServers::StatusRole).toString().contains("cannot be reached"),
                 qPrintable(role(tools, "b", ToolServers::StatusRole).toString()));
        tools.setServerEnabled(0, false);
        QCOMPARE(role(tools, "b", ToolServers::StatusRole).toString(), QStringLiteral("Off"));
        tools.removeServer(0);
        QCOMPARE(tools.rowCount(), 0);
        QVERIFY(tools.alwaysAllowed("b").isEmpty());
        QCOMPARE(tools.importConfigText("{\"mcpServers\": {}}"),
                 QStringLiteral("The MCP configuration has no servers (expected {\"mcpServers\": {…}})."));
    }

    // The Tools tab of the settings dialog shows each server's state and tools, and its switch
    // turns the server off.
    void toolsTab() {
        AppFixture fx;
        QVERIFY(fx.start("tool-settings-tab"));
        auto* tools = fx.context->tools();
        QCOMPARE(
            tools->addServer({{"name", "notes"}, {"command", python()}, {"args", broken() + "\nlistchange"}}),
            QString());
        QMetaObject::invokeMethod(fx.engine->rootObjects().first()->findChild<QObject*>("settingsDialog"),
                                  "open");
        auto* tabs = fx.item("settingsTabs");
        QVERIFY(tabs);
        tabs->setProperty("currentIndex", 4);
        QTRY_VERIFY_WITH_TIMEOUT(fx.item("serverStatus_notes"), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(fx.item("serverStatus_notes")->property("text").toString(),
                                  QStringLiteral("Connected, 2 tools"), 10000);
        auto* toggle = fx.item("serverEnabled_notes");
        QVERIFY(toggle);
        QVERIFY(toggle->property("checked").toBool());
        QMetaObject::invokeMethod(toggle, "toggle");
        QMetaObject::invokeMethod(toggle, "toggled");
        QTRY_COMPARE(fx.item("serverStatus_notes")->property("text").toString(), QStringLiteral("Off"));
        fx.stop();
    }

    // Issue 39, defect 6: Add a tool server's Arguments and Environment have a frame like the
    // other fields, and a long argument wraps inside it (scrolling when there are many) instead
    // of being cut.
    void serverDialogFieldsFramedAndScrolling() {
        AppFixture fx;
        QVERIFY(fx.start("tool-settings-dialog"));
        // Settings ▸ Tools ▸ Add server…, as a user gets there.
        QMetaObject::invokeMethod(fx.engine->rootObjects().first()->findChild<QObject*>("settingsDialog"),
                                  "open");
        fx.item("settingsTabs")->setProperty("currentIndex", 4);
        QQuickItem* add = nullptr;
        QTRY_VERIFY((add = fx.item("addToolServer")) && add->isVisible());
        QMetaObject::invokeMethod(add, "clicked");
        QObject* dialog = fx.engine->rootObjects().first()->findChild<QObject*>("toolServerDialog");
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->property("opened").toBool());
        for (const char* name : {"serverArgs", "serverEnv"}) {
            QQuickItem* field = fx.item(name);
            QVERIFY2(field && field->isVisible(), name);
            auto* frame = field->property("background").value<QQuickItem*>();
            QVERIFY2(frame && frame->isVisible() && frame->width() > 0, name);
            QObject* border = frame->property("border").value<QObject*>();
            QVERIFY2(border && border->property("width").toReal() > 0, name);
            QVERIFY2(border->property("color").value<QColor>() != frame->property("color").value<QColor>(),
                     name);
            // Long: one argument of 300 characters, then 20 lines.
            const QString longArg =
                QStringLiteral("--root=/home/someone/") + QString(QLatin1Char('x')).repeated(280);
            field->setProperty("text", longArg);
            QTest::qWait(50);
            QVERIFY2(field->property("contentWidth").toReal() <= field->width(),
                     qPrintable(QStringLiteral("%1: %2 of %3 wide")
                                    .arg(QLatin1String(name))
                                    .arg(field->property("contentWidth").toReal())
                                    .arg(field->width())));
            QStringList lines;
            for (int i = 0; i < 20; ++i) lines << QStringLiteral("--flag-%1").arg(i);
            field->setProperty("text", lines.join(QLatin1Char('\n')));
            QTest::qWait(50);
            QQuickItem* flick = field->parentItem();
            while (flick && !flick->inherits("QQuickFlickable")) flick = flick->parentItem();
            QVERIFY2(flick, name);
            QVERIFY2(flick->property("contentHeight").toReal() > flick->height(), name);
            QVERIFY2(flick->property("interactive").toBool(), name);
        }
        QMetaObject::invokeMethod(dialog, "close");
        fx.stop();
    }
};

QTEST_MAIN(TestToolSettings)
#include "test_tool_settings.moc"
