// Chats that resume instantly, through the worker as the app drives it (its own thread, queued
// calls): leaving a chat saves its KV cache next to the database, reopening it (also after a
// restart) restores it, and the next answer then reuses the restored tokens and is the answer
// a cold chat gives. States of another context are refused and the chat is read again;
// deleting a chat deletes its state; the folder stays within its cap.
#include "worker/chat_state_store.h"
#include "worker/model_worker.h"

#include "test_data.h"
#include "tiny_model.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {

bool waitFor(QSignalSpy& spy, int ms, int atLeast = 1) {
    return QTest::qWaitFor([&] { return spy.count() >= atLeast; }, ms);
}

// One worker on its own thread, as ModelManager runs it.
class WorkerThread {
  public:
    explicit WorkerThread(const QString& stateDir) {
        worker = new ModelWorker;
        worker->moveToThread(&thread_);
        thread_.start();
        QMetaObject::invokeMethod(
            worker, [w = worker, stateDir] { w->setStateStore(stateDir, ChatStateStore::kDefaultCapBytes); });
    }
    // Quits as the app does: the worker saves the open chat, then ends its event loop.
    ~WorkerThread() {
        worker->requestStopAll();
        QMetaObject::invokeMethod(worker, &ModelWorker::shutdown, Qt::QueuedConnection);
        thread_.wait(20000);
        delete worker;
    }
    bool load(int ctx) {
        QSignalSpy loaded(worker, &ModelWorker::loaded);
        worker->armLoad();
        const QString path = QString::fromStdString(test::demoModelPath());
        QMetaObject::invokeMethod(worker, [w = worker, path, ctx] { w->load({path, ctx, 1, true, {}}); });
        return waitFor(loaded, 20000);
    }
    void open(qint64 conversation) {
        QMetaObject::invokeMethod(worker, [w = worker, conversation] { w->openConversation(conversation); });
    }
    // Runs one greedy answer in `conversation`; the answer text and the worker's statistics.
    std::pair<QString, GenerationResult> ask(qint64 conversation, const QList<ChatTurn>& turns) {
        GenerationRequest r;
        r.id = ++nextId_;
        r.conversationId = conversation;
        r.turns = turns;
        r.sampling.temperature = 0.0;
        r.sampling.maxTokens = 24;
        QString text;
        QSignalSpy finished(worker, &ModelWorker::finished);
        auto c = QObject::connect(
            worker, &ModelWorker::delta, worker,
            [&text](quint64, const QString&, const QString& answer, int) { text += answer; },
            Qt::DirectConnection);
        QMetaObject::invokeMethod(worker, [w = worker, r] { w->generate(r); });
        const bool ok = waitFor(finished, 30000);
        QObject::disconnect(c);
        if (!ok) return {};
        return {text, finished.at(0).at(1).value<GenerationResult>()};
    }
    ModelWorker* worker = nullptr;

  private:
    QThread thread_;
    quint64 nextId_ = 0;
};

QList<ChatTurn> firstTurn() {
    return {{QStringLiteral("user"), QStringLiteral("Once upon a time, there was a little dog named Max.")}};
}
QList<ChatTurn> followUp(const QString& answer) {
    return {firstTurn().at(0),
            {QStringLiteral("assistant"), answer},
            {QStringLiteral("user"), QStringLiteral("One day, Max found a big red ball.")}};
}

} // namespace

