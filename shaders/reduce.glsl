// Workgroup-wide sum. With USE_SUBGROUP each subgroup reduces in registers first; without it
// (devices lacking subgroup arithmetic) a shared-memory tree does the whole reduction.
// Needs a power-of-two workgroup of at most 256 invocations and uniform control flow.
shared float reduceScratch[256];

float workgroupSum(float v) {
#if USE_SUBGROUP
    v = subgroupAdd(v);
    if (subgroupElect()) reduceScratch[gl_SubgroupID] = v;
    barrier();
    float total = 0.0;
    for (uint i = 0; i < gl_NumSubgroups; ++i) total += reduceScratch[i];
    barrier();
    return total;
#else
    const uint tid = gl_LocalInvocationID.x;
    reduceScratch[tid] = v;
    barrier();
    for (uint s = gl_WorkGroupSize.x / 2; s > 0; s >>= 1) {
        if (tid < s) reduceScratch[tid] += reduceScratch[tid + s];
        barrier();
    }
    const float total = reduceScratch[0];
    barrier();
    return total;
#endif
}
