// `chat --endpoint` in a CLI built with SMOLDESK_CLI_SERVER=OFF: the remote client needs Qt Network,
// which such a build leaves out.
#include "remote_command.h"

#include <cstdio>

namespace smoldesk::cli {

int cmdChatRemote(Args&, const std::string&) {
    std::fprintf(stderr, "smoldesk-cli chat --endpoint: this smoldesk-cli was built without Qt "
                         "(SMOLDESK_CLI_SERVER=OFF); use a build with it, or the desktop app.\n");
    return kExitUsage;
}

} // namespace smoldesk::cli
