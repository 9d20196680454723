// The Vulkan backend's mixture-of-experts FFN, recorded like every other op (no read-back):
// the router logits through the ordinary matmul (F32 weight) and bias, moe_route.comp picks
// each token's experts on the device, then the chosen experts' gate, up and down rows run for
// every (token, expert) pair of the layer in one dispatch each (the 3-D expert tensors stay
// whole on the device, indexed by the routing), and moe_combine.comp adds the weighted sum to
// the residual stream. Decode uses moe_matvec.comp (one pair per workgroup); prompts sort the
// pairs by expert on the device (moe_sort.comp) and use moe_matmul.comp, which reads each
// weight row once per tile of kTile pairs of its expert.
#include "common/error.h"
#include "compute/vulkan/backend_impl.h"

namespace smoldesk::compute::vk {

namespace {

constexpr uint32_t kGroup = 64;
constexpr int kMaxUsedOnDevice = 8;    // moe_route.comp's per-token array
constexpr int kMaxSortedExperts = 512; // moe_sort.comp's shared counters
constexpr uint32_t kTile = 16;         // pairs per moe_matmul.comp workgroup
constexpr uint32_t kSortGroup = 256;

enum ExpertInput : uint32_t { kLayerInput = 0, kSiluGated = 1, kOaiGated = 2 };

uint32_t u32(size_t v) {
    return static_cast<uint32_t>(v);
}

} // namespace

void VulkanBackend::expertProduct(const ExpertProduct& ep, BufferId x, BufferId scratch, uint32_t pairs,
                                  uint32_t nUsed, uint32_t idsOffset, const uint32_t* sorted,
                                  uint32_t nExpert) {
    const DeviceWeight& w = weights_.at(static_cast<size_t>(ep.w));
    if (w.slices.size() != 1)
        throw Error(ErrorCode::UnsupportedType,
                    "Expert tensor '" + w.name +
                        "' is larger than one GPU binding; the Vulkan backend cannot index it.");
    if (w.cols != ep.cols || w.rows % ep.rows != 0 || ep.cols % 8 != 0)
        throw Error(ErrorCode::BadShape, "Expert tensor '" + w.name + "' does not match the layer's shape.");
    Binding biasBinding = bindCodebooks(); // a placeholder the shader does not read
    if (ep.bias >= 0) {
        const DeviceWeight& b = weights_.at(static_cast<size_t>(ep.bias));
        if (b.type != quant::Type::F32 || b.cols != ep.rows || b.slices.size() != 1)
            throw Error(ErrorCode::BadShape, "Expert bias '" + b.name + "' must be F32 rows of " +
                                                 std::to_string(ep.rows) + " values.");
        biasBinding = {b.buffer.handle, 0, VK_WHOLE_SIZE, false};
    }
    const WeightSlice& slice = w.slices[0];
    const Binding b[] = {{w.buffer.handle, slice.bindOffset, slice.bindRange, false},
                         bindAct(x, false),
                         bindAct(scratch, true),
                         biasBinding,
                         bindCodebooks()};
    // Only the chosen experts' rows are read; the counter takes the upper bound of distinct ones.
    weightBytesRead_ += std::min<uint64_t>(pairs, w.rows / ep.rows) * ep.rows * w.rowBytes;
    if (sorted) {
        const Pipeline& p =
            pipeline("moe_matmul", {kGroup, static_cast<uint32_t>(w.type), ep.mode, kTile}, 5);
        struct {
            uint32_t cols, rows, rowBytes, wBase, nExpert, nUsed, orderOffset, startOffset, tileOffset,
                inOffset, upOffset, outOffset, hasBias;
        } push{ep.cols,
               ep.rows,
               u32(w.rowBytes),
               slice.base,
               nExpert,
               nUsed,
               sorted[0],
               sorted[1],
               sorted[2],
               ep.inOffset,
               ep.upOffset,
               ep.outOffset,
               ep.bias >= 0 ? 1u : 0u};
        // At most pairs / kTile full tiles plus one partial tile per expert that has pairs.
        const uint32_t tiles = (pairs + kTile - 1) / kTile + std::min(nExpert, pairs);
        if (tiles > device_->caps().maxWorkgroupCount[1])
            throw Error(ErrorCode::Backend, "A Vulkan dispatch needs too many workgroups.");
        recorder_->dispatch(p, b, &push, sizeof push, (ep.rows + kGroup - 1) / kGroup, tiles);
        return;
    }
    const uint32_t rowsPerGroup = kGroup / 16;
    const auto [gx, gy] =
        foldGroups(static_cast<uint64_t>(pairs) * ((ep.rows + rowsPerGroup - 1) / rowsPerGroup));
    const Pipeline& p = pipeline("moe_matvec", {kGroup, static_cast<uint32_t>(w.type), ep.mode}, 5);
    struct {
        uint32_t cols, rows, rowBytes, wBase, groupsX, pairs, nUsed, idsOffset, inOffset, upOffset, outOffset,
            hasBias;
    } push{ep.cols, ep.rows,   u32(w.rowBytes), slice.base,  gx,           pairs,
           nUsed,   idsOffset, ep.inOffset,     ep.upOffset, ep.outOffset, ep.bias >= 0 ? 1u : 0u};
    recorder_->dispatch(p, b, &push, sizeof push, gx, gy);
}

void VulkanBackend::moeFfn(const MoeFfn& m, BufferId x, BufferId out, BufferId scratch, int rows) {
    flushRope();
    if (rows <= 0) return;
    if (m.nUsed > kMaxUsedOnDevice || m.nUsed > m.nExpert)
        throw Error(ErrorCode::UnsupportedType,
                    "The Vulkan backend routes each token to at most " + std::to_string(kMaxUsedOnDevice) +
                        " experts; this model uses " + std::to_string(m.nUsed) + ".");
    if (m.act == GluActivation::GeluTanh)
        throw Error(ErrorCode::UnsupportedType, "The Vulkan backend has no GELU-gated experts.");
    const size_t n = static_cast<size_t>(rows), k = static_cast<size_t>(m.nUsed);
    const size_t d = static_cast<size_t>(m.dim), ff = static_cast<size_t>(m.width), pairs = n * k;
    const size_t ne = static_cast<size_t>(m.nExpert);
    act(x, n * d, "moeFfn");
    act(out, n * d, "moeFfn");
    act(scratch, moeScratchFloats(m.nExpert, m.nUsed, m.width, m.dim, n), "moeFfn");
    // Scratch layout (moeScratchFloats): router logits, gate, up, down rows per pair, routing
    // (ids, weights), and the pairs sorted by expert (order, expert starts, tile starts).
    const size_t gOff = n * ne, uOff = gOff + pairs * ff, yOff = uOff + pairs * ff;
    const size_t idsOff = yOff + pairs * d, wOff = idsOff + pairs, orderOff = wOff + pairs;
    const size_t startOff = orderOff + pairs, tileOff = startOff + ne + 1;
    if (tileOff + ne + 1 > (size_t{1} << 32))
        throw Error(ErrorCode::OutOfMemory,
                    "The mixture-of-experts scratch is too large for one GPU binding.");

    matmul(m.router, x, scratch, rows);
    if (m.routerBias >= 0) addBias(scratch, m.routerBias, rows, m.nExpert);
    {
        const Pipeline& p = pipeline("moe_route", {kGroup, m.gating == MoeGating::SoftmaxTopK ? 0u : 1u}, 1);
        const Binding b[] = {bindAct(scratch, true)};
        const uint32_t push[] = {u32(n), u32(ne), u32(k), u32(idsOff), u32(wOff)};
        recorder_->dispatch(p, b, push, sizeof push, u32((n + kGroup - 1) / kGroup));
    }
    // Prompts: the pairs sorted by expert, so the tiled kernel reads each weight row once per tile.
    const bool tiled =
        rows > kMaxMatvecTokens && m.nExpert <= kMaxSortedExperts && d % 32 == 0 && ff % 32 == 0;
    const uint32_t sorted[] = {u32(orderOff), u32(startOff), u32(tileOff)};
    if (tiled) {
        const Pipeline& p = pipeline("moe_sort", {kSortGroup, kTile}, 1);
        const Binding b[] = {bindAct(scratch, true)};
        const uint32_t push[] = {u32(pairs), u32(ne), u32(idsOff), sorted[0], sorted[1], sorted[2]};
        recorder_->dispatch(p, b, push, sizeof push, 1);
    }
    const uint32_t* order = tiled ? sorted : nullptr;
    const uint32_t gated = m.act == GluActivation::SwigluOai ? kOaiGated : kSiluGated;
    expertProduct({m.gate, m.gateBias, kLayerInput, u32(d), u32(ff), 0, 0, u32(gOff)}, x, scratch, u32(pairs),
                  u32(k), u32(idsOff), order, u32(ne));
    expertProduct({m.up, m.upBias, kLayerInput, u32(d), u32(ff), 0, 0, u32(uOff)}, x, scratch, u32(pairs),
                  u32(k), u32(idsOff), order, u32(ne));
    expertProduct({m.down, m.downBias, gated, u32(ff), u32(d), u32(gOff), u32(uOff), u32(yOff)}, x, scratch,
                  u32(pairs), u32(k), u32(idsOff), order, u32(ne));
    const auto [gx, gy] = foldGroups((n * d + kGroup - 1) / kGroup);
    const Pipeline& p = pipeline("moe_combine", {kGroup}, 2);
    const Binding b[] = {bindAct(scratch, false), bindAct(out, true)};
    const uint32_t push[] = {u32(n * d), u32(d), u32(k), gx, u32(yOff), u32(wOff)};
    recorder_->dispatch(p, b, push, sizeof push, gx, gy);
}

} // namespace smoldesk::compute::vk
