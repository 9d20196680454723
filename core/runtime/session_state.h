#pragma once
// The saved state of a session's KV cache, so that a chat resumes without reading its history
// again (Session::saveState / restoreState). One file, little-endian:
//
//   header (64 bytes)
//     0  char[8] magic "SDKVSTAT"
//     8  u32     format version (kStateVersion)
//    12  u32     flags (0; reserved for a compressed payload)
//    16  u64     model file size           ─┐ the model identity: a state restores only into
//    24  u64     model content hash         ─┘ the file it was computed with
//    32  u32     n_layer                   ─┐
//    36  u32     n_ctx                      │ the cache's shape: the context length is a setting,
//    40  u32     kv_dim (n_head_kv·head_dim)│ so a chat reopened with another one is re-read
//    44  u32     n_tokens (positions saved) ─┘
//    48  u32     cache kind (kCacheCpuF16, kCacheVulkanF16, or for a model split between them
//                kCacheSplitF16 | GPU layers << 8 | GPU layers with their experts on the CPU << 20):
//                the backends round differently. States saved before the expert count was
//                recorded read as 0 there: a split without experts on the CPU.
//    52  u32     reserved (0)
//    56  u64     reserved (0)
//   tokens   n_tokens × i32
//   payload  for each layer: K rows [n_tokens][kv_dim] f16, then V rows [n_tokens][kv_dim] f16
//   trailer  u64 checksum of everything before it (at the end: the file is written in one pass)
//
// Only the used positions are written. The payload is stored as it is: f16 K/V rows compress
// by 12–18% (zlib, zstd; measured in the README) at 10–40 times the time of writing them plain.
#include "gguf/file.h"

#include <cstddef>
#include <cstdint>

namespace smoldesk::runtime {

inline constexpr char kStateMagic[8] = {'S', 'D', 'K', 'V', 'S', 'T', 'A', 'T'};
inline constexpr uint32_t kStateVersion = 1;
inline constexpr size_t kStateHeaderBytes = 64;
inline constexpr uint32_t kCacheCpuF16 = 1;
inline constexpr uint32_t kCacheVulkanF16 = 2;
inline constexpr uint32_t kCacheSplitF16 = 3;           // the low byte; the GPU's layers above it
inline constexpr uint32_t kCacheSplitLayerMask = 0xfff; // GPU layers: bits 8-19
inline constexpr int kCacheSplitExpertShift = 20;       // of those, experts on the CPU: bits 20-31

// Which model file a state belongs to: its size and a hash of its header (metadata, tensor
// table) and of 16 windows of 4 KiB spread over the tensor data. Content, not name or mtime:
// a renamed or copied file keeps its states, a re-downloaded different file does not.
struct ModelIdentity {
    uint64_t fileBytes = 0;
    uint64_t contentHash = 0;
    bool operator==(const ModelIdentity&) const = default;
};
ModelIdentity identifyModel(const gguf::File& file);

// A fast streaming 64-bit hash (four xxHash64-style lanes) for the state's checksum: it
// detects damaged files, it is not a defence against deliberate tampering.
class Checksum {
  public:
    void update(const void* data, size_t n);
    uint64_t value() const;

  private:
    void stripe(const uint8_t* p);
    uint64_t lanes_[4] = {0x60ea27eeadc0b5d6ull, 0xc2b2ae3d27d4eb4full, 0x0ull, 0x61c8864e7a143579ull};
    uint8_t tail_[32] = {};
    size_t tailLen_ = 0;
    uint64_t total_ = 0;
};

// The header's fields (see the layout above).
struct StateHeader {
    uint32_t version = kStateVersion;
    uint32_t flags = 0;
    ModelIdentity model;
    uint32_t nLayer = 0, nCtx = 0, kvDim = 0, nTokens = 0;
    uint32_t cacheKind = 0;

    void encode(uint8_t out[kStateHeaderBytes]) const;
    // False when the magic is not there.
    bool decode(const uint8_t in[kStateHeaderBytes]);
    // Bytes of the whole file this header announces (header, tokens, payload, trailer).
    uint64_t fileBytes() const;
};

} // namespace smoldesk::runtime
