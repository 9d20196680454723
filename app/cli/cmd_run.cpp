// smoldesk-cli run: stream a continuation of a prompt; logits: dump raw logits for tests (after
// token ids, or after a prompt with an image where it holds <__media__>).
#include "cli_image.h"
#include "commands.h"
#include "session_options.h"

#include "common/error.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace smoldesk::cli {

namespace {
// Evaluates ids (whole, or one position after another) and writes the logits as raw float32.
int writeLogits(runtime::Session& s, const std::vector<int32_t>& ids, bool all, bool oneByOne,
                const std::string& path);
} // namespace

int cmdRun(Args& args) {
    auto prompt = args.option("--prompt", "-p");
    const int n = static_cast<int>(args.intOption("--n-predict", "-n", 128));
    const bool raw = args.flag("--raw");
    runtime::GenerateParams gp;
    gp.maxTokens = n;
    gp.sampling = samplingOptions(args, gp.sampling);
    std::string draftPath;
    gp.speculation = specOptions(args, &draftPath);
    deferGrammarOptions(args);
    auto session = loadSession(args);
    attachDraft(gp.speculation, draftPath, *session);
    gp.grammar = grammarOption(args, *session);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    if (!prompt) throw UsageError("Give the prompt with -p TEXT.");

    const auto& tok = session->tokenizer();
    std::string text = *prompt;
    // Without --raw, instruction models get the prompt as one user turn in ChatML.
    const bool chatml = !raw && tok.tokenId("<|im_start|>").has_value();
    if (chatml) text = "<|im_start|>user\n" + text + "<|im_end|>\n<|im_start|>assistant\n";
    std::vector<int32_t> ids = tok.encode(text, tok.addBosByDefault(), chatml);
    // With a grammar the output is exactly the constrained text (a JSON document, say).
    if ((raw || !chatml) && !gp.grammar) std::fwrite(prompt->data(), 1, prompt->size(), stdout);
    auto stats = session->generate(ids, gp, [](const runtime::TokenEvent& ev) {
        std::fwrite(ev.text.data(), 1, ev.text.size(), stdout);
        std::fflush(stdout);
        return true;
    });
    std::printf("\n");
    std::fflush(stdout); // the statistics line must come after the text on a terminal
    std::fprintf(stderr,
                 "prompt: %d tokens in %.1f ms (%.1f tokens/s); decode: %d tokens in %.1f ms (%.1f "
                 "tokens/s%s); stop: %s\n",
                 stats.promptTokens, stats.promptMs, stats.promptTokensPerSecond(), stats.generatedTokens,
                 stats.decodeMs, stats.decodeTokensPerSecond(), specNote(stats).c_str(),
                 runtime::stopReasonName(stats.stopReason));
    return kExitOk;
}

int cmdLogits(Args& args) {
    auto tokens = args.option("--tokens");
    auto prompt = args.option("--prompt", "-p");
    auto image = args.option("--image");
    auto mmproj = args.option("--mmproj");
    auto out = args.option("--output", "-o");
    const bool all = args.flag("--all");
    const bool oneByOne = args.flag("--one-by-one");
    if (!out || (!tokens == !prompt))
        throw UsageError("logits needs --tokens ID,ID,… or --prompt TEXT, and -o OUT.f32.");
    if ((image || mmproj) && !prompt)
        throw UsageError("--image goes with --prompt TEXT (holding <__media__>).");
    std::string modelPath;
    auto session = loadSession(args, true, &modelPath);
    if (!args.positionals().empty()) throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
    std::vector<int32_t> ids;
    if (prompt) {
        // Tokenized as libmtmd does: special tokens added and parsed, the image at its marker.
        std::vector<std::shared_ptr<runtime::PromptImage>> images;
        std::unique_ptr<runtime::VisionInput> vision;
        if (image) {
            const vision::RgbImage rgb = loadImage(*image);
            vision = loadVision(mmproj ? &*mmproj : nullptr, modelPath, *session, true);
            images.push_back(vision->prepare(rgb));
            session->attachImage(images.back());
        }
        const auto& tok = session->tokenizer();
        ids = runtime::tokenizeWithImages(tok, *prompt, tok.addBosByDefault(), images);
        return writeLogits(*session, ids, all, oneByOne, *out);
    }
    std::stringstream ss(*tokens);
    std::string item;
    while (std::getline(ss, item, ',')) ids.push_back(static_cast<int32_t>(parseInt(item, "--tokens")));
    if (ids.empty()) throw UsageError("--tokens is empty.");
    return writeLogits(*session, ids, all, oneByOne, *out);
}

namespace {
int writeLogits(runtime::Session& s, const std::vector<int32_t>& ids, bool all, bool oneByOne,
                const std::string& path) {
    runtime::Session* session = &s;
    const std::string* out = &path;
    std::vector<float> logits;
    if (oneByOne) {
        for (size_t i = 0; i < ids.size(); ++i) {
            std::vector<int32_t> prefix(ids.begin(), ids.begin() + static_cast<long>(i + 1));
            std::vector<float> row = session->evaluate(prefix);
            if (all || i + 1 == ids.size()) logits.insert(logits.end(), row.begin(), row.end());
        }
    } else {
        logits = session->evaluate(ids, all);
    }
    std::ofstream f(*out, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(logits.data()),
            static_cast<std::streamsize>(logits.size() * sizeof(float)));
    if (!f) throw Error(ErrorCode::Io, "Cannot write '" + *out + "'.");
    std::fprintf(stderr, "wrote %zu rows of %d logits to %s\n",
                 logits.size() / static_cast<size_t>(session->hparams().nVocab), session->hparams().nVocab,
                 out->c_str());
    return kExitOk;
}
} // namespace

} // namespace smoldesk::cli
