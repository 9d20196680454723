#include "gguf/writer.h"

#include "common/error.h"

#include <cstring>
#include <fstream>

namespace smoldesk::gguf {

WriteValue WriteValue::f32(float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return scalar(ValueType::F32, b);
}

WriteValue WriteValue::f64(double v) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return scalar(ValueType::F64, b);
}

WriteValue WriteValue::string(std::string v) {
    WriteValue w;
    w.type = ValueType::String;
    w.str = std::move(v);
    return w;
}

WriteValue WriteValue::array(ValueType elemType, std::vector<WriteValue> items) {
    WriteValue w;
    w.type = ValueType::Array;
    w.elemType = elemType;
    w.items = std::move(items);
    return w;
}

WriteValue WriteValue::strings(const std::vector<std::string>& v) {
    std::vector<WriteValue> items;
    items.reserve(v.size());
    for (const auto& s : v) items.push_back(string(s));
    return array(ValueType::String, std::move(items));
}

WriteValue WriteValue::i32s(const std::vector<int32_t>& v) {
    std::vector<WriteValue> items;
    items.reserve(v.size());
    for (int32_t x : v) items.push_back(i32(x));
    return array(ValueType::I32, std::move(items));
}

WriteValue WriteValue::f32s(const std::vector<float>& v) {
    std::vector<WriteValue> items;
    items.reserve(v.size());
    for (float x : v) items.push_back(f32(x));
    return array(ValueType::F32, std::move(items));
}

WriteValue WriteValue::copyOf(const Value& v) {
    if (v.type() == ValueType::Array) {
        std::vector<WriteValue> items;
        items.reserve(v.size());
        for (size_t i = 0; i < v.size(); ++i) {
            const ValueType t = v.elementType();
            if (t == ValueType::String)
                items.push_back(string(std::string(v.stringAt(i))));
            else if (t == ValueType::Array)
                items.push_back(copyOf(v.itemAt(i)));
            else if (t == ValueType::F32)
                items.push_back(f32(static_cast<float>(v.floatAt(i))));
            else if (t == ValueType::F64)
                items.push_back(f64(v.floatAt(i)));
            else
                items.push_back(scalar(t, static_cast<uint64_t>(v.intAt(i))));
        }
        return array(v.elementType(), std::move(items));
    }
    switch (v.type()) {
    case ValueType::String:
        return string(std::string(v.asString("")));
    case ValueType::F32:
        return f32(static_cast<float>(v.asFloat("")));
    case ValueType::F64:
        return f64(v.asFloat(""));
    case ValueType::Bool:
        return boolean(v.asBool(""));
    case ValueType::I8:
    case ValueType::I16:
    case ValueType::I32:
    case ValueType::I64:
        return scalar(v.type(), static_cast<uint64_t>(v.asInt("")));
    default:
        return scalar(v.type(), v.asUInt(""));
    }
}

void Writer::set(std::string key, WriteValue value) {
    for (auto& kv : kvs_)
        if (kv.first == key) {
            kv.second = std::move(value);
            return;
        }
    kvs_.emplace_back(std::move(key), std::move(value));
}

uint64_t Writer::checkedBytes(const std::string& name, quant::Type type, const std::vector<uint64_t>& ne) {
    const quant::TypeInfo& ti = quant::typeInfo(type);
    uint64_t n = 1;
    for (uint64_t d : ne) n *= d;
    if (ne.empty() || ne.size() > 4 || ne[0] % ti.blockSize != 0)
        throw Error(ErrorCode::InvalidArgument, "Tensor '" + name + "' has a shape that GGUF cannot store.");
    return n / ti.blockSize * ti.blockBytes;
}

void Writer::addTensor(std::string name, quant::Type type, std::vector<uint64_t> ne,
                       std::vector<uint8_t> data) {
    const uint64_t bytes = checkedBytes(name, type, ne);
    if (data.size() != bytes)
        throw Error(ErrorCode::InvalidArgument, "Tensor '" + name + "' needs " + std::to_string(bytes) +
                                                    " bytes but " + std::to_string(data.size()) +
                                                    " were given.");
    tensors_.push_back({std::move(name), type, std::move(ne), std::move(data), bytes, {}});
}

void Writer::addTensorStreamed(std::string name, quant::Type type, std::vector<uint64_t> ne,
                               std::function<void(const Emit& emit)> produce) {
    const uint64_t bytes = checkedBytes(name, type, ne);
    tensors_.push_back({std::move(name), type, std::move(ne), {}, bytes, std::move(produce)});
}

