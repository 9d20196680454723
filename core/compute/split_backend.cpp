// The composite backend of partial offload (see split_backend.h): each op forwarded to the side
// that holds its weights, activations carried across when an op runs on the other side.
#include "compute/split_backend.h"

#include "common/error.h"

#include <algorithm>

namespace smoldesk::compute {

SplitBackend::SplitBackend(std::unique_ptr<Backend> cpu, std::unique_ptr<Backend> gpu,
                           const LayerSplit& split)
    : cpu_(std::move(cpu)), gpu_(std::move(gpu)), split_(split) {
    if (split_.gpuLayers < 0 || split_.gpuLayers > split_.nLayer || split_.cpuExpertLayers < 0 ||
        split_.cpuExpertLayers > split_.gpuLayers)
        throw Error(ErrorCode::InvalidArgument, "A split of " + std::to_string(split_.gpuLayers) + " of " +
                                                    std::to_string(split_.nLayer) +
                                                    " layers is not possible.");
}

std::string SplitBackend::deviceName() const {
    return gpu_->deviceName() + ", " + split_.describe() + ", the rest on " + cpu_->deviceName();
}

int SplitBackend::exactBatchRows() const {
    return std::min(cpu_->exactBatchRows(), gpu_->exactBatchRows());
}

void SplitBackend::setWeightMapping(const MappedFile* map) {
    cpu_->setWeightMapping(map);
    gpu_->setWeightMapping(map);
}

WeightId SplitBackend::addWeight(const gguf::TensorInfo& t) {
    Weight w;
    w.where = split_.place(t.name);
    w.cols = t.ne[0];
    w.rows = t.ne[0] ? t.rows() : 0;
    // The CPU first: the GPU's upload may release the mapped pages, which the CPU then reads back
    // from the file (a tied embedding table is the only weight on both).
    if (w.where & kOnCpu) w.id[kCpu] = cpu_->addWeight(t);
    if (w.where & kOnGpu) w.id[kGpu] = gpu_->addWeight(t);
    weights_.push_back(w);
    return static_cast<WeightId>(weights_.size() - 1);
}

BufferId SplitBackend::createBuffer(size_t floats) {
    Buffer b;
    b.floats = floats;
    b.id[kCpu] = cpu_->createBuffer(floats);
    b.id[kGpu] = gpu_->createBuffer(floats);
    buffers_.push_back(b);
    return static_cast<BufferId>(buffers_.size() - 1);
}

void SplitBackend::createKvCache(int nLayers, int nCtx, int kvDim) {
    if (nLayers != split_.nLayer)
        throw Error(ErrorCode::InvalidArgument, "The split was planned for " + std::to_string(split_.nLayer) +
                                                    " layers, not " + std::to_string(nLayers) + ".");
    kvDim_ = kvDim;
    // The KV rows of a layer live where its attention runs: on the GPU for the GPU's layers.
    if (split_.firstGpuLayer() > 0) cpu_->createKvCache(split_.firstGpuLayer(), nCtx, kvDim);
    if (split_.gpuLayers > 0) gpu_->createKvCache(split_.gpuLayers, nCtx, kvDim);
}

// ---- placement and crossing ----

const SplitBackend::Weight& SplitBackend::weight(WeightId w) const {
    if (w < 0 || static_cast<size_t>(w) >= weights_.size())
        throw Error(ErrorCode::InvalidArgument, "No weight " + std::to_string(w) + " in the split backend.");
    return weights_[static_cast<size_t>(w)];
}

SplitBackend::Buffer& SplitBackend::buffer(BufferId b) {
    if (b < 0 || static_cast<size_t>(b) >= buffers_.size())
        throw Error(ErrorCode::InvalidArgument, "No buffer " + std::to_string(b) + " in the split backend.");
    return buffers_[static_cast<size_t>(b)];
}

unsigned SplitBackend::placesOf(std::initializer_list<WeightId> ws) const {
    unsigned places = kOnBoth;
    for (WeightId w : ws)
        if (w >= 0) places &= weight(w).where;
    return places;
}

SplitBackend::Side SplitBackend::pick(unsigned places, BufferId input, const char* op) const {
    if (places == kOnCpu) return kCpu;
    if (places == kOnGpu) return kGpu;
    if (places == 0)
        throw Error(ErrorCode::Backend, std::string("The split backend's ") + op +
                                            " reads weights that live on different devices.");
    if (input >= 0 && static_cast<size_t>(input) < buffers_.size())
        return buffers_[static_cast<size_t>(input)].side;
    return layerSide(0);
}

WeightId SplitBackend::on(Side s, WeightId w) const {
    if (w < 0) return w;
    const WeightId id = weight(w).id[s];
    if (id < 0)
        throw Error(ErrorCode::Backend, "The split backend has no copy of weight " + std::to_string(w) +
                                            " on the " + (s == kCpu ? "CPU." : "GPU."));
    return id;
}

BufferId SplitBackend::in(BufferId id, Side s, size_t floats) {
    Buffer& b = buffer(id);
    if (b.side != s) {
        // What the op reads, at least: a step writes what it reads, but a shorter write than an
        // earlier one must not leave a stale tail behind on this side.
        const size_t n = std::min(std::max(b.valid, floats), b.floats);
        if (n > 0) {
            staging_.resize(n);
            be(b.side).read(b.id[b.side], 0, n, staging_.data());
            be(s).write(b.id[s], 0, n, staging_.data());
            ++transfers_;
            transferredFloats_ += n;
        }
        b.side = s;
        b.valid = n;
    }
    return b.id[s];
}

BufferId SplitBackend::out(BufferId id, Side s, size_t floats) {
    Buffer& b = buffer(id);
    b.side = s;
    b.valid = std::min(floats, b.floats);
    return b.id[s];
}

BufferId SplitBackend::inOut(BufferId id, Side s, size_t readFloats, size_t writeEnd) {
    const BufferId local = in(id, s, readFloats);
    Buffer& b = buffer(id);
    b.valid = std::min(std::max(b.valid, writeEnd), b.floats);
    return local;
}

BufferId SplitBackend::partialOut(BufferId id, Side s, size_t offset, size_t n) {
    // Crossing `offset` floats brings the whole valid contents when there are more: the values
    // before the written span and after it both stay the buffer's.
    return inOut(id, s, offset, offset + n);
}

// ---- ops ----

void SplitBackend::embed(WeightId table, std::span<const int32_t> ids, BufferId out_) {
    const Side s = pick(placesOf({table}), -1, "embed");
    const BufferId o = out(out_, s, ids.size() * weight(table).cols);
    be(s).embed(on(s, table), ids, o);
}

void SplitBackend::rmsNorm(BufferId x, WeightId w, BufferId o, int rows, int dim, float eps) {
    const Side s = pick(placesOf({w}), x, "rmsNorm");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    const BufferId xi = in(x, s, n);
    be(s).rmsNorm(xi, on(s, w), out(o, s, n), rows, dim, eps);
}

void SplitBackend::layerNorm(BufferId x, WeightId w, WeightId bias, BufferId o, int rows, int dim,
                             float eps) {
    const Side s = pick(placesOf({w, bias}), x, "layerNorm");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    const BufferId xi = in(x, s, n);
    be(s).layerNorm(xi, on(s, w), on(s, bias), out(o, s, n), rows, dim, eps);
}

void SplitBackend::gelu(BufferId x, size_t n) {
    const Side s = buffer(x).side;
    be(s).gelu(inOut(x, s, n, n), n);
}

void SplitBackend::matmul(WeightId w, BufferId x, BufferId o, int rows) {
    const Side s = pick(placesOf({w}), x, "matmul");
    const Weight& wt = weight(w);
    const BufferId xi = in(x, s, static_cast<size_t>(rows) * wt.cols);
    be(s).matmul(on(s, w), xi, out(o, s, static_cast<size_t>(rows) * wt.rows), rows);
}

void SplitBackend::matmulGroup(BufferId x, std::span<const MatmulOutput> outputs, int rows) {
    unsigned places = kOnBoth;
    for (const MatmulOutput& o : outputs) places &= placesOf({o.w});
    const Side s = pick(places, x, "matmulGroup");
    const BufferId xi = in(x, s, outputs.empty() ? 0 : static_cast<size_t>(rows) * weight(outputs[0].w).cols);
    std::vector<MatmulOutput> local;
    for (const MatmulOutput& o : outputs)
        local.push_back({on(s, o.w), out(o.out, s, static_cast<size_t>(rows) * weight(o.w).rows)});
    be(s).matmulGroup(xi, local, rows);
}

void SplitBackend::normMatmulGroup(BufferId x, WeightId norm, float eps, BufferId normed,
                                   std::span<const MatmulOutput> outputs, int rows, int dim) {
    unsigned places = placesOf({norm});
    for (const MatmulOutput& o : outputs) places &= placesOf({o.w});
    const Side s = pick(places, x, "normMatmulGroup");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    const BufferId xi = in(x, s, n);
    const BufferId ni = out(normed, s, n);
    std::vector<MatmulOutput> local;
    for (const MatmulOutput& o : outputs)
        local.push_back({on(s, o.w), out(o.out, s, static_cast<size_t>(rows) * weight(o.w).rows)});
    be(s).normMatmulGroup(xi, on(s, norm), eps, ni, local, rows, dim);
}

void SplitBackend::matmulAdd(WeightId w, BufferId x, BufferId o, BufferId scratch, int rows,
                             size_t outWidth) {
    const Side s = pick(placesOf({w}), x, "matmulAdd");
    const size_t n = static_cast<size_t>(rows) * outWidth;
    const BufferId xi = in(x, s, static_cast<size_t>(rows) * weight(w).cols);
    const BufferId oi = inOut(o, s, n, n);
    be(s).matmulAdd(on(s, w), xi, oi, out(scratch, s, n), rows, outWidth);
}

void SplitBackend::gluMatmulAdd(GluActivation act, WeightId w, BufferId gate, BufferId up, BufferId o,
                                BufferId scratch, int rows, size_t inWidth, size_t outWidth) {
    const Side s = pick(placesOf({w}), gate, "gluMatmulAdd");
    const size_t nIn = static_cast<size_t>(rows) * inWidth, nOut = static_cast<size_t>(rows) * outWidth;
    const BufferId gi = inOut(gate, s, nIn, nIn);
    const BufferId ui = in(up, s, nIn);
    const BufferId oi = inOut(o, s, nOut, nOut);
    be(s).gluMatmulAdd(act, on(s, w), gi, ui, oi, out(scratch, s, nOut), rows, inWidth, outWidth);
}

void SplitBackend::addBias(BufferId x, WeightId bias, int rows, int dim) {
    const Side s = pick(placesOf({bias}), x, "addBias");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    be(s).addBias(inOut(x, s, n, n), on(s, bias), rows, dim);
}

void SplitBackend::scale(BufferId x, size_t n, float factor) {
    const Side s = buffer(x).side;
    be(s).scale(inOut(x, s, n, n), n, factor);
}

void SplitBackend::rope(BufferId x, int rows, int nHeads, int headDim, int pos0, const RopeSpec& spec) {
    const Side s = pick(placesOf({spec.freqFactors}), x, "rope");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(nHeads) * static_cast<size_t>(headDim);
    RopeSpec local = spec;
    local.freqFactors = on(s, spec.freqFactors);
    be(s).rope(inOut(x, s, n, n), rows, nHeads, headDim, pos0, local);
}

void SplitBackend::storeKv(int layer, BufferId k, BufferId v, int rows, int pos0) {
    const Side s = layerSide(layer);
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(kvDim_);
    const BufferId ki = in(k, s, n);
    be(s).storeKv(localLayer(layer), ki, in(v, s, n), rows, pos0);
}

void SplitBackend::attention(int layer, BufferId q, BufferId o, int rows, int pos0,
                             const AttentionShape& shape) {
    const Side s = layerSide(layer);
    const size_t n =
        static_cast<size_t>(rows) * static_cast<size_t>(shape.nHead) * static_cast<size_t>(shape.headDim);
    AttentionShape local = shape;
    local.sinks = on(s, shape.sinks);
    const BufferId qi = in(q, s, n);
    be(s).attention(localLayer(layer), qi, out(o, s, n), rows, pos0, local);
}

void SplitBackend::moeFfn(const MoeFfn& m, BufferId x, BufferId o, BufferId scratch, int rows) {
    const Side s =
        pick(placesOf({m.router, m.routerBias, m.gate, m.up, m.down, m.gateBias, m.upBias, m.downBias}), x,
             "moeFfn");
    MoeFfn local = m;
    for (WeightId* w : {&local.router, &local.routerBias, &local.gate, &local.up, &local.down,
                        &local.gateBias, &local.upBias, &local.downBias})
        *w = on(s, *w);
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(m.dim);
    const BufferId xi = in(x, s, n);
    const BufferId oi = inOut(o, s, n, n);
    const size_t scratchFloats =
        moeScratchFloats(m.nExpert, m.nUsed, m.width, m.dim, static_cast<size_t>(rows));
    be(s).moeFfn(local, xi, oi, out(scratch, s, scratchFloats), rows);
}

void SplitBackend::glu(GluActivation act, BufferId gate, BufferId up, BufferId o, size_t n) {
    const Side s = buffer(gate).side;
    const BufferId gi = in(gate, s, n);
    const BufferId ui = in(up, s, n);
    be(s).glu(act, gi, ui, out(o, s, n), n);
}

void SplitBackend::add(BufferId a, BufferId b, BufferId o, size_t n) {
    const Side s = buffer(a).side;
    const BufferId ai = in(a, s, n);
    const BufferId bi = in(b, s, n);
    be(s).add(ai, bi, out(o, s, n), n);
}

void SplitBackend::copy(BufferId src, size_t srcOffset, BufferId dst, size_t dstOffset, size_t n) {
    const Side s = buffer(src).side;
    const BufferId si = in(src, s, srcOffset + n);
    be(s).copy(si, srcOffset, partialOut(dst, s, dstOffset, n), dstOffset, n);
}

void SplitBackend::read(BufferId src, size_t offset, size_t n, float* dst) {
    const Side s = buffer(src).side;
    be(s).read(buffer(src).id[s], offset, n, dst);
}

void SplitBackend::write(BufferId dst, size_t offset, size_t n, const float* src) {
    const Side s = buffer(dst).side;
    be(s).write(partialOut(dst, s, offset, n), offset, n, src);
}

void SplitBackend::readKv(int layer, int pos0, int n, uint16_t* k, uint16_t* v) {
    be(layerSide(layer)).readKv(localLayer(layer), pos0, n, k, v);
}

void SplitBackend::writeKv(int layer, int pos0, int n, const uint16_t* k, const uint16_t* v) {
    be(layerSide(layer)).writeKv(localLayer(layer), pos0, n, k, v);
}

} // namespace smoldesk::compute