class TestChatResume : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { registerEngineTypes(); }

    void reopenedChatReusesItsRestoredTokens() {
        QTemporaryDir dir;
        const QString states = dir.filePath(QStringLiteral("chat-states"));

        // The cold reference: a fresh worker answers the follow-up with nothing cached.
        QString firstAnswer;
        std::pair<QString, GenerationResult> cold;
        {
            WorkerThread w(QString{});
            QVERIFY(w.load(256));
            firstAnswer = w.ask(1, firstTurn()).first;
            QVERIFY(!firstAnswer.isEmpty());
        }
        {
            WorkerThread w(QString{});
            QVERIFY(w.load(256));
            cold = w.ask(1, followUp(firstAnswer));
            QCOMPARE(cold.second.reusedTokens, 0);
        }

        // Chat 1 answers, the user goes to chat 2 (chat 1 is saved), which fills the cache with
        // other tokens, then comes back to chat 1 (restored).
        WorkerThread w(states);
        QVERIFY(w.load(256));
        QSignalSpy saved(w.worker, &ModelWorker::stateSaved);
        QSignalSpy restored(w.worker, &ModelWorker::stateRestored);
        QCOMPARE(w.ask(1, firstTurn()).first, firstAnswer);
        w.open(2);
        QVERIFY(waitFor(saved, 10000));
        QCOMPARE(saved.at(0).at(0).toLongLong(), 1);
        QVERIFY(QFile::exists(states + QStringLiteral("/1.kvstate")));
        QVERIFY(!w.ask(2, {{QStringLiteral("user"), QStringLiteral("The sun was hot.")}}).first.isEmpty());
        w.open(1);
        QVERIFY(waitFor(restored, 10000));
        const int restoredTokens = restored.at(0).at(1).toInt();
        QVERIFY(restoredTokens > 10);
        const auto resumed = w.ask(1, followUp(firstAnswer));
        QCOMPARE(resumed.first, cold.first);
        // The whole restored history was reused, up to where the follow-up's text departs from
        // what the cache holds (at most the last few tokens of the answer).
        QVERIFY2(resumed.second.reusedTokens >= restoredTokens - 2,
                 qPrintable(QStringLiteral("%1 of %2").arg(resumed.second.reusedTokens).arg(restoredTokens)));
        QCOMPARE(resumed.second.promptTokens, cold.second.promptTokens);
        QVERIFY(QFile::exists(states + QStringLiteral("/2.kvstate"))); // chat 2 was saved when left
    }

    void stateSurvivesARestart() {
        QTemporaryDir dir;
        const QString states = dir.filePath(QStringLiteral("chat-states"));
        QString firstAnswer;
        {
            WorkerThread w(states);
            QVERIFY(w.load(256));
            w.open(7);
            firstAnswer = w.ask(7, firstTurn()).first;
        } // quitting saves the open chat
        QVERIFY(QFile::exists(states + QStringLiteral("/7.kvstate")));
        QString coldAnswer;
        {
            WorkerThread w(QString{});
            QVERIFY(w.load(256));
            coldAnswer = w.ask(7, followUp(firstAnswer)).first;
        }
        WorkerThread w(states);
        QSignalSpy restored(w.worker, &ModelWorker::stateRestored);
        w.open(7); // before the model is there, as at start-up: restored once it is loaded
        QVERIFY(w.load(256));
        QVERIFY(waitFor(restored, 10000));
        const auto resumed = w.ask(7, followUp(firstAnswer));
        QCOMPARE(resumed.first, coldAnswer);
        QVERIFY(resumed.second.reusedTokens >= restored.at(0).at(1).toInt() - 2);
    }

    void otherContextIsReadAgain() {
        QTemporaryDir dir;
        const QString states = dir.filePath(QStringLiteral("chat-states"));
        QString firstAnswer;
        {
            WorkerThread w(states);
            QVERIFY(w.load(256));
            firstAnswer = w.ask(3, firstTurn()).first;
        }
        QVERIFY(QFile::exists(states + QStringLiteral("/3.kvstate")));
        WorkerThread w(states);
        QVERIFY(w.load(128));
        QSignalSpy refused(w.worker, &ModelWorker::stateRefused);
        const auto answer = w.ask(3, followUp(firstAnswer));
        QCOMPARE(refused.count(), 1);
        QVERIFY(refused.at(0).at(1).toString().contains(QStringLiteral("context of 256 tokens")));
        QCOMPARE(answer.second.reusedTokens, 0);
        QVERIFY(!answer.first.isEmpty());
    }

    void deletedChatLosesItsState() {
        QTemporaryDir dir;
        const QString states = dir.filePath(QStringLiteral("chat-states"));
        WorkerThread w(states);
        QVERIFY(w.load(256));
        QSignalSpy saved(w.worker, &ModelWorker::stateSaved);
        w.ask(4, firstTurn());
        w.open(0); // a new chat: chat 4 is saved
        QVERIFY(waitFor(saved, 10000));
        QVERIFY(QFile::exists(states + QStringLiteral("/4.kvstate")));
        QMetaObject::invokeMethod(w.worker, [ww = w.worker] { ww->forgetConversation(4); });
        QVERIFY(QTest::qWaitFor([&] { return !QFile::exists(states + QStringLiteral("/4.kvstate")); }, 5000));
    }

    void storeKeepsTheMostRecentWithinItsCap() {
        QTemporaryDir dir;
        auto write = [&](qint64 id, int bytes, int secondsAgo) {
            QFile f(dir.filePath(QStringLiteral("%1.kvstate").arg(id)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(bytes, 'x'));
            f.flush(); // else closing writes the bytes and sets the time to now
            f.setFileTime(QDateTime::currentDateTime().addSecs(-secondsAgo),
                          QFileDevice::FileModificationTime);
        };
        write(1, 400, 30);
        write(2, 400, 20);
        write(3, 400, 10);
        write(4, 2000, 0); // newest but alone over the cap
        ChatStateStore store(dir.path(), 1000, 32);
        QCOMPARE(store.prune(), qint64(800));
        QVERIFY(!store.has(4));
        QVERIFY(store.has(3) && store.has(2));
        QVERIFY(!store.has(1));
        ChatStateStore two(dir.path(), 1 << 20, 1);
        QCOMPARE(two.prune(), qint64(400));
        QVERIFY(two.has(3) && !two.has(2));
    }
};

QTEST_GUILESS_MAIN(TestChatResume)
#include "test_chat_resume.moc"
