// K-quant weight quantizers. Not ggml's exact make_qkx2/make_qx searches, but the same idea:
// try a small grid of inverse scales around the obvious one, refit scale (and min) by least
// squares for each candidate's integer assignment, keep the one with the smallest squared error.
#include "quant/block_formats.h"
#include "quant/fp16.h"
#include "quant/kquant_quantize.h"
#include "quant/kquant_scales.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace smoldesk::quant {

namespace {

constexpr int kGridSteps = 10; // candidates at nmax ± 0.1·k for k = -10..10

int nearestInt(float v) {
    return static_cast<int>(std::lround(v));
}

// Fits x[i] ≈ scale·q[i] − offset with q in [0, nmax] and offset ≥ 0 (the range always contains
// zero, as the K-quant mins are stored as non-negative offsets).
struct AffineFit {
    float scale = 0;
    float offset = 0;
};

AffineFit fitAffine(const float* x, int n, int nmax) {
    float lo = 0, hi = x[0];
    for (int i = 0; i < n; ++i) {
        lo = std::min(lo, x[i]);
        hi = std::max(hi, x[i]);
    }
    AffineFit best{0, -lo};
    if (!(hi > lo)) return best;
    double bestErr = 0;
    for (int i = 0; i < n; ++i) bestErr += static_cast<double>(x[i] - lo) * (x[i] - lo);
    for (int step = -kGridSteps; step <= kGridSteps; ++step) {
        const float iscale = (static_cast<float>(nmax) + 0.1f * static_cast<float>(step)) / (hi - lo);
        double sq = 0, sqq = 0, sx = 0, sqx = 0;
        int q[kQK256];
        for (int i = 0; i < n; ++i) {
            q[i] = std::clamp(nearestInt(iscale * (x[i] - lo)), 0, nmax);
            sq += q[i];
            sqq += static_cast<double>(q[i]) * q[i];
            sx += x[i];
            sqx += static_cast<double>(q[i]) * x[i];
        }
        if (sqq <= 0) continue;
        // x ≈ scale·q + bias; all-equal q (a constant sub-block) leave only the bias-free fit.
        const double det = n * sqq - sq * sq;
        double scale = det > 0 ? (n * sqx - sq * sx) / det : 0;
        double bias = det > 0 ? (sqq * sx - sq * sqx) / det : 1;
        if (bias > 0) { // the offset must not be negative
            bias = 0;
            scale = sqx / sqq;
        }
        if (scale <= 0) continue;
        double err = 0;
        for (int i = 0; i < n; ++i) {
            const double e = scale * q[i] + bias - x[i];
            err += e * e;
        }
        if (err < bestErr) {
            bestErr = err;
            best = {static_cast<float>(scale), static_cast<float>(-bias)};
        }
    }
    return best;
}

// Fits x[i] ≈ scale·q[i] with q in [-nmax, nmax - 1]; the scale may be negative so that the
// largest magnitude can use the asymmetric end -nmax.
float fitSymmetric(const float* x, int n, int nmax) {
    float amax = 0, max = 0;
    for (int i = 0; i < n; ++i) {
        if (std::fabs(x[i]) > amax) {
            amax = std::fabs(x[i]);
            max = x[i];
        }
    }
    if (amax == 0) return 0;
    float bestScale = max / static_cast<float>(-nmax);
    double bestGain = -1; // squared error = Σx² − (Σqx)²/Σqq, so maximise the gain term
    for (int step = -kGridSteps; step <= kGridSteps; ++step) {
        const float iscale = -(static_cast<float>(nmax) + 0.1f * static_cast<float>(step)) / max;
        double sqq = 0, sqx = 0;
        for (int i = 0; i < n; ++i) {
            const int q = std::clamp(nearestInt(iscale * x[i]), -nmax, nmax - 1);
            sqq += static_cast<double>(q) * q;
            sqx += static_cast<double>(q) * x[i];
        }
        if (sqq <= 0) continue;
        const double gain = sqx * sqx / sqq;
        if (gain > bestGain) {
            bestGain = gain;
            bestScale = static_cast<float>(sqx / sqq);
        }
    }
    return bestScale;
}

// Q4_K and Q5_K: eight 32-value sub-blocks with 6-bit scales and mins under f16 super-scales.
// Writes d, dmin, the packed scales, and the integer quants q[256] in [0, nmax].
void quantizeSuperBlockAffine(const float* x, int nmax, uint16_t& dOut, uint16_t& dminOut, uint8_t* packed,
                              uint8_t* q) {
    AffineFit fits[8];
    float maxScale = 0, maxOffset = 0;
    for (int j = 0; j < 8; ++j) {
        fits[j] = fitAffine(x + 32 * j, 32, nmax);
        maxScale = std::max(maxScale, fits[j].scale);
        maxOffset = std::max(maxOffset, fits[j].offset);
    }
    const float inv = 1.0f / 63.0f;
    dOut = fp32ToFp16(maxScale * inv);
    dminOut = fp32ToFp16(maxOffset * inv);
    const float d = fp16ToFp32(dOut), dmin = fp16ToFp32(dminOut);
    uint8_t scales[8], mins[8];
    for (int j = 0; j < 8; ++j) {
        scales[j] = static_cast<uint8_t>(d > 0 ? std::clamp(nearestInt(fits[j].scale / d), 0, 63) : 0);
        mins[j] = static_cast<uint8_t>(dmin > 0 ? std::clamp(nearestInt(fits[j].offset / dmin), 0, 63) : 0);
    }
    packScaleMinK4(scales, mins, packed);
    for (int j = 0; j < 8; ++j) {
        const float ds = d * static_cast<float>(scales[j]);
        const float dm = dmin * static_cast<float>(mins[j]);
        for (int l = 0; l < 32; ++l) {
            const int v = ds > 0 ? nearestInt((x[32 * j + l] + dm) / ds) : 0;
            q[32 * j + l] = static_cast<uint8_t>(std::clamp(v, 0, nmax));
        }
    }
}

} // namespace

