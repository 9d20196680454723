// Filled in with the Jinja engine (core/text/jinja).
#include "commands.h"

namespace smoldesk::cli {
int cmdTemplate(Args&) { throw UsageError("template is not available yet."); }
}  // namespace smoldesk::cli
