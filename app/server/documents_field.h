#pragma once
// SmolDesk's extension field of a chat request: {"smoldesk": {"library": "/path/library.sqlite"}}
// names a document library (made by `smoldesk-cli docs index` or the app) that the answer draws
// on — whole when it fits in half the context, else the passages that best match the last user
// message — and the response names the sources it used in the same field:
// {"smoldesk": {"documents": "passages", "sources": [{"number", "file", "page", "line", …}]}}.
// OpenAI's clients pass unknown fields through (extra_body in Python), so nothing else changes.
#include "api_errors.h"
#include "worker/document_sources.h"
#include "worker/engine_types.h"

#include <QJsonObject>

namespace smoldesk::server {

// Reads the field into the request; false with a 400 (bad shape) or 404 (no such library) naming it.
bool readDocumentsField(const QJsonObject& body, app::GenerationRequest& request, ApiError* error);

// The response's field: how the documents went in and the sources.
QJsonObject documentsField(const app::DocumentsUsed& used);

} // namespace smoldesk::server
