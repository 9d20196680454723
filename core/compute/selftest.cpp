#include "compute/selftest.h"

#include "compute/moe_routing.h"

#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "quant/dequant.h"
#include "quant/random_weights.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <deque>
#include <random>

namespace smoldesk::compute {

namespace {

using Clock = std::chrono::steady_clock;
using quant::Type;

// Tolerances. Products are compared with an exact (double) product of the dequantized weights,
// relative to the row's magnitude Σ|w·x|: our f32 shaders stay near 1e-6, kernels that quantize
// the activations to 8 bits (the CPU's) reach 3e-3, while a wrong decode, a swapped nibble or a
// lost block is 0.05 to O(1). The other ops are compared with the CPU backend, relative to
// max(1, max |ref|).
constexpr double kProductTolerance = 1e-2;
// A mixture-of-experts layer chains two products through the gated activation; the CPU backend
// (8-bit activations for both) lands up to 1.7% from the exact layer, a GPU (f32) within 1e-5.
constexpr double kMoeTolerance = 4e-2;
constexpr double kNormTolerance = 1e-4;
constexpr double kRopeTolerance = 5e-3; // sin/cos of angles up to 1000 rad
constexpr double kAttentionTolerance = 2e-3;
// Products then attention: the subject's own products (the CPU rounds their input to 8 bits, up to
// kProductTolerance) feed a softmax that can sharpen their error; a wrong rotation or cache write
// is off by ~1.
constexpr double kProductAttentionTolerance = 2e-2;
constexpr double kElementwiseTolerance = 1e-4;
constexpr double kEmbedTolerance = 1e-5;

struct Tensor {
    std::vector<uint8_t> bytes;
    gguf::TensorInfo info;
    std::vector<float> dequantized; // [rows][cols]
    int cols = 0, rows = 0;
};

// A value living in both backends.
struct Pair {
    BufferId sub = -1, ref = -1;
    size_t n = 0;
};

struct Weight {
    WeightId sub = -1, ref = -1;
    const Tensor* t = nullptr;
};

double silu(double x) {
    return x / (1.0 + std::exp(-x));
}
double geluTanh(double x) {
    return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}

class Harness {
  public:
    Harness(Backend& subject, const SelfTestOptions& options) : sub_(subject), ref_(1), options_(options) {}

    std::vector<SelfTestResult> results;

    std::mt19937 rng{20261126};

    const Tensor& tensor(Type type, int cols, int rows) {
        Tensor& t = tensors_.emplace_back();
        t.cols = cols;
        t.rows = rows;
        t.bytes = quant::randomWeightBytes(rng, type, int64_t(cols) * rows);
        t.dequantized.resize(size_t(cols) * rows);
        const size_t rowBytes = quant::rowBytes(type, uint64_t(cols));
        for (int r = 0; r < rows; ++r)
            quant::dequantizeRow(type, t.bytes.data() + size_t(r) * rowBytes,
                                 t.dequantized.data() + size_t(r) * cols, cols);
        t.info.name =
            std::string("selftest.") + quant::typeName(type) + "." + std::to_string(tensors_.size());
        t.info.nDims = rows == 1 ? 1 : 2;
        t.info.ne = {uint64_t(cols), uint64_t(rows), 1, 1};
        t.info.type = type;
        t.info.nElements = uint64_t(cols) * uint64_t(rows);
        t.info.nBytes = t.bytes.size();
        t.info.data = t.bytes.data();
        return t;
    }
    Weight weight(Type type, int cols, int rows) {
        const Tensor& t = tensor(type, cols, rows);
        return {sub_.addWeight(t.info), ref_.addWeight(t.info), &t};
    }
    // A 3-D expert tensor [experts][rows][cols] (its rows are random like a 2-D weight's).
    Weight experts(Type type, int cols, int rows, int experts) {
        Tensor& t = const_cast<Tensor&>(tensor(type, cols, rows * experts));
        t.info.nDims = 3;
        t.info.ne = {uint64_t(cols), uint64_t(rows), uint64_t(experts), 1};
        return {sub_.addWeight(t.info), ref_.addWeight(t.info), &t};
    }
    // Values into both backends. The Backend interface has no upload, so values arrive as a
    // one-row F32 table and its embedding (the embedding kernels are checked first).
    // A one-row F32 weight holding exactly these values.
    Weight f32Weight(const std::vector<float>& v) {
        Tensor& t = tensors_.emplace_back();
        t.cols = int(v.size());
        t.rows = 1;
        t.dequantized = v;
        t.bytes.resize(v.size() * sizeof(float));
        std::memcpy(t.bytes.data(), v.data(), t.bytes.size());
        t.info.name = "selftest.values." + std::to_string(tensors_.size());
        t.info.nDims = 2;
        t.info.ne = {v.size(), 1, 1, 1};
        t.info.type = Type::F32;
        t.info.nElements = v.size();
        t.info.nBytes = t.bytes.size();
        t.info.data = t.bytes.data();
        return {sub_.addWeight(t.info), ref_.addWeight(t.info), &t};
    }
    Pair upload(const std::vector<float>& v) {
        const Weight table = f32Weight(v);
        const int32_t id = 0;
        Pair p{sub_.createBuffer(v.size()), ref_.createBuffer(v.size()), v.size()};
        sub_.embed(table.sub, std::span(&id, 1), p.sub);
        ref_.embed(table.ref, std::span(&id, 1), p.ref);
        return p;
    }
    Pair zeros(size_t n) { return upload(std::vector<float>(n, 0.0f)); }
    std::vector<float> random(size_t n, float scale = 1.0f) {
        std::normal_distribution<float> d(0.0f, scale);
        std::vector<float> v(n);
        for (float& x : v) x = d(rng);
        return v;
    }
    std::vector<float> readSub(const Pair& p) {
        std::vector<float> v(p.n);
        sub_.read(p.sub, 0, p.n, v.data());
        readEnd_ = Clock::now();
        return v;
    }
    std::vector<float> readRef(const Pair& p) {
        std::vector<float> v(p.n);
        ref_.read(p.ref, 0, p.n, v.data());
        return v;
    }

