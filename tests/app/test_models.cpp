// List models under QAbstractItemModelTester, the SQLite store (reopen, many quick writes,
// search), Markdown splitting, export and the memory estimate.
#include "conversation_list_model.h"
#include "conversation_store.h"
#include "exporter.h"
#include "gguf/file.h"
#include "markdown_segments.h"
#include "message_list_model.h"
#include "test_data.h"
#include "worker/model_facts.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace smoldesk::app;

namespace {
// QSignalSpy::wait() misses a signal that another thread emitted before the call; poll instead.
bool waitFor(QSignalSpy& spy, int ms, int atLeast = 1) {
    return QTest::qWaitFor([&] { return spy.count() >= atLeast; }, ms);
}
} // namespace

namespace {

ConversationRecord conv(qint64 id, const QString& title, int minutesAgo) {
    ConversationRecord c;
    c.id = id;
    c.title = title;
    c.created = c.updated = QDateTime::currentDateTime().addSecs(-60 * minutesAgo);
    return c;
}

MessageRecord msg(qint64 conv, int pos, const QString& role, const QString& content) {
    MessageRecord m;
    m.id = newRecordId();
    m.conversationId = conv;
    m.position = pos;
    m.role = role;
    m.content = content;
    m.created = QDateTime::currentDateTime();
    return m;
}

// A store in its own thread, as the app runs it.
struct StoreThread {
    QThread thread;
    ConversationStore* store = new ConversationStore;
    explicit StoreThread(const QString& path) {
        store->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, store, &QObject::deleteLater);
        QObject::connect(store, &ConversationStore::writeFailed, store,
                         [](const QString& e) { qWarning("store write failed: %s", qPrintable(e)); });
        thread.start();
        QMetaObject::invokeMethod(store, [s = store, path] { s->open(path); });
    }
    ~StoreThread() {
        QMetaObject::invokeMethod(
            store, [s = store] { s->close(); }, Qt::BlockingQueuedConnection);
        thread.quit();
        thread.wait();
    }
};

} // namespace

class TestModels : public QObject {
    Q_OBJECT
    QString dbPath_;

  private slots:
    void initTestCase() {
        ConversationStore::registerTypes();
        dbPath_ = QStringLiteral(SMOLDESK_TEST_TMP "/app_models.sqlite");
        for (const char* suffix : {"", "-wal", "-shm"}) QFile::remove(dbPath_ + QLatin1String(suffix));
    }

