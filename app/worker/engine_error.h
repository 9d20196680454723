#pragma once
// Builds an EngineError from an engine exception: the typed code, the engine's sentence (kept for
// the log and the diagnostics) and the details the UI's own sentence needs (error_text.h).
#include "worker/engine_types.h"

#include <exception>

namespace smoldesk::app {

// `path`: the model file the failed operation read, if any (its size goes into the error).
EngineError engineErrorFrom(const std::exception& e, const QString& path = {});
// Fills subject/fileBytes/expectedBytes from the code and the engine's sentence. A file cut off
// inside its header is reported by the reader as "truncated" or, when a count it announces no
// longer fits into the rest, as "corrupt"; both read as truncated here.
void completeErrorDetails(EngineError& error, const QString& path);

} // namespace smoldesk::app
