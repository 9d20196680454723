// The Vulkan backend's ops for encoder models (BERT and its relatives): LayerNorm with bias
// (layernorm.comp) and the tanh GELU (eltwise.comp's op 7). Bidirectional attention is the
// attention shaders' CAUSAL = 0 variant (vulkan_backend.cpp).
#include "common/error.h"
#include "compute/vulkan/backend_impl.h"

namespace smoldesk::compute::vk {

namespace {
constexpr uint32_t kLayerNormGroup = 128;
constexpr uint32_t kGeluOp = 7; // eltwise.comp
} // namespace

void VulkanBackend::layerNorm(BufferId x, WeightId w, WeightId b, BufferId out, int rows, int dim,
                              float eps) {
    flushRope();
    const DeviceWeight& wt = weights_.at(static_cast<size_t>(w));
    const DeviceWeight& bt = weights_.at(static_cast<size_t>(b));
    for (const DeviceWeight* t : {&wt, &bt})
        if (t->type != quant::Type::F32 || t->cols * t->rows != static_cast<uint64_t>(dim) ||
            t->slices.size() != 1)
            throw Error(ErrorCode::UnsupportedType, "LayerNorm tensor '" + t->name + "' must be F32 with " +
                                                        std::to_string(dim) + " values.");
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(dim);
    act(x, n, "layerNorm");
    act(out, n, "layerNorm");
    if (rows <= 0) return;
    const auto [gx, gy] = foldGroups(static_cast<uint64_t>(rows));
    const Pipeline& p = pipeline(reduceVariant("layernorm_sg", "layernorm_sh"), {kLayerNormGroup}, 4);
    const Binding bind[] = {bindAct(x, false),
                            {wt.buffer.handle, 0, VK_WHOLE_SIZE, false},
                            {bt.buffer.handle, 0, VK_WHOLE_SIZE, false},
                            bindAct(out, true)};
    struct {
        uint32_t rows, dim;
        float eps;
        uint32_t groupsX;
    } push{static_cast<uint32_t>(rows), static_cast<uint32_t>(dim), eps, gx};
    recorder_->dispatch(p, bind, &push, sizeof push, gx, gy);
    weightBytesRead_ += wt.rows * wt.rowBytes + bt.rows * bt.rowBytes;
}

void VulkanBackend::gelu(BufferId x, size_t n) {
    act(x, n, "gelu");
    eltwise(kGeluOp, x, 0, bindAct(x, false), x, 0, n);
}

} // namespace smoldesk::compute::vk
