// The in-app viewer of a cited source (issue 36, "In the chat"), in the whole app offscreen: a
// citation of page 3 of tests/data/docs/pdf/manual.pdf opens Qt PDF Quick's view at that page with
// the passage's words found and framed on it (the page's text is known from make_pdfs.py, not
// from our reader); a citation of lines 150–152 of a 200-line text selects exactly those lines
// and scrolls them into view; Escape returns to the chat; a vanished file gets one sentence.
#include "qml_fixture.h"

#include "chat_documents.h"
#include "test_data.h"

#include <QTest>

#include <filesystem>
#include <fstream>

using namespace smoldesk;
using namespace smoldesk::app;
namespace fs = std::filesystem;

class TestSourceViewer : public QObject {
    Q_OBJECT
    AppFixture app_;
    SourceViewer* viewer() const { return app_.context->chat()->documents()->viewer(); }
    QQuickItem* popupContent() const { return app_.item("sourceText"); }

  private slots:
    void initTestCase() {
        QVERIFY(app_.start(QStringLiteral("app_source_viewer")));
        QVERIFY(QTest::qWaitForWindowExposed(app_.window));
    }
    void cleanupTestCase() { app_.stop(); }

    void searchPhrase() {
        QCOMPARE(SourceViewer::searchPhrase(QStringLiteral("Pruning roses in March. Äpfel are picked")),
                 QStringLiteral("Pruning roses in March"));
        QCOMPARE(SourceViewer::searchPhrase(QStringLiteral("one two three four five six seven…")),
                 QStringLiteral("one two three four five"));
    }

    void pdfOpensAtTheCitedPage() {
        const QString pdf = QString::fromStdString(test::dataPath("docs/pdf/manual.pdf"));
        app_.context->chat()->documents()->openSource(
            pdf, 3, 1, 2, QStringLiteral("Pruning roses in March. Äpfel are picked in October."));
        QVERIFY(viewer()->isOpen());
        QCOMPARE(viewer()->kind(), QStringLiteral("pdf"));
        QQuickItem* loader = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((loader = app_.item("sourcePdfLoader")) &&
                                     loader->property("status").toInt() == 1,
                                 10000); // Loader.Ready: Qt PDF Quick is installed
        QObject* pdfView = loader->property("item").value<QObject*>();
        QVERIFY(pdfView);
        QTRY_VERIFY_WITH_TIMEOUT(pdfView->property("ready").toBool(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(pdfView->property("currentPage").toInt(), 2, 10000); // 0-based
        // The passage's words were found on the cited page (not page 1) and are the framed result.
        QTRY_COMPARE_WITH_TIMEOUT(pdfView->property("highlightPage").toInt(), 2, 10000);
        QCOMPARE(pdfView->property("currentPage").toInt(), 2);
        QVERIFY(!app_.item("sourceViewerMessage")->isVisible()); // no sentence over a good PDF
        // Scrolled there: two pages (of equal size) are above the top of the view.
        const auto scrolled = [&] {
            QVariant y, h;
            QMetaObject::invokeMethod(pdfView, "scrolledY", Q_RETURN_ARG(QVariant, y));
            QMetaObject::invokeMethod(pdfView, "pageHeight", Q_RETURN_ARG(QVariant, h));
            return h.toDouble() > 0 && y.toDouble() >= 2 * h.toDouble() - 1 &&
                   y.toDouble() < 3 * h.toDouble();
        };
        QTRY_VERIFY_WITH_TIMEOUT(scrolled(), 10000);
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!viewer()->isOpen());
    }

    void textScrollsToTheCitedLines() {
        const fs::path file = test::tmpPath("source-viewer-long.txt");
        {
            std::ofstream out(file);
            for (int n = 1; n <= 200; ++n) out << "line " << n << " of the long text\n";
        }
        app_.context->chat()->documents()->openSource(QString::fromStdString(file.string()), 0, 150, 152,
                                                      QStringLiteral("line 150 of the long text"));
        QCOMPARE(viewer()->kind(), QStringLiteral("text"));
        QQuickItem* text = popupContent();
        QVERIFY(text);
        QTRY_COMPARE(text->property("selectedText").toString(),
                     QStringLiteral(
                         "line 150 of the long text\nline 151 of the long text\nline 152 of the long text"));
        QQuickItem* flick = app_.item("sourceTextFlick");
        QVERIFY(flick);
        // The first cited line is in view once the popup is laid out.
        const auto inView = [&] {
            QRectF at;
            QMetaObject::invokeMethod(text, "positionToRectangle", Q_RETURN_ARG(QRectF, at),
                                      Q_ARG(int, viewer()->highlightStart()));
            const double top = flick->property("contentY").toDouble();
            return flick->height() > 50 && top > 0 && at.y() >= top && at.bottom() <= top + flick->height();
        };
        QTRY_VERIFY(inView());
        QTest::keyClick(app_.window, Qt::Key_Escape);
        QTRY_VERIFY(!viewer()->isOpen());
    }

    void vanishedFileGetsASentence() {
        app_.context->chat()->documents()->openSource(QStringLiteral("/nonexistent/moved/manual.pdf"), 2);
        QCOMPARE(viewer()->kind(), QStringLiteral("missing"));
        QCOMPARE(viewer()->message(),
                 QStringLiteral("manual.pdf is no longer in /nonexistent/moved: it was moved or deleted."));
        QQuickItem* message = app_.item("sourceViewerMessage");
        QTRY_VERIFY(message && message->isVisible());
        QCOMPARE(message->property("text").toString(), viewer()->message());
        viewer()->close();
    }

    void officeParagraphsHighlighted() {
        const QString docx = QString::fromStdString(test::dataPath("docs/office/report.docx"));
        // Paragraph 6 is the second block (test_office_text's expectation, from make_office.py).
        app_.context->chat()->documents()->openSource(docx, 0, 6, 6);
        QCOMPARE(viewer()->kind(), QStringLiteral("text"));
        QVERIFY(viewer()->text().startsWith(QStringLiteral("Sales grew by 12 % in Berlin & Paris.")));
        QCOMPARE(viewer()->text().mid(viewer()->highlightStart(),
                                      viewer()->highlightEnd() - viewer()->highlightStart()),
                 QStringLiteral("Region\tNorth\nCaf\u00e9 sales doubled."));
        viewer()->close();
    }
};

QTEST_MAIN(TestSourceViewer)
#include "test_source_viewer.moc"
