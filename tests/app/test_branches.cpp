// Kept alternatives and branches (issue 24), offscreen with the demo model: Regenerate keeps every
// answer of a turn behind ‹ n/m › arrows, the next turn continues the one shown, an edited prompt
// starts a branch and the old one stays reachable; all of it survives a restart, the Markdown
// export has the branch shown and the JSON export the tree; a database of the linear schema
// (written here with the old SQL) opens with its chats intact; a branch switch never reuses the
// KV cache of another branch's tokens (the answer equals the one computed from nothing).
#include "conversation_store.h"
#include "message_tree.h"
#include "qml_fixture.h"
#include "worker/model_worker.h"

#include <QAccessible>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace smoldesk::app;

namespace {

MessageRecord node(qint64 id, qint64 parent, const QString& role, const QString& content = {}) {
    MessageRecord m;
    m.id = id;
    m.parentId = parent;
    m.role = role;
    m.content = content.isEmpty() ? QStringLiteral("m%1").arg(id) : content;
    return m;
}

QList<qint64> ids(const QList<MessageRecord>& rows) {
    QList<qint64> out;
    for (const MessageRecord& m : rows) out.append(m.id);
    return out;
}

// The SQL of the linear schema (before message trees), as SmolDesk 0.1 wrote it.
const char* const kLinearSchema[] = {
    "CREATE TABLE conversations (id INTEGER PRIMARY KEY, title TEXT NOT NULL, created INTEGER, "
    "updated INTEGER, thinking INTEGER NOT NULL DEFAULT 0, system_prompt TEXT NOT NULL DEFAULT '')",
    "CREATE TABLE messages (id INTEGER PRIMARY KEY, conversation_id INTEGER NOT NULL, "
    "position INTEGER NOT NULL, role TEXT NOT NULL, content TEXT NOT NULL, thought TEXT NOT NULL DEFAULT '', "
    "thought_seconds REAL NOT NULL DEFAULT 0, stats TEXT NOT NULL DEFAULT '', in_context INTEGER NOT NULL "
    "DEFAULT 1, created INTEGER, state INTEGER NOT NULL DEFAULT 0, tool TEXT NOT NULL DEFAULT '')",
    "CREATE INDEX messages_by_conversation ON messages(conversation_id, position)",
};

} // namespace

class TestBranches : public QObject {
    Q_OBJECT
    AppFixture app_;
    QTemporaryDir dir_;
    qint64 chatId_ = 0;

    ChatController* chat() const { return app_.context->chat(); }
    MessageListModel* rows() const { return chat()->messages(); }
    int alternativeOf(int row) const {
        return rows()->data(rows()->index(row), MessageListModel::AlternativeRole).toInt();
    }
    int alternativesOf(int row) const {
        return rows()->data(rows()->index(row), MessageListModel::AlternativesRole).toInt();
    }
    bool finish(const std::function<bool()>& start) {
        QSignalSpy done(chat(), &ChatController::generationFinished);
        return start() && QTest::qWaitFor([&] { return done.count() == 1; }, 30000);
    }
    bool answer(const QString& prompt) {
        return finish([&] { return chat()->send(prompt); });
    }
    bool regenerate() {
        return finish([&] {
            if (!chat()->canRegenerate()) return false;
            chat()->regenerate();
            return true;
        });
    }
    // The switcher of a row as the window shows it.
    QQuickItem* switcherOf(int row) const {
        for (QQuickItem* s : app_.items("branchSwitcher"))
            if (s->property("row").toInt() == row && s->isVisible()) return s;
        return nullptr;
    }
    static QQuickItem* child(QQuickItem* parent, const char* name) {
        for (QQuickItem* c : parent->childItems())
            if (c->objectName() == QLatin1String(name)) return c;
        return nullptr;
    }
    bool startApp(const QString& tag, bool fresh) {
        if (!app_.start(tag, {}, fresh)) return false;
        if (!QTest::qWaitFor([&] { return app_.context->model()->state() == ModelManager::State::Ready; },
                             20000))
            return false;
        app_.context->settings()->setMaxTokens(16);
        app_.context->settings()->setTemperature(1.0); // alternatives that differ
        return true;
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(startApp(QStringLiteral("app_branches"), true));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
    }
    void cleanupTestCase() { app_.stop(); }

