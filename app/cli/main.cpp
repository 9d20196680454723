// smoldesk-cli: inspect models, tokenize, run and chat on the SmolDesk engine without a GUI.
#include "commands.h"

#include "common/error.h"

#include <cstdio>
#include <cstring>
#include <string>

using namespace smoldesk;
using namespace smoldesk::cli;

namespace {

struct Command {
    const char* name;
    int (*run)(Args&);
    const char* synopsis;
    const char* summary;
};

const Command kCommands[] = {
    {"inspect", cmdInspect, "inspect FILE", "show a model's architecture, tokenizer and tensors"},
    {"run", cmdRun,
     "run -m FILE -p TEXT [-n N] [--temp T] [--top-k K] [--top-p P] [--min-p P] [--seed S] [-t THREADS] "
     "[--ctx N] [--raw] [--json-schema FILE | --grammar FILE.gbnf | --json-object] "
     "[--spec off|ngram|auto|draft:FILE] [--backend auto|cpu|vulkan] [--gpu-layers N|auto]",
     "generate text after a prompt (constrained to a JSON schema or GBNF grammar when given)"},
    {"logits", cmdLogits,
     "logits -m FILE (--tokens ID,ID,... | --prompt TEXT [--image IMG [--mmproj FILE]]) [--all] [--one-by-one] "
     "[--backend auto|cpu|vulkan] [--gpu-layers N|auto] -o OUT.f32",
     "write the logits after the given token ids, or after a prompt (special tokens parsed; <__media__> where "
     "the image goes), as raw float32"},
    {"image-embed", cmdImageEmbed,
     "image-embed --mmproj FILE --image IMG -o OUT.f32 [--backend cpu|vulkan] [--device N] [-t THREADS]",
     "write an image's embeddings (the projector's rows, in libmtmd's order) as raw float32"},
    {"chat", cmdChat,
     "chat -m FILE [--think | --no-think] [--reasoning-effort low|medium|high] [--think-budget N] [--system "
     "TEXT] [--mcp MCP.json [--yes] | --tools FILE.json] [--tool-choice auto|none|required|NAME] "
     "[--verbose-prompt] [--spec off|ngram|auto|draft:FILE] [--gpu-layers N|auto] [--image FILE [--mmproj FILE]] "
     "[--library DB.sqlite] [--doc FILE]... [--embedding-model FILE] [sampling options]",
     "chat on the model's chat template (a file without one continues your words), with the tools of an "
     "mcp.json's servers, each call asked for (--yes: allowed), or of an OpenAI tools file (calls shown, not "
     "run), drawing on a document library or attached files (whole when they fit in half the context, else "
     "the best passages; sources listed; search_documents and read_document for tool models); or chat --endpoint URL [--api-key KEY] "
     "--model NAME [--system TEXT] "
     "[-n N] [--think | --no-think] [sampling options]: a model on an OpenAI-compatible endpoint"},
    {"serve", cmdServe,
     "serve -m FILE [--port 8080] [--host 127.0.0.1] [--api-key KEY] [--ctx N] [-t THREADS] [--max-queue N] "
     "[--spec off|ngram|auto] [--gpu-layers N|auto] [--embedding-model FILE] [--mmproj FILE]",
     "local OpenAI-compatible API server (/v1/embeddings with an embedding model; image_url parts for a model "
     "with an mmproj, given or next to it)"},
    {"mcp", cmdMcp,
     "mcp list --config MCP.json [--timeout SECONDS] [--verbose] | mcp call --config MCP.json SERVER TOOL "
     "['JSON-ARGUMENTS'] [--timeout SECONDS] [--verbose]",
     "list the tools of the MCP servers in a Claude Desktop-style mcp.json (one server/tool line each), "
     "or call one and print its result's text"},
    {"bench", cmdBench,
     "bench -m FILE [-p 512] [-n 128] [-r 3] [-d DEPTH] [-t THREADS] [--ctx N] [--gpu-layers N|auto] [--json] "
     "[--no-bandwidth] [--no-warmup] "
     "[--json-schema FILE | --grammar FILE.gbnf | --json-object] "
     "[-f PROMPT.txt [--spec off|ngram|auto|draft:FILE] [--spec-max K] [--spec-ceiling]]",
     "prompt/decode speed, memory, bandwidth"},
    {"resume", cmdResume,
     "resume -m FILE [--history 2000] [--turn 32] [-r 3] [--state PATH] [-t THREADS] [--ctx N]",
     "time to first token of a long chat: cold against restored from its saved KV cache"},
    {"synth", cmdSynth,
     "synth -o OUT.gguf --vocab VOCAB.gguf [--arch smollm3|qwen2|qwen3|gemma3|phi3] "
     "[--type Q4_K_M|IQ4_XS|IQ3_S|IQ2_XXS]",
     "write a file with random weights in llama-quantize's mix for the type, shaped like SmolLM3-3B, "
     "Qwen2.5-3B, Qwen3-4B, Gemma-3-4B or Phi-4-mini"},
    {"dequantize", cmdDequantize, "dequantize IN.gguf OUT.gguf",
     "copy a model with every quantized or 16-bit tensor as F32, metadata kept"},
    {"selftest", cmdSelftest,
     "selftest [--backend vulkan|cpu] [--device N] [--json] [--model stories260K.gguf] [--golden FILE]",
     "check every GPU kernel against the CPU, then the demo model against llama.cpp's logits"},
    {"embed", cmdEmbed,
     "embed -m FILE [--normalize] [--json] [--pooling none|mean|cls|last] [--backend cpu|vulkan] [--device N] "
     "[-t THREADS] [--ctx N] TEXT...",
     "one embedding vector per text with an embedding model (bert, nomic-bert, Qwen3-Embedding)"},
    {"docs", cmdDocs,
     "docs add|remove FOLDER|FILE... | docs list [--json] | docs index (-m EMBED.gguf | --keyword-only) [-t N] [--quiet] "
     "[FOLDER|FILE...] | docs search (-m EMBED.gguf | --keyword-only) [--top N] [--json] QUERY; each with "
     "[--library FILE.sqlite] (default: the app's library)",
     "a document library: its folders, indexing them (resumable; PDF, DOCX, ODT, Markdown, HTML, text, code) and "
     "searching it (BM25 + vectors)"},
    {"tokenize", cmdTokenize, "tokenize -m FILE [--specials] [--bos] [--] TEXT", "print token ids"},
    {"detokenize", cmdDetokenize, "detokenize -m FILE IDS...", "print the text of token ids"},
    {"template", cmdTemplate, "template (-m FILE | --template FILE) --context CONTEXT.json [--now ISO]",
     "render a chat template"},
};

// Also the source of the manual page (help2man turns "  synopsis" + "      summary" pairs into
// one entry each), so keep it complete.
void usage(FILE* out) {
    std::fprintf(out, "usage: smoldesk-cli COMMAND [OPTIONS]\n"
                      "Inspect, tokenize, run, chat with and benchmark GGUF language models on the\n"
                      "SmolDesk engine (CPU, or Vulkan when a GPU is present), without a window.\n\n"
                      "commands:\n");
    for (const Command& c : kCommands) std::fprintf(out, "  %s\n      %s\n", c.synopsis, c.summary);
    std::fprintf(out, "\noptions:\n"
                      "  -h, --help\n      show this help\n"
                      "  --version\n      show the version\n\n"
                      "exit status: 0 success, 1 usage error, 2 bad model file, 3 template error,\n"
                      "4 run-time failure.\n");
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? kExitUsage : kExitOk;
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::printf("smoldesk-cli %s\n", SMOLDESK_VERSION);
        return kExitOk;
    }
    for (const Command& c : kCommands) {
        if (std::strcmp(argv[1], c.name) != 0) continue;
        try {
            Args args(argc, argv, 2);
            const int code = c.run(args);
            // A command that never looked at what was left: an option it does not know is still
            // an error, never silently ignored.
            if (!args.checked() && !args.positionals().empty())
                throw UsageError("Unexpected argument '" + args.positionals()[0] + "'.");
            return code;
        } catch (const UsageError& e) {
            std::fprintf(stderr, "smoldesk-cli %s: %s\n", c.name, e.what());
            return kExitUsage;
        } catch (const Error& e) {
            std::fprintf(stderr, "%s\n", e.what());
            switch (e.code()) {
            case ErrorCode::Template:
                return kExitTemplate;
            case ErrorCode::InvalidArgument:
            case ErrorCode::Cancelled:
            case ErrorCode::Backend:
            case ErrorCode::DeviceLost:
            case ErrorCode::OutOfMemory:
                return kExitRuntime;
            default:
                return kExitBadFile;
            }
        } catch (const std::exception& e) {
            std::fprintf(stderr, "Unexpected failure: %s\n", e.what());
            return kExitRuntime;
        }
    }
    std::fprintf(stderr, "smoldesk-cli: unknown command '%s'.\n", argv[1]);
    usage(stderr);
    return kExitUsage;
}
