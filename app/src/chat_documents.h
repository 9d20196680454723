#pragma once
// ChatDocuments: whether the open chat draws on the document library (the composer's chip
// "Using: Documents — 1,204 files", on or off per chat, on by default), what a request then
// carries (the library's database and embedding model: core/grounding puts the documents in, whole
// or as passages), and opening a cited source (file, page) in the system's viewer. The sources an
// answer used are kept with its row (the "sources" of its tool JSON, store_types.h).
#include "worker/engine_types.h"

#include <QObject>
#include <QSet>
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
  public:
    // library may be null (tests, no library): nothing is ever available.
    explicit ChatDocuments(library::Library* library, QObject* parent = nullptr);

    bool available() const { return fileCount_ > 0; }
    bool active() const { return available() && !off_.contains(chat_); }
    int fileCount() const { return fileCount_; }
    QString chipText() const;

    // The chat now open (0: a new one, which follows the last choice made for a new chat).
    void setCurrentChat(qint64 id);
    Q_INVOKABLE void toggle();
    // Counts the library's indexed files again (after an index run).
    Q_INVOKABLE void refresh();
    // The library for `request` when the open chat uses it.
    void apply(GenerationRequest& request) const;

    // A source's address: the file, with #page=N for a PDF (viewers that read the fragment open it there).
    static QUrl sourceUrl(const QString& file, int page);
    Q_INVOKABLE bool openSource(const QString& file, int page) const;

  signals:
    void changed();

  private:
    void save() const;

    library::Library* library_;
    int fileCount_ = 0;
    qint64 chat_ = 0;
    QSet<qint64> off_; // chats that do not use the library (0: a new chat)
};

} // namespace smoldesk::app
