// One answer's tool calls (ToolTurn): names offered to the model, consent before anything runs
// (Allow once, Always allow, Deny), Stop, unknown tools, the tool messages fed back and the round
// cap, on the scripted servers of tests/mcp and the official everything server.
#include "require_all.h"
#include "test_data.h"
#include "tool_servers.h"
#include "tool_turn.h"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using smoldesk::app::ToolServers;
using smoldesk::app::ToolTurn;
using State = ToolTurn::CardState;

namespace {

smoldesk::chat::ToolCall call(const char* name, const char* args = "{}") {
    return {{}, name, args};
}

QString everythingServer() {
    return QString::fromStdString(
        smoldesk::test::npmPackageFile("@modelcontextprotocol/server-everything/dist/index.js"));
}

} // namespace

class TestToolTurn : public QObject {
    Q_OBJECT
    QString ini_ = QStringLiteral(SMOLDESK_TEST_TMP "/tool-turn.ini");
    std::unique_ptr<QSettings> settings_;
    std::unique_ptr<ToolServers> servers_;

    void addScripted(const QString& name) {
        QCOMPARE(servers_->addServer(
                     {{"name", name},
                      {"command", SMOLDESK_PYTHON},
                      {"args", QStringLiteral(SMOLDESK_MCP_TEST_DIR "/broken_server.py\nlistchange")}}),
                 QString());
    }

  private slots:
    void init() {
        QFile::remove(ini_);
        settings_ = std::make_unique<QSettings>(ini_, QSettings::IniFormat);
        servers_ = std::make_unique<ToolServers>(*settings_);
        addScripted("notes");
        QTRY_COMPARE_WITH_TIMEOUT(servers_->readyToolCount(), 2, 10000);
    }
    void cleanup() {
        servers_.reset();
        settings_.reset();
    }

    void namesAreUniqueAcrossServers() {
        addScripted("more");
        QTRY_COMPARE_WITH_TIMEOUT(servers_->readyToolCount(), 4, 10000);
        ToolTurn both(servers_.get(), {"notes", "more"}, 8);
        QStringList names;
        for (const auto& o : both.offered()) names << o.name;
        QCOMPARE(names, (QStringList{"notes_first", "notes_second", "more_first", "more_second"}));
        QCOMPARE(both.find("more_second")->tool, QStringLiteral("second"));
        ToolTurn one(servers_.get(), {"notes"}, 8); // the chat turned "more" off
        QCOMPARE(one.offered().size(), size_t(2));
        QCOMPARE(one.offered()[0].name, QStringLiteral("first"));
        QCOMPARE(one.offered()[1].description, QStringLiteral("Added later"));
    }

    void nothingRunsBeforeConsent() {
        ToolTurn turn(servers_.get(), {"notes"}, 8);
        QSignalSpy finished(&turn, &ToolTurn::roundFinished);
        QVERIFY(turn.beginRound({call("first", R"({"path": "a"})"), call("nope")}));
        QCOMPARE(turn.cards()[0].state, State::Waiting);
        QCOMPARE(turn.cards()[0].server, QStringLiteral("notes"));
        QCOMPARE(turn.cards()[0].argumentsJson, QStringLiteral("{\n    \"path\": \"a\"\n}"));
        QCOMPARE(turn.cards()[1].state, State::Failed);
        QCOMPARE(turn.cards()[1].resultText, QStringLiteral("There is no tool named “nope” in this chat."));
        QTest::qWait(300);
        QCOMPARE(turn.cards()[0].state, State::Waiting); // still asking
        QCOMPARE(finished.size(), 0);
        turn.allowOnce(0);
        QCOMPARE(turn.cards()[0].state, State::Running);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QCOMPARE(turn.cards()[0].state, State::Done);
        QCOMPARE(turn.toolMessages(),
                 (QVariantList{QVariantMap{{"name", "first"}, {"content", "ok"}},
                               QVariantMap{{"name", "nope"},
                                           {"content", "There is no tool named “nope” in this chat."}}}));
        QVERIFY(!servers_->isAlwaysAllowed("notes", "first")); // once only
    }

    void denyAndAlwaysAllow() {
        ToolTurn turn(servers_.get(), {"notes"}, 8);
        QSignalSpy finished(&turn, &ToolTurn::roundFinished);
        QVERIFY(turn.beginRound({call("first")}));
        turn.deny(0);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(turn.cards()[0].state, State::Denied);
        QCOMPARE(turn.toolMessages()[0].toMap().value("content").toString(),
                 QStringLiteral("The user denied this call of first."));
        // Always allow: runs now, and the next call of the same tool runs without asking.
        QVERIFY(turn.beginRound({call("first")}));
        turn.allowAlways(0);
        QVERIFY(servers_->isAlwaysAllowed("notes", "first"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 5000);
        QVERIFY(turn.beginRound({call("first"), call("second")}));
        QCOMPARE(turn.cards()[0].state, State::Running);
        QCOMPARE(turn.cards()[1].state, State::Waiting); // another tool still asks
        // Revoked in Settings ▸ Tools: asks again.
        servers_->setAlwaysAllowed("notes", "first", false);
        ToolTurn next(servers_.get(), {"notes"}, 8);
        QVERIFY(next.beginRound({call("first")}));
        QCOMPARE(next.cards()[0].state, State::Waiting);
    }

    void roundCap() {
        ToolTurn turn(servers_.get(), {"notes"}, 2);
        QVERIFY(turn.beginRound({call("nope")}));
        QVERIFY(turn.beginRound({call("nope")}));
        QVERIFY(!turn.beginRound({call("nope")}));
        QCOMPARE(turn.roundLimitSentence(),
                 QStringLiteral("The model asked for more tools after 2 rounds, the limit set in Settings ▸ "
                                "Tools; it was stopped."));
    }

    void stopCancelsARunningCall() {
        const QString script = everythingServer();
        if (script.isEmpty())
            SMOLDESK_SKIP_OR_FAIL(
                "@modelcontextprotocol/server-everything is not installed (packaging/install-deps.sh).");
        const QString node = QStandardPaths::findExecutable("node");
        QCOMPARE(servers_->addServer({{"name", "everything"}, {"command", node}, {"args", script}}),
                 QString());
        QTRY_VERIFY_WITH_TIMEOUT(servers_->readyToolCount() > 10, 20000);
        ToolTurn turn(servers_.get(), {"everything"}, 8);
        QSignalSpy finished(&turn, &ToolTurn::roundFinished);
        QVERIFY(turn.beginRound({call("trigger-long-running-operation", R"({"duration": 30, "steps": 3})"),
                                 call("get-tiny-image")}));
        turn.allowOnce(0);
        turn.allowOnce(1);
        QTRY_COMPARE_WITH_TIMEOUT(turn.cards()[1].state, State::Done, 5000);
        QCOMPARE(turn.cards()[1].result.images(), 1);
        QCOMPARE(turn.cards()[0].state, State::Running);
        turn.stop(0);
        QCOMPARE(turn.cards()[0].state, State::Stopped);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(turn.toolMessages()[0].toMap().value("content").toString(),
                 QStringLiteral("The user stopped this call."));
    }

    void longResultsAreCut() {
        smoldesk::mcp::McpToolResult r;
        r.content.append({smoldesk::mcp::McpContent::Type::Text, QString(20000, 'x'), {}, {}, {}});
        const QString text = smoldesk::app::toolResultForModel(r, 16384);
        QVERIFY(text.startsWith(QString(16384, 'x') + "\n[… 3616 more characters not shown]"));
    }
};

QTEST_GUILESS_MAIN(TestToolTurn)
#include "test_tool_turn.moc"
