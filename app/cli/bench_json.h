#pragma once
// The figures of one `smoldesk-cli bench` run and their two renderings: text for people, one
// JSON object (stable keys) for scripts and the README's tables.
#include "jinja/template.h"

#include <cstdint>
#include <string>
#include <vector>

namespace smoldesk::cli {

// The middle of the repetitions' figures: the mean of the two middle ones for an even count, 0 for none.
double median(std::vector<double> v);

struct BenchResult {
    std::string model, arch, device;
    int threads = 0, nPrompt = 0, nGen = 0, depth = 0, reps = 0, layers = 0;
    double loadSeconds = 0;
    double warmupSeconds = -1; // the untimed first pass (pipelines compiled, caches filled); -1: skipped
    uint64_t weightBytes = 0, kvBytesPerToken = 0, peakRssBytes = 0;
    uint64_t weightBytesPerToken = 0; // what decode reads of the weights (a MoE: its experts' share)
    std::vector<double> promptRuns, decodeRuns; // tokens/s of each repetition
    double promptTokensPerS = 0, decodeTokensPerS = 0;
    // Read bandwidth sustained over as many bytes as a decode run reads, measured right after
    // each run; the median (0 when not measured), and the fastest single 1 GiB pass.
    std::vector<double> bandwidthRuns;
    double bandwidthBytesPerS = 0, bandwidthBestPass = 0;
    double decodeLimitTokensPerS = 0; // median bandwidth / bytes read per decode token
    double decodeShareOfLimit = 0;    // median over runs of decode speed ÷ the limit of its probe
    double decodeShareOfBestPass = 0; // median decode speed ÷ the limit of the fastest pass
    // Extra "key": value members (already JSON) appended by backend-specific code.
    std::vector<std::pair<std::string, std::string>> extraJson;
};

std::string benchText(const BenchResult& r);
std::string benchJson(const BenchResult& r);
// A JSON string literal with the quotes.
using jinja::jsonQuote;

} // namespace smoldesk::cli
