#include "session_options.h"

#include "compute/cpu/cpu_backend.h"

#include "common/error.h"
#include "grammar/gbnf_parser.h"
#include "grammar/grammar_cache.h"
#include "runtime/draft_proposer.h"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace smoldesk::cli {

namespace {

bool stderrIsTerminal() {
#ifdef _WIN32
    return _isatty(_fileno(stderr)) != 0;
#else
    return isatty(fileno(stderr)) != 0;
#endif
}

} // namespace

std::unique_ptr<runtime::Session> loadSession(Args& args, bool quiet, std::string* modelPath) {
    runtime::LoadOptions o;
    auto model = args.option("--model", "-m");
    if (!model) throw UsageError("Give the model file with -m FILE.");
    o.path = *model;
    if (modelPath) *modelPath = *model;
    o.threads = static_cast<int>(args.intOption("--threads", "-t", 0));
    o.contextLength = static_cast<int>(args.intOption("--ctx", "-c", 0));
    o.batchSize = static_cast<int>(args.intOption("--batch", "-b", 256));
    if (o.threads < 0 || o.contextLength < 0 || o.batchSize < 1)
        throw UsageError("Threads, context and batch must be positive.");
    if (auto b = args.option("--backend")) {
        if (*b == "cpu")
            o.backend = runtime::BackendChoice::Cpu;
        else if (*b == "vulkan")
            o.backend = runtime::BackendChoice::Vulkan;
        else if (*b == "auto")
            o.backend = runtime::BackendChoice::Auto;
        else
            throw UsageError("--backend takes auto, cpu or vulkan.");
    }
    o.device = static_cast<int>(args.intOption("--device", "", -1));
    if (auto layers = args.option("--gpu-layers")) o.gpuLayers = parseGpuLayers(*layers);
    // Every option is taken by now (those taken after the load are deferred): a mistyped one is
    // refused before the model is read.
    args.rejectUnknownOptions();
    // On a terminal, one line that counts up while the weights are read or uploaded (a 3B
    // model takes seconds to minutes); never in pipes and logs.
    const bool showProgress = !quiet && stderrIsTerminal();
    int shown = -1;
    if (showProgress)
        o.progress = [&shown](float f) {
            const int percent = static_cast<int>(f * 100.0f);
            if (percent != shown) std::fprintf(stderr, "\rloading %3d%%", shown = percent);
            return true;
        };
    const auto start = std::chrono::steady_clock::now();
    auto s = runtime::Session::load(o);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (showProgress) std::fprintf(stderr, "\r%*s\r", 16, "");
    if (!quiet) {
        for (const auto& w : s->warnings()) std::fprintf(stderr, "warning: %s\n", w.c_str());
        if (!s->fallbackReason().empty()) std::fprintf(stderr, "note: %s\n", s->fallbackReason().c_str());
        std::fprintf(stderr, "device: %s, context %d tokens, loaded in %.2f s\n", s->deviceName().c_str(),
                     s->contextSize(), seconds);
    }
    return s;
}

int parseGpuLayers(const std::string& value) {
    if (value == "auto") return -1;
    int layers = 0;
    const char* end = value.data() + value.size();
    const auto [p, ec] = std::from_chars(value.data(), end, layers);
    if (value.empty() || ec != std::errc() || p != end || layers < 0)
        throw UsageError("--gpu-layers takes a number of layers (0 or more) or auto, not '" + value + "'.");
    return layers;
}

void deferGrammarOptions(Args& args) {
    args.defer({"--json-schema", "--grammar", "--json-object"});
}

std::shared_ptr<grammar::GrammarTables> grammarOption(Args& args, runtime::Session& session,
                                                      double* compileMs, double* trieMs) {
    auto schemaPath = args.option("--json-schema");
    auto gbnfPath = args.option("--grammar");
    const bool anyObject = args.flag("--json-object");
    if (int(bool(schemaPath)) + int(bool(gbnfPath)) + int(anyObject) > 1)
        throw UsageError("Give only one of --json-schema, --grammar and --json-object.");
    grammar::GrammarSource source;
    if (anyObject) {
        source.kind = grammar::GrammarSource::Kind::AnyJsonObject;
    } else if (schemaPath || gbnfPath) {
        const std::string& path = schemaPath ? *schemaPath : *gbnfPath;
        std::ifstream in(path, std::ios::binary);
        if (!in) throw Error(ErrorCode::Io, "Cannot read '" + path + "'.");
        std::stringstream ss;
        ss << in.rdbuf();
        source.kind =
            schemaPath ? grammar::GrammarSource::Kind::JsonSchema : grammar::GrammarSource::Kind::Gbnf;
        source.text = ss.str();
    } else {
        return nullptr;
    }
    const auto trieStart = std::chrono::steady_clock::now();
    auto vocab = session.vocabTrie();
    if (trieMs)
        *trieMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - trieStart).count();
    const auto start = std::chrono::steady_clock::now();
    auto g = std::make_shared<const grammar::Grammar>(grammar::parseGbnf(grammar::toGbnf(source)));
    auto tables = std::make_shared<grammar::GrammarTables>(std::move(g), std::move(vocab));
    if (compileMs)
        *compileMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return tables;
}