void quantizeRowQ4_K(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ4_K*>(dst);
    uint8_t q[kQK256];
    for (int64_t i = 0; i < n / kQK256; ++i, x += kQK256) {
        quantizeSuperBlockAffine(x, 15, y[i].d, y[i].dmin, y[i].scales, q);
        for (int c = 0; c < 4; ++c)
            for (int l = 0; l < 32; ++l)
                y[i].qs[32 * c + l] = static_cast<uint8_t>(q[64 * c + l] | (q[64 * c + 32 + l] << 4));
    }
}

void quantizeRowQ5_K(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ5_K*>(dst);
    uint8_t q[kQK256];
    for (int64_t i = 0; i < n / kQK256; ++i, x += kQK256) {
        quantizeSuperBlockAffine(x, 31, y[i].d, y[i].dmin, y[i].scales, q);
        std::memset(y[i].qh, 0, sizeof(y[i].qh));
        for (int c = 0; c < 4; ++c) {
            for (int l = 0; l < 32; ++l) {
                const int lo = q[64 * c + l], hi = q[64 * c + 32 + l];
                y[i].qs[32 * c + l] = static_cast<uint8_t>((lo & 0xF) | ((hi & 0xF) << 4));
                y[i].qh[l] |= static_cast<uint8_t>(((lo >> 4) << (2 * c)) | ((hi >> 4) << (2 * c + 1)));
            }
        }
    }
}

void quantizeRowQ6_K(const float* x, void* dst, int64_t n) {
    auto* y = static_cast<BlockQ6_K*>(dst);
    for (int64_t i = 0; i < n / kQK256; ++i, x += kQK256) {
        float subScales[16];
        float maxAbs = 0;
        for (int k = 0; k < 16; ++k) {
            subScales[k] = fitSymmetric(x + 16 * k, 16, 32);
            maxAbs = std::max(maxAbs, std::fabs(subScales[k]));
        }
        y[i].d = fp32ToFp16(maxAbs / 127.0f);
        const float d = fp16ToFp32(y[i].d);
        uint8_t q[kQK256]; // biased by 32: 0..63
        for (int k = 0; k < 16; ++k) {
            const int sc = d > 0 ? std::clamp(nearestInt(subScales[k] / d), -127, 127) : 0;
            y[i].scales[k] = static_cast<int8_t>(sc);
            const float ds = d * static_cast<float>(sc);
            for (int l = 0; l < 16; ++l) {
                const int v = ds != 0 ? nearestInt(x[16 * k + l] / ds) : 0;
                q[16 * k + l] = static_cast<uint8_t>(std::clamp(v, -32, 31) + 32);
            }
        }
        for (int half = 0; half < 2; ++half) {
            const uint8_t* qq = q + 128 * half;
            uint8_t* ql = y[i].ql + 64 * half;
            uint8_t* qh = y[i].qh + 32 * half;
            for (int l = 0; l < 32; ++l) {
                ql[l] = static_cast<uint8_t>((qq[l] & 0xF) | ((qq[l + 64] & 0xF) << 4));
                ql[l + 32] = static_cast<uint8_t>((qq[l + 32] & 0xF) | ((qq[l + 96] & 0xF) << 4));
                qh[l] = static_cast<uint8_t>((qq[l] >> 4) | ((qq[l + 32] >> 4) << 2) |
                                             ((qq[l + 64] >> 4) << 4) | ((qq[l + 96] >> 4) << 6));
            }
        }
    }
}

} // namespace smoldesk::quant
