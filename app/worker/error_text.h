#pragma once
// Turns an engine error into one translated sentence that names the specifics (file, sizes,
// architecture, tensor type, memory) and, separately, one suggested action. The engine's own
// English sentence goes to the log and the diagnostics, never next to the translated one: the
// two said the same thing twice.
#include "worker/engine_types.h"

#include <QString>

namespace smoldesk::app {

// The generic sentence for a code, used when the error carries no details.
QString errorSentence(int code);
QString errorAction(int code);
// The one sentence the UI shows for `error`.
QString describeError(const EngineError& error);

} // namespace smoldesk::app
