// Filled in with the tokenizer (core/text).
#include "commands.h"

namespace smoldesk::cli {
int cmdTokenize(Args&) { throw UsageError("tokenize is not available yet."); }
int cmdDetokenize(Args&) { throw UsageError("detokenize is not available yet."); }
}  // namespace smoldesk::cli
