#pragma once
// Options shared by the commands that load a model (run, logits, chat, bench).
#include "args.h"
#include "runtime/session.h"

#include <memory>

namespace smoldesk::cli {

// Takes -m/--model, -t/--threads, --ctx, --batch, --backend, --device and --gpu-layers from args and loads the
// model, printing warnings and the device (and any GPU fallback reason) to stderr. The command
// takes its other options first (or defers them, Args::defer): any other one left is refused
// before the load.
// modelPath, when given, receives the -m path (the image options look for an mmproj next to it).
std::unique_ptr<runtime::Session> loadSession(Args& args, bool quiet = false, std::string* modelPath = nullptr);

// --gpu-layers N|auto: the layers to run on the GPU (LoadOptions::gpuLayers; auto is -1), or a
// UsageError of one sentence for anything else.
int parseGpuLayers(const std::string& value);

// The options grammarOption takes, for Args::defer before loadSession.
void deferGrammarOptions(Args& args);

// Takes --json-schema FILE or --grammar FILE (GBNF) or --json-object and compiles it for the
// session's vocabulary; nullptr when none is given. compileMs (if given) receives the time to
// convert and parse it; trieMs the time to build the vocabulary trie (first use only).
std::shared_ptr<grammar::GrammarTables> grammarOption(Args& args, runtime::Session& session,
                                                      double* compileMs = nullptr, double* trieMs = nullptr);

// Takes --spec off|ngram|auto|draft:FILE (default auto) and --spec-max N (proposals per
// verification, 1…32). A draft model's path goes to *draftPath (then attachDraft after the
// load); without draftPath, draft:FILE is refused in one sentence.
runtime::SpecOptions specOptions(Args& args, std::string* draftPath = nullptr);
// Loads the draft model (on the CPU, with the target's threads and context) and makes it spec's
// proposer, gated (auto); a draft with another vocabulary is refused in one sentence.
void attachDraft(runtime::SpecOptions& spec, const std::string& draftPath, const runtime::Session& target);
// "; 57% of 120 proposals accepted" for a speed line, or "" when nothing was proposed.
std::string specNote(const runtime::GenerationStats& stats);

// Takes --temp, --top-k, --top-p, --min-p, --repeat-penalty, --repeat-last-n, --seed.
runtime::SamplingParams samplingOptions(Args& args, const runtime::SamplingParams& defaults);

} // namespace smoldesk::cli
