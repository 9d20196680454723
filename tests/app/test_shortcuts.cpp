// Keyboard shortcuts act on every press and not under a modal dialog (issue 12, defect 4: each
// key was bound twice, so it fired on every second or third press, and Ctrl+N started a new
// chat behind an open dialog).
#include "qml_fixture.h"

#include <QPointer>
#include <QQuickItem>
#include <QSignalSpy>
#include <QTest>

using namespace smoldesk::app;

class TestShortcuts : public QObject {
    Q_OBJECT
    AppFixture app_;

    QObject* find(const char* name) const {
        return app_.engine->rootObjects().first()->findChild<QObject*>(QLatin1String(name));
    }
    bool isOpen(const char* name) const { return find(name)->property("visible").toBool(); }
    void press(int key) { QTest::keyClick(app_.window, Qt::Key(key), Qt::ControlModifier); }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_shortcuts")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
        app_.window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(app_.window));
        QTRY_COMPARE_WITH_TIMEOUT(app_.context->model()->state(), ModelManager::State::Ready, 20000);
        QVERIFY(find("settingsDialog") && find("openModelDialog"));
    }
    void cleanupTestCase() { app_.stop(); }

    void newChatOnEveryPress() {
        QSignalSpy current(app_.context->chat(), &ChatController::currentChanged);
        for (int i = 1; i <= 4; ++i) {
            press(Qt::Key_N);
            QCOMPARE(current.count(), i);
        }
        // The prompt box has the focus afterwards.
        QTRY_VERIFY(app_.item("promptInput")->hasActiveFocus());
    }

    void settingsOnEveryPress() {
        for (int i = 0; i < 3; ++i) {
            press(Qt::Key_Comma);
            QTRY_VERIFY2(isOpen("settingsDialog"), qPrintable(QStringLiteral("press %1").arg(i + 1)));
            QMetaObject::invokeMethod(find("settingsDialog"), "close");
            QTRY_VERIFY(!isOpen("settingsDialog"));
        }
    }

    void openModelOnEveryPress() {
        for (int i = 0; i < 3; ++i) {
            press(Qt::Key_O);
            QTRY_VERIFY2(isOpen("openModelDialog"), qPrintable(QStringLiteral("press %1").arg(i + 1)));
            QMetaObject::invokeMethod(find("openModelDialog"), "reject");
            QTRY_VERIFY(!isOpen("openModelDialog"));
        }
    }

    void nothingActsUnderAModalDialog() {
        ChatController* chat = app_.context->chat();
        // A conversation to lose: Ctrl+N behind the dialog would close it.
        app_.context->settings()->setMaxTokens(8);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("Once upon a time")));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        const qint64 id = chat->currentId();
        QVERIFY(id != 0);

        QMetaObject::invokeMethod(find("settingsDialog"), "open");
        QTRY_VERIFY(isOpen("settingsDialog"));
        QSignalSpy current(chat, &ChatController::currentChanged);
        press(Qt::Key_N);
        QTest::qWait(50);
        press(Qt::Key_O);
        QTest::qWait(100);
        QCOMPARE(current.count(), 0);
        QCOMPARE(chat->currentId(), id);
        QVERIFY(!isOpen("openModelDialog"));
        QVERIFY(isOpen("settingsDialog"));
        QMetaObject::invokeMethod(find("settingsDialog"), "close");
        QTRY_VERIFY(!isOpen("settingsDialog"));

        // Ctrl+Q quits under any dialog, once per press (it worked only under the overflow
        // question). The engine would quit the test itself: only the requests are counted.
        QObject::disconnect(app_.engine.get(), &QQmlEngine::quit, nullptr, nullptr);
        QSignalSpy quit(app_.engine.get(), &QQmlEngine::quit);
        for (const char* dialog : {"settingsDialog", "aboutDialog"}) {
            QMetaObject::invokeMethod(find(dialog), "open");
            QTRY_VERIFY(isOpen(dialog));
            const int before = int(quit.count());
            press(Qt::Key_Q);
            QTRY_COMPARE(int(quit.count()), before + 1);
            QMetaObject::invokeMethod(find(dialog), "close");
            QTRY_VERIFY(!isOpen(dialog));
        }
        press(Qt::Key_Q); // and without one
        QTRY_COMPARE(int(quit.count()), 3);
        QTest::qWait(50);
        QCOMPARE(int(quit.count()), 3);

        // And they act again once it is closed.
        press(Qt::Key_N);
        QCOMPARE(current.count(), 1);
        QCOMPARE(chat->currentId(), 0);
    }

    void escapeStopsAnAnswer() {
        ChatController* chat = app_.context->chat();
        app_.context->settings()->setMaxTokens(100000);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QVERIFY(chat->send(QStringLiteral("The little dog")));
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        const QString reason = done.at(0).at(0).toString();
        QVERIFY2(reason == QLatin1String("stopped") || reason == QLatin1String("context-full"),
                 qPrintable(reason));
        app_.context->settings()->resetModelSettings();
    }

    // Issue 39, defects 4 and 15: the conversation list is in the Tab order and works with Up,
    // Down and Enter; in Search, Down goes to the list and Enter opens the first chat found;
    // Escape (or its ✕ button) clears the search. Key events only.
    void conversationListByKeyboard() {
        ChatController* chat = app_.context->chat();
        QTRY_VERIFY(chat->conversations()->rowCount() >= 2); // the chats of the tests above
        chat->newConversation();
        QQuickItem* search = app_.item("searchField");
        QQuickItem* list = app_.item("conversationList");
        QVERIFY(search && list);
        auto key = [&](Qt::Key k) { QTest::keyClick(app_.window, k); };
        auto type = [&](const QString& text) {
            for (const QChar c : text) QTest::keyClick(app_.window, c.toLatin1());
        };

        search->forceActiveFocus(Qt::TabFocusReason);
        key(Qt::Key_Tab);
        QTRY_VERIFY(list->hasActiveFocus());
        QCOMPARE(list->property("currentIndex").toInt(), 0);
        const auto framesShown = [&] {
            int n = 0;
            for (QQuickItem* f : app_.items("listFocusFrame")) n += f->isVisible();
            return n;
        };
        QTRY_COMPARE(framesShown(), 1); // the focus shows, on one row
        key(Qt::Key_Down);
        QCOMPARE(list->property("currentIndex").toInt(), 1);
        key(Qt::Key_Return);
        QTRY_COMPARE(chat->currentId(), chat->conversations()->idAt(1));
        QTRY_VERIFY(app_.item("promptInput")->hasActiveFocus()); // ready to type

        // Search: Down to the list, Enter there opens the chat found.
        search->forceActiveFocus(Qt::TabFocusReason);
        type(QStringLiteral("little dog"));
        QTRY_COMPARE(chat->searchText(), QStringLiteral("little dog"));
        QTRY_VERIFY(chat->conversations()->rowCount() >= 1 && chat->conversations()->rowCount() < 3);
        const qint64 found = chat->conversations()->idAt(0);
        key(Qt::Key_Down);
        QTRY_VERIFY(list->hasActiveFocus());
        key(Qt::Key_Return);
        QTRY_COMPARE(chat->currentId(), found);
        // Enter in Search opens the first chat found at once.
        chat->newConversation();
        search->forceActiveFocus(Qt::TabFocusReason);
        key(Qt::Key_Return);
        QTRY_COMPARE(chat->currentId(), found);

        // Escape clears the search (and the list shows every chat again); so does ✕.
        search->forceActiveFocus(Qt::TabFocusReason);
        key(Qt::Key_Escape);
        QTRY_COMPARE(search->property("text").toString(), QString());
        QCOMPARE(chat->searchText(), QString());
        QTRY_VERIFY(chat->conversations()->rowCount() >= 2);
        type(QStringLiteral("xyz"));
        QQuickItem* clear = app_.item("clearSearchButton");
        QTRY_VERIFY(clear && clear->isVisible());
        QMetaObject::invokeMethod(clear, "clicked");
        QTRY_COMPARE(chat->searchText(), QString());
        QVERIFY(!clear->isVisible());
    }

    // Issue 39, defect 4: in the edit-prompt dialog Enter sends, as in the prompt box, and
    // Shift+Enter starts a new line.
    void editPromptEnterSends() {
        ChatController* chat = app_.context->chat();
        app_.context->settings()->setMaxTokens(8);
        QTRY_VERIFY(chat->messages()->count() >= 2); // the chat the test above opened
        const QString before = chat->messages()->at(0).content;
        QQuickItem* edit = nullptr;
        for (QQuickItem* b : app_.items("editButton"))
            if (b->isVisible()) {
                edit = b;
                break;
            }
        QVERIFY(edit);
        QMetaObject::invokeMethod(edit, "clicked");
        QQuickItem* area = nullptr;
        QTRY_VERIFY((area = app_.item("editPromptArea")) && area->hasActiveFocus());
        QTest::keyClick(app_.window, Qt::Key_End, Qt::ControlModifier);
        QTest::keyClick(app_.window, Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClick(app_.window, 'x');
        QCOMPARE(area->property("text").toString(), before + QStringLiteral("\nx"));
        const QPointer<QQuickItem> editor(area);
        QSignalSpy done(chat, &ChatController::generationFinished);
        QTest::keyClick(app_.window, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QCOMPARE(chat->messages()->at(0).content, before + QStringLiteral("\nx"));
        // The new branch may replace the delegate that held the editor: a destroyed editor is closed too.
        QTRY_VERIFY(!editor || !editor->isVisible());
        app_.context->settings()->resetModelSettings();
    }

    // Issue 39, defect 15: the note that says where an export went covers neither Send nor the
    // prompt box.
    void exportNoteCoversNoControl() {
        ChatController* chat = app_.context->chat();
        QTRY_VERIFY(chat->messages()->count() > 0);
        const QString path = QStringLiteral(SMOLDESK_TEST_TMP "/app_shortcuts_export.md");
        QVERIFY(chat->exportConversation(QUrl::fromLocalFile(path), QStringLiteral("md")));
        QObject* note = find("exportedNote");
        QVERIFY(note);
        QTRY_VERIFY(note->property("opened").toBool());
        auto* noteItem = note->property("contentItem").value<QQuickItem*>()->parentItem();
        const QRectF noteRect = noteItem->mapRectToScene(QRectF(0, 0, noteItem->width(), noteItem->height()));
        for (const char* name : {"sendButton", "promptInput"}) {
            QQuickItem* i = app_.item(name);
            QVERIFY(i);
            const QRectF r = i->mapRectToScene(QRectF(0, 0, i->width(), i->height()));
            QVERIFY2(!noteRect.intersects(r), name);
        }
        QMetaObject::invokeMethod(note, "close");
    }

    // Issue 39, defect 11: after a language switch at run time the menu bar lost its mnemonic
    // underlines, and the File menu kept its English width: German cut "Zuletzt verwendete Mod…".
    // The letters still open the menus, and every entry fits its menu.
    void menusAfterALanguageSwitch() {
        const struct {
            const char* language;
            Qt::Key menuKey;
        } cases[] = {{"de", Qt::Key_D}, {"fr", Qt::Key_F}, {"en", Qt::Key_F}};
        for (const auto& c : cases) {
            app_.context->settings()->setLanguage(QLatin1String(c.language));
            QTest::qWait(100);
            QObject* bar = app_.window->property("menuBar").value<QObject*>();
            QVERIFY(bar);
            QPointer<QObject> menu = bar->findChild<QObject*>(QStringLiteral("fileMenu"));
            QVERIFY(menu);
            QTest::keyClick(app_.window, c.menuKey, Qt::AltModifier);
            QTRY_VERIFY2(menu->property("visible").toBool(), c.language);
            QTest::qWait(200); // the popup's layout settles
            const qreal width = menu->property("width").toReal();
            const int count = menu->property("count").toInt();
            QVERIFY(count >= 5);
            for (int i = 0; i < count; ++i) {
                QQuickItem* entry = nullptr;
                QMetaObject::invokeMethod(menu, "itemAt", Q_RETURN_ARG(QQuickItem*, entry), Q_ARG(int, i));
                QVERIFY(entry);
                const QString text = entry->property("text").toString();
                QVERIFY2(entry->implicitWidth() <= width + 0.5,
                         qPrintable(QStringLiteral("%1: “%2” needs %3 px, the menu is %4")
                                        .arg(QLatin1String(c.language), text)
                                        .arg(entry->implicitWidth())
                                        .arg(width)));
            }
            QTest::keyClick(app_.window, Qt::Key_Escape);
            QTRY_VERIFY2(!menu->property("visible").toBool(), c.language);
        }
    }
};

QTEST_MAIN(TestShortcuts)
#include "test_shortcuts.moc"
