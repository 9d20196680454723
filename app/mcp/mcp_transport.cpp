#include "mcp_transport.h"

Q_LOGGING_CATEGORY(lcMcp, "smoldesk.mcp")