    void conversationListModel() {
        ConversationListModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setConversations({conv(1, "one", 30), conv(2, "two", 20), conv(3, "three", 10)});
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.data(m.index(0), ConversationListModel::TitleRole).toString(), QStringLiteral("three"));
        ConversationRecord c = conv(1, "one renamed", 0);
        m.upsert(c); // moves to the top
        QCOMPARE(m.idAt(0), 1);
        m.upsert(conv(4, "four", 0));
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.idAt(0), 4);
        m.setFilter(QSet<qint64>{2, 4});
        QCOMPARE(m.rowCount(), 2);
        m.upsert(conv(2, "two again", -1));
        QCOMPARE(m.idAt(0), 2);
        m.setFilter(std::nullopt);
        QCOMPARE(m.rowCount(), 4);
        m.remove(3);
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.indexOf(3), -1);
    }

    void messageListModel() {
        MessageListModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.append(msg(1, 0, "user", "hi"));
        m.append(msg(1, 1, "assistant", ""));
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        m.appendContent(1, QStringLiteral("Hel"));
        m.appendContent(1, QStringLiteral("lo"));
        QCOMPARE(m.at(1).content, QStringLiteral("Hello"));
        QCOMPARE(changed.count(), 2);
        // One row, the content role only.
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 1);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(), QList<int>{MessageListModel::ContentRole});
        m.appendThought(1, QStringLiteral("hmm"));
        QCOMPARE(changed.last().at(2).value<QList<int>>(), QList<int>{MessageListModel::ThoughtRole});
        m.setThinking(1, true, 0);
        m.setThinking(1, false, 2.5);
        QCOMPARE(m.data(m.index(1), MessageListModel::ThoughtSecondsRole).toDouble(), 2.5);
        m.append(msg(1, 2, "user", "again"));
        m.setInContextBefore(2);
        QVERIFY(!m.data(m.index(0), MessageListModel::InContextRole).toBool());
        QVERIFY(m.data(m.index(2), MessageListModel::InContextRole).toBool());
        m.removeFrom(1);
        QCOMPARE(m.rowCount(), 1);
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }

    void storeSurvivesReopenAndLosesNothing() {
        const qint64 cid = newRecordId();
        const int n = 300;
        {
            StoreThread st(dbPath_);
            ConversationRecord c = conv(cid, "Quick writes", 0);
            c.thinking = true;
            c.systemPrompt = QStringLiteral("Be brief.");
            QMetaObject::invokeMethod(st.store, [s = st.store, c] { s->saveConversation(c); });
            qint64 parent = 0;
            for (int i = 0; i < n; ++i) {
                MessageRecord m =
                    msg(cid, i, i % 2 ? "assistant" : "user", QStringLiteral("message %1").arg(i));
                m.parentId = parent;
                parent = m.id;
                if (i == 1) m.thought = QStringLiteral("a private thought");
                QMetaObject::invokeMethod(st.store, [s = st.store, m] { s->saveMessage(m); });
            }
        } // closes after every queued write
        StoreThread st(dbPath_);
        QSignalSpy convs(st.store, &ConversationStore::conversationsLoaded);
        QSignalSpy msgs(st.store, &ConversationStore::messagesLoaded);
        QMetaObject::invokeMethod(st.store, [s = st.store] { s->loadConversations(); });
        QMetaObject::invokeMethod(st.store, [s = st.store, cid] { s->loadMessages(cid); });
        QVERIFY(waitFor(msgs, 10000));
        QCOMPARE(convs.count(), 1);
        const auto cs = convs.at(0).at(0).value<QList<ConversationRecord>>();
        QCOMPARE(cs.size(), 1);
        QCOMPARE(cs.at(0).title, QStringLiteral("Quick writes"));
        QVERIFY(cs.at(0).thinking);
        QCOMPARE(cs.at(0).systemPrompt, QStringLiteral("Be brief."));
        const auto ms = msgs.at(0).at(1).value<QList<MessageRecord>>();
        QCOMPARE(ms.size(), n);
        for (int i = 0; i < n; ++i) QCOMPARE(ms.at(i).content, QStringLiteral("message %1").arg(i));
        QCOMPARE(ms.at(1).thought, QStringLiteral("a private thought"));

        QSignalSpy found(st.store, &ConversationStore::searchFinished);
        QMetaObject::invokeMethod(st.store, [s = st.store] { s->search(5, QStringLiteral("message 299")); });
        QVERIFY(waitFor(found, 5000));
        QCOMPARE(found.at(0).at(1).value<QList<qint64>>(), QList<qint64>{cid});
        QMetaObject::invokeMethod(st.store, [s = st.store] { s->search(6, QStringLiteral("100%_")); });
        QVERIFY(waitFor(found, 5000, 2));
        QVERIFY(found.at(1).at(1).value<QList<qint64>>().isEmpty());

        // Deleting message 10 deletes the branch below it.
        QMetaObject::invokeMethod(st.store,
                                  [s = st.store, cid, id = ms.at(10).id] { s->deleteMessage(cid, id); });
        QMetaObject::invokeMethod(st.store, [s = st.store, cid] { s->loadMessages(cid); });
        QVERIFY(waitFor(msgs, 5000, 2));
        QCOMPARE(msgs.at(1).at(1).value<QList<MessageRecord>>().size(), 10);
        QMetaObject::invokeMethod(st.store, [s = st.store, cid] { s->deleteConversation(cid); });
        QMetaObject::invokeMethod(st.store, [s = st.store] { s->loadConversations(); });
        QVERIFY(waitFor(convs, 5000, 2));
        QVERIFY(convs.at(1).at(0).value<QList<ConversationRecord>>().isEmpty());
    }

    void markdownSegments() {
        const auto s =
            splitMarkdown(QStringLiteral("Intro **bold**\n\n```cpp\nint x = 1;\n```\nAfter\n```py\nprint("));
        QCOMPARE(s.size(), 4);
        QVERIFY(!s[0].code);
        QVERIFY(s[1].code);
        QCOMPARE(s[1].language, QStringLiteral("cpp"));
        QCOMPARE(s[1].text, QStringLiteral("int x = 1;"));
        QCOMPARE(s[2].text, QStringLiteral("After"));
        QVERIFY(s[3].code); // unterminated while streaming
        QCOMPARE(s[3].text, QStringLiteral("print("));
    }

    void markdownTables() {
        const auto s =
            splitMarkdown(QStringLiteral("Cities:\n\n| City | Pop. |\n|:-----|-----:|\n| Berlin | 3.7 M |\n"
                                         "| `a\\|b` | **<5** |\nAfter the table.\n\nNo | table\nhere"));
        QCOMPARE(s.size(), 3);
        QCOMPARE(s[0].text, QStringLiteral("Cities:\n"));
        QVERIFY(s[1].table && !s[1].code);
        const QString& html = s[1].html;
        QVERIFY2(html.startsWith(QLatin1String("<table border=\"1\"")), qPrintable(html));
        QVERIFY2(html.contains(QLatin1String("<th align=\"left\">City</th><th align=\"right\">Pop.</th>")),
                 qPrintable(html));
        QVERIFY2(html.contains(QLatin1String("<td align=\"left\">Berlin</td><td align=\"right\">3.7 M</td>")),
                 qPrintable(html));
        // Escaped pipes stay in their cell, markup is escaped, code and bold are kept.
        QVERIFY2(html.contains(QLatin1String(
                     "<td align=\"left\"><code>a|b</code></td><td align=\"right\"><b>&lt;5</b></td>")),
                 qPrintable(html));
        QCOMPARE(html.count(QLatin1String("<tr>")), 3);
        QVERIFY(!s[2].table);
        QCOMPARE(s[2].text,
                 QStringLiteral("After the table.\n\nNo | table\nhere")); // no delimiter row: prose
    }

    void exportFormats() {
        ConversationRecord c = conv(1, "Export me", 0);
        QList<MessageRecord> ms{msg(1, 0, "user", "Hi"), msg(1, 1, "assistant", "Hello!")};
        ms[1].thought = QStringLiteral("greet back");
        const QString md = Exporter::toMarkdown(c, ms);
        QVERIFY(md.startsWith(QLatin1String("# Export me")));
        QVERIFY(md.contains(QLatin1String("Hello!")));
        QVERIFY(!md.contains(QLatin1String("greet back")));
        const QJsonObject o = QJsonDocument::fromJson(Exporter::toJson(c, ms)).object();
        QCOMPARE(o.value("messages").toArray().size(), 2);
        QCOMPARE(o.value("messages").toArray().at(1).toObject().value("thought").toString(),
                 QStringLiteral("greet back"));
    }

    // The model panel's facts for each newly supported family, read from the arch fixtures.
    void modelFamilies_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<bool>("thinking");
        QTest::newRow("qwen2") << "qwen2"
                               << "qwen2 (Qwen2 / Qwen2.5)" << false;
        QTest::newRow("qwen3") << "qwen3"
                               << "qwen3 (Qwen3)" << true;
        QTest::newRow("gemma3") << "gemma3"
                                << "gemma3 (Gemma 3)" << false;
        QTest::newRow("phi3") << "phi3"
                              << "phi3 (Phi-3)" << false;
    }
    void modelFamilies() {
        QFETCH(QString, arch);
        QFETCH(QString, shown);
        QFETCH(bool, thinking);
        const ModelFacts f = readModelFacts(QString::fromStdString(
            smoldesk::test::dataPath("models/arch/" + arch.toStdString() + "-tiny.gguf")));
        QVERIFY2(f.ok && f.supported && !f.hasError(), qPrintable(f.error.message));
        QCOMPARE(f.architecture, shown);
        QVERIFY(f.templateKnown && f.templatePresent);
        QCOMPARE(f.supportsThinking, thinking);
        QCOMPARE(f.headDim, 64);
    }

    // A mapped mixture of experts: the facts count the expert tensors, and the estimate says
    // what one token reads and that it runs (tight) while experts page in from the file.
    void moeMemoryEstimate() {
        const std::string path = smoldesk::test::dataPath("models/arch/qwen3moe-tiny-Q4_K_M.gguf");
        const ModelFacts f = readModelFacts(QString::fromStdString(path));
        QVERIFY2(f.ok && f.supported, qPrintable(f.error.message));
        QCOMPARE(f.nExpert, 8);
        QCOMPARE(f.nExpertUsed, 2);
        qint64 experts = 0;
        auto file = smoldesk::gguf::File::open(path);
        for (const auto& t : file->tensors())
            if (t.name.ends_with("_exps.weight")) experts += static_cast<qint64>(t.nBytes);
        QCOMPARE(f.expertBytes, experts);
        QCOMPARE(f.activeWeightBytes(), f.weightBytes - experts + experts / 8 * 2);
        QVERIFY(factsToVariant(f, 512, 0).value("moe").toBool());
        QCOMPARE(factsToVariant(f, 512, 0).value("experts").toString(), QStringLiteral("2 / 8"));

        ModelFacts big; // Qwen3-30B-A3B Q4_K_M's shape: 18.6 GB, of which 17.3 GB experts
        big.ok = true;
        big.path = QStringLiteral("x.gguf");
        big.nLayer = 48;
        big.nHeadKv = 4;
        big.headDim = 128;
        big.weightBytes = 18600LL * 1000 * 1000;
        big.expertBytes = 17300LL * 1000 * 1000;
        big.nExpert = 128;
        big.nExpertUsed = 8;
        // A 24 GB machine with 20 GB free: all weights fit only tightly, and the model runs.
        QCOMPARE(factsToVariant(big, 4096, 20LL * 1000 * 1000 * 1000).value("verdict").toString(),
                 QStringLiteral("tight"));
        QCOMPARE(factsToVariant(big, 4096, 40LL * 1000 * 1000 * 1000).value("verdict").toString(),
                 QStringLiteral("fits"));
        big.nExpert = 0; // the same bytes as a dense model would be too large
        QCOMPARE(factsToVariant(big, 4096, 20LL * 1000 * 1000 * 1000).value("verdict").toString(),
                 QStringLiteral("tight"));
        QCOMPARE(factsToVariant(big, 4096, 12LL * 1000 * 1000 * 1000).value("verdict").toString(),
                 QStringLiteral("too-large"));
        big.nExpert = 128;
        QCOMPARE(factsToVariant(big, 4096, 12LL * 1000 * 1000 * 1000).value("verdict").toString(),
                 QStringLiteral("tight"));
    }

    void memoryEstimate() {
        ModelFacts f;
        f.ok = true;
        f.path = QStringLiteral("x.gguf");
        f.nLayer = 36;
        f.nHeadKv = 4;
        f.headDim = 128;
        f.weightBytes = 1900LL * 1000 * 1000;
        QCOMPARE(f.kvBytesPerToken(), 2LL * 2 * 36 * 4 * 128);
        QVariantMap m = factsToVariant(f, 4096, 16LL * 1000 * 1000 * 1000);
        QCOMPARE(m.value("verdict").toString(), QStringLiteral("fits"));
        m = factsToVariant(f, 4096, 2LL * 1000 * 1000 * 1000);
        QCOMPARE(m.value("verdict").toString(), QStringLiteral("too-large"));
        f.trainedContext = 2048; // no length chosen: the trained context, capped at 4096
        QCOMPARE(factsToVariant(f, 0, 0).value("contextLength").toInt(), 2048);
        QCOMPARE(factsToVariant(f, 8192, 0).value("contextLength").toInt(), 8192);
        QVERIFY(availableMemoryBytes() > 0);
        QVERIFY(!factsToVariant(f, 4096, availableMemoryBytes()).value("available").toString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestModels)
#include "test_models.moc"
