// The "smoldesk" extension field of chat requests and responses (see documents_field.h).
#include "documents_field.h"

#include <QFileInfo>
#include <QJsonArray>

namespace smoldesk::server {

bool readDocumentsField(const QJsonObject& body, app::GenerationRequest& request, ApiError* error) {
    const QJsonValue field = body.value(QStringLiteral("smoldesk"));
    if (field.isUndefined() || field.isNull()) return true;
    if (!field.isObject()) {
        *error = ApiError::invalidRequest(QStringLiteral("smoldesk must be an object."));
        return false;
    }
    const QJsonValue library = field.toObject().value(QStringLiteral("library"));
    if (library.isUndefined() || library.isNull()) return true;
    if (!library.isString() || library.toString().isEmpty()) {
        *error = ApiError::invalidRequest(
            QStringLiteral("smoldesk.library must be the path of a document library (a .sqlite file)."));
        return false;
    }
    const QString path = library.toString();
    if (!QFileInfo(path).isFile()) {
        *error = ApiError{404,
                          QStringLiteral("smoldesk.library: there is no document library at %1; make one "
                                         "with smoldesk-cli docs index.")
                              .arg(path),
                          QStringLiteral("invalid_request_error"), QStringLiteral("library_not_found"), 0};
        return false;
    }
    request.libraryPath = path;
    return true;
}

QJsonObject documentsField(const app::DocumentsUsed& used) {
    QJsonObject o{{QStringLiteral("documents"), used.mode},
                  {QStringLiteral("sources"), app::sourcesJson(used.sources)}};
    if (!used.note.isEmpty()) o.insert(QStringLiteral("note"), used.note);
    return o;
}

} // namespace smoldesk::server
