// PDF page texts with Qt PDF (see pdf_reader.h).
#include "library/pdf_reader.h"

#include "common/error.h"
#include "retrieval/pdf_text.h"

#include <QBuffer>
#include <QByteArray>
#include <QPdfDocument>
#include <QPdfSelection>

namespace smoldesk::library {

namespace {

// pdfium ends lines with "\r\n" and marks hyphens at line ends with U+0002; what the chunker and
// SQLite get is plain text with "\n" only.
std::string cleanPageText(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == QLatin1Char('\r')) {
            if (i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) continue;
            out += QLatin1Char('\n');
        } else if (c == QLatin1Char('\n') || c == QLatin1Char('\t') ||
                   !(c.category() == QChar::Other_Control || c.category() == QChar::Other_NotAssigned ||
                     c.category() == QChar::Other_Surrogate)) {
            out += c;
        }
    }
    return out.toStdString();
}

std::string loadError(QPdfDocument::Error e) {
    switch (e) {
    case QPdfDocument::Error::IncorrectPassword:
        return "it is protected by a password.";
    case QPdfDocument::Error::UnsupportedSecurityScheme:
        return "it is encrypted in a way that cannot be read.";
    case QPdfDocument::Error::InvalidFileFormat:
        return "it is not a valid PDF (damaged, cut short or another kind of file).";
    default:
        return "Qt PDF could not open it.";
    }
}

} // namespace

std::vector<std::string> readPdfPages(std::string_view bytes) {
    QByteArray data = QByteArray::fromRawData(bytes.data(), static_cast<qsizetype>(bytes.size()));
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    QPdfDocument doc;
    doc.load(&buffer); // a QBuffer holds every byte, so this returns with the document loaded
    if (doc.status() != QPdfDocument::Status::Ready) throw Error(ErrorCode::Io, loadError(doc.error()));
    std::vector<std::string> pages;
    pages.reserve(static_cast<size_t>(std::max(0, doc.pageCount())));
    for (int p = 0; p < doc.pageCount(); ++p) pages.push_back(cleanPageText(doc.getAllText(p).text()));
    doc.close();
    return pages;
}

void installPdfReader() {
    retrieval::setPdfTextReader(&readPdfPages);
}

} // namespace smoldesk::library
