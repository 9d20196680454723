// The rotation of RoPE pair `pair` at a position, as ggml's rope_ext computes it (see RopeSpec
// in core/compute/backend.h): the extrapolated angle pos · base^(-2·pair/dims) (by repeated
// multiplication, like ggml's cache) divided by the pair's factor, linear scaling, YaRN's ramp,
// and the magnitude. The including shader defines ROPE_FACTORS_BINDING.
layout(binding = ROPE_FACTORS_BINDING) readonly buffer RopeFactors { float ropeFactor[]; };

struct RopeParams {
    uint dims;
    float freqBase;
    float freqScale;
    uint hasFactors;
    float attnFactor;
    float extFactor;
    float corrLow;
    float corrHigh;
};

vec2 ropeCosSin(RopeParams rp, uint pos, uint pair) {
    const float thetaScale = pow(rp.freqBase, -2.0 / float(rp.dims));
    float thetaExtrap = float(pos);
    for (uint k = 0; k < pair; ++k) thetaExtrap *= thetaScale;
    if (rp.hasFactors != 0u) thetaExtrap /= ropeFactor[pair];
    const float thetaInterp = rp.freqScale * thetaExtrap;
    float theta = thetaInterp, mscale = rp.attnFactor;
    if (rp.extFactor != 0.0) {
        const float y = (float(pair) - rp.corrLow) / max(0.001, rp.corrHigh - rp.corrLow);
        const float ramp = (1.0 - min(1.0, max(0.0, y))) * rp.extFactor;
        theta = thetaInterp * (1.0 - ramp) + thetaExtrap * ramp;
        mscale *= 1.0 + 0.1 * log(1.0 / rp.freqScale);
    }
    return vec2(cos(theta), sin(theta)) * mscale;
}
