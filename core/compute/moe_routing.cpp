#include "compute/moe_routing.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace smoldesk::compute {

void routeToken(const MoeFfn& m, const float* logits, int32_t* ids, float* weights) {
    const int n = m.nExpert, k = m.nUsed;
    thread_local std::vector<float> score;
    score.assign(logits, logits + n);
    if (m.gating == MoeGating::SoftmaxTopK) {
        const float top = *std::max_element(score.begin(), score.end());
        float sum = 0;
        for (float& s : score) sum += s = std::exp(s - top);
        for (float& s : score) s /= sum;
    }
    // Selection by repeated maximum: k is small (2 to 8) and ties go to the lower id.
    thread_local std::vector<char> taken;
    taken.assign(static_cast<size_t>(n), 0);
    for (int j = 0; j < k; ++j) {
        int best = -1;
        for (int e = 0; e < n; ++e)
            if (!taken[static_cast<size_t>(e)] &&
                (best < 0 || score[static_cast<size_t>(e)] > score[static_cast<size_t>(best)]))
                best = e;
        taken[static_cast<size_t>(best)] = 1;
        ids[j] = best;
        weights[j] = score[static_cast<size_t>(best)];
    }
    if (m.gating == MoeGating::SoftmaxTopK) {
        float sum = 0;
        for (int j = 0; j < k; ++j) sum += weights[j];
        sum = std::max(sum, 6.103515625e-5f);
        for (int j = 0; j < k; ++j) weights[j] /= sum;
    } else {
        const float top = weights[0];
        float sum = 0;
        for (int j = 0; j < k; ++j) sum += weights[j] = std::exp(weights[j] - top);
        for (int j = 0; j < k; ++j) weights[j] /= sum;
    }
}

} // namespace smoldesk::compute
