#include "bench_json.h"

#include <algorithm>

#include <cstdio>

namespace smoldesk::cli {

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const size_t mid = v.size() / 2;
    return v.size() % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

namespace {

std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string array(const std::vector<double>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + number(v[i]);
    return s + "]";
}

} // namespace

std::string benchText(const BenchResult& r) {
    char buf[512];
    std::string s;
    std::snprintf(buf, sizeof buf, "model:        %s (%s, %.2f GB of tensors, loaded in %.1f s)\n",
                  r.model.c_str(), r.arch.c_str(), static_cast<double>(r.weightBytes) / 1e9, r.loadSeconds);
    s += buf;
    if (r.weightBytesPerToken != r.weightBytes) {
        std::snprintf(buf, sizeof buf,
                      "per token:    decode reads %.2f GB of the weights (the chosen experts only)\n",
                      static_cast<double>(r.weightBytesPerToken) / 1e9);
        s += buf;
    }
    s += "device:       " + r.device + "\n";
    if (r.warmupSeconds >= 0) {
        std::snprintf(buf, sizeof buf,
                      "warm-up:      %.2f s (one untimed prompt and decode token, as llama-bench)\n",
                      r.warmupSeconds);
        s += buf;
    }
    const std::string at = r.depth > 0 ? " @ depth " + std::to_string(r.depth) : "";
    std::snprintf(buf, sizeof buf, "prompt %4d%s:  %.2f tokens/s (median of %d)\n", r.nPrompt, at.c_str(),
                  r.promptTokensPerS, r.reps);
    s += buf;
    std::snprintf(buf, sizeof buf, "decode %4d%s:  %.2f tokens/s (median of %d)\n", r.nGen, at.c_str(),
                  r.decodeTokensPerS, r.reps);
    s += buf;
    if (r.bandwidthBytesPerS > 0) {
        std::snprintf(
            buf, sizeof buf,
            "bandwidth:    %.1f GB/s read (%d threads, after each decode run as many bytes as it read; "
            "fastest 1 GiB pass %.1f GB/s)\n"
            "              decode limit %.2f tokens/s; decode reaches %.0f%% (%.0f%% of the fastest pass)\n",
            r.bandwidthBytesPerS / 1e9, r.threads, r.bandwidthBestPass / 1e9, r.decodeLimitTokensPerS,
            100.0 * r.decodeShareOfLimit, 100.0 * r.decodeShareOfBestPass);
        s += buf;
    }
    std::snprintf(buf, sizeof buf, "peak RSS:     %.2f GB\n", static_cast<double>(r.peakRssBytes) / 1e9);
    return s + buf;
}

std::string benchJson(const BenchResult& r) {
    std::string s = "{";
    auto add = [&s](const std::string& key, const std::string& value) {
        s += (s.size() > 1 ? ",\n  " : "\n  ") + jsonQuote(key) + ": " + value;
    };
    add("model", jsonQuote(r.model));
    add("arch", jsonQuote(r.arch));
    add("device", jsonQuote(r.device));
    add("threads", std::to_string(r.threads));
    add("n_prompt", std::to_string(r.nPrompt));
    add("n_gen", std::to_string(r.nGen));
    add("depth", std::to_string(r.depth));
    add("reps", std::to_string(r.reps));
    add("layers", std::to_string(r.layers));
    add("load_seconds", number(r.loadSeconds));
    if (r.warmupSeconds >= 0) add("warmup_seconds", number(r.warmupSeconds));
    add("weight_bytes", std::to_string(r.weightBytes));
    add("weight_bytes_per_token", std::to_string(r.weightBytesPerToken));
    add("kv_bytes_per_token", std::to_string(r.kvBytesPerToken));
    add("prompt_tokens_per_s", number(r.promptTokensPerS));
    add("decode_tokens_per_s", number(r.decodeTokensPerS));
    add("prompt_tokens_per_s_runs", array(r.promptRuns));
    add("decode_tokens_per_s_runs", array(r.decodeRuns));
    add("peak_rss_bytes", std::to_string(r.peakRssBytes));
    if (r.bandwidthBytesPerS > 0) {
        std::vector<double> gb;
        for (double b : r.bandwidthRuns) gb.push_back(b / 1e9);
        add("bandwidth_gb_per_s", number(r.bandwidthBytesPerS / 1e9));
        add("bandwidth_gb_per_s_runs", array(gb));
        add("bandwidth_best_pass_gb_per_s", number(r.bandwidthBestPass / 1e9));
        add("decode_limit_tokens_per_s", number(r.decodeLimitTokensPerS));
        add("decode_pct_of_limit", number(100.0 * r.decodeShareOfLimit));
        add("decode_pct_of_best_pass", number(100.0 * r.decodeShareOfBestPass));
    } else {
        for (const char* key :
             {"bandwidth_gb_per_s", "bandwidth_gb_per_s_runs", "bandwidth_best_pass_gb_per_s",
              "decode_limit_tokens_per_s", "decode_pct_of_limit", "decode_pct_of_best_pass"})
            add(key, "null");
    }
    for (const auto& [key, value] : r.extraJson) add(key, value);
    return s + "\n}\n";
}

} // namespace smoldesk::cli
