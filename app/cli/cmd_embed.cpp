// smoldesk-cli embed: one embedding vector per text, with an embedding model (bert, nomic-bert,
// or a decoder whose file names a pooling type, such as Qwen3-Embedding), on the CPU or, with
// --backend vulkan, on a GPU (the CPU when none can be used, with a note saying why).
#include "commands.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/cpu/thread_pool.h"
#ifdef SMOLDESK_HAVE_VULKAN
#include "compute/vulkan/vulkan_backend.h"
#endif
#include "gguf/file.h"
#include "jinja/template.h"
#include "model/pooling.h"
#include "retrieval/embedder.h"

#include <cstdio>
#include <string>

namespace smoldesk::cli {

namespace {

std::string vectorText(const std::vector<float>& v, size_t begin, size_t n, const char* sep) {
    std::string s;
    char buf[32];
    for (size_t i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, "%s%.7g", i ? sep : "", static_cast<double>(v[begin + i]));
        s += buf;
    }
    return s;
}

// The backend --backend names: Vulkan on --device (or the best GPU), else the CPU with a note.
std::unique_ptr<compute::Backend> makeBackend(const std::string& name, int device, int threads) {
    if (name == "vulkan") {
#ifdef SMOLDESK_HAVE_VULKAN
        compute::VulkanOptions options;
        options.device = device;
        std::string reason;
        if (auto gpu = compute::createVulkanBackend(options, &reason)) return gpu;
        std::fprintf(stderr, "note: %s The CPU is used.\n", reason.c_str());
#else
        (void)device;
        std::fprintf(stderr, "note: this build has no Vulkan backend. The CPU is used.\n");
#endif
    }
    return std::make_unique<compute::CpuBackend>(threads > 0 ? threads
                                                             : compute::ThreadPool::physicalCores());
}

} // namespace

// embed -m FILE [--normalize] [--json] [--pooling none|mean|cls|last] [--backend cpu|vulkan] [--device N]
//       [-t THREADS] [--ctx N] TEXT...
// Plain output: one line of values per vector (per token with pooling none). --json: an object
// with the dimension, the pooling and, per text, its token count and vector(s).
int cmdEmbed(Args& args) {
    const auto path = args.option("--model", "-m");
    const bool normalize = args.flag("--normalize");
    const bool json = args.flag("--json");
    const auto poolingName = args.option("--pooling");
    const int64_t threads = args.intOption("--threads", "-t", 0);
    const int64_t ctx = args.intOption("--ctx", "", 0);
    const std::string backendName = args.option("--backend").value_or("cpu");
    const int64_t device = args.intOption("--device", "", -1);
    const std::vector<std::string> texts = args.positionals();
    if (!path) throw UsageError("embed needs a model file (-m FILE).");
    if (texts.empty()) throw UsageError("embed needs at least one text.");
    if (threads < 0 || ctx < 0 || ctx > (1 << 30)) throw UsageError("--threads and --ctx must be positive.");
    if (backendName != "cpu" && backendName != "vulkan") throw UsageError("--backend takes cpu or vulkan.");
    if (device < -1 || device > 255) throw UsageError("--device takes a device index.");
    retrieval::EmbedderOptions options;
    options.maxTokens = static_cast<int>(ctx);
    if (poolingName) {
        options.pooling = model::parsePooling(*poolingName);
        if (!options.pooling) throw UsageError("--pooling must be none, mean, cls or last.");
    }
    for (size_t i = 0; i < texts.size(); ++i)
        if (texts[i].empty())
            throw UsageError("Text " + std::to_string(i + 1) + " is empty; there is nothing to embed.");

    auto file = gguf::File::open(*path);
    const std::unique_ptr<compute::Backend> backend =
        makeBackend(backendName, static_cast<int>(device), static_cast<int>(threads));
    retrieval::Embedder embedder(*file, *backend, options);
    std::vector<std::vector<int32_t>> ids;
    for (size_t i = 0; i < texts.size(); ++i) {
        ids.push_back(embedder.tokenize(texts[i]));
        if (static_cast<int>(ids.back().size()) > embedder.maxTokens())
            throw Error(ErrorCode::InvalidArgument, "Text " + std::to_string(i + 1) + " has " +
                                                        std::to_string(ids.back().size()) +
                                                        " tokens, more than the model's context of " +
                                                        std::to_string(embedder.maxTokens()) + ".");
    }
    const size_t dim = static_cast<size_t>(embedder.dimension());
    std::string out = json ? "{\"device\": " + jinja::jsonQuote(backend->deviceName()) +
                                 ", \"dimension\": " + std::to_string(dim) + ", \"pooling\": \"" +
                                 model::poolingName(embedder.pooling()) +
                                 "\", \"normalized\": " + (normalize ? "true" : "false") + ", \"data\": ["
                           : "";
    const std::vector<std::vector<float>> vectors = embedder.embedAll(ids, normalize);
    for (size_t i = 0; i < texts.size(); ++i) {
        const std::vector<float>& v = vectors[i];
        if (!json) {
            for (size_t r = 0; r < v.size(); r += dim) out += vectorText(v, r, dim, " ") + "\n";
            continue;
        }
        out += std::string(i ? ", " : "") + "{\"index\": " + std::to_string(i) +
               ", \"tokens\": " + std::to_string(ids[i].size()) + ", \"embedding\": ";
        if (embedder.pooling() == model::Pooling::None) {
            out += "[";
            for (size_t r = 0; r < v.size(); r += dim)
                out += (r ? ", [" : "[") + vectorText(v, r, dim, ", ") + "]";
            out += "]}";
        } else {
            out += "[" + vectorText(v, 0, dim, ", ") + "]}";
        }
    }
    if (json) out += "]}\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
}

} // namespace smoldesk::cli
