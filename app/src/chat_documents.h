#pragma once
// ChatDocuments: whether the open chat draws on the document library (the composer's chip
// "Using: Manuals — 1,204 files", named after the library's folder or "3 folders", on or off per chat, on by
// default), what a request then carries (the library's database and embedding model: core/grounding puts the
// documents in, whole or as passages), and opening a cited source (file, page, lines) in the in-app viewer.
// The sources an answer used are kept with its row (the "sources" of its tool JSON, store_types.h). A chat
// can also use a few attached files, besides the library or instead of it (the composer's
// + menu, or documents dropped on the window; chip "Using: 3 files" with its ×): they are kept with
// the conversation (ConversationRecord::documents) and go with each request as its documentFiles.
#include "source_viewer.h"
#include "worker/engine_types.h"

#include <QObject>
#include <QSet>
#include <QStringList>
#include <QUrl>

namespace smoldesk::library {
class Library;
}

namespace smoldesk::app {

class ChatDocuments : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool available READ available NOTIFY changed)
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(int fileCount READ fileCount NOTIFY changed)
    Q_PROPERTY(QString chipText READ chipText NOTIFY changed)
    Q_PROPERTY(QStringList libraryFolders READ libraryFolders NOTIFY changed)
    Q_PROPERTY(smoldesk::app::SourceViewer* viewer READ viewer CONSTANT)
    Q_PROPERTY(QStringList attached READ attached NOTIFY changed)
    Q_PROPERTY(QString attachedText READ attachedText NOTIFY changed)
  public:
    // library may be null (tests, no library): nothing is ever available.
    explicit ChatDocuments(library::Library* library, QObject* parent = nullptr);

    bool available() const { return fileCount_ > 0; }
    bool active() const { return available() && !off_.contains(chat_); }
    int fileCount() const { return fileCount_; }
    QString chipText() const;
    // The library's folders (Settings ▸ Documents), as the chip's tooltip lists them.
    const QStringList& libraryFolders() const { return folders_; }
    // A folder's name as the chip shows it ("Manuals" for /home/me/Manuals).
    static QString folderName(const QString& path);

    // The chat now open (0: a new one, which follows the last choice made for a new chat), and
    // the files attached to it.
    void setCurrentChat(qint64 id, const QStringList& attached = {});
    static constexpr int kMaxAttached = 20; // "a few": more belong in the library

    const QStringList& attached() const { return attached_; }
    // "Using: 3 files" ("Using: notes.md" for one), or empty when none is attached.
    QString attachedText() const;
    // A file an answer can read (a document format the library reads: PDF, DOCX, ODT, Markdown,
    // HTML, text, source code), not an image or a model.
    Q_INVOKABLE static bool isDocumentUrl(const QUrl& url);
    // Attaches the document files among `urls` to the open chat; the number added.
    Q_INVOKABLE int attach(const QList<QUrl>& urls);
    Q_INVOKABLE void detach(const QString& file);
    Q_INVOKABLE void detachAll();
    Q_INVOKABLE void toggle();
    // Counts the library's indexed files again (after an index run).
    Q_INVOKABLE void refresh();
    // The library for `request` when the open chat uses it.
    void apply(GenerationRequest& request) const;

    // A source's address: the file, with #page=N for a PDF (viewers that read the fragment open it there).
    static QUrl sourceUrl(const QString& file, int page);
    // Opens a cited source in the in-app viewer (SourceViewer.qml): a PDF at its page, a text at
    // its lines (0: the whole file), the passage highlighted.
    Q_INVOKABLE void openSource(const QString& file, int page, int line = 0, int lineEnd = 0,
                                const QString& snippet = {});
    SourceViewer* viewer() const { return viewer_; }

  signals:
    void changed();
    // The open chat's attached files changed (by attach/detach): the conversation stores them.
    void attachedChanged(const QStringList& files);

  private:
    void save() const;

    library::Library* library_;
    SourceViewer* viewer_;
    int fileCount_ = 0;
    QStringList folders_;
    qint64 chat_ = 0;
    QSet<qint64> off_; // chats that do not use the library (0: a new chat)
    QStringList attached_;
};

} // namespace smoldesk::app