    // The tree alone: alternatives, selection, the path, removal.
    void treeKeepsAlternatives() {
        MessageTree t;
        QVERIFY(t.upsert(node(1, 0, "user")));
        QVERIFY(t.upsert(node(2, 1, "assistant")));
        QVERIFY(t.upsert(node(3, 1, "assistant"))); // regenerated: selected
        QVERIFY(t.upsert(node(4, 3, "user")));
        QCOMPARE(ids(t.path()), (QList<qint64>{1, 3, 4}));
        QCOMPARE(t.siblings(2), (QList<qint64>{2, 3}));
        QCOMPARE(t.alternativeIndex(3), 2);
        t.select(2);
        QCOMPARE(ids(t.path()), (QList<qint64>{1, 2}));
        t.select(3);
        QCOMPARE(ids(t.path()), (QList<qint64>{1, 3, 4}));       // the branch below 3 is remembered
        QVERIFY(!t.upsert(node(3, 99, "assistant", "changed"))); // an update never moves a node
        QCOMPARE(t.find(3)->parentId, 1);
        QCOMPARE(t.remove(3), 2); // 3 and 4 go; 2 is shown
        QVERIFY(!t.contains(4));
        QCOMPARE(ids(t.path()), (QList<qint64>{1, 2}));
        // Loaded rows: a damaged parent (unknown, or a cycle) never loses a row or loops.
        t.setMessages({node(10, -1, "user"), node(11, 10, "assistant"), node(12, 12, "user")});
        QCOMPARE(t.size(), 3);
        QCOMPARE(ids(t.all()).size(), 3);
    }

