// `chat --mcp` in a CLI built with SMOLDESK_CLI_SERVER=OFF: the MCP client needs Qt.
#include "chat_tools.h"

#include "commands.h"

namespace smoldesk::cli {

std::unique_ptr<ChatTools> openChatTools(const std::string&) {
    throw UsageError("This smoldesk-cli was built without Qt (SMOLDESK_CLI_SERVER=OFF), which tools over MCP "
                     "need; use a build with it, or the desktop app.");
}

} // namespace smoldesk::cli
