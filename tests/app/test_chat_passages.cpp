// Each user turn keeps the document passages it was answered from (chat::Message::passages), in
// the whole app offscreen on the demo model: a file too large to go in whole is attached, a
// question is answered from passages of it, and the app stores those passages with the user
// message ({"passages": text} in its row's JSON); the next request's first user turn carries
// them back (core/grounding puts them in front of it again, test_grounding checks the prompt),
// the second question gets its own, and after a restart on the same database the reopened chat
// still sends both.
#include "qml_fixture.h"

#include "chat_documents.h"
#include "model_source.h"
#include "test_data.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {

QString passagesOf(const MessageRecord& m) {
    return QJsonDocument::fromJson(m.toolJson.toUtf8()).object().value("passages").toString();
}

QList<ChatTurn> userTurns(const QList<ChatTurn>& turns) {
    QList<ChatTurn> out;
    for (const ChatTurn& t : turns)
        if (t.role == QLatin1String("user")) out.append(t);
    return out;
}

// ~40 KB of numbered notes (far more than half the demo model's context, so passages are chosen)
// with two facts the questions ask for.
QString writeManual() {
    const QString path = QString::fromStdString(test::tmpPath("app_chat_passages-manual.md"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
    for (int n = 1; n <= 500; ++n) {
        f.write(QStringLiteral("## Note %1\n\nWidget %1 is painted shade %2 and packed in crate %3.\n\n")
                    .arg(n)
                    .arg(n * 7 % 31)
                    .arg(n * 13 % 97)
                    .toUtf8());
        if (n == 200)
            f.write("## Flux capacitor\n\nTo reset the flux capacitor, hold the blue lever for nine "
                    "seconds.\n\n");
        if (n == 400)
            f.write("## Gravel pump\n\nThe gravel pump is oiled every full moon with walnut oil.\n\n");
    }
    return path;
}

} // namespace

class TestChatPassages : public QObject {
    Q_OBJECT
    AppFixture app_;
    ChatController* chat() const { return app_.context->chat(); }
    const QString tag_ = QStringLiteral("app_chat_passages");

    void start(bool fresh) { app_.startChat(tag_, {}, fresh, 4); }

  private slots:
    void initTestCase() {
        QFile::remove(QStringLiteral(SMOLDESK_TEST_TMP "/app_chat_passages.library.sqlite"));
        start(true);
    }
    void cleanupTestCase() { app_.stop(); }

    void passagesStayWithTheirTurn() {
        const QString manual = writeManual();
        QVERIFY(!manual.isEmpty());
        QCOMPARE(chat()->documents()->attach({QUrl::fromLocalFile(manual)}), 1);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("How do I reset the flux capacitor?")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        const QString first = passagesOf(chat()->messages()->at(0));
        QVERIFY2(first.contains(QStringLiteral("hold the blue lever for nine seconds")), qPrintable(first));
        QVERIFY(first.size() < QFileInfo(manual).size() / 4);       // passages, not the whole file
        QVERIFY(!first.contains(QStringLiteral("How do I reset"))); // the passages alone

        // The second request: its first user turn carries the first answer's passages.
        QVERIFY(chat()->send(QStringLiteral("When is the gravel pump oiled?")));
        QList<ChatTurn> users = userTurns(chat()->promptTurns());
        QCOMPARE(users.size(), 2);
        QCOMPARE(users.at(0).passages, first);
        QCOMPARE(users.at(0).content, QStringLiteral("How do I reset the flux capacitor?"));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 60000);
        const QString second = passagesOf(chat()->messages()->at(2));
        QVERIFY2(second.contains(QStringLiteral("walnut oil")), qPrintable(second));
        QCOMPARE(passagesOf(chat()->messages()->at(0)), first); // its own stay

        // After a restart on the same database, the reopened chat sends both again.
        const qint64 id = chat()->currentId();
        chat()->flushStore();
        app_.stop();
        start(false);
        chat()->selectConversation(id);
        QTRY_COMPARE(chat()->messages()->count(), 4);
        users = userTurns(chat()->promptTurns());
        QCOMPARE(users.size(), 2);
        QCOMPARE(users.at(0).passages, first);
        QCOMPARE(users.at(1).passages, second);
        // The context meter counts them: the reopened chat's turns with their passages take more
        // than the same turns without.
        QList<ChatTurn> turns = chat()->promptTurns();
        const int with = app_.countTokens(turns, 9201);
        for (ChatTurn& t : turns) t.passages.clear();
        const int without = app_.countTokens(turns, 9202);
        QVERIFY2(without > 0 && with > without + 40,
                 qPrintable(QStringLiteral("%1 %2").arg(with).arg(without)));
    }
};

QTEST_MAIN(TestChatPassages)
#include "test_chat_passages.moc"