    // Regenerate twice: three answers; the arrows flip between them, also by keyboard; the
    // next turn continues the answer shown.
    void regenerateKeepsEveryAnswer() {
        QVERIFY(answer(QStringLiteral("Once upon a time")));
        chatId_ = chat()->currentId();
        const qint64 prompt = rows()->at(0).id;
        const qint64 first = rows()->at(1).id;
        QCOMPARE(alternativesOf(1), 1);
        QVERIFY(!switcherOf(1)); // nothing to switch to yet
        QVERIFY(regenerate());
        QVERIFY(regenerate());
        QCOMPARE(rows()->count(), 2);
        const QList<qint64> answers = chat()->tree().siblings(rows()->at(1).id);
        QCOMPARE(answers.size(), 3);
        QCOMPARE(answers.first(), first);
        for (qint64 a : answers) QCOMPARE(chat()->tree().find(a)->parentId, prompt);
        QCOMPARE(rows()->at(1).id, answers.at(2)); // the newest is shown
        QCOMPARE(alternativeOf(1), 3);
        QCOMPARE(alternativesOf(1), 3);
        // The last answer keeps its Regenerate button beside the arrows.
        QTRY_VERIFY([&] {
            const QList<QQuickItem*> buttons = app_.items("regenerateButton");
            return std::any_of(buttons.begin(), buttons.end(), [](QQuickItem* b) { return b->isVisible(); });
        }());

        // ‹ 3/3 › in the window; the previous arrow goes to 2/3.
        QQuickItem* switcher = nullptr;
        QTRY_VERIFY((switcher = switcherOf(1)) != nullptr);
        QQuickItem* label = child(switcher, "alternativeLabel");
        QQuickItem* previous = child(switcher, "previousAlternative");
        QQuickItem* next = child(switcher, "nextAlternative");
        QVERIFY(label && previous && next);
        QCOMPARE(label->property("text").toString(), QStringLiteral("3/3"));
        QVERIFY(previous->isEnabled() && !next->isEnabled());
        // Said as its tooltip says it (Accessible.name is the tooltip's text).
        QAccessibleInterface* a = QAccessible::queryAccessibleInterface(previous);
        QVERIFY(a);
        QCOMPARE(a->text(QAccessible::Name), QStringLiteral("Previous answer"));
        QMetaObject::invokeMethod(previous, "clicked");
        QCOMPARE(rows()->at(1).id, answers.at(1));
        QCOMPARE(label->property("text").toString(), QStringLiteral("2/3"));
        QCOMPARE(rows()->at(1).content, chat()->tree().find(answers.at(1))->content);

        // The keyboard: the arrow has the focus, Left goes to 1/3 and the focus stays in the
        // switcher (the left arrow turns off at the first answer); Right comes back to 2/3.
        previous->forceActiveFocus(Qt::TabFocusReason);
        QVERIFY(previous->hasActiveFocus());
        QTest::keyClick(app_.window, Qt::Key_Left);
        QCOMPARE(rows()->at(1).id, answers.at(0));
        QCOMPARE(label->property("text").toString(), QStringLiteral("1/3"));
        QVERIFY(!previous->isEnabled());
        QVERIFY(next->hasActiveFocus());
        QTest::keyClick(app_.window, Qt::Key_Right);
        QCOMPARE(rows()->at(1).id, answers.at(1));
        QTest::keyClick(app_.window, Qt::Key_Space); // presses the focused › : 3/3
        QCOMPARE(rows()->at(1).id, answers.at(2));
        QVERIFY(previous->hasActiveFocus() || next->hasActiveFocus());
        chat()->selectAlternative(1, -1);
        QCOMPARE(rows()->at(1).id, answers.at(1));

        // The next turn follows answer 2: it is its parent, and the model is sent answer 2.
        QSignalSpy sent(app_.context->model()->worker(), &ModelWorker::promptReady);
        QVERIFY(answer(QStringLiteral("The little dog")));
        QCOMPARE(rows()->count(), 4);
        QCOMPARE(rows()->at(1).id, answers.at(1));
        QCOMPARE(chat()->tree().find(rows()->at(2).id)->parentId, answers.at(1));
        const QList<ChatTurn> turns = chat()->promptTurns();
        QCOMPARE(turns.at(1).content, chat()->tree().find(answers.at(1))->content);
        QCOMPARE(turns.at(2).content, QStringLiteral("The little dog"));
        // Another answer's branch has no next turn: flipping to it shows two rows.
        chat()->selectAlternative(1, 1);
        QCOMPARE(rows()->count(), 2);
        QCOMPARE(alternativeOf(1), 3);
        chat()->selectAlternative(1, -1);
        QCOMPARE(rows()->count(), 4); // answer 2 with its next turn
        QVERIFY(!chat()->generating());
    }

