// The documents a turn used, as Qt data (see document_sources.h).
#include "worker/document_sources.h"

#include "compute/cpu/cpu_backend.h"
#include "gguf/file.h"
#include "retrieval/embedder.h"
#include "retrieval/model_identity.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QVariantMap>

namespace smoldesk::app {

DocumentsUsed documentSources(const std::vector<grounding::Source>& sources) {
    DocumentsUsed out;
    for (const grounding::Source& s : sources)
        out.sources.append({s.number, QString::fromStdString(s.file), s.page, s.lineBegin, s.lineEnd,
                            QString::fromStdString(s.heading), QString::fromStdString(s.snippet), s.score,
                            s.whole});
    return out;
}

DocumentsUsed documentsUsed(const grounding::Grounding& g) {
    DocumentsUsed out = documentSources(g.sources);
    out.mode = g.mode == grounding::Grounding::Mode::Whole      ? QStringLiteral("whole")
               : g.mode == grounding::Grounding::Mode::Passages ? QStringLiteral("passages")
                                                                : QString();
    out.note = QString::fromStdString(g.note);
    out.tokens = g.tokens;
    out.files = g.files;
    if (g.mode == grounding::Grounding::Mode::Passages) out.passages = QString::fromStdString(g.text);
    return out;
}

QJsonArray sourcesJson(const QList<DocumentSource>& sources) {
    QJsonArray out;
    for (const DocumentSource& s : sources)
        out.append(QJsonObject{{QStringLiteral("number"), s.number},
                               {QStringLiteral("file"), s.file},
                               {QStringLiteral("page"), s.page > 0 ? QJsonValue(s.page) : QJsonValue()},
                               {QStringLiteral("line"), s.line},
                               {QStringLiteral("line_end"), s.lineEnd},
                               {QStringLiteral("heading"), s.heading},
                               {QStringLiteral("snippet"), s.snippet},
                               {QStringLiteral("score"), s.score},
                               {QStringLiteral("whole"), s.whole}});
    return out;
}

QVariantList sourcesVariant(const QList<DocumentSource>& sources) {
    QVariantList out;
    for (const DocumentSource& s : sources)
        out.append(QVariantMap{{QStringLiteral("number"), s.number},
                               {QStringLiteral("file"), s.file},
                               {QStringLiteral("name"), QFileInfo(s.file).fileName()},
                               {QStringLiteral("page"), s.page},
                               {QStringLiteral("line"), s.line},
                               {QStringLiteral("lineEnd"), s.lineEnd},
                               {QStringLiteral("heading"), s.heading},
                               {QStringLiteral("snippet"), s.snippet},
                               {QStringLiteral("whole"), s.whole}});
    return out;
}

DocumentEmbedder::DocumentEmbedder() = default;
DocumentEmbedder::~DocumentEmbedder() = default;

void DocumentEmbedder::attach(const QString& path, grounding::DocumentRequest& request) {
    if (path != path_ || !embedder_) {
        embedder_.reset();
        path_.clear();
        file_ = gguf::File::open(path.toStdString());
        cpu_ = std::make_unique<compute::CpuBackend>(1); // beside the chat model: one thread, short queries
        embedder_ = std::make_unique<retrieval::Embedder>(*file_, *cpu_);
        id_ = retrieval::embedderModelId(path.toStdString(), *embedder_);
        path_ = path;
    }
    request.embedder = embedder_.get();
    request.embedderId = id_;
}

} // namespace smoldesk::app
