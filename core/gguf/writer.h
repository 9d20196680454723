#pragma once
// GGUF v3 writer, used by tests, the benchmark's synthetic models and tools. Output follows
// the spec exactly (general.alignment honoured, tensor data padded and aligned), so other
// GGUF readers accept it too.
#include "gguf/value.h"
#include "quant/types.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace smoldesk::gguf {

// A metadata value to be written (owns its data, unlike the reader's Value).
struct WriteValue {
    ValueType type = ValueType::U32;
    uint64_t bits = 0; // scalar payload, little-endian bit pattern
    std::string str;
    ValueType elemType = ValueType::U32; // for arrays
    std::vector<WriteValue> items;       // for arrays

    static WriteValue u8(uint8_t v) { return scalar(ValueType::U8, v); }
    static WriteValue i8(int8_t v) { return scalar(ValueType::I8, static_cast<uint8_t>(v)); }
    static WriteValue u16(uint16_t v) { return scalar(ValueType::U16, v); }
    static WriteValue i16(int16_t v) { return scalar(ValueType::I16, static_cast<uint16_t>(v)); }
    static WriteValue u32(uint32_t v) { return scalar(ValueType::U32, v); }
    static WriteValue i32(int32_t v) { return scalar(ValueType::I32, static_cast<uint32_t>(v)); }
    static WriteValue u64(uint64_t v) { return scalar(ValueType::U64, v); }
    static WriteValue i64(int64_t v) { return scalar(ValueType::I64, static_cast<uint64_t>(v)); }
    static WriteValue f32(float v);
    static WriteValue f64(double v);
    static WriteValue boolean(bool v) { return scalar(ValueType::Bool, v ? 1 : 0); }
    static WriteValue string(std::string v);
    static WriteValue array(ValueType elemType, std::vector<WriteValue> items);
    static WriteValue strings(const std::vector<std::string>& v);
    static WriteValue i32s(const std::vector<int32_t>& v);
    static WriteValue f32s(const std::vector<float>& v);
    // A copy of a value read from another file (same type, arrays included).
    static WriteValue copyOf(const Value& v);

  private:
    static WriteValue scalar(ValueType t, uint64_t bits) {
        WriteValue w;
        w.type = t;
        w.bits = bits;
        return w;
    }
};

class Writer {
  public:
    void set(std::string key, WriteValue value); // replaces an existing key of that name
    // ne[0] is the contiguous dimension; data must hold exactly the tensor's bytes.
    void addTensor(std::string name, quant::Type type, std::vector<uint64_t> ne, std::vector<uint8_t> data);
    void addTensorF32(std::string name, std::vector<uint64_t> ne, const std::vector<float>& values);
    // A tensor whose bytes are produced only while write() streams the file, so a multi-GB
    // output never sits in memory: produce(emit) must emit exactly the tensor's bytes, in order,
    // in pieces of any size. serialize() cannot hold such a tensor (Error(InvalidArgument)).
    using Emit = std::function<void(const uint8_t* bytes, size_t n)>;
    void addTensorStreamed(std::string name, quant::Type type, std::vector<uint64_t> ne,
                           std::function<void(const Emit& emit)> produce);

    std::vector<uint8_t> serialize() const;
    void write(const std::string& path) const; // Error(Io) on failure

  private:
    struct Tensor {
        std::string name;
        quant::Type type;
        std::vector<uint64_t> ne;
        std::vector<uint8_t> data;
        uint64_t bytes = 0; // == data.size(), or what produce emits
        std::function<void(const Emit&)> produce;
    };
    static uint64_t checkedBytes(const std::string& name, quant::Type type, const std::vector<uint64_t>& ne);
    uint32_t alignment() const;
    std::vector<uint8_t> headerBytes() const; // header, metadata, tensor infos, padding

    std::vector<std::pair<std::string, WriteValue>> kvs_;
    std::vector<Tensor> tensors_;
};

} // namespace smoldesk::gguf