    // An edited prompt starts a branch; the old prompt, its answers and what followed stay.
    void editStartsABranch() {
        QCOMPARE(rows()->count(), 4);
        const QList<qint64> before = ids(rows()->messages());
        QSignalSpy done(chat(), &ChatController::generationFinished);
        chat()->editMessage(0, QStringLiteral("There was a cat"));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(rows()->count(), 2);
        QCOMPARE(rows()->at(0).content, QStringLiteral("There was a cat"));
        QVERIFY(rows()->at(0).id != before.at(0));
        QCOMPARE(chat()->tree().find(rows()->at(0).id)->parentId, 0);
        QCOMPARE(alternativeOf(0), 2);
        QCOMPARE(alternativesOf(0), 2);
        QQuickItem* switcher = nullptr;
        QTRY_VERIFY((switcher = switcherOf(0)) != nullptr);
        QCOMPARE(switcher->property("prompt").toBool(), true);
        // Under the prompt's bubble, inside the chat column (not under the model panel).
        {
            QQuickItem* view = app_.item("chatView");
            QRectF area = view->mapRectToScene(QRectF(0, 0, view->width(), view->height()));
            if (QQuickItem* panel = app_.item("modelPanel"); panel && panel->isVisible())
                area.setRight(std::min(area.right(), panel->mapToScene(QPointF(0, 0)).x()));
            const QRectF r = switcher->mapRectToScene(QRectF(0, 0, switcher->width(), switcher->height()));
            QVERIFY2(r.width() > 40 && r.left() >= area.left() && r.right() <= area.right() + 0.5,
                     qPrintable(QStringLiteral("%1…%2 in %3…%4")
                                    .arg(r.left())
                                    .arg(r.right())
                                    .arg(area.left())
                                    .arg(area.right())));
        }
        // The old branch: the first prompt with answer 2 and the turn after it, as it was.
        QMetaObject::invokeMethod(child(switcher, "previousAlternative"), "clicked");
        QCOMPARE(ids(rows()->messages()), before);
        QCOMPARE(alternativesOf(1), 3);
        QCOMPARE(alternativeOf(1), 2);
        // Edit the second prompt too: a branch in the middle of the chat.
        done.clear();
        chat()->editMessage(2, QStringLiteral("The big red ball"));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QCOMPARE(rows()->count(), 4);
        QCOMPARE(rows()->at(1).id, before.at(1));
        QCOMPARE(alternativesOf(2), 2);
        QCOMPARE(chat()->tree().size(), 1 + 3 + 2 + 2 + 2); // prompt, 3 answers, 2 + 2 turns, cat + answer
        chat()->flushStore();
    }

    // Everything after a restart: the same tree, the same branch shown.
    void branchesSurviveRestart() {
        const QList<qint64> shown = ids(rows()->messages());
        const QList<qint64> all = ids(chat()->tree().all());
        QList<int> counts;
        for (int r = 0; r < rows()->count(); ++r) counts << alternativesOf(r);
        app_.stop();
        QVERIFY(startApp(QStringLiteral("app_branches"), false));        // the same profile
        QTRY_VERIFY_WITH_TIMEOUT(chat()->currentId() == chatId_, 10000); // the latest chat opens
        QTRY_COMPARE_WITH_TIMEOUT(rows()->count(), shown.size(), 10000);
        QCOMPARE(ids(rows()->messages()), shown);
        QList<qint64> allAfter = ids(chat()->tree().all());
        QCOMPARE(allAfter.size(), all.size());
        QCOMPARE(QSet<qint64>(allAfter.begin(), allAfter.end()), QSet<qint64>(all.begin(), all.end()));
        for (int r = 0; r < rows()->count(); ++r) QCOMPARE(alternativesOf(r), counts.at(r));
        // A choice made now is stored too.
        chat()->selectAlternative(1, 1);
        const QList<qint64> chosen = ids(rows()->messages());
        chat()->flushStore();
        app_.stop();
        QVERIFY(startApp(QStringLiteral("app_branches"), false));
        QTRY_COMPARE_WITH_TIMEOUT(ids(rows()->messages()), chosen, 10000);
    }

