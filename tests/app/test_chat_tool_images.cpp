// An MCP tool result's images reach a model that can see (its mmproj next to it), in the whole
// app offscreen: a stored chat whose tool card holds one PNG (as tool_turn.cpp keeps it) is opened
// on the tiny SmolVLM-style test model, and the tool turn of the request holds the image, with its
// marker before the text, and the answer to a next question runs with it (the worker turns the
// marker into the image's positions, checked in app_worker). On the demo model (no mmproj) the
// same turn goes as text alone, as before.
#include "qml_fixture.h"

#include "conversation_store.h"
#include "model_source.h"
#include "runtime/prompt_image.h"
#include "test_data.h"
#include "tiny_model.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

class TestChatToolImages : public QObject {
    Q_OBJECT
    AppFixture app_;
    ChatController* chat() const { return app_.context->chat(); }
    const QString tag_ = QStringLiteral("app_chat_tool_images");
    QTemporaryDir dir_;
    QByteArray png_;
    qint64 id_ = 0;

    void start(bool fresh, const QString& model) { app_.startChat(tag_, model, fresh, 2, 30000); }
    ChatTurn toolTurn() const {
        for (const ChatTurn& t : chat()->promptTurns())
            if (t.role == QLatin1String("tool")) return t;
        return {};
    }
    void open() {
        chat()->selectConversation(id_);
        QTRY_VERIFY(chat()->messages()->count() >= 3); // and the question the first case asked
    }

  private slots:
    void initTestCase() {
        test::copySeeingModel(dir_.path().toStdString());
        QFile png(QString::fromStdString(test::dataPath("vision/wide-70x40.png")));
        QVERIFY(png.open(QIODevice::ReadOnly));
        png_ = png.readAll();
        // A chat as the tool loop leaves it: the question, the call, the card with the image.
        start(true, {});
        app_.stop();
        ConversationStore store;
        store.open(QStringLiteral(SMOLDESK_TEST_TMP "/app_chat_tool_images.sqlite"));
        id_ = newRecordId();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        ConversationRecord c;
        c.id = id_;
        c.title = QStringLiteral("Screenshot");
        c.created = c.updated = now;
        store.saveConversation(c);
        const QJsonObject call{{"id", "call_1"}, {"name", "screenshot"}, {"arguments", "{}"}};
        const QJsonObject card{
            {"callId", "call_1"},
            {"name", "screenshot"},
            {"server", "test"},
            {"tool", "screenshot"},
            {"arguments", "{}"},
            {"state", "done"},
            {"images", QJsonArray{QJsonObject{{"mimeType", "image/png"},
                                              {"data", QString::fromLatin1(png_.toBase64())}}}}};
        qint64 parent = 0;
        const QList<QPair<QString, QString>> rows{
            {"user", "Take a screenshot."}, {"assistant", "Taking one."}, {"tool", "One screenshot."}};
        const QList<QJsonObject> json{{}, QJsonObject{{"calls", QJsonArray{call}}}, card};
        for (int i = 0; i < rows.size(); ++i) {
            MessageRecord m;
            m.id = newRecordId();
            m.conversationId = id_;
            m.position = i;
            m.parentId = parent;
            m.role = rows.at(i).first;
            m.content = rows.at(i).second;
            if (!json.at(i).isEmpty())
                m.toolJson = QString::fromUtf8(QJsonDocument(json.at(i)).toJson(QJsonDocument::Compact));
            m.created = now;
            store.saveMessage(m);
            parent = m.id;
        }
        store.close();
    }
    void cleanupTestCase() { app_.stop(); }

    void visionModelSeesTheResultImage() {
        start(false, dir_.filePath("smolvlm-text-tiny.gguf"));
        QVERIFY(app_.context->model()->seesImages());
        open();
        const ChatTurn tool = toolTurn();
        QCOMPARE(tool.images, QList<QByteArray>{png_});
        const QString marker = QString::fromUtf8(runtime::kMediaMarker.data(),
                                                 static_cast<qsizetype>(runtime::kMediaMarker.size()));
        QCOMPARE(tool.content, marker + QStringLiteral("\nOne screenshot."));
        // The prompt holds the image's positions: the worker's count (images laid out as the model
        // reads them) is larger than the same turns without the image by its 20 positions at least.
        QList<ChatTurn> turns = chat()->promptTurns();
        const int withImage = app_.countTokens(turns, 9101);
        for (ChatTurn& t : turns)
            if (t.role == QLatin1String("tool"))
                t = {t.role, QStringLiteral("One screenshot."), false, {}, t.toolCallId, t.name};
        const int without = app_.countTokens(turns, 9102);
        QVERIFY2(without > 0 && withImage >= without + 20,
                 qPrintable(QStringLiteral("%1 %2").arg(withImage).arg(without)));
        QSignalSpy done(chat(), &ChatController::generationFinished);
        QVERIFY(chat()->send(QStringLiteral("What does it show?")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QVERIFY2(chat()->errorText().isEmpty(), qPrintable(chat()->errorText()));
        app_.stop();
    }

    void blindModelGetsTheTextAlone() {
        start(false, {});
        QVERIFY(!app_.context->model()->seesImages());
        open();
        const ChatTurn tool = toolTurn();
        QVERIFY(tool.images.isEmpty());
        QCOMPARE(tool.content, QStringLiteral("One screenshot."));
    }
};

QTEST_MAIN(TestChatToolImages)
#include "test_chat_tool_images.moc"
