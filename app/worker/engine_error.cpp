#include "worker/engine_error.h"

#include "common/error.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <new>

namespace smoldesk::app {
namespace {

QString captured(const QString& text, const QString& pattern) {
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

// The reader's sentences for counts and lengths that run past the end of the file.
bool endsInsideHeader(const QString& message) {
    return message.contains(QLatin1String("more than the rest of the file can hold")) ||
           message.contains(QLatin1String("more than its size can hold")) ||
           message.contains(QLatin1String("past the end of the file"));
}

} // namespace

EngineError engineErrorFrom(const std::exception& e, const QString& path) {
    EngineError out;
    if (const auto* err = dynamic_cast<const Error*>(&e)) {
        out.code = static_cast<int>(err->code());
        out.message = QString::fromUtf8(err->what());
    } else if (dynamic_cast<const std::bad_alloc*>(&e)) {
        out.code = static_cast<int>(ErrorCode::OutOfMemory);
        out.message = QStringLiteral("Out of memory.");
    } else {
        out.message = QString::fromUtf8(e.what());
    }
    completeErrorDetails(out, path);
    return out;
}

void completeErrorDetails(EngineError& e, const QString& path) {
    if (!path.isEmpty() && e.fileBytes < 0 && QFileInfo::exists(path)) e.fileBytes = QFileInfo(path).size();
    switch (static_cast<ErrorCode>(e.code)) {
    case ErrorCode::Io:
    case ErrorCode::NotGguf:
        if (e.subject.isEmpty()) e.subject = path;
        break;
    case ErrorCode::Truncated:
    case ErrorCode::Corrupt: {
        // "tensor 'x' needs data up to byte N": the first tensor past the end; later ones need more.
        const QString upTo = captured(e.message, QStringLiteral("needs data up to byte (\\d+)"));
        if (!upTo.isEmpty()) {
            e.code = static_cast<int>(ErrorCode::Truncated);
            e.expectedBytes = upTo.toLongLong();
        } else if (e.code == static_cast<int>(ErrorCode::Truncated) || endsInsideHeader(e.message)) {
            e.code = static_cast<int>(ErrorCode::Truncated);
        }
        break;
    }
    case ErrorCode::UnsupportedArch:
        if (e.subject.isEmpty()) e.subject = captured(e.message, QStringLiteral("[Aa]rchitecture '([^']*)'"));
        break;
    case ErrorCode::UnsupportedType:
        if (e.subject.isEmpty())
            e.subject =
                captured(e.message, QStringLiteral("(?:has type|tensor type|compute with) ([A-Za-z0-9_]+)"));
        break;
    default:
        break;
    }
}

} // namespace smoldesk::app