    // Markdown: the branch shown, with which answer of how many; JSON: the branch and the tree.
    void exportsTheBranchAndTheTree() {
        chat()->selectAlternative(0, 1); // the cat's branch
        QCOMPARE(rows()->at(0).content, QStringLiteral("There was a cat"));
        const QString md = dir_.filePath("chat.md");
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(md), QStringLiteral("markdown")));
        QFile mf(md);
        QVERIFY(mf.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(mf.readAll());
        QVERIFY2(text.contains(QStringLiteral("**You** (version 2 of 2)\n\nThere was a cat")),
                 qPrintable(text));
        QVERIFY2(text.contains(rows()->at(1).content), qPrintable(text));
        // Nothing of the other branch (the title still says how the chat began).
        QVERIFY2(!text.contains(QStringLiteral("**You** (version 1 of 2)")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("**You**\n\nThe little dog")), qPrintable(text));

        const QString js = dir_.filePath("chat.json");
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(js), QStringLiteral("json")));
        QFile jf(js);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(jf.readAll()).object();
        const QJsonArray messages = root.value("messages").toArray();
        QCOMPARE(messages.size(), rows()->count());
        for (int r = 0; r < rows()->count(); ++r) {
            QCOMPARE(messages.at(r).toObject().value("content").toString(), rows()->at(r).content);
            QCOMPARE(messages.at(r).toObject().value("id").toInteger(), rows()->at(r).id);
        }
        const QJsonArray tree = root.value("tree").toArray();
        QCOMPARE(tree.size(), chat()->tree().size());
        QHash<qint64, QJsonObject> byId;
        QHash<qint64, int> selectedPerParent;
        for (const QJsonValue v : tree) {
            const QJsonObject o = v.toObject();
            const qint64 id = o.value("id").toInteger();
            const qint64 parent = o.value("parent").isNull() ? 0 : o.value("parent").toInteger();
            QVERIFY2(parent == 0 || byId.contains(parent), "a parent is listed before its children");
            QCOMPARE(parent, chat()->tree().find(id)->parentId);
            byId.insert(id, o);
            if (o.value("selected").toBool()) ++selectedPerParent[parent];
        }
        for (int n : selectedPerParent) QCOMPARE(n, 1);
        // Both prompts of the first turn and all three answers of the old branch are in it.
        int prompts = 0;
        for (const QJsonObject& o : byId)
            if (o.value("parent").isNull()) ++prompts;
        QCOMPARE(prompts, 2);
        QVERIFY(std::any_of(byId.begin(), byId.end(), [](const QJsonObject& o) {
            return o.value("content").toString() == QLatin1String("The little dog");
        }));
    }

    // A database of the linear schema, written here with the old SQL: it opens as a tree with
    // every chat as it was, and a regenerate there keeps the old answer.
    void linearDatabaseMigrates() {
        app_.stop();
        const QString tag = QStringLiteral("app_branches_linear");
        const QString base = QStringLiteral(SMOLDESK_TEST_TMP "/") + tag;
        for (const char* suffix : {".ini", ".sqlite", ".sqlite-wal", ".sqlite-shm", ".marker"})
            QFile::remove(base + QLatin1String(suffix));
        QDir(base + QStringLiteral(".states")).removeRecursively();
        const qint64 conversation = 1700000000000000;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
            db.setDatabaseName(base + QStringLiteral(".sqlite"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            for (const char* sql : kLinearSchema) QVERIFY2(q.exec(QString::fromLatin1(sql)), sql);
            QVERIFY(q.exec(QStringLiteral("INSERT INTO conversations VALUES (%1, 'Old chat', 1, 2, 0, '')")
                               .arg(conversation)));
            const char* contents[] = {"Once upon a time", "there was a girl.", "The dog", "ran home."};
            for (int i = 0; i < 4; ++i)
                QVERIFY(q.exec(
                    QStringLiteral("INSERT INTO messages (id, conversation_id, position, role, content, "
                                   "created) VALUES (%1, %2, %3, '%4', '%5', 3)")
                        .arg(conversation + 10 + i)
                        .arg(conversation)
                        .arg(i)
                        .arg(QLatin1String(i % 2 ? "assistant" : "user"))
                        .arg(QLatin1String(contents[i]))));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("old"));

        QVERIFY(startApp(tag, false));
        QTRY_VERIFY_WITH_TIMEOUT(chat()->currentId() == conversation, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(rows()->count(), 4, 10000);
        QCOMPARE(rows()->at(0).content, QStringLiteral("Once upon a time"));
        QCOMPARE(rows()->at(3).content, QStringLiteral("ran home."));
        for (int r = 0; r < 4; ++r) {
            QCOMPARE(chat()->tree().find(rows()->at(r).id)->parentId, r ? rows()->at(r - 1).id : 0);
            QCOMPARE(alternativesOf(r), 1);
        }
        QVERIFY(regenerate());
        QCOMPARE(alternativesOf(3), 2);
        chat()->selectAlternative(3, -1);
        QCOMPARE(rows()->at(3).content, QStringLiteral("ran home."));
        chat()->flushStore();
        app_.stop();

        // Migrated once: the schema version, and every row has its parent.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("new"));
        db.setDatabaseName(base + QStringLiteral(".sqlite"));
        QVERIFY(db.open());
        {
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), 2);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM messages WHERE parent_id IS NULL")) &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 0);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*), sum(selected) FROM messages")) && q.next());
            QCOMPARE(q.value(0).toInt(), 5);
            QCOMPARE(q.value(1).toInt(), 4); // one answer of the last turn is not shown
        }
        db.close();
        db = {};
        QSqlDatabase::removeDatabase(QStringLiteral("new"));
        QVERIFY(startApp(QStringLiteral("app_branches"), false)); // for cleanupTestCase
    }

    // A chat that resumes from its saved KV state, switched to another branch: the state holds
    // the other branch's tokens. The worker reuses only the prefix both share (Session matches
    // the cached tokens), so the answer is the one computed from nothing.
    void switchedBranchNeverReusesAnotherBranchsCache() {
        auto* settings = app_.context->settings();
        settings->setTemperature(0.0);
        QVERIFY(settings->resumeChats());
        ModelWorker* worker = app_.context->model()->worker();
        chat()->newConversation();
        QVERIFY(answer(QStringLiteral("Once upon a time, there was a little dog named Max.")));
        QVERIFY(answer(QStringLiteral("One day, Max found a big red ball.")));
        QSignalSpy done(chat(), &ChatController::generationFinished);
        chat()->editMessage(2, QStringLiteral("At night, the moon was bright.")); // branch 2 in the cache
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        const qint64 id = chat()->currentId();
        QSignalSpy restored(worker, &ModelWorker::stateRestored);
        chat()->newConversation(); // saves the state (branch 2's tokens)
        QVERIFY(answer(QStringLiteral("The sun was hot.")));
        chat()->selectConversation(id); // restores it
        QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 10000);
        const int restoredTokens = restored.at(0).at(1).toInt();
        QTRY_COMPARE_WITH_TIMEOUT(rows()->count(), 4, 10000);
        chat()->selectAlternative(2, -1); // branch 1: the ball
        QCOMPARE(rows()->at(2).content, QStringLiteral("One day, Max found a big red ball."));

        QSignalSpy results(worker, &ModelWorker::finished);
        QVERIFY(answer(QStringLiteral("He was happy.")));
        QTRY_COMPARE(results.count(), 1);
        const GenerationResult warm = results.at(0).at(1).value<GenerationResult>();
        const QString warmText = rows()->at(rows()->count() - 1).content;
        // The shared prefix (the first turn) is reused, branch 2's tokens are not.
        QVERIFY2(warm.reusedTokens > 0 && warm.reusedTokens < restoredTokens,
                 qPrintable(QStringLiteral("%1 of %2").arg(warm.reusedTokens).arg(restoredTokens)));

        // Cold: no saved state, a model loaded again; the same answer.
        settings->setResumeChats(false);
        app_.context->model()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->model()->state() == ModelManager::State::Ready, 20000);
        results.clear();
        QVERIFY(regenerate());
        QTRY_COMPARE(results.count(), 1);
        const GenerationResult cold = results.at(0).at(1).value<GenerationResult>();
        QCOMPARE(cold.reusedTokens, 0);
        QCOMPARE(cold.promptTokens, warm.promptTokens);
        QCOMPARE(rows()->at(rows()->count() - 1).content, warmText);
        settings->setResumeChats(true);
    }
};

QTEST_MAIN(TestBranches)
#include "test_branches.moc"
