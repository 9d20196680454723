// Which weights each invocation of matvec.comp reads. Plain integer arithmetic that is both GLSL
// and C++: tests/vulkan/test_vulkan_matvec_map.cpp includes this file and checks that every quant
// bit and every input column is read exactly once, and that each value lands on the column (and
// scale) ggml's layout gives it.
//
// Block types: 16 lanes share one 256-column super-block (two super-blocks per 32-lane
// subgroup). Each lane reads 16 values as four runs of four consecutive columns, so its input
// is four vec4 loads; value v (0..15) is element v % 4 of run v / 4. Its quant bits come from
// whole 32-bit words (two for the nibble types, three for Q6_K, four for Q8_0).
const uint MV_LANES = 16u;       // lanes per super-block
const uint MV_SUPER = 256u;      // columns per super-block
const uint MV_GENERIC_RUN = 8u;  // other types: 8 consecutive columns per invocation and step

// Q4_K (144-byte super-block: d, dmin, 12 scale bytes, 128 quant bytes). Lane l takes 8 quant
// bytes of chunk c = l / 4 (64 columns): their low nibbles are columns 64c + 8(l % 4) + 0..7
// (sub-block 2c), their high nibbles the same + 32 (sub-block 2c + 1).
uint q4kQuantByte(uint lane, uint v) { return 16u + 32u * (lane / 4u) + 8u * (lane % 4u) + (v % 8u); }
uint q4kQuantShift(uint lane, uint v) { return v < 8u ? 0u : 4u; }
uint q4kSubBlock(uint lane, uint v) { return 2u * (lane / 4u) + (v < 8u ? 0u : 1u); }
uint q4kColumn(uint lane, uint v) { return 64u * (lane / 4u) + 8u * (lane % 4u) + (v < 8u ? v : 24u + v); }

// Q5_K (176 bytes: d, dmin, 12 scale bytes, qh[32], qs[128]): Q4_K's lanes, columns and
// nibbles (its quants 32 bytes later), plus the fifth bit: bit 2c (low nibbles) or 2c + 1 (high
// nibbles) of qh[column % 32], 8 bytes per lane.
uint q5kQuantByte(uint lane, uint v) { return 32u + q4kQuantByte(lane, v); }
uint q5kQuantShift(uint lane, uint v) { return q4kQuantShift(lane, v); }
uint q5kHighByte(uint lane, uint v) { return 16u + 8u * (lane % 4u) + (v % 8u); }
uint q5kHighShift(uint lane, uint v) { return 2u * (lane / 4u) + (v < 8u ? 0u : 1u); }
uint q5kSubBlock(uint lane, uint v) { return q4kSubBlock(lane, v); }
uint q5kColumn(uint lane, uint v) { return q4kColumn(lane, v); }

// IQ4_XS (136 bytes: d, scales_h, 4 bytes scales_l, 128 quant bytes; 32-column sub-blocks of 16
// quant bytes). Lane l takes 8 quant bytes of sub-block l / 2: low nibbles are its columns
// 8(l % 2) + 0..7, high nibbles the same + 16.
uint iq4xsQuantByte(uint lane, uint v) { return 8u + 16u * (lane / 2u) + 8u * (lane % 2u) + (v % 8u); }
uint iq4xsQuantShift(uint lane, uint v) { return v < 8u ? 0u : 4u; }
uint iq4xsSubBlock(uint lane, uint v) { return lane / 2u; }
uint iq4xsColumn(uint lane, uint v) { return 32u * (lane / 2u) + 8u * (lane % 2u) + (v < 8u ? v : 8u + v); }

// Q6_K (210 bytes: ql[128], qh[64], 16 int8 scales, d; only 2-byte aligned). Lane l takes half
// n = l / 8 and the 4 positions p = 4(l % 8) + 0..3 of all four quarters q: run q is columns
// 128n + 32q + p. Low 4 bits: nibble q / 2 of ql[64n + 32(q % 2) + p]; high 2 bits: bits 2q of
// qh[32n + p]; scale: sc[8n + 2q + p / 16].
uint q6kQuantByte(uint lane, uint v) { return 64u * (lane / 8u) + 32u * ((v / 4u) % 2u) + 4u * (lane % 8u) + v % 4u; }
uint q6kQuantShift(uint lane, uint v) { return 4u * (v / 8u); }
uint q6kHighByte(uint lane, uint v) { return 128u + 32u * (lane / 8u) + 4u * (lane % 8u) + v % 4u; }
uint q6kHighShift(uint lane, uint v) { return 2u * (v / 4u); }
uint q6kScaleByte(uint lane, uint v) { return 192u + 8u * (lane / 8u) + 2u * (v / 4u) + (lane % 8u) / 4u; }
uint q6kColumn(uint lane, uint v) { return 128u * (lane / 8u) + 32u * (v / 4u) + 4u * (lane % 8u) + v % 4u; }

// Q8_0 (34-byte blocks of 32 columns: d, 32 int8; 8 blocks per super-block, only 2-byte
// aligned). Lane l takes half l % 2 (16 quant bytes) of block l / 2. A row's last super-block
// may be partial (K a multiple of 32 only): lanes whose columns lie past the row skip it.
uint q80Block(uint lane) { return lane / 2u; }
uint q80QuantByte(uint lane, uint v) { return 34u * (lane / 2u) + 2u + 16u * (lane % 2u) + v; }
uint q80Column(uint lane, uint v) { return 32u * (lane / 2u) + 16u * (lane % 2u) + v; }

// The workgroup: `invocations` lanes form invocations / 16 teams; team t takes super-blocks
// t, t + teams, ... of every row of the workgroup (so K is split over all its subgroups, whose
// partial sums are combined at the end). Rows rowsPerGroup · g .. + rowsPerGroup - 1 belong to
// workgroup g of the weight; rows past the weight's end are skipped.
uint mvTeam(uint invocation) { return invocation / MV_LANES; }
uint mvLane(uint invocation) { return invocation % MV_LANES; }
uint mvTeams(uint invocations) { return invocations / MV_LANES; }
uint mvSuperBlocks(uint cols) { return (cols + MV_SUPER - 1u) / MV_SUPER; }
uint mvFirstRow(uint groupInWeight, uint rowsPerGroup) { return groupInWeight * rowsPerGroup; }

// A team's walk over a row (matvec.comp's accumulateBlocks): steps of `unroll` super-blocks
// sb, sb + teams, ... while all of them are whole (their loads issued together), from sb =
// team, sb += unroll · teams; then the remaining ones one at a time, sb += teams, skipping a
// partial (Q8_0) super-block's lanes past the row.
uint mvWholeSuperBlocks(uint cols) { return cols / MV_SUPER; }
bool mvUnrolledStep(uint sb, uint teams, uint unroll, uint whole) { return sb + (unroll - 1u) * teams < whole; }
