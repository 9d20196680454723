// The in-app viewer's content for a cited source (see source_viewer.h).
#include "source_viewer.h"

#include "chat_documents.h"
#include "common/error.h"
#include "retrieval/document_file.h"

#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace smoldesk::app {

namespace {

// Larger text is not laid out in a text view (seconds of layout): the system's viewer shows it.
constexpr qint64 kMaxShownBytes = 4 << 20;

bool isOffice(const QString& file) {
    const QString suffix = QFileInfo(file).suffix().toLower();
    return suffix == QLatin1String("docx") || suffix == QLatin1String("odt");
}

// The character offset where 1-based `line` starts in `text` (its end for a line past the last).
int lineStart(const QString& text, int line) {
    int pos = 0;
    for (int n = 1; n < line; ++n) {
        const int next = text.indexOf(QLatin1Char('\n'), pos);
        if (next < 0) return int(text.size());
        pos = next + 1;
    }
    return pos;
}

} // namespace

QString SourceViewer::fileName() const {
    return QFileInfo(file_).fileName();
}

QString SourceViewer::searchPhrase(const QString& snippet) {
    QString s = snippet.simplified();
    if (s.endsWith(QChar(0x2026))) s.chop(1);
    // One line of a PDF holds a few words: the first five of the first sentence find the passage.
    const int stop = s.indexOf(QRegularExpression(QStringLiteral("[.!?:;]( |$)")));
    if (stop > 0) s.truncate(stop);
    QStringList words = s.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() > 5) words = words.mid(0, 5);
    return words.join(QLatin1Char(' '));
}

void SourceViewer::show(const QString& file, int page, int line, int lineEnd, const QString& snippet) {
    file_ = file;
    page_ = qMax(0, page);
    line_ = qMax(0, line);
    searchText_.clear();
    text_.clear();
    message_.clear();
    highlightStart_ = highlightEnd_ = -1;
    open_ = true;
    exists_ = QFileInfo(file).isFile();
    if (!exists_) {
        fail(tr("%1 is no longer in %2: it was moved or deleted.")
                 .arg(fileName(), QDir::toNativeSeparators(QFileInfo(file).absolutePath())));
    } else if (QFileInfo(file).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0) {
        kind_ = QStringLiteral("pdf");
        searchText_ = searchPhrase(snippet);
    } else if (QFileInfo(file).size() > kMaxShownBytes) {
        fail(tr("%1 is too large to show here; open it in your system's viewer.").arg(fileName()));
    } else {
        showText(line_, qMax(line_, lineEnd));
    }
    emit changed();
}

void SourceViewer::showText(int line, int lineEnd) {
    kind_ = QStringLiteral("text");
    if (!isOffice(file_)) {
        QFile f(file_);
        if (!f.open(QIODevice::ReadOnly)) return fail(tr("%1 cannot be read.").arg(fileName()));
        text_ = QString::fromUtf8(f.readAll());
        if (line > 0) {
            highlightStart_ = lineStart(text_, line);
            const int end = lineStart(text_, lineEnd + 1);
            highlightEnd_ = end > highlightStart_ && text_.at(end - 1) == QLatin1Char('\n') ? end - 1 : end;
        }
        return;
    }
    // DOCX and ODT: the paragraphs the library reads, the cited ones highlighted.
    try {
        for (const retrieval::Block& b : retrieval::readDocumentBlocks(file_.toStdString())) {
            if (!text_.isEmpty()) text_ += QStringLiteral("\n\n");
            const bool cited = line > 0 && b.lineEnd >= line && b.lineBegin <= lineEnd;
            if (cited && highlightStart_ < 0) highlightStart_ = int(text_.size());
            text_ += QString::fromStdString(b.text);
            if (cited) highlightEnd_ = int(text_.size());
        }
    } catch (const Error&) {
        fail(tr("%1 cannot be read.").arg(fileName()));
    }
}

void SourceViewer::fail(const QString& sentence) {
    kind_ = QStringLiteral("missing");
    text_.clear();
    highlightStart_ = highlightEnd_ = -1;
    message_ = sentence;
}

void SourceViewer::close() {
    if (!open_) return;
    open_ = false;
    emit changed();
}

bool SourceViewer::openExternally() const {
    return QDesktopServices::openUrl(ChatDocuments::sourceUrl(file_, page_));
}

} // namespace smoldesk::app