runtime::SpecOptions specOptions(Args& args, std::string* draftPath) {
    runtime::SpecOptions o;
    if (const auto spec = args.option("--spec")) {
        if (spec->rfind("draft:", 0) == 0 && draftPath && spec->size() > 6) {
            *draftPath = spec->substr(6);
            o.maxDraft = 4; // a draft model's guesses cost a decode step each
            o.maxDraft = static_cast<int>(args.intOption("--spec-max", "", o.maxDraft));
            if (o.maxDraft < 1 || o.maxDraft > 32) throw UsageError("--spec-max must be between 1 and 32.");
            return o;
        }
        if (spec->rfind("draft:", 0) == 0)
            throw UsageError(draftPath
                                 ? "Give the draft model's file as --spec draft:FILE."
                                 : "Speculation with a draft model (--spec draft:FILE) is not supported "
                                   "here yet; use --spec ngram or auto.");
        const auto mode = runtime::parseSpecMode(*spec);
        if (!mode) throw UsageError("--spec takes off, ngram or auto, not '" + *spec + "'.");
        o.mode = *mode;
    }
    o.maxDraft = static_cast<int>(args.intOption("--spec-max", "", o.maxDraft));
    if (o.maxDraft < 1 || o.maxDraft > 32) throw UsageError("--spec-max must be between 1 and 32.");
    return o;
}

void attachDraft(runtime::SpecOptions& spec, const std::string& draftPath, const runtime::Session& target) {
    if (draftPath.empty()) return;
    runtime::LoadOptions o;
    o.path = draftPath;
    o.threads = target.threads();
    o.contextLength = target.contextSize();
    // On the target's device (a split target's draft goes to the GPU too; it is small).
    const bool targetOnGpu = !dynamic_cast<const compute::CpuBackend*>(&target.backend());
    o.backend = targetOnGpu ? runtime::BackendChoice::Vulkan : runtime::BackendChoice::Cpu;
    std::shared_ptr<runtime::Session> draft = runtime::Session::load(o);
    if (const std::string why = runtime::draftVocabularyMismatch(target, *draft); !why.empty())
        throw UsageError(why);
    spec = runtime::DraftProposer::options(std::move(draft), runtime::SpecMode::Auto, spec.maxDraft);
}

std::string specNote(const runtime::GenerationStats& stats) {
    if (stats.proposedTokens == 0) return {};
    char buf[96];
    std::snprintf(buf, sizeof buf, "; %.0f%% of %d proposals accepted", 100.0 * stats.acceptanceRate(),
                  stats.proposedTokens);
    return buf;
}

runtime::SamplingParams samplingOptions(Args& args, const runtime::SamplingParams& d) {
    runtime::SamplingParams p = d;
    p.temperature = static_cast<float>(args.floatOption("--temp", "", d.temperature));
    p.topK = static_cast<int>(args.intOption("--top-k", "", d.topK));
    p.topP = static_cast<float>(args.floatOption("--top-p", "", d.topP));
    p.minP = static_cast<float>(args.floatOption("--min-p", "", d.minP));
    p.repeatPenalty = static_cast<float>(args.floatOption("--repeat-penalty", "", d.repeatPenalty));
    p.repeatLastN = static_cast<int>(args.intOption("--repeat-last-n", "", d.repeatLastN));
    p.seed = static_cast<uint64_t>(args.intOption("--seed", "-s", static_cast<int64_t>(d.seed)));
    if (p.temperature < 0 || p.topP <= 0 || p.minP < 0 || p.repeatPenalty <= 0)
        throw UsageError("Sampling values must be positive (temperature may be 0 for greedy).");
    return p;
}

} // namespace smoldesk::cli
