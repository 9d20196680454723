#pragma once
// Tools for `smoldesk-cli chat --mcp MCP.json`: the enabled servers' tools offered to the model
// (named as the app names them, mcp_toolset.h) and its calls run on them. Consent is the
// caller's: nothing here runs a tool unless asked to. Needs Qt's MCP client; a build without Qt
// refuses --mcp with a sentence (chat_tools_absent.cpp).
#include "chat/tool_calls.h"

#include <memory>
#include <string>
#include <vector>

namespace smoldesk::cli {

class ChatTools {
  public:
    virtual ~ChatTools() = default;
    // OpenAI's `tools` array; "[]" when no server offers any.
    virtual std::string toolsJson() const = 0;
    // "server/tool" for a name the model sees; empty for a name no server offers.
    virtual std::string describe(const std::string& name) const = 0;
    // Runs the call and returns what the model reads back: the tool's text, or one sentence saying
    // why there is none (unknown tool, dead server, the tool's own error).
    virtual std::string run(const chat::ToolCall& call) = 0;
};

// Connects to the configuration's enabled servers; one that fails is named on stderr and left
// out. Throws UsageError for a bad configuration or a build without Qt.
std::unique_ptr<ChatTools> openChatTools(const std::string& configPath);

} // namespace smoldesk::cli
