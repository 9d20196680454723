#pragma once
// The documents a chat turn drew on (core/grounding), as Qt data for the app, the worker's
// signals and the API server: each source the answer may cite (file, page, lines, heading,
// snippet) and how the documents went in (whole or as passages). Also the embedding model the
// worker keeps loaded for hybrid search, so that a chat's search does not load it every turn.
#include "grounding/documents.h"

#include <QJsonArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariantList>

#include <memory>

namespace smoldesk::gguf {
class File;
}
namespace smoldesk::compute {
class CpuBackend;
}
namespace smoldesk::retrieval {
class Embedder;
}

namespace smoldesk::app {

struct DocumentSource {
    int number = 0; // [n] as the model saw it
    QString file;
    int page = 0; // 1-based for paged documents, 0 otherwise
    int line = 0, lineEnd = 0;
    QString heading, snippet;
    double score = 0;
    bool whole = false; // the whole file was read
};

struct DocumentsUsed {
    QString mode; // "whole", "passages" or "" (none)
    QList<DocumentSource> sources;
    QString note; // a sentence: keywords only, nothing matched
    int tokens = 0, files = 0;
    // Passages mode: the text put in front of the user message (Grounding::text), which the app
    // keeps with that message and sends back as its passages on later turns.
    QString passages;
};

DocumentsUsed documentsUsed(const grounding::Grounding& g);
// Sources alone (a document tool's passages), with no mode.
DocumentsUsed documentSources(const std::vector<grounding::Source>& sources);
// [{"number", "file", "page" (null when none), "line", "line_end", "heading", "snippet", "score", "whole"}]
QJsonArray sourcesJson(const QList<DocumentSource>& sources);
// The same as maps, for QML (keys: number, file, name, page, line, lineEnd, heading, snippet, whole).
QVariantList sourcesVariant(const QList<DocumentSource>& sources);

// An embedding model loaded once on the CPU for the documents' hybrid search.
class DocumentEmbedder {
  public:
    DocumentEmbedder();
    ~DocumentEmbedder();
    // Points `request` at the model at `path` (loaded on first use or when the path changes).
    // Throws Error when the file is not an embedding model.
    void attach(const QString& path, grounding::DocumentRequest& request);

  private:
    QString path_;
    std::string id_;
    std::unique_ptr<gguf::File> file_;
    std::unique_ptr<compute::CpuBackend> cpu_;
    std::unique_ptr<retrieval::Embedder> embedder_;
};

} // namespace smoldesk::app

Q_DECLARE_METATYPE(smoldesk::app::DocumentsUsed)
