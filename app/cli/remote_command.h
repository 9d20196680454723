#pragma once
// `chat --endpoint URL`: cmd_chat.cpp hands the arguments over (cmd_chat_remote.cpp, or
// cmd_chat_remote_absent.cpp in a CLI built without Qt).
#include "args.h"

#include <string>

namespace smoldesk::cli {

int cmdChatRemote(Args& args, const std::string& url);
bool platformStdoutIsTerminal();

} // namespace smoldesk::cli