    Backend& sub() { return sub_; }
    Backend& ref() { return ref_; }
    // Runs `op` on both backends (op(backend, isSubject)); the subject's time is recorded.
    template <class Op> void both(Op op) {
        op(ref_, false);
        const auto t0 = Clock::now();
        op(sub_, true);
        start_ = t0;
    }

    // One check: `measure` reads the subject's output (that read ends the timed span) and
    // returns the error; exceptions from the subject become a failed row.
    template <class Measure>
    void check(const std::string& kernel, const std::string& family, double tolerance, Measure measure) {
        SelfTestResult r;
        r.kernel = kernel;
        r.family = family;
        r.tolerance = tolerance;
        const bool fault =
            !options_.faultKernel.empty() && kernel.find(options_.faultKernel) != std::string::npos;
        try {
            start_ = readEnd_ = Clock::now();
            r.maxError = measure(fault);
            r.millis = std::chrono::duration<double, std::milli>(readEnd_ - start_).count();
        } catch (const std::exception&) {
            r.maxError = INFINITY;
        }
        r.passed = r.maxError <= tolerance; // NaN fails
        results.push_back(r);
        if (options_.onResult) options_.onResult(r);
    }

  private:
    Backend& sub_;
    CpuBackend ref_;
    const SelfTestOptions& options_;
    std::deque<Tensor> tensors_;        // stable addresses: backends keep pointers to the infos
    Clock::time_point start_, readEnd_; // the subject's op began; its result was read
};

// max |got - want| / max(1, max |want|); NaN anywhere is infinite.
// A fault (injection for tests) moves the first value by the peak: an error of 1.
double relativeToPeak(std::vector<float> got, const std::vector<float>& want, bool fault) {
    double peak = 1.0, worst = 0.0;
    for (float w : want) peak = std::max(peak, double(std::fabs(w)));
    if (fault && !got.empty()) got[0] += float(peak);
    for (size_t i = 0; i < got.size(); ++i) {
        const double e = std::fabs(double(got[i]) - double(want[i]));
        if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
    }
    return worst / peak;
}

// Exact out[t][r] = base[t][r] + Σ_c W[r][c]·x[t][c] against the subject's result, relative to
// Σ|W·x| + |base| per value. A fault moves the first value by its magnitude: an error of 1.
double productError(const std::vector<float>& got, const Tensor& w, const std::vector<double>& x, int tokens,
                    const std::vector<float>* base, bool fault) {
    double worst = 0.0;
    for (int t = 0; t < tokens; ++t)
        for (int r = 0; r < w.rows; ++r) {
            const size_t i = size_t(t) * w.rows + r;
            double sum = base ? (*base)[i] : 0.0, mag = base ? std::fabs((*base)[i]) : 0.0;
            for (int c = 0; c < w.cols; ++c) {
                const double p = double(w.dequantized[size_t(r) * w.cols + c]) * x[size_t(t) * w.cols + c];
                sum += p;
                mag += std::fabs(p);
            }
            const double value = double(got[i]) + (fault && i == 0 ? mag : 0.0);
            const double e = std::fabs(value - sum) / (mag + 1e-6);
            if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
        }
    return worst;
}

std::vector<double> toDouble(const std::vector<float>& v) {
    return {v.begin(), v.end()};
}

int colsFor(Type type) {
    const uint32_t block = quant::typeInfo(type).blockSize;
    return block == 256 ? 512 : block == 32 ? 224 : 172; // F32/F16/BF16: not a multiple of 8
}

std::string tokensText(int tokens) {
    return std::to_string(tokens) + (tokens == 1 ? " token" : " tokens");
}

void embeddings(Harness& h, Type type) {
    const int cols = colsFor(type);
    const Weight w = h.weight(type, cols, 11);
    const std::vector<int32_t> ids = {10, 0, 3, 3, 7};
    const Pair out = h.zeros(ids.size() * size_t(cols));
    h.check(std::string(quant::typeName(type)) + " embedding",
            std::string(quant::typeName(type)) + " embeddings", kEmbedTolerance, [&](bool fault) {
                h.both([&](Backend& b, bool s) { b.embed(s ? w.sub : w.ref, ids, s ? out.sub : out.ref); });
                return relativeToPeak(h.readSub(out), h.readRef(out), fault);
            });
}

void products(Harness& h, Type type) {
    const std::string name = quant::typeName(type), family = name + " matrix products";
    const int cols = colsFor(type);
    for (int tokens : {1, 4, 40}) {
        const Weight w = h.weight(type, cols, tokens > 8 ? 67 : 37);
        const std::vector<float> xv = h.random(size_t(tokens) * cols);
        const Pair x = h.upload(xv), y = h.zeros(size_t(tokens) * w.t->rows);
        const std::string shape = tokens > 8 ? " matrix-matrix (" : " matrix-vector (";
        h.check(name + shape + tokensText(tokens) + ")", family, kProductTolerance, [&](bool fault) {
            h.both([&](Backend& b, bool s) {
                b.matmul(s ? w.sub : w.ref, s ? x.sub : x.ref, s ? y.sub : y.ref, tokens);
            });
            return productError(h.readSub(y), *w.t, toDouble(xv), tokens, nullptr, fault);
        });
    }
    // A wide row over few rows: the Vulkan matvec splits K over several subgroups for it and
    // combines their sums in shared memory (a path the 512-wide rows above do not take).
    const int wide = 8 * cols, tokens = 2;
    const Weight w = h.weight(type, wide, 19);
    const std::vector<float> xv = h.random(size_t(tokens) * wide);
    const Pair x = h.upload(xv), y = h.zeros(size_t(tokens) * w.t->rows);
    h.check(name + " matrix-vector, wide rows (" + tokensText(tokens) + ")", family, kProductTolerance,
            [&](bool fault) {
                h.both([&](Backend& b, bool s) {
                    b.matmul(s ? w.sub : w.ref, s ? x.sub : x.ref, s ? y.sub : y.ref, tokens);
                });
                return productError(h.readSub(y), *w.t, toDouble(xv), tokens, nullptr, fault);
            });
}

// The fused forms the decoders use: q/k/v as one group, the pre-norm folded into the group, the
// residual add as an epilogue, and the gated activation folded into the down projection.
void fusedProducts(Harness& h, Type type) {
    const std::string name = quant::typeName(type), family = name + " matrix products";
    const int cols = colsFor(type);
    for (int tokens : {1, 9}) {
        const std::string suffix = " (" + tokensText(tokens) + ")";
        const std::vector<float> xv = h.random(size_t(tokens) * cols, 2.0f);
        const Pair x = h.upload(xv);
        const Weight ws[3] = {h.weight(type, cols, 37), h.weight(type, cols, 16), h.weight(type, cols, 16)};
        Pair outs[3];
        for (int i = 0; i < 3; ++i) outs[i] = h.zeros(size_t(tokens) * ws[i].t->rows);
        auto groupOf = [&](bool s) {
            std::vector<MatmulOutput> g;
            for (int i = 0; i < 3; ++i)
                g.push_back({s ? ws[i].sub : ws[i].ref, s ? outs[i].sub : outs[i].ref});
            return g;
        };
        auto groupError = [&](const std::vector<double>& input, bool fault) {
            double worst = 0;
            for (int i = 0; i < 3; ++i)
                worst = std::max(worst, productError(h.readSub(outs[i]), *ws[i].t, input, tokens, nullptr,
                                                     fault && i == 0));
            return worst;
        };
        h.check(name + " grouped q/k/v products" + suffix, family, kProductTolerance, [&](bool fault) {
            h.both([&](Backend& b, bool s) { b.matmulGroup(s ? x.sub : x.ref, groupOf(s), tokens); });
            return groupError(toDouble(xv), fault);
        });

        const Weight norm = h.weight(Type::F32, cols, 1);
        const Pair normed = h.zeros(xv.size());
        std::vector<double> normedExact(xv.size());
        for (int t = 0; t < tokens; ++t) {
            double ss = 0;
            for (int c = 0; c < cols; ++c) ss += double(xv[size_t(t) * cols + c]) * xv[size_t(t) * cols + c];
            const double inv = 1.0 / std::sqrt(ss / cols + 1e-6);
            for (int c = 0; c < cols; ++c)
                normedExact[size_t(t) * cols + c] =
                    xv[size_t(t) * cols + c] * inv * norm.t->dequantized[size_t(c)];
        }
        h.check(name + " normed grouped products" + suffix, family, kProductTolerance, [&](bool fault) {
            h.both([&](Backend& b, bool s) {
                b.normMatmulGroup(s ? x.sub : x.ref, s ? norm.sub : norm.ref, 1e-6f,
                                  s ? normed.sub : normed.ref, groupOf(s), tokens, cols);
            });
            return groupError(normedExact, fault);
        });

        const Weight down = h.weight(type, cols, 40);
        const std::vector<float> base = h.random(size_t(tokens) * 40);
        const Pair out = h.upload(base), scratch = h.zeros(size_t(tokens) * 40);
        h.check(name + " product with residual add" + suffix, family, kProductTolerance, [&](bool fault) {
            h.both([&](Backend& b, bool s) {
                b.matmulAdd(s ? down.sub : down.ref, s ? x.sub : x.ref, s ? out.sub : out.ref,
                            s ? scratch.sub : scratch.ref, tokens, 40);
            });
            return productError(h.readSub(out), *down.t, toDouble(xv), tokens, &base, fault);
        });

        for (GluActivation act : {GluActivation::Silu, GluActivation::GeluTanh}) {
            const std::vector<float> gate = h.random(xv.size(), 2.0f), up = h.random(xv.size());
            const Pair g = h.upload(gate), u = h.upload(up), o = h.upload(base),
                       sc = h.zeros(size_t(tokens) * 40);
            std::vector<double> input(xv.size());
            for (size_t i = 0; i < input.size(); ++i)
                input[i] = (act == GluActivation::Silu ? silu(gate[i]) : geluTanh(gate[i])) * up[i];
            const std::string what =
                act == GluActivation::Silu ? " SwiGLU down projection" : " GeGLU down projection";
            h.check(name + what + suffix, family, kProductTolerance, [&](bool fault) {
                h.both([&](Backend& b, bool s) {
                    b.gluMatmulAdd(act, s ? down.sub : down.ref, s ? g.sub : g.ref, s ? u.sub : u.ref,
                                   s ? o.sub : o.ref, s ? sc.sub : sc.ref, tokens, size_t(cols), 40);
                });
                return productError(h.readSub(o), *down.t, input, tokens, &base, fault);
            });
        }
    }
}

void norms(Harness& h) {
    for (int dim : {64, 67, 2048})
        for (bool inPlace : {false, true}) {
            const Weight w = h.weight(Type::F32, dim, 1);
            const Pair x = h.upload(h.random(size_t(3) * dim, 3.0f));
            const Pair y = inPlace ? x : h.zeros(x.n);
            h.check("RMS norm, 3×" + std::to_string(dim) + (inPlace ? " in place" : ""), "RMS norms",
                    kNormTolerance, [&](bool fault) {
                        h.both([&](Backend& b, bool s) {
                            b.rmsNorm(s ? x.sub : x.ref, s ? w.sub : w.ref, s ? y.sub : y.ref, 3, dim, 1e-6f);
                        });
                        return relativeToPeak(h.readSub(y), h.readRef(y), fault);
                    });
        }
}

void ropes(Harness& h) {
    enum Variant { Plain, Divisors, LongRope, Yarn };
    struct Case {
        const char* name;
        int headDim, dims, pos0;
        float freqScale;
        Variant variant;
    };
    const Case cases[] = {
        {"128/128 at 1000", 128, 128, 1000, 1.0f, Plain},
        {"64/32 (partial) at 17", 64, 32, 17, 1.0f, Plain},
        {"linear scaling 1/8 at 1000", 64, 64, 1000, 0.125f, Plain},
        {"Llama 3 divisors at 300", 64, 64, 300, 1.0f, Divisors},
        {"LongRoPE 64/48 at 300", 64, 48, 300, 1.0f, LongRope},
        {"YaRN factor 32 at 300", 64, 64, 300, 1.0f / 32, Yarn},
    };
    for (RopeStyle style : {RopeStyle::Adjacent, RopeStyle::NeoX})
        for (const Case& c : cases) {
            const int rows = 3, heads = 4;
            const Pair x = h.upload(h.random(size_t(rows) * heads * c.headDim));
            RopeSpec subSpec{c.dims, 5e6f, c.freqScale, style};
            RopeSpec refSpec = subSpec;
            if (c.variant == Divisors || c.variant == LongRope) {
                std::vector<float> divisors(size_t(c.dims / 2));
                for (size_t i = 0; i < divisors.size(); ++i) divisors[i] = 1.0f + 0.75f * float(i);
                const Weight f = h.f32Weight(divisors);
                subSpec.freqFactors = f.sub;
                refSpec.freqFactors = f.ref;
            }
            if (c.variant == LongRope) subSpec.attnFactor = refSpec.attnFactor = 1.2472191f;
            if (c.variant == Yarn) {
                subSpec.extFactor = refSpec.extFactor = 1.0f;
                subSpec.attnFactor = refSpec.attnFactor = 0.95f;
                subSpec.corrLow = refSpec.corrLow = 6.0f;
                subSpec.corrHigh = refSpec.corrHigh = 20.0f;
            }
            const std::string styleName = style == RopeStyle::NeoX ? "NeoX" : "adjacent-pair";
            h.check("RoPE " + styleName + ", " + c.name, "rotary position embeddings", kRopeTolerance,
                    [&](bool fault) {
                        h.both([&](Backend& b, bool s) {
                            b.rope(s ? x.sub : x.ref, rows, heads, c.headDim, c.pos0, s ? subSpec : refSpec);
                        });
                        return relativeToPeak(h.readSub(x), h.readRef(x), fault);
                    });
        }
}

void attentions(Harness& h) {
    struct Case {
        const char* name;
        int nHead, nHeadKv, headDim, pos0, rows, window;
        bool sinks = false;
    };
    const Case cases[] = {
        {"decode at 300", 4, 1, 128, 300, 1, 0},
        {"decode at 200, groups of 8, head size 128", 16, 2, 128, 200, 1, 0}, // Vulkan: q in shared memory
        {"2 rows at 100, groups of 7, head size 80", 7, 1, 80, 100, 2, 0},    // Vulkan: 4 lanes per key
        {"decode at 5, 8 heads over 4", 8, 4, 8, 5, 1, 0},
        {"4 rows at 297", 8, 2, 64, 297, 4, 0},
        {"prompt of 37", 4, 1, 128, 0, 37, 0},
        {"13 rows at 2, head size 96, groups of 3", 6, 2, 96, 2, 13, 0},
        {"21 rows at 7, head size 256", 4, 2, 256, 7, 21, 0},
        {"sliding window 32, decode at 300", 4, 2, 64, 300, 1, 32},
        {"sliding window 50, 40 rows at 250", 4, 1, 128, 250, 40, 50},
        {"sinks, decode at 300", 4, 2, 64, 300, 1, 0, true},
        {"sinks and sliding window 16, 37 rows at 20", 4, 2, 64, 20, 37, 16, true},
    };
    for (const Case& c : cases) {
        const int kvDim = c.nHeadKv * c.headDim;
        for (Backend* b : {&h.sub(), &h.ref()}) b->createKvCache(2, 320, kvDim);
        const Pair kPre = h.upload(h.random(size_t(std::max(c.pos0, 1)) * kvDim));
        const Pair vPre = h.upload(h.random(size_t(std::max(c.pos0, 1)) * kvDim));
        const Pair k = h.upload(h.random(size_t(c.rows) * kvDim)),
                   v = h.upload(h.random(size_t(c.rows) * kvDim));
        const Pair q = h.upload(h.random(size_t(c.rows) * c.nHead * c.headDim, 2.0f));
        const Pair out = h.zeros(q.n);
        AttentionShape shape{c.nHead, c.nHeadKv, c.headDim, 1.0f / std::sqrt(float(c.headDim)), c.window};
        // gpt-oss's sinks (one logit per head in the softmax denominator) on a few of the cases.
        Weight sinks{};
        if (c.sinks) {
            std::vector<float> logits = h.random(size_t(c.nHead), 2.0f);
            logits[0] = 30.0f; // a sink above every score: the output shrinks toward 0
            sinks = h.f32Weight(logits);
        }
        h.check(std::string("attention, ") + c.name, "attention", kAttentionTolerance, [&](bool fault) {
            h.both([&](Backend& b, bool s) {
                if (c.pos0 > 0) b.storeKv(1, s ? kPre.sub : kPre.ref, s ? vPre.sub : vPre.ref, c.pos0, 0);
                b.storeKv(1, s ? k.sub : k.ref, s ? v.sub : v.ref, c.rows, c.pos0);
                shape.sinks = c.sinks ? (s ? sinks.sub : sinks.ref) : -1;
                b.attention(1, s ? q.sub : q.ref, s ? out.sub : out.ref, c.rows, c.pos0, shape);
            });
            return relativeToPeak(h.readSub(out), h.readRef(out), fault);
        });
    }
    // The decoder's sequence (rope q and k, store, attend), which backends may fuse.
    for (RopeStyle style : {RopeStyle::Adjacent, RopeStyle::NeoX}) {
        const int nHead = 4, nHeadKv = 2, headDim = 64, rows = 5, pos0 = 9, kvDim = nHeadKv * headDim;
        for (Backend* b : {&h.sub(), &h.ref()}) b->createKvCache(1, 64, kvDim);
        const Pair kPre = h.upload(h.random(size_t(pos0) * kvDim)),
                   vPre = h.upload(h.random(size_t(pos0) * kvDim));
        const Pair q = h.upload(h.random(size_t(rows) * nHead * headDim)),
                   k = h.upload(h.random(size_t(rows) * kvDim));
        const Pair v = h.upload(h.random(size_t(rows) * kvDim)), out = h.zeros(q.n);
        const AttentionShape shape{nHead, nHeadKv, headDim, 0.125f};
        const RopeSpec spec{48, 1e4f, 1.0f, style};
        h.check(std::string("RoPE, KV store and attention in sequence (") +
                    (style == RopeStyle::NeoX ? "NeoX" : "adjacent pairs") + ")",
                "attention", kAttentionTolerance, [&](bool fault) {
                    h.both([&](Backend& b, bool s) {
                        b.storeKv(0, s ? kPre.sub : kPre.ref, s ? vPre.sub : vPre.ref, pos0, 0);
                        b.rope(s ? q.sub : q.ref, rows, nHead, headDim, pos0, spec);
                        b.rope(s ? k.sub : k.ref, rows, nHeadKv, headDim, pos0, spec);
                        b.storeKv(0, s ? k.sub : k.ref, s ? v.sub : v.ref, rows, pos0);
                        b.attention(0, s ? q.sub : q.ref, s ? out.sub : out.ref, rows, pos0, shape);
                    });
                    return relativeToPeak(h.readSub(out), h.readRef(out), fault);
                });
    }
}

// The decoder's attention front at decode: normed q/k/v products, RoPE of q and k, the K/V
// store and attention, which the Vulkan backend runs as one matvec with RoPE and the f16 cache
// write in its epilogue (adjacent pairs and NoPE layers; NeoX stays unfused). The reference
// starts from exact products (the CPU's own round the input to 8 bits), so the check sees the
// rotation and the cache write through attention.
void attentionFront(Harness& h) {
    const int nHead = 4, nHeadKv = 2, headDim = 64, cols = 256, pos0 = 7, kvDim = nHeadKv * headDim;
    struct Case {
        const char* name;
        int rows;
        bool rope;
        RopeStyle style;
    };
    const Case cases[] = {{"adjacent pairs, 1 token", 1, true, RopeStyle::Adjacent},
                          {"adjacent pairs, 3 tokens", 3, true, RopeStyle::Adjacent},
                          {"no RoPE (NoPE layer), 1 token", 1, false, RopeStyle::Adjacent},
                          {"NeoX, 1 token", 1, true, RopeStyle::NeoX}};
    for (const Case& c : cases) {
        for (Backend* b : {&h.sub(), &h.ref()}) b->createKvCache(1, 16, kvDim);
        const Pair kPre = h.upload(h.random(size_t(pos0) * kvDim)),
                   vPre = h.upload(h.random(size_t(pos0) * kvDim));
        const std::vector<float> xv = h.random(size_t(c.rows) * cols, 2.0f);
        const Pair x = h.upload(xv), normed = h.zeros(xv.size());
        const Weight norm = h.weight(Type::F32, cols, 1);
        const Weight ws[3] = {h.weight(Type::Q4_K, cols, nHead * headDim), h.weight(Type::Q6_K, cols, kvDim),
                              h.weight(Type::Q8_0, cols, kvDim)};
        Pair outs[3];
        for (int i = 0; i < 3; ++i) { // exact products of the normed input: the reference's q, k, v
            const Tensor& w = *ws[i].t;
            std::vector<float> exact(size_t(c.rows) * w.rows);
            for (int t = 0; t < c.rows; ++t) {
                double ss = 0;
                for (int j = 0; j < cols; ++j)
                    ss += double(xv[size_t(t) * cols + j]) * xv[size_t(t) * cols + j];
                const double inv = 1.0 / std::sqrt(ss / cols + 1e-6);
                for (int r = 0; r < w.rows; ++r) {
                    double sum = 0;
                    for (int j = 0; j < cols; ++j)
                        sum += double(w.dequantized[size_t(r) * cols + j]) * xv[size_t(t) * cols + j] * inv *
                               norm.t->dequantized[size_t(j)];
                    exact[size_t(t) * w.rows + r] = float(sum);
                }
            }
            outs[i] = h.upload(exact);
        }
        const Pair out = h.zeros(outs[0].n);
        const AttentionShape shape{nHead, nHeadKv, headDim, 0.125f};
        const RopeSpec spec{headDim, 1e4f, 1.0f, c.style};
        h.check(std::string("q/k/v, RoPE and KV store fused, then attention (") + c.name + ")", "attention",
                kProductAttentionTolerance, [&](bool fault) {
                    h.both([&](Backend& b, bool s) {
                        b.storeKv(0, s ? kPre.sub : kPre.ref, s ? vPre.sub : vPre.ref, pos0, 0);
                        if (s) { // the subject makes q, k and v itself
                            const MatmulOutput group[] = {
                                {ws[0].sub, outs[0].sub}, {ws[1].sub, outs[1].sub}, {ws[2].sub, outs[2].sub}};
                            b.normMatmulGroup(x.sub, norm.sub, 1e-6f, normed.sub, group, c.rows, cols);
                        }
                        const BufferId q = s ? outs[0].sub : outs[0].ref, k = s ? outs[1].sub : outs[1].ref;
                        if (c.rope) {
                            b.rope(q, c.rows, nHead, headDim, pos0, spec);
                            b.rope(k, c.rows, nHeadKv, headDim, pos0, spec);
                        }
                        b.storeKv(0, k, s ? outs[2].sub : outs[2].ref, c.rows, pos0);
                        b.attention(0, q, s ? out.sub : out.ref, c.rows, pos0, shape);
                    });
                    return relativeToPeak(h.readSub(out), h.readRef(out), fault);
                });
    }
}

void elementwise(Harness& h) {
    const size_t n = 10001;
    const Pair a = h.upload(h.random(n, 4.0f)), b = h.upload(h.random(n)), out = h.zeros(n);
    auto run = [&](const char* name, const Pair& result, auto op) {
        h.check(name, "elementwise operations", kElementwiseTolerance, [&](bool fault) {
            h.both(op);
            return relativeToPeak(h.readSub(result), h.readRef(result), fault);
        });
    };
    for (GluActivation act : {GluActivation::Silu, GluActivation::GeluTanh, GluActivation::SwigluOai})
        run(act == GluActivation::Silu       ? "SwiGLU"
            : act == GluActivation::GeluTanh ? "GeGLU"
                                             : "clamped SwiGLU",
            out, [&](Backend& be, bool s) {
                be.glu(act, s ? a.sub : a.ref, s ? b.sub : b.ref, s ? out.sub : out.ref, n);
            });
    run("scale", out, [&](Backend& be, bool s) { be.scale(s ? out.sub : out.ref, n - 3, 11.3137f); });
    const Weight bias = h.weight(Type::F32, 70, 1);
    run("bias add", out,
        [&](Backend& be, bool s) { be.addBias(s ? out.sub : out.ref, s ? bias.sub : bias.ref, 142, 70); });
    run("add", a,
        [&](Backend& be, bool s) { be.add(s ? a.sub : a.ref, s ? b.sub : b.ref, s ? a.sub : a.ref, n - 1); });
    run("copy", out,
        [&](Backend& be, bool s) { be.copy(s ? b.sub : b.ref, 1000, s ? out.sub : out.ref, 7, 333); });
}

// The mixture-of-experts FFN (routing, the chosen experts' products, the weighted sum) against
// the CPU backend's, for decode and a prompt, in both gatings.
void mixtureOfExperts(Harness& h, const std::vector<Type>& types) {
    struct Case {
        const char* name;
        Type type;
        int rows;
        MoeGating gating;
        GluActivation act;
        bool biases;
    };
    const Case cases[] = {
        {"Q4_K experts, softmax top 2, decode", Type::Q4_K, 1, MoeGating::SoftmaxTopK, GluActivation::Silu,
         false},
        {"Q4_K experts, softmax top 2, prompt of 21", Type::Q4_K, 21, MoeGating::SoftmaxTopK,
         GluActivation::Silu, false},
        {"MXFP4 experts with biases, clamped SwiGLU, decode", Type::MXFP4, 1, MoeGating::TopKSoftmax,
         GluActivation::SwigluOai, true},
        {"MXFP4 experts with biases, clamped SwiGLU, prompt of 21", Type::MXFP4, 21, MoeGating::TopKSoftmax,
         GluActivation::SwigluOai, true},
    };
    const int d = 256, ff = 256, nExpert = 8, nUsed = 2;
    for (const Case& c : cases) {
        if (std::find(types.begin(), types.end(), c.type) == types.end()) continue;
        const Weight router = h.weight(Type::F32, d, nExpert);
        const Weight gate = h.experts(c.type, d, ff, nExpert), up = h.experts(c.type, d, ff, nExpert);
        const Weight down = h.experts(c.type, ff, d, nExpert);
        Weight rb{}, gb{}, ub{}, db{};
        if (c.biases) {
            rb = h.f32Weight(h.random(size_t(nExpert)));
            gb = h.weight(Type::F32, ff, nExpert);
            ub = h.weight(Type::F32, ff, nExpert);
            db = h.weight(Type::F32, d, nExpert);
        }
        const std::vector<float> xv = h.random(size_t(c.rows) * d), ov = h.random(size_t(c.rows) * d);
        const Pair x = h.upload(xv), out = h.upload(ov);
        const Pair scratch = h.zeros(moeScratchFloats(nExpert, nUsed, ff, d, size_t(c.rows)));
        h.check(std::string("mixture of experts, ") + c.name, "mixture-of-experts layers", kMoeTolerance,
                [&](bool fault) {
                    h.both([&](Backend& b, bool s) {
                        const auto id = [s](const Weight& w) { return s ? w.sub : w.ref; };
                        MoeFfn m;
                        m.router = id(router);
                        m.gate = id(gate);
                        m.up = id(up);
                        m.down = id(down);
                        if (c.biases) {
                            m.routerBias = id(rb);
                            m.gateBias = id(gb);
                            m.upBias = id(ub);
                            m.downBias = id(db);
                        }
                        m.nExpert = nExpert;
                        m.nUsed = nUsed;
                        m.width = ff;
                        m.dim = d;
                        m.gating = c.gating;
                        m.act = c.act;
                        b.moeFfn(m, s ? x.sub : x.ref, s ? out.sub : out.ref, s ? scratch.sub : scratch.ref,
                                 c.rows);
                    });
                    // The reference: the same layer in double precision on the dequantized weights
                    // (the CPU backend's own result carries its 8-bit activation rounding twice).
                    std::vector<float> want = ov;
                    MoeFfn spec;
                    spec.nExpert = nExpert;
                    spec.nUsed = nUsed;
                    spec.gating = c.gating;
                    const auto at = [](const Weight& w, size_t i) { return double(w.t->dequantized[i]); };
                    for (int t = 0; t < c.rows; ++t) {
                        const float* xt = xv.data() + size_t(t) * d;
                        float logits[nExpert];
                        for (int e = 0; e < nExpert; ++e) {
                            double acc = c.biases ? at(rb, size_t(e)) : 0.0;
                            for (int i = 0; i < d; ++i) acc += at(router, size_t(e) * d + i) * xt[i];
                            logits[e] = float(acc);
                        }
                        int32_t ids[nUsed];
                        float weights[nUsed];
                        routeToken(spec, logits, ids, weights);
                        for (int j = 0; j < nUsed; ++j) {
                            const size_t e = size_t(ids[j]);
                            std::vector<double> a(ff);
                            for (int r = 0; r < ff; ++r) {
                                double g = c.biases ? at(gb, e * ff + r) : 0.0,
                                       u = c.biases ? at(ub, e * ff + r) : 0.0;
                                for (int i = 0; i < d; ++i) {
                                    g += at(gate, (e * ff + r) * d + i) * xt[i];
                                    u += at(up, (e * ff + r) * d + i) * xt[i];
                                }
                                if (c.act == GluActivation::SwigluOai) {
                                    const double gc = std::min(g, 7.0);
                                    a[size_t(r)] =
                                        gc / (1.0 + std::exp(-1.702 * gc)) * (std::clamp(u, -7.0, 7.0) + 1.0);
                                } else {
                                    a[size_t(r)] = silu(g) * u;
                                }
                            }
                            for (int r = 0; r < d; ++r) {
                                double y = c.biases ? at(db, e * d + r) : 0.0;
                                for (int i = 0; i < ff; ++i)
                                    y += at(down, (e * d + r) * ff + i) * a[size_t(i)];
                                want[size_t(t) * d + r] += float(weights[j] * y);
                            }
                        }
                    }
                    return relativeToPeak(h.readSub(out), want, fault);
                });
    }
}

} // namespace

std::vector<SelfTestResult> runKernelSelfTest(Backend& subject, const SelfTestOptions& options) {
    std::vector<Type> types = options.types;
    if (types.empty())
        for (uint32_t id = 0; id < 64; ++id)
            if (quant::typeInfo(id) && quant::gpuSupported(Type(id))) types.push_back(Type(id));
    Harness h(subject, options);
    // Each section (per type where it has one) draws its inputs from its own seed, so a case
    // added to one section, or another list of types, never changes another section's inputs.
    const auto seed = [&h](const std::string& section) {
        uint32_t hash = 2166136261u; // FNV-1a
        for (unsigned char c : section) hash = (hash ^ c) * 16777619u;
        h.rng.seed(hash);
    };
    for (Type t : types) {
        seed(std::string("embeddings ") + quant::typeName(t));
        embeddings(h, t);
    }
    for (Type t : types) {
        seed(std::string("products ") + quant::typeName(t));
        products(h, t);
    }
    for (Type t : {Type::Q4_K, Type::Q6_K, Type::F16}) {
        if (std::find(types.begin(), types.end(), t) == types.end()) continue;
        seed(std::string("fused products ") + quant::typeName(t));
        fusedProducts(h, t);
    }
    seed("norms");
    norms(h);
    seed("ropes");
    ropes(h);
    seed("attentions");
    attentions(h);
    seed("attention front");
    attentionFront(h);
    seed("elementwise");
    elementwise(h);
    seed("mixture of experts");
    mixtureOfExperts(h, types);
    return std::move(h.results);
}

std::string selfTestFailureSentence(const std::vector<SelfTestResult>& results) {
    for (const SelfTestResult& r : results)
        if (!r.passed)
            return "The GPU driver computed wrong results for " + r.family + " (" + r.kernel +
                   "); SmolDesk uses the CPU.";
    return {};
}

} // namespace smoldesk::compute
