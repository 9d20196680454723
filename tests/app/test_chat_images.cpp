// Issue 37 in the app: an image attached in the composer (a file, a data URL or the clipboard)
// goes with the prompt to a model that can see (the tiny SmolVLM-shaped model with its mmproj
// next to it, tests/data/vision): the prompt the worker reads is longer than the same text without
// it by the image's tokens, the answer streams, the image is stored with its message (still there
// after a restart on the same database) and exported; a model without an mmproj refuses in one
// sentence, shown as the request's error.
#include "qml_fixture.h"

#include "chat_images.h"
#include "test_data.h"
#include "tiny_model.h"
#include "worker/model_worker.h"

#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace smoldesk;
using namespace smoldesk::app;

class TestChatImages : public QObject {
    Q_OBJECT
    AppFixture app_;
    QTemporaryDir dir_;
    QString modelPath_;
    QString imagePath_;
    qint64 chatWithImage_ = 0;
    ChatController* chat() const { return app_.context->chat(); }

    bool ready() {
        return QTest::qWaitFor([&] { return app_.context->model()->state() == ModelManager::State::Ready; },
                               30000);
    }
    // Sends `text` in a new chat with what is attached; the prompt's tokens as the worker read them.
    int sendAndCount(const QString& text) {
        QSignalSpy prompt(app_.context->model()->worker(), &ModelWorker::promptReady);
        QSignalSpy done(chat(), &ChatController::generationFinished);
        if (!chat()->send(text)) return -1;
        if (!QTest::qWaitFor([&] { return done.count() >= 1; }, 60000)) return -2;
        if (done.at(0).at(0).toString() == QLatin1String("error") || prompt.isEmpty()) return -3;
        return prompt.at(0).at(1).toInt();
    }

  private slots:
    void initTestCase() {
        const QString vision = QString::fromStdString(test::dataPath("vision"));
        modelPath_ = QString::fromStdString(test::copySeeingModel(dir_.path().toStdString()));
        imagePath_ = vision + "/wide-70x40.png";
        QVERIFY(app_.start(QStringLiteral("app_chat_images"), modelPath_));
        QVERIFY(ready());
        app_.context->settings()->setMaxTokens(4);
    }
    void cleanupTestCase() { app_.stop(); }

    void attachRefusesWhatIsNoImage() {
        QFile text(dir_.filePath("notes.png"));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("just some words, not a picture");
        text.close();
        QVERIFY(!chat()->attachImage(QUrl::fromLocalFile(text.fileName())));
        QVERIFY(!chat()->errorText().isEmpty());
        QVERIFY(chat()->pendingImages().isEmpty());
        chat()->clearError();
        QGuiApplication::clipboard()->setText(QStringLiteral("words"));
        QVERIFY(!chat()->attachImageFromClipboard()); // no image: the paste stays the text's
    }

