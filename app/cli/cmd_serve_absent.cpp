// `serve` in a CLI built with SMOLDESK_CLI_SERVER=OFF: the API server needs Qt, which such a build leaves
// out.
#include "commands.h"

#include <cstdio>

namespace smoldesk::cli {

int cmdServe(Args&) {
    std::fprintf(stderr, "smoldesk-cli serve: this smoldesk-cli was built without the API server "
                         "(SMOLDESK_CLI_SERVER=OFF); use a build with it, or the desktop app.\n");
    return kExitUsage;
}

} // namespace smoldesk::cli
