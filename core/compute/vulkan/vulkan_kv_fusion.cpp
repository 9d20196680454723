// Decode attention's front in one dispatch: the q/k/v group (normMatmulGroup of three weights,
// RMSNorm folded in), RoPE of q and k and the f16 K/V cache write, which were a matvec and a
// store_kv dispatch (with a barrier between) per layer. The group waits (pendingQkv_) for the
// decoder's next calls: rope(q) and rope(k) are noted, and storeKv of the group's k and v runs
// it as matvec_kv (matvec.comp built with KV_EPILOGUE) — with the rotation, or without for a
// NoPE layer. Only adjacent-pair RoPE fuses (both values of a pair are rows of one workgroup);
// NeoX pairs lie half a head apart, so those layers, and families that change q or k between
// the product and the rotation (biases, per-head Q/K norms: those ops flush the group), keep
// the group and store_kv's fused rotation as before.
#include "compute/vulkan/backend_impl.h"

#include <cstdlib>

namespace smoldesk::compute::vk {

void VulkanBackend::flushQkv() {
    if (!pendingQkv_) return;
    const PendingQkv p = *pendingQkv_;
    pendingQkv_.reset();
    matvec({p.t, 3}, p.x, {p.norm->buffer.handle, 0, VK_WHOLE_SIZE, false}, p.rows, 8u /* kNormInput */,
           p.eps);
    // The rotations noted go the usual way (deferred, and fused into store_kv when it follows).
    for (const auto* r : {&p.ropeQ, &p.ropeK})
        if (*r) rope((*r)->x, (*r)->rows, (*r)->nHeads, (*r)->headDim, (*r)->pos0, (*r)->spec);
}

bool VulkanBackend::deferQkvRope(BufferId x, int rows, int nHeads, int headDim, int pos0,
                                 const RopeSpec& spec) {
    if (!pendingQkv_) return false;
    PendingQkv& p = *pendingQkv_;
    const PendingRope r{x, rows, nHeads, headDim, pos0, spec};
    const bool shape = rows == p.rows && spec.style == RopeStyle::Adjacent && headDim > 0 &&
                       headDim % 2 == 0 && headDim < 65536 && spec.dims > 0 && spec.dims <= headDim &&
                       spec.dims % 2 == 0;
    auto covers = [&](const MatvecTarget& t) {
        return uint64_t(nHeads) * uint64_t(headDim) == t.slice->rows;
    };
    if (shape && !p.ropeQ && x == p.t[0].out && covers(p.t[0])) {
        p.ropeQ = r;
        return true;
    }
    if (shape && p.ropeQ && !p.ropeK && x == p.t[1].out && covers(p.t[1]) && spec == p.ropeQ->spec &&
        pos0 == p.ropeQ->pos0 && headDim == p.ropeQ->headDim) {
        p.ropeK = r;
        return true;
    }
    return false; // the caller's act() dispatches the group and the noted rotation first
}

bool VulkanBackend::fusedStoreKv(int layer, BufferId k, BufferId v, int rows, int pos0) {
    if (!pendingQkv_) return false;
    const PendingQkv& p = *pendingQkv_;
    const bool roped = p.ropeQ && p.ropeK;
    const bool match = k == p.t[1].out && v == p.t[2].out && k != v && rows == p.rows && rows > 0 &&
                       p.t[1].slice->rows == uint64_t(kvDim_) && p.t[2].slice->rows == uint64_t(kvDim_) &&
                       kvDim_ % 2 == 0 && p.t[0].slice->rows % 2 == 0 && (roped || (!p.ropeQ && !p.ropeK)) &&
                       (!roped || p.ropeK->pos0 == pos0);
    if (!match) return false;
    const PendingQkv q = *pendingQkv_;
    pendingQkv_.reset();
    const KvEpilogue kv{static_cast<size_t>(layer), positionSlot(pos0), q.ropeK};
    matvec({q.t, 3}, q.x, {q.norm->buffer.handle, 0, VK_WHOLE_SIZE, false}, q.rows, 8u /* kNormInput */,
           q.eps, &kv);
    return true;
}

} // namespace smoldesk::compute::vk