    // Ctrl+V in the prompt box attaches the clipboard's image as a chip; its × removes it.
    void pasteAttachesInTheComposer() {
        QImage blue(20, 20, QImage::Format_RGB32);
        blue.fill(Qt::blue);
        QGuiApplication::clipboard()->setImage(blue);
        QQuickItem* input = app_.item("promptInput");
        QVERIFY(input);
        input->forceActiveFocus();
        QTRY_VERIFY(input->hasActiveFocus());
        QTest::keyClick(app_.window, Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(chat()->pendingImages().size(), 1);
        QTRY_COMPARE(app_.items("attachmentChip").size(), 1);
        QQuickItem* remove = app_.item("removeAttachment");
        QVERIFY(remove);
        QMetaObject::invokeMethod(remove, "clicked");
        QVERIFY(chat()->pendingImages().isEmpty());
        QTRY_COMPARE(app_.items("attachmentChip").size(), 0);
    }

    void imageGoesWithThePrompt() {
        chat()->newConversation();
        const int textOnly = sendAndCount(QStringLiteral("What is it?"));
        QVERIFY2(textOnly > 0, qPrintable(QString::number(textOnly)));

        chat()->newConversation();
        QVERIFY(chat()->attachImage(QUrl::fromLocalFile(imagePath_)));
        QImage red(24, 16, QImage::Format_RGB32);
        red.fill(Qt::red);
        QGuiApplication::clipboard()->setImage(red);
        QVERIFY(chat()->attachImageFromClipboard());
        QCOMPARE(chat()->pendingImages().size(), 2);
        QVERIFY(chat()->pendingImages().at(0).startsWith(QLatin1String("data:image/png;base64,")));
        chat()->removeAttachment(1);
        QCOMPARE(chat()->pendingImages().size(), 1);

        QString answer;
        auto c = connect(chat()->messages(), &QAbstractItemModel::dataChanged, this, [&] {
            if (chat()->messages()->count() == 2) answer = chat()->messages()->at(1).content;
        });
        const int withImage = sendAndCount(QStringLiteral("What is it?"));
        disconnect(c);
        qInfo("prompt tokens: %d with the image, %d without", withImage, textOnly);
        // The 70x40 image: 20 positions and 13 marker tokens (as the API server's test counts them).
        QVERIFY2(withImage >= textOnly + 20 + 13,
                 qPrintable(QStringLiteral("%1 vs %2").arg(withImage).arg(textOnly)));
        QVERIFY(chat()->errorText().isEmpty());
        QVERIFY(chat()->pendingImages().isEmpty()); // they went with the prompt
        QVERIFY(!answer.isEmpty());                 // it streamed into the answer's row
        QCOMPARE(chat()->messages()->at(0).images.size(), 1);
        QTRY_COMPARE(app_.items("messageImage").size(), 1); // the sent prompt shows it
        QFile png(imagePath_);
        QVERIFY(png.open(QIODevice::ReadOnly));
        QCOMPARE(chat()->messages()->at(0).images.at(0), png.readAll());
        // Follow-ups send it again with its message, before the text.
        const QList<ChatTurn> turns = chat()->promptTurns();
        QCOMPARE(turns.at(0).images.size(), 1);
        QVERIFY(turns.at(0).content.startsWith(QLatin1String("<__media__>")));
        // The JSON export carries it as a data URL; the Markdown names it.
        const QString json = dir_.filePath("chat.json");
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(json), QStringLiteral("json")));
        QFile exported(json);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        QVERIFY(exported.readAll().contains("\"data:image/png;base64,"));
        const QString md = dir_.filePath("chat.md");
        QVERIFY(chat()->exportConversation(QUrl::fromLocalFile(md), QStringLiteral("md")));
        QFile markdown(md);
        QVERIFY(markdown.open(QIODevice::ReadOnly));
        QVERIFY(markdown.readAll().contains("(1 image attached)"));
        chatWithImage_ = chat()->currentId();
    }

    void imageSurvivesARestart() {
        QVERIFY(chatWithImage_ != 0);
        chat()->flushStore();
        app_.stop();
        QVERIFY(app_.start(QStringLiteral("app_chat_images"), modelPath_, false));
        QVERIFY(ready());
        QSignalSpy loaded(chat(), &ChatController::messagesReady);
        chat()->selectConversation(chatWithImage_);
        QTRY_VERIFY_WITH_TIMEOUT(chat()->messages()->count() == 2, 10000);
        QCOMPARE(chat()->messages()->at(0).images.size(), 1);
        QCOMPARE(chat()
                     ->messages()
                     ->data(chat()->messages()->index(0), MessageListModel::ImagesRole)
                     .toStringList()
                     .size(),
                 1);
        // An edited prompt keeps its images.
        QSignalSpy done(chat(), &ChatController::generationFinished);
        chat()->editMessage(0, QStringLiteral("And the colour?"));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(chat()->messages()->at(0).content, QStringLiteral("And the colour?"));
        QCOMPARE(chat()->messages()->at(0).images.size(), 1);
    }

    void modelWithoutMmprojRefuses() {
        app_.context->model()->load(app_.context->model()->demoModelPath());
        QTRY_VERIFY_WITH_TIMEOUT(app_.context->model()->state() == ModelManager::State::Loading ||
                                     app_.context->model()->modelPath() ==
                                         app_.context->model()->demoModelPath(),
                                 10000);
        QVERIFY(ready());
        chat()->newConversation();
        QVERIFY(chat()->attachImage(QUrl::fromLocalFile(imagePath_)));
        QVERIFY(!app_.context->model()->seesImages()); // known from the load: said before sending
        QVERIFY(!chat()->send(QStringLiteral("What is it?")));
        QCOMPARE(chat()->messages()->count(), 0);
        QCOMPARE(chat()->pendingImages().size(), 1); // still attached, for another model
        QVERIFY2(chat()->errorText().contains(QLatin1String(
                     "This model cannot see images: no mmproj file was given or found next to it.")),
                 qPrintable(chat()->errorText()));
    }
};

QTEST_MAIN(TestChatImages)
#include "test_chat_images.moc"
