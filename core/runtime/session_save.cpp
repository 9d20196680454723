// Session::saveState / restoreState: the KV cache to and from a file (format: session_state.h).
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "compute/split_backend.h"
#include "runtime/session.h"

#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>

namespace smoldesk::runtime {
namespace {

std::string contextWords(uint32_t n) {
    return "a context of " + std::to_string(n) + " tokens";
}

std::string cacheKindWords(uint32_t kind) {
    if ((kind & 0xff) == kCacheSplitF16) {
        const uint32_t experts = kind >> kCacheSplitExpertShift;
        return "the GPU and the CPU with " + std::to_string((kind >> 8) & kCacheSplitLayerMask) +
               " layers on the GPU" +
               (experts ? " (the experts of " + std::to_string(experts) + " of them on the CPU)"
                        : std::string(""));
    }
    return kind == kCacheCpuF16 ? "the CPU" : kind == kCacheVulkanF16 ? "the GPU" : "an unknown device";
}

void writeAll(std::ostream& out, const void* data, size_t n, Checksum& sum) {
    if (n == 0) return;
    sum.update(data, n);
    out.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
    if (!out) throw Error(ErrorCode::Io, "The chat state could not be written (the disk may be full).");
}

// Reads exactly n bytes or says how much of the announced file is there.
void readAll(std::istream& in, void* data, size_t n, Checksum& sum, uint64_t expected, uint64_t& done) {
    in.read(static_cast<char*>(data), static_cast<std::streamsize>(n));
    const auto got = static_cast<uint64_t>(in.gcount());
    done += got;
    if (got != n)
        throw Error(ErrorCode::Truncated, "The saved chat state is truncated: " + std::to_string(expected) +
                                              " bytes expected, " + std::to_string(done) + " present.");
    sum.update(data, n);
}

} // namespace

StateHeader Session::stateHeader() const {
    StateHeader h;
    h.model = identity_;
    h.nLayer = static_cast<uint32_t>(hparams().nLayer);
    h.nCtx = static_cast<uint32_t>(contextSize());
    h.kvDim = static_cast<uint32_t>(hparams().kvDim());
    h.nTokens = static_cast<uint32_t>(cached_.size());
    h.cacheKind = dynamic_cast<const compute::CpuBackend*>(backend_.get()) ? kCacheCpuF16 : kCacheVulkanF16;
    // A split's layers round as their device does, and a GPU layer whose experts run on the CPU
    // rounds as both: its states restore only into the same split and the same expert placement.
    if (const auto* split = dynamic_cast<const compute::SplitBackend*>(backend_.get()))
        h.cacheKind = kCacheSplitF16 | static_cast<uint32_t>(split->split().gpuLayers) << 8 |
                      static_cast<uint32_t>(split->split().cpuExpertLayers) << kCacheSplitExpertShift;
    return h;
}

uint64_t Session::saveState(std::ostream& out) {
    const StateHeader h = stateHeader();
    Checksum sum;
    uint8_t head[kStateHeaderBytes];
    h.encode(head);
    writeAll(out, head, sizeof head, sum);
    std::vector<uint8_t> ids(cached_.size() * 4);
    for (size_t i = 0; i < cached_.size(); ++i)
        for (int b = 0; b < 4; ++b)
            ids[i * 4 + b] = static_cast<uint8_t>(static_cast<uint32_t>(cached_[i]) >> (8 * b));
    writeAll(out, ids.data(), ids.size(), sum);
    // f16 values as the host holds them: every supported host is little-endian.
    const size_t rowValues = size_t{h.nTokens} * h.kvDim;
    std::vector<uint16_t> k(rowValues), v(rowValues);
    for (uint32_t l = 0; l < h.nLayer && rowValues > 0; ++l) {
        backend_->readKv(static_cast<int>(l), 0, static_cast<int>(h.nTokens), k.data(), v.data());
        writeAll(out, k.data(), rowValues * 2, sum);
        writeAll(out, v.data(), rowValues * 2, sum);
    }
    uint8_t trailer[8];
    const uint64_t c = sum.value();
    for (int b = 0; b < 8; ++b) trailer[b] = static_cast<uint8_t>(c >> (8 * b));
    writeAll(out, trailer, sizeof trailer, sum);
    out.flush();
    if (!out) throw Error(ErrorCode::Io, "The chat state could not be written (the disk may be full).");
    return h.fileBytes();
}

uint64_t Session::saveStateFile(const std::string& path) {
    const std::string part = path + ".part";
    uint64_t bytes = 0;
    {
        std::ofstream out(part, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(ErrorCode::Io, "The chat state file '" + part + "' cannot be created.");
        try {
            bytes = saveState(out);
        } catch (...) {
            out.close();
            std::error_code ignored;
            std::filesystem::remove(part, ignored);
            throw;
        }
    }
    std::error_code ec;
    std::filesystem::rename(part, path, ec);
    if (ec) {
        std::filesystem::remove(part, ec);
        throw Error(ErrorCode::Io, "The chat state file '" + path + "' cannot be written.");
    }
    return bytes;
}

const std::vector<int32_t>& Session::restoreState(std::istream& in) {
    cached_.clear(); // from here on the cache holds nothing we vouch for, until the end
    uint64_t available = 0;
    const auto start = in.tellg();
    if (start != std::istream::pos_type(-1) && in.seekg(0, std::ios::end)) {
        available = static_cast<uint64_t>(in.tellg() - start);
        in.seekg(start);
    }
    in.clear();
    Checksum sum;
    uint64_t done = 0;
    uint8_t head[kStateHeaderBytes];
    StateHeader h;
    in.read(reinterpret_cast<char*>(head), sizeof head);
    if (static_cast<size_t>(in.gcount()) != sizeof head || !h.decode(head))
        throw Error(ErrorCode::Corrupt, "This is not a saved SmolDesk chat state.");
    done = sizeof head;
    sum.update(head, sizeof head);
    if (h.version != kStateVersion)
        throw Error(ErrorCode::UnsupportedVersion,
                    "The saved chat state has format version " + std::to_string(h.version) +
                        "; this SmolDesk reads version " + std::to_string(kStateVersion) + ".");
    const StateHeader mine = stateHeader();
    if (h.model != mine.model || h.nLayer != mine.nLayer || h.kvDim != mine.kvDim)
        throw Error(ErrorCode::InvalidArgument, "The saved chat state was made with another model file.");
    if (h.nCtx != mine.nCtx)
        throw Error(ErrorCode::InvalidArgument, "The saved chat state was made with " + contextWords(h.nCtx) +
                                                    ", not " + contextWords(mine.nCtx) + ".");
    if (h.cacheKind != mine.cacheKind)
        throw Error(ErrorCode::InvalidArgument, std::string("The saved chat state was computed on ") +
                                                    cacheKindWords(h.cacheKind) + ", not on " +
                                                    cacheKindWords(mine.cacheKind) + ".");
    if (h.flags != 0 || h.nTokens == 0 || h.nTokens > h.nCtx)
        throw Error(ErrorCode::Corrupt, "The saved chat state is damaged (its header is not valid).");
    if (available && available < h.fileBytes())
        throw Error(ErrorCode::Truncated,
                    "The saved chat state is truncated: " + std::to_string(h.fileBytes()) +
                        " bytes expected, " + std::to_string(available) + " present.");
    if (available > h.fileBytes())
        throw Error(ErrorCode::Corrupt,
                    "The saved chat state is damaged (it is longer than its header says).");

    std::vector<uint8_t> ids(size_t{h.nTokens} * 4);
    readAll(in, ids.data(), ids.size(), sum, h.fileBytes(), done);
    std::vector<int32_t> tokens(h.nTokens);
    for (size_t i = 0; i < tokens.size(); ++i) {
        uint32_t u = 0;
        for (int b = 3; b >= 0; --b) u = (u << 8) | ids[i * 4 + static_cast<size_t>(b)];
        tokens[i] = static_cast<int32_t>(u);
        if (tokens[i] >= hparams().nVocab) // negative: an image's positions (prompt_image.h)
            throw Error(ErrorCode::Corrupt,
                        "The saved chat state is damaged (a token is outside the vocabulary).");
    }
    const size_t rowValues = size_t{h.nTokens} * h.kvDim;
    std::vector<uint16_t> k(rowValues), v(rowValues);
    for (uint32_t l = 0; l < h.nLayer; ++l) {
        readAll(in, k.data(), rowValues * 2, sum, h.fileBytes(), done);
        readAll(in, v.data(), rowValues * 2, sum, h.fileBytes(), done);
        backend_->writeKv(static_cast<int>(l), 0, static_cast<int>(h.nTokens), k.data(), v.data());
    }
    const uint64_t expect = sum.value();
    uint8_t trailer[8];
    readAll(in, trailer, sizeof trailer, sum, h.fileBytes(), done);
    uint64_t stored = 0;
    for (int b = 7; b >= 0; --b) stored = (stored << 8) | trailer[b];
    if (stored != expect)
        throw Error(ErrorCode::Corrupt, "The saved chat state is damaged (its checksum does not match).");
    // Only now does the cache hold these tokens: a refusal above leaves it empty.
    cached_ = std::move(tokens);
    return cached_;
}

const std::vector<int32_t>& Session::restoreStateFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        cached_.clear();
        throw Error(ErrorCode::Io, "The chat state file '" + path + "' cannot be opened.");
    }
    return restoreState(in);
}

} // namespace smoldesk::runtime
