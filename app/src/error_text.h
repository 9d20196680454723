#pragma once
// Turns an engine error code into one translated sentence (and a suggested action); the engine's
// own sentence, which names the specifics (sizes, names), is shown beneath it.
#include "engine_types.h"

#include <QString>

namespace smoldesk::app {

QString errorSentence(int code);
QString errorAction(int code);
// "<translated sentence> <engine sentence>" for logs, dialogs and diagnostics.
QString describeError(const EngineError& error);

} // namespace smoldesk::app
