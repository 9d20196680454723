// Files attached to one chat (issue 36, "In the chat"), in the whole app offscreen on the demo
// model: two documents attached to a new chat (an image and a model file are refused: images go
// with a prompt, V2's chips), the composer's chip "Using: 2 files", an answer whose sources are
// those files (the request carried them to core/grounding, whose prompt test_grounding checks),
// the choice kept with the conversation — gone in a new chat, back when the chat is opened again
// and after the app restarts on the same database — and removed with detach.
#include "qml_fixture.h"

#include "chat_documents.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

namespace {

QString data(const char* path) {
    return QString::fromStdString(test::dataPath(path));
}

QStringList sourceFiles(const MessageRecord& m) {
    QStringList out;
    for (const QJsonValue& s :
         QJsonDocument::fromJson(m.toolJson.toUtf8()).object().value("sources").toArray())
        out << s.toObject().value("file").toString();
    return out;
}

} // namespace

class TestChatAttachments : public QObject {
    Q_OBJECT
    AppFixture app_;
    ChatController* chat() const { return app_.context->chat(); }
    ChatDocuments* docs() const { return chat()->documents(); }
    const QString tag_ = QStringLiteral("app_chat_attachments");
    qint64 id_ = 0;

    void start(bool fresh) { app_.startChat(tag_, {}, fresh, 4); }

  private slots:
    void initTestCase() {
        QFile::remove(QStringLiteral(SMOLDESK_TEST_TMP "/app_chat_attachments.library.sqlite"));
        start(true);
    }
    void cleanupTestCase() { app_.stop(); }

    void attachAndAnswer() {
        const QString boiler = data("docs/chat/boiler.md"), garden = data("docs/chat/garden.txt");
        const QString photo = QString::fromStdString(test::tmpPath("attach-photo.png"));
        QFile(photo).open(QIODevice::WriteOnly);
        QVERIFY(!ChatDocuments::isDocumentUrl(QUrl::fromLocalFile(photo)));
        QVERIFY(ChatDocuments::isDocumentUrl(QUrl::fromLocalFile(data("docs/pdf/manual.pdf"))));
        QQuickItem* chip = app_.item("attachedDocumentsChip");
        QVERIFY(chip && !chip->isVisible());
        QCOMPARE(docs()->attach({QUrl::fromLocalFile(boiler), QUrl::fromLocalFile(garden),
                                 QUrl::fromLocalFile(boiler), // twice: once
                                 QUrl::fromLocalFile(photo),
                                 QUrl::fromLocalFile(app_.context->model()->demoModelPath()),
                                 QUrl(QStringLiteral("https://example.com/a.md"))}),
                 2);
        QCOMPARE(docs()->attached(), (QStringList{boiler, garden}));
        QTRY_VERIFY(chip->isVisible());
        QCOMPARE(chip->property("text").toString(), QStringLiteral("Using: 2 files"));

        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("How do I reset the boiler?")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        const QStringList used = sourceFiles(chat()->messages()->at(1));
        QVERIFY2(used.contains(boiler), qPrintable(chat()->messages()->at(1).toolJson));
        for (const QString& f : used) QVERIFY2(f == boiler || f == garden, qPrintable(f)); // no library
        id_ = chat()->currentId();
        QVERIFY(id_ > 0);

        chat()->newConversation();
        QVERIFY(docs()->attached().isEmpty());
        QTRY_VERIFY(!chip->isVisible());
        chat()->selectConversation(id_);
        QTRY_COMPARE(docs()->attached(), (QStringList{boiler, garden}));
    }

    void keptAfterRestart() {
        app_.stop();
        start(false);
        chat()->selectConversation(id_);
        QTRY_COMPARE(docs()->attached(),
                     (QStringList{data("docs/chat/boiler.md"), data("docs/chat/garden.txt")}));
        QCOMPARE(app_.item("attachedDocumentsChip")->property("text").toString(),
                 QStringLiteral("Using: 2 files"));
        docs()->detach(data("docs/chat/boiler.md"));
        QCOMPARE(app_.item("attachedDocumentsChip")->property("text").toString(),
                 QStringLiteral("Using: garden.txt"));
        docs()->detachAll();
        app_.stop();
        start(false);
        chat()->selectConversation(id_);
        QTRY_COMPARE(chat()->messages()->count(), 2);
        QVERIFY(docs()->attached().isEmpty());
    }
};

QTEST_MAIN(TestChatAttachments)
#include "test_chat_attachments.moc"
