#pragma once
// Bounds-checked GGUF reader (versions 2 and 3) over a read-only memory map.
// Everything is validated at open(); afterwards every accessor is safe to use.
#include "common/mapped_file.h"
#include "gguf/value.h"
#include "quant/types.h"

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace smoldesk::gguf {

constexpr uint32_t kDefaultAlignment = 32;
constexpr size_t kMaxTensorName = 63; // ggml's GGML_MAX_NAME - 1
constexpr int kMaxDims = 4;

struct TensorInfo {
    std::string name;
    uint32_t nDims = 0;
    std::array<uint64_t, kMaxDims> ne{1, 1, 1, 1}; // ne[0] is the contiguous dimension
    quant::Type type = quant::Type::F32;
    uint64_t offset = 0; // relative to the data section
    uint64_t nElements = 0;
    uint64_t nBytes = 0;
    const uint8_t* data = nullptr; // inside the map

    uint64_t rows() const { return nElements / ne[0]; }
    std::span<const uint8_t> bytes() const { return {data, nBytes}; }
    std::string shapeString() const; // "[2048, 512]"
};

class File {
  public:
    // Maps and validates the file. Throws Error with one sentence naming the problem.
    static std::unique_ptr<File> open(const std::string& path);

    const std::string& path() const { return map_->path(); }
    uint64_t fileSize() const { return map_->size(); }
    uint32_t version() const { return version_; }
    uint32_t alignment() const { return alignment_; }
    uint64_t dataOffset() const { return dataOffset_; }
    const MappedFile& map() const { return *map_; }

    // Metadata, in file order.
    const std::vector<std::pair<std::string_view, Value>>& metadata() const { return kvs_; }
    const Value* find(std::string_view key) const;
    bool has(std::string_view key) const { return find(key) != nullptr; }

    // Typed lookups: nullopt when absent, Error(WrongType) when present with a wrong type.
    std::optional<uint64_t> getUInt(std::string_view key) const;
    std::optional<int64_t> getInt(std::string_view key) const;
    std::optional<double> getFloat(std::string_view key) const;
    std::optional<bool> getBool(std::string_view key) const;
    std::optional<std::string_view> getString(std::string_view key) const;
    // Array lookup; Error(WrongType) if present but not an array of `elem` (any integer
    // type matches an integer `elem`, any float type a float `elem`).
    const Value* getArray(std::string_view key, ValueType elem) const;

    // Required variants: Error(MissingKey) when absent.
    uint64_t requireUInt(std::string_view key) const;
    double requireFloat(std::string_view key) const;
    std::string_view requireString(std::string_view key) const;

    const std::vector<TensorInfo>& tensors() const { return tensors_; }
    const TensorInfo* findTensor(std::string_view name) const;

  private:
    friend class Parser;
    File() = default;

    std::unique_ptr<MappedFile> map_;
    uint32_t version_ = 0;
    uint32_t alignment_ = kDefaultAlignment;
    uint64_t dataOffset_ = 0;
    std::vector<std::pair<std::string_view, Value>> kvs_;
    std::unordered_map<std::string_view, size_t> kvIndex_;
    std::vector<TensorInfo> tensors_;
    std::unordered_map<std::string_view, size_t> tensorIndex_;
};

} // namespace smoldesk::gguf
