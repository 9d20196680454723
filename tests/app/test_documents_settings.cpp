// Settings ▸ Documents in the running app (offscreen): a folder added to App.library is indexed
// (keyword only: no embedding model chosen) and its card shows the file count, the page without
// text of a PDF and the file that could not be read, and the status line says it is up to date;
// Remove takes it out of the list.
#include "qml_fixture.h"
#include "test_data.h"

#include <QSignalSpy>
#include <QtTest>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
constexpr int FolderNotes = smoldesk::library::FolderListModel::NotesRole;

class TestDocumentsSettings : public QObject {
    Q_OBJECT
  private slots:
    void folderCard() {
        const fs::path root = smoldesk::test::tmpPath("documents-settings");
        fs::remove_all(root);
        fs::create_directories(root / "Manuals");
        fs::copy_file(smoldesk::test::dataPath("docs/pdf/manual.pdf"), root / "Manuals/manual.pdf");
        fs::copy_file(smoldesk::test::dataPath("docs/pdf/truncated.pdf"), root / "Manuals/truncated.pdf");
        std::ofstream(root / "Manuals/notes.md") << "# Notes\n\nRoses like sun.\n";
        const QString tag = QStringLiteral("documents-settings");
        QFile::remove(QStringLiteral(SMOLDESK_TEST_TMP "/") + tag + QStringLiteral(".library.sqlite"));

        AppFixture fx;
        QVERIFY(fx.start(tag));
        fx.context->settings()->setLanguage(QStringLiteral("en"));
        smoldesk::library::Library* lib = fx.context->library();
        QVERIFY(lib);
        QTRY_COMPARE_WITH_TIMEOUT(lib->state(), smoldesk::library::Library::State::Idle, 10000);
        QMetaObject::invokeMethod(fx.engine->rootObjects().first()->findChild<QObject*>("settingsDialog"),
                                  "open");
        auto* tabs = fx.item("settingsTabs");
        QVERIFY(tabs);
        tabs->setProperty("currentIndex", 6);
        QSignalSpy idle(lib, &smoldesk::library::Library::idle);
        lib->addFolder(QUrl::fromLocalFile(QString::fromStdString((root / "Manuals").string())).toString());
        QVERIFY(idle.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(fx.item("folderCounts_Manuals"), 5000);
        QTRY_COMPARE(fx.item("folderCounts_Manuals")->property("text").toString(),
                     QStringLiteral("3 files. 1 could not be read. 1 with pages without text."));
        QTRY_COMPARE(fx.item("libraryStatus")->property("text").toString(), QStringLiteral("Up to date."));
        QCOMPARE(fx.item("embeddingModelName")->property("text").toString(),
                 QStringLiteral("None: keyword search only"));
        QStringList notes;
        for (QQuickItem* item : fx.items(""))
            if (item->property("text").toString().contains(QStringLiteral("no text")) ||
                item->property("text").toString().contains(QStringLiteral("could not be read:")))
                notes << item->property("text").toString();
        QVERIFY2(notes.contains(QStringLiteral("manual.pdf: page 2 has no text — scanned?")),
                 qPrintable(notes.join(QLatin1Char('|'))));
        QVERIFY2(notes.contains(
                     QStringLiteral("truncated.pdf could not be read: it is not a valid PDF (damaged, cut "
                                    "short or another kind of file).")),
                 qPrintable(notes.join(QLatin1Char('|'))));
        // In German the counts, in French the note (made in C++, translated again on the switch).
        fx.context->settings()->setLanguage(QStringLiteral("de"));
        QTRY_COMPARE(fx.item("folderCounts_Manuals")->property("text").toString(),
                     QStringLiteral("3 Dateien. 1 konnte nicht gelesen werden. 1 mit Seiten ohne Text."));
        fx.context->settings()->setLanguage(QStringLiteral("fr"));
        const QString french =
            QStringLiteral("manual.pdf\u00a0: la page 2 n’a pas de texte — numérisée\u00a0?");
        QTRY_VERIFY2(
            lib->folders()->data(lib->folders()->index(0), FolderNotes).toStringList().contains(french),
            qPrintable(lib->folders()->data(lib->folders()->index(0), FolderNotes).toStringList().join('|')));
        fx.context->settings()->setLanguage(QStringLiteral("en"));

        // Files that cannot be indexed, said in the user's language: core keeps a reason code with
        // its English sentence (retrieval/index_failure.h) and the card translates the code.
        fs::create_directories(root / "Scans");
        fs::copy_file(smoldesk::test::dataPath("docs/pdf/scanned.pdf"), root / "Scans/scan.pdf");
        std::ofstream(root / "Scans/photo.raw", std::ios::binary) << std::string("RAW\0\x01\x02", 6);
        lib->addFolder(QString::fromStdString((root / "Scans").string()));
        auto scanNotes = [&] {
            for (int r = 0; r < lib->folders()->rowCount(); ++r)
                if (lib->folders()
                        ->data(lib->folders()->index(r), smoldesk::library::FolderListModel::PathRole)
                        .toString()
                        .endsWith(QStringLiteral("/Scans")))
                    return lib->folders()->data(lib->folders()->index(r), FolderNotes).toStringList();
            return QStringList();
        };
        QTRY_VERIFY_WITH_TIMEOUT(scanNotes().size() == 2, 30000);
        QVERIFY2(scanNotes().contains(QStringLiteral(
                     "photo.raw is not a text file (it contains NUL bytes), so it was not indexed.")),
                 qPrintable(scanNotes().join('|')));
        fx.context->settings()->setLanguage(QStringLiteral("de"));
        QTRY_VERIFY2(
            scanNotes().contains(QStringLiteral(
                "photo.raw ist keine Textdatei (sie enthält NUL-Bytes) und wurde darum nicht indiziert.")),
            qPrintable(scanNotes().join('|')));
        QVERIFY2(scanNotes().contains(QStringLiteral("scan.pdf hat auf seiner Seite keinen Text (gescannt? "
                                                     "Text in Bildern kann noch nicht gelesen "
                                                     "werden) und wurde darum nicht indiziert.")),
                 qPrintable(scanNotes().join('|')));
        fx.context->settings()->setLanguage(QStringLiteral("fr"));
        QTRY_VERIFY2(
            scanNotes().contains(QStringLiteral(
                "scan.pdf n’a pas de texte sur sa page (numérisée\u00a0? le texte des images ne peut pas "
                "encore être lu), il n’a donc pas été indexé.")),
            qPrintable(scanNotes().join('|')));
        fx.context->settings()->setLanguage(QStringLiteral("en"));
        QMetaObject::invokeMethod(fx.item("removeFolder_Scans"), "clicked");
        QTRY_COMPARE_WITH_TIMEOUT(lib->folders()->rowCount(), 1, 10000);
        QMetaObject::invokeMethod(fx.item("removeFolder_Manuals"), "clicked");
        QTRY_COMPARE_WITH_TIMEOUT(lib->folders()->rowCount(), 0, 10000);
        fx.stop();
    }
};

QTEST_MAIN(TestDocumentsSettings)
#include "test_documents_settings.moc"
