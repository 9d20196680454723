// kill -9 in the middle of an answer: the partial answer was written while it streamed, the
// database is intact, and the next start shows the answer marked as interrupted with
// Regenerate available. The app's own controller and store run in smoldesk_kill_harness.
#include "app_context.h"
#include "message_list_model.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

#include <csignal>
#include <memory>

#include <sys/types.h>

using namespace smoldesk::app;

namespace {
const QString kBase = QStringLiteral(SMOLDESK_TEST_TMP "/app_kill_recovery");

struct AnswerRow {
    QString content;
    int state = -1;
};

// The assistant row as another process sees the database, or state -1 when there is none yet.
AnswerRow readAnswer(const QString& connection) {
    AnswerRow row;
    QSqlQuery q(QSqlDatabase::database(connection));
    if (q.exec(QStringLiteral("SELECT content, state FROM messages WHERE role = 'assistant'")) && q.next()) {
        row.content = q.value(0).toString();
        row.state = q.value(1).toInt();
    }
    return row;
}
} // namespace

class TestKillRecovery : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        for (const char* suffix : {".ini", ".sqlite", ".sqlite-wal", ".sqlite-shm", ".marker"})
            QFile::remove(kBase + QLatin1String(suffix));
    }

    void partialAnswerSurvivesSigkill() {
        QProcess harness;
        harness.setProcessChannelMode(QProcess::ForwardedChannels);
        harness.start(QStringLiteral(SMOLDESK_KILL_HARNESS), {kBase});
        QVERIFY2(harness.waitForStarted(10000), qPrintable(harness.errorString()));

        // Wait until the answer has text in the database while it still streams, then kill.
        AnswerRow seen;
        {
            QSqlDatabase probe =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("probe"));
            probe.setDatabaseName(kBase + QStringLiteral(".sqlite"));
            probe.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=1000"));
            const bool streaming = QTest::qWaitFor(
                [&] {
                    if (harness.state() != QProcess::Running) return false;
                    if (!probe.isOpen() && (!QFile::exists(probe.databaseName()) || !probe.open()))
                        return false;
                    seen = readAnswer(QStringLiteral("probe"));
                    return seen.state == int(MessageState::Streaming) && !seen.content.isEmpty();
                },
                30000);
            QVERIFY2(streaming,
                     qPrintable(QStringLiteral("no partial answer was written while streaming "
                                               "(harness %1, exit code %2)")
                                    .arg(harness.state() == QProcess::Running ? "running" : "ended")
                                    .arg(harness.exitCode())));
            probe.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("probe"));
        QCOMPARE(::kill(static_cast<pid_t>(harness.processId()), SIGKILL), 0);
        QVERIFY(harness.waitForFinished(10000));
        QCOMPARE(harness.exitStatus(), QProcess::CrashExit);

        // The database is intact and holds at least what was seen before the kill.
        QString stored;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
            db.setDatabaseName(kBase + QStringLiteral(".sqlite"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
            const AnswerRow after = readAnswer(QStringLiteral("check"));
            QVERIFY2(after.content.startsWith(seen.content), qPrintable(after.content));
            stored = after.content;
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("check"));

        // The next start: the answer is shown, marked interrupted, and can be regenerated.
        AppContext::Options o;
        o.settingsPath = kBase + QStringLiteral(".ini");
        o.databasePath = kBase + QStringLiteral(".sqlite");
        o.crashMarkerPath = kBase + QStringLiteral(".marker");
        auto context = std::make_unique<AppContext>(o);
        ChatController* chat = context->chat();
        QSignalSpy ready(chat, &ChatController::messagesReady);
        QVERIFY(QTest::qWaitFor([&] { return ready.count() > 0; }, 10000));
        MessageListModel* messages = chat->messages();
        QCOMPARE(messages->count(), 2);
        QCOMPARE(messages->at(0).role, QStringLiteral("user"));
        QCOMPARE(messages->at(0).content, QStringLiteral("Once upon a time"));
        QCOMPARE(messages->at(1).role, QStringLiteral("assistant"));
        QCOMPARE(messages->at(1).content, stored);
        QVERIFY(messages->data(messages->index(1), MessageListModel::InterruptedRole).toBool());
        QVERIFY(!messages->data(messages->index(1), MessageListModel::StreamingRole).toBool());
        QVERIFY(!chat->canRegenerate()); // no model yet
        QSignalSpy canRegenerate(chat, &ChatController::canRegenerateChanged);
        context->model()->load(context->model()->demoModelPath());
        QTRY_COMPARE_WITH_TIMEOUT(context->model()->state(), ModelManager::State::Ready, 30000);
        QVERIFY(chat->canRegenerate());
        QVERIFY(!canRegenerate.isEmpty());

        // Regenerate shows a complete answer, stored as complete; the interrupted one stays as
        // its alternative (‹ 1/2 ›).
        context->settings()->setMaxTokens(20);
        QSignalSpy done(chat, &ChatController::generationFinished);
        chat->regenerate();
        QVERIFY(QTest::qWaitFor([&] { return done.count() > 0; }, 30000));
        QCOMPARE(messages->count(), 2);
        QVERIFY(!messages->data(messages->index(1), MessageListModel::InterruptedRole).toBool());
        QCOMPARE(messages->at(1).state, MessageState::Complete);
        QCOMPARE(messages->data(messages->index(1), MessageListModel::AlternativesRole).toInt(), 2);
        chat->flushStore();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("after"));
            db.setDatabaseName(kBase + QStringLiteral(".sqlite"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT state, selected FROM messages WHERE role = 'assistant' "
                                          "ORDER BY id")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), int(MessageState::Interrupted));
            QCOMPARE(q.value(1).toInt(), 0);
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), int(MessageState::Complete));
            QCOMPARE(q.value(1).toInt(), 1);
            QVERIFY(!q.next());
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("after"));
        context.reset();
    }
};

QTEST_MAIN(TestKillRecovery)
#include "test_kill_recovery.moc"