void Writer::addTensorF32(std::string name, std::vector<uint64_t> ne, const std::vector<float>& values) {
    std::vector<uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    addTensor(std::move(name), quant::Type::F32, std::move(ne), std::move(bytes));
}

uint32_t Writer::alignment() const {
    for (const auto& kv : kvs_)
        if (kv.first == "general.alignment" && kv.second.type == ValueType::U32)
            return static_cast<uint32_t>(kv.second.bits);
    return 32;
}

namespace {
class Out {
  public:
    std::vector<uint8_t> bytes;
    template <typename T> void put(T v) {
        uint8_t b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        bytes.insert(bytes.end(), b, b + sizeof(T));
    }
    void putString(const std::string& s) {
        put<uint64_t>(s.size());
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    void pad(uint64_t align) {
        while (bytes.size() % align) bytes.push_back(0);
    }
    void putValue(const WriteValue& v, bool withType) {
        if (withType) put<uint32_t>(static_cast<uint32_t>(v.type));
        switch (v.type) {
        case ValueType::String:
            putString(v.str);
            break;
        case ValueType::Array:
            put<uint32_t>(static_cast<uint32_t>(v.elemType));
            put<uint64_t>(v.items.size());
            for (const auto& item : v.items) putValue(item, false);
            break;
        default: {
            size_t n = scalarSize(v.type);
            uint8_t b[8];
            std::memcpy(b, &v.bits, 8); // little-endian host
            bytes.insert(bytes.end(), b, b + n);
        }
        }
    }
};
} // namespace

std::vector<uint8_t> Writer::headerBytes() const {
    const uint64_t align = alignment();
    Out out;
    out.put<uint32_t>(0x46554747);
    out.put<uint32_t>(3);
    out.put<uint64_t>(tensors_.size());
    out.put<uint64_t>(kvs_.size());
    for (const auto& [key, value] : kvs_) {
        out.putString(key);
        out.putValue(value, true);
    }
    uint64_t offset = 0;
    for (const Tensor& t : tensors_) {
        out.putString(t.name);
        out.put<uint32_t>(static_cast<uint32_t>(t.ne.size()));
        for (uint64_t d : t.ne) out.put<uint64_t>(d);
        out.put<uint32_t>(static_cast<uint32_t>(t.type));
        out.put<uint64_t>(offset);
        offset += (t.bytes + align - 1) / align * align;
    }
    out.pad(align);
    return std::move(out.bytes);
}

std::vector<uint8_t> Writer::serialize() const {
    const uint64_t align = alignment();
    std::vector<uint8_t> bytes = headerBytes();
    for (const Tensor& t : tensors_) {
        if (t.produce)
            throw Error(ErrorCode::InvalidArgument,
                        "Tensor '" + t.name + "' is streamed and can only be written.");
        bytes.insert(bytes.end(), t.data.begin(), t.data.end());
        bytes.resize((bytes.size() + align - 1) / align * align, 0);
    }
    return bytes;
}

void Writer::write(const std::string& path) const {
    // Streams tensor data straight to the file: synthetic multi-GB models never exist twice in memory.
    const uint64_t align = alignment();
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) throw Error(ErrorCode::Io, "Cannot create '" + path + "'.");
    std::vector<uint8_t> header = headerBytes();
    f.write(reinterpret_cast<const char*>(header.data()), static_cast<std::streamsize>(header.size()));
    static const char zeros[4096] = {};
    for (const Tensor& t : tensors_) {
        if (t.produce) {
            uint64_t emitted = 0;
            t.produce([&](const uint8_t* p, size_t n) {
                f.write(reinterpret_cast<const char*>(p), static_cast<std::streamsize>(n));
                emitted += n;
            });
            if (emitted != t.bytes)
                throw Error(ErrorCode::InvalidArgument, "Tensor '" + t.name + "' produced " +
                                                            std::to_string(emitted) + " bytes instead of " +
                                                            std::to_string(t.bytes) + ".");
        } else {
            f.write(reinterpret_cast<const char*>(t.data.data()),
                    static_cast<std::streamsize>(t.data.size()));
        }
        const uint64_t pad = (align - t.bytes % align) % align;
        for (uint64_t left = pad; left > 0;) {
            const uint64_t n = left < sizeof zeros ? left : sizeof zeros;
            f.write(zeros, static_cast<std::streamsize>(n));
            left -= n;
        }
    }
    if (!f) throw Error(ErrorCode::Io, "Cannot write '" + path + "' (disk full?).");
}

} // namespace smoldesk::gguf
