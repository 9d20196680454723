#pragma once
// llama.cpp golden logits from the fixtures and the comparison the fixtures README prescribes.
#include "model/decoder.h"
#include "runtime/session.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace smoldesk::test {

struct Golden {
    std::vector<int32_t> tokens;    // prompt
    std::vector<int32_t> generated; // greedy ids (decode goldens)
    std::vector<float> logits;      // rows × nVocab
    int nVocab = 0;
    // The JSON's recommended_tolerance (0 when it has none).
    double tolMean = 0, tolMax = 0, tolCosine = 0;
    int rows() const { return nVocab ? static_cast<int>(logits.size() / static_cast<size_t>(nVocab)) : 0; }
};

// Reads models/NAME.json and models/NAME.f32 from the test data.
Golden loadGolden(const std::string& name);
// Reads STEM.json and STEM.f32 (a path without the extension).
Golden loadGoldenAt(const std::string& stem);

struct LogitDiff {
    double meanAbs = 0, maxAbs = 0, minCosine = 1;
    std::string describe() const;
};
LogitDiff compareLogits(const std::vector<float>& ours, const std::vector<float>& golden, int nVocab);

// Logs `what: <figures>` and says whether d is within the tolerance (use inside QVERIFY).
bool logitsWithin(const LogitDiff& d, double mean, double max, double cosine, const std::string& what);
// The same with the golden's own recommended tolerance.
bool logitsWithin(const LogitDiff& d, const Golden& g, const std::string& what);

// Logits of every prompt position, the prompt fed through the KV cache `chunk` tokens at a time:
// through a Session (its prefix reuse included) or a Decoder on a backend.
std::vector<float> promptLogits(runtime::Session& s, const std::vector<int32_t>& tokens, size_t chunk);
std::vector<float> promptLogits(model::Decoder& d, const std::vector<int32_t>& tokens, size_t chunk);

// Greedy decoding as llama.cpp's decode goldens hold it: from `logits` (the last prompt
// position's), each step's argmax is appended to `ids` and, but for the last step's, fed to
// `next`, which returns the logits after it. Returns the steps' logits (steps × nVocab).
std::vector<float> greedyRows(std::vector<float> logits, size_t steps, std::vector<int32_t>& ids,
                              const std::function<std::vector<float>(int32_t)>& next);
// The same through a Session after the prompt g.tokens, for g.generated.size() steps.
std::vector<float> greedyRows(runtime::Session& s, const Golden& g, std::vector<int32_t>& ids);

} // namespace smoldesk::test
