// `mcp` in a CLI built with SMOLDESK_CLI_SERVER=OFF: the MCP client needs Qt, which such a build leaves out.
#include "commands.h"

#include <cstdio>

namespace smoldesk::cli {

int cmdMcp(Args&) {
    std::fprintf(stderr,
                 "smoldesk-cli mcp: this smoldesk-cli was built without Qt (SMOLDESK_CLI_SERVER=OFF), "
                 "which the MCP client needs; use a build with it, or the desktop app.\n");
    return kExitUsage;
}

} // namespace smoldesk::cli
