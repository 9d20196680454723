#pragma once
// SourceViewer: what the in-app viewer of a cited source shows (SourceViewer.qml). A click on a
// citation chip under an answer opens it: a PDF at the cited page with the passage searched and
// highlighted (Qt PDF Quick draws it), any other document as read-only text scrolled to the cited
// lines, which are highlighted (a DOCX/ODT/HTML file as the text the library reads from it, its
// "lines" being paragraphs there). A file that has moved or vanished gets one sentence instead.
#include <QObject>
#include <QString>
#include <QUrl>

namespace smoldesk::app {

class SourceViewer : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool open READ isOpen NOTIFY changed)
    Q_PROPERTY(QString kind READ kind NOTIFY changed) // "pdf", "text" or "missing"
    Q_PROPERTY(QString file READ file NOTIFY changed)
    Q_PROPERTY(QString fileName READ fileName NOTIFY changed)
    Q_PROPERTY(bool exists READ exists NOTIFY changed) // the file is where the source says
    Q_PROPERTY(QUrl url READ url NOTIFY changed)
    Q_PROPERTY(int page READ page NOTIFY changed)                     // 1-based; 0: none
    Q_PROPERTY(QString searchText READ searchText NOTIFY changed)     // a PDF's passage, to highlight
    Q_PROPERTY(QString text READ text NOTIFY changed)                 // a text document's text
    Q_PROPERTY(int highlightStart READ highlightStart NOTIFY changed) // its cited span (characters)
    Q_PROPERTY(int highlightEnd READ highlightEnd NOTIFY changed)
    Q_PROPERTY(int line READ line NOTIFY changed)           // the cited first line (0: the whole file)
    Q_PROPERTY(QString message READ message NOTIFY changed) // why nothing can be shown, or empty
  public:
    using QObject::QObject;

    // Opens the viewer on a source: its file, 1-based page (0: none), cited lines (0: the whole
    // file) and the snippet the answer shows (a PDF's passage is found on its page by it).
    Q_INVOKABLE void show(const QString& file, int page, int line, int lineEnd, const QString& snippet);
    Q_INVOKABLE void close();
    // The source in the system's viewer (a PDF at its page where the viewer reads #page=N).
    Q_INVOKABLE bool openExternally() const;

    bool isOpen() const { return open_; }
    QString kind() const { return kind_; }
    QString file() const { return file_; }
    QString fileName() const;
    bool exists() const { return exists_; }
    QUrl url() const { return QUrl::fromLocalFile(file_); }
    int page() const { return page_; }
    QString searchText() const { return searchText_; }
    QString text() const { return text_; }
    int highlightStart() const { return highlightStart_; }
    int highlightEnd() const { return highlightEnd_; }
    int line() const { return line_; }
    QString message() const { return message_; }

    // The few words of a snippet a PDF search looks for: the first words of its first sentence,
    // without the "…" of a cut snippet (the PDF's own line breaks split longer phrases).
    static QString searchPhrase(const QString& snippet);

  signals:
    void changed();

  private:
    void showText(int line, int lineEnd);
    void fail(const QString& sentence);

    bool open_ = false, exists_ = false;
    QString kind_, file_, searchText_, text_, message_;
    int page_ = 0, line_ = 0, highlightStart_ = -1, highlightEnd_ = -1;
};

} // namespace smoldesk::app
