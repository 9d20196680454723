// The thought block as the user sees it, driven by a scripted token stream (the tiny models
// never write <think>): "Thinking…" with the thought streaming in while the model thinks, then
// "Thought for N s", collapsed, with the answer below; a click opens it again.
#include "qml_fixture.h"

#include "worker/model_worker.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>

using namespace smoldesk::app;

class TestThinkingView : public QObject {
    Q_OBJECT
    AppFixture app_;

    QQuickItem* visibleItem(const char* name) const {
        for (QQuickItem* i : app_.items(name))
            if (i->isVisible()) return i;
        return nullptr;
    }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_thinking_view")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
    }
    void cleanupTestCase() { app_.stop(); }

    void liveThoughtThenAnswer() {
        ModelWorker* worker = app_.context->model()->worker();
        ChatController* chat = app_.context->chat();
        // Hold the real generation at its start (on the worker thread) and play its part here:
        // the controller takes the scripted signals for the id the worker announced.
        QSemaphore release;
        std::atomic<quint64> requestId{0};
        auto hold = connect(
            worker, &ModelWorker::promptReady, this,
            [&](quint64 id, int, int) {
                requestId = id;
                release.acquire();
            },
            Qt::DirectConnection);
        QVERIFY(chat->send(QStringLiteral("Why is the sky blue?")));
        QVERIFY(QTest::qWaitFor([&] { return requestId.load() != 0; }, 20000));
        const quint64 id = requestId.load();

        emit worker->delta(id, QStringLiteral("Light scatters"), QString(), 20);
        QQuickItem* label = nullptr;
        QTRY_VERIFY((label = visibleItem("thinkingLabel")) != nullptr);
        QTRY_COMPARE(label->property("text").toString(), QStringLiteral("Thinking…"));
        QQuickItem* thought = nullptr;
        QTRY_VERIFY((thought = visibleItem("thoughtText")) != nullptr); // open while it streams
        QTRY_COMPARE(thought->property("text").toString(), QStringLiteral("Light scatters"));
        emit worker->delta(id, QStringLiteral(" off the air."), QString(), 24);
        QTRY_COMPARE(thought->property("text").toString(), QStringLiteral("Light scatters off the air."));
        QCOMPARE(label->property("text").toString(), QStringLiteral("Thinking…"));

        emit worker->thoughtFinished(id, 2.4);
        QTRY_COMPARE(label->property("text").toString(), QStringLiteral("Thought for 2 s"));
        QTRY_VERIFY(!thought->isVisible()); // collapsed once done
        emit worker->delta(id, QString(), QStringLiteral("Because of Rayleigh scattering."), 30);
        GenerationResult r;
        r.generatedTokens = 10;
        r.stopReason = QStringLiteral("end");
        r.contextUsed = 30;
        emit worker->finished(id, r);
        QVERIFY(!chat->generating());
        QCOMPARE(chat->messages()->at(1).content, QStringLiteral("Because of Rayleigh scattering."));
        QCOMPARE(chat->messages()->at(1).thought, QStringLiteral("Light scatters off the air."));
        QCOMPARE(label->property("text").toString(), QStringLiteral("Thought for 2 s"));
        QVERIFY(!thought->isVisible());

        // A click on the header opens the thought again.
        QQuickItem* header = visibleItem("thinkingHeader");
        QVERIFY(header);
        const QPointF centre = header->mapToScene(QPointF(header->width() / 2, header->height() / 2));
        // The finished answer is laid out again (its stats row, the demo model's story line):
        // a click in the same frame did not reach the header.
        QTest::qWait(300);
        QTest::mouseClick(app_.window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
        QTRY_VERIFY(thought->isVisible());

        // Let the held generation go; it ends at once and is no longer this answer's.
        disconnect(hold);
        worker->requestStop(id);
        release.release();
        QTest::qWait(100);
        QCOMPARE(chat->messages()->at(1).content, QStringLiteral("Because of Rayleigh scattering."));
    }
};

QTEST_MAIN(TestThinkingView)
#include "test_thinking_view.moc"
