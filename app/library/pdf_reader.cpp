// PDF page texts with Qt PDF (see pdf_reader.h).
#include "library/pdf_reader.h"

#include "common/error.h"
#include "retrieval/pdf_text.h"

#include <QBuffer>
#include <QByteArray>
#include <QPdfDocument>
#include <QPdfSelection>
#include <QProcess>
#include <QStringList>

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

std::string encodePages(const std::vector<std::string>& pages) {
    std::string out;
    for (const std::string& p : pages) out += std::to_string(p.size()) + "\n" + p;
    return out;
}

std::vector<std::string> decodePages(std::string_view data) {
    std::vector<std::string> pages;
    size_t at = 0;
    while (at < data.size()) {
        const size_t nl = data.find('\n', at);
        if (nl == std::string_view::npos || nl == at || nl - at > 12)
            throw Error(ErrorCode::Io, "the PDF reader's answer is malformed.");
        size_t n = 0;
        for (size_t i = at; i < nl; ++i) {
            if (data[i] < '0' || data[i] > '9')
                throw Error(ErrorCode::Io, "the PDF reader's answer is malformed.");
            n = n * 10 + static_cast<size_t>(data[i] - '0');
        }
        if (n > data.size() - nl - 1) throw Error(ErrorCode::Io, "the PDF reader's answer is malformed.");
        pages.emplace_back(data.substr(nl + 1, n));
        at = nl + 1 + n;
    }
    return pages;
}

std::vector<std::string> readPdfPagesIsolated(std::string_view bytes, const std::string& helper,
                                              int timeoutMs) {
    QProcess p;
    p.setProgram(QString::fromStdString(helper));
    p.setArguments({QStringLiteral("docs"), QStringLiteral("pdf-pages")});
    p.start();
    if (!p.waitForStarted(10000))
        throw Error(ErrorCode::Io,
                    "the PDF reader (" + helper + ") did not start: " + p.errorString().toStdString());
    p.write(bytes.data(), static_cast<qint64>(bytes.size()));
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        throw Error(ErrorCode::Io, "reading it took longer than " + std::to_string(timeoutMs / 1000) +
                                       " s (a damaged PDF?), so it was given up.");
    }
    if (p.exitStatus() != QProcess::NormalExit)
        throw Error(ErrorCode::Io, "the PDF reader crashed on it (a damaged PDF?).");
    if (p.exitCode() != 0) {
        const std::string why =
            QString::fromUtf8(p.readAllStandardError()).trimmed().toStdString(); // its sentence
        throw Error(ErrorCode::Io, why.empty() ? "the PDF reader failed on it." : why);
    }
    const QByteArray out = p.readAllStandardOutput();
    return decodePages(std::string_view(out.constData(), static_cast<size_t>(out.size())));
}

void installPdfReader(const std::string& helper, int timeoutMs) {
    if (helper.empty()) {
        retrieval::setPdfTextReader(&readPdfPages);
        return;
    }
    retrieval::setPdfTextReader([helper, timeoutMs](std::string_view bytes) {
        return readPdfPagesIsolated(bytes, helper, timeoutMs);
    });
}

} // namespace smoldesk::library
