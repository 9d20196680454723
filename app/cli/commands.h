#pragma once
// One function per smoldesk-cli command; each returns the process exit code.
#include "args.h"

namespace smoldesk::cli {

int cmdInspect(Args& args);
int cmdTokenize(Args& args);
int cmdDetokenize(Args& args);
int cmdTemplate(Args& args);
int cmdRun(Args& args);
int cmdLogits(Args& args);
int cmdBench(Args& args);
int cmdChat(Args& args);
int cmdSynth(Args& args);
int cmdServe(Args& args);
int cmdSelftest(Args& args);
int cmdResume(Args& args);
int cmdDequantize(Args& args);
int cmdMcp(Args& args);
int cmdEmbed(Args& args);
int cmdDocs(Args& args);
int cmdImageEmbed(Args& args);

} // namespace smoldesk::cli
