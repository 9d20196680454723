#pragma once
// Options shared by the commands that load a model (run, logits, chat, bench).
#include "args.h"
#include "runtime/session.h"

#include <memory>

namespace smoldesk::cli {

// Takes -m/--model, -t/--threads, --ctx, --batch and --backend from args and loads the
// model, printing warnings and the device (and any GPU fallback reason) to stderr.
std::unique_ptr<runtime::Session> loadSession(Args& args, bool quiet = false);

// Takes --temp, --top-k, --top-p, --min-p, --repeat-penalty, --repeat-last-n, --seed.
runtime::SamplingParams samplingOptions(Args& args, const runtime::SamplingParams& defaults);

} // namespace smoldesk::cli
