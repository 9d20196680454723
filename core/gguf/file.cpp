#include "gguf/file.h"

#include "common/error.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_set>

namespace smoldesk::gguf {

namespace {
constexpr uint32_t kMagic = 0x46554747; // "GGUF" little-endian
constexpr int kMaxArrayNesting = 8;
// Smallest possible encodings, used to bound announced counts by the bytes that remain.
constexpr uint64_t kMinKvBytes = 8 + 4 + 1;
constexpr uint64_t kMinTensorInfoBytes = 8 + 4 + 8 + 4 + 8;

std::string at(uint64_t offset) {
    return " at byte offset " + std::to_string(offset);
}
} // namespace

// Reads the header, metadata and tensor infos with a bounds-checked cursor.
class Parser {
  public:
    Parser(File& file) : f_(file), base_(file.map_->data()), size_(file.map_->size()) {}

    void run() {
        if (size_ == 0) fail(ErrorCode::NotGguf, "The file is empty, so it is not a GGUF model.");
        if (size_ < 4 || load<uint32_t>(0) != kMagic)
            fail(ErrorCode::NotGguf, "This is not a GGUF file (it does not start with the bytes 'GGUF').");
        pos_ = 4;
        uint32_t version = read<uint32_t>("the version");
        if ((version & 0xffff) == 0 && version != 0)
            fail(ErrorCode::UnsupportedVersion,
                 "The GGUF file was written on a machine of the other byte order and cannot be read here.");
        if (version == 1)
            fail(ErrorCode::UnsupportedVersion, "GGUF version 1 is obsolete and not supported; convert the "
                                                "model again (versions 2 and 3 work).");
        if (version != 2 && version != 3)
            fail(ErrorCode::UnsupportedVersion,
                 "GGUF version " + std::to_string(version) + " is not supported (versions 2 and 3 are).");
        f_.version_ = version;

        uint64_t nTensors = read<uint64_t>("the tensor count");
        uint64_t nKv = read<uint64_t>("the metadata count");
        uint64_t remaining = size_ - pos_;
        if (nKv > remaining / kMinKvBytes)
            fail(ErrorCode::Corrupt, "The file claims " + std::to_string(nKv) +
                                         " metadata entries, more than its size can hold; it is corrupt.");
        if (nTensors > remaining / kMinTensorInfoBytes)
            fail(ErrorCode::Corrupt, "The file claims " + std::to_string(nTensors) +
                                         " tensors, more than its size can hold; it is corrupt.");

        f_.kvs_.reserve(nKv);
        for (uint64_t k = 0; k < nKv; ++k) readKv(k);
        readAlignment();

        f_.tensors_.reserve(nTensors);
        for (uint64_t t = 0; t < nTensors; ++t) readTensorInfo(t);

        uint64_t align = f_.alignment_;
        uint64_t dataStart = (pos_ + align - 1) / align * align;
        f_.dataOffset_ = dataStart;
        validateTensorData(dataStart);
        for (size_t t = 0; t < f_.tensors_.size(); ++t) f_.tensorIndex_.emplace(f_.tensors_[t].name, t);
    }

  private:
    [[noreturn]] void fail(ErrorCode code, const std::string& msg) { throw Error(code, msg); }

    void need(uint64_t n, const std::string& what) {
        if (n > size_ - pos_)
            fail(ErrorCode::Truncated, "The file is truncated: it ends" + at(size_) + " while reading " +
                                           what + at(pos_) + " (" + std::to_string(n) + " bytes needed).");
    }

    template <typename T> T load(uint64_t offset) const {
        T v;
        std::memcpy(&v, base_ + offset, sizeof(T));
        return v;
    }

    template <typename T> T read(const std::string& what) {
        need(sizeof(T), what);
        T v = load<T>(pos_);
        pos_ += sizeof(T);
        return v;
    }

    std::string_view readString(const std::string& what) {
        uint64_t start = pos_;
        uint64_t len = read<uint64_t>("the length of " + what);
        if (len > size_ - pos_)
            fail(ErrorCode::Truncated, "The length of " + what + at(start) + " is " + std::to_string(len) +
                                           " bytes, past the end of the file; it is truncated or corrupt.");
        std::string_view s(reinterpret_cast<const char*>(base_ + pos_), len);
        pos_ += len;
        return s;
    }

    ValueType readType(const std::string& what) {
        uint64_t start = pos_;
        uint32_t t = read<uint32_t>(what);
        if (t > static_cast<uint32_t>(ValueType::F64))
            fail(ErrorCode::Corrupt,
                 "Unknown metadata value type " + std::to_string(t) + " for " + what + at(start) + ".");
        return static_cast<ValueType>(t);
    }

    void readValue(Value& v, ValueType type, const std::string& what, int depth) {
        v.type_ = type;
        switch (type) {
        case ValueType::String:
            v.str_ = readString(what);
            return;
        case ValueType::Array:
            readArray(v, what, depth);
            return;
        case ValueType::F32:
            v.num_.f = read<float>(what);
            return;
        case ValueType::F64:
            v.num_.f = read<double>(what);
            return;
        case ValueType::U8:
            v.num_.u = read<uint8_t>(what);
            return;
        case ValueType::Bool: {
            uint64_t start = pos_;
            uint8_t b = read<uint8_t>(what);
            if (b > 1)
                fail(ErrorCode::Corrupt,
                     "Boolean " + what + at(start) + " has the invalid value " + std::to_string(b) + ".");
            v.num_.u = b;
            return;
        }
        case ValueType::I8:
            v.num_.i = read<int8_t>(what);
            return;
        case ValueType::U16:
            v.num_.u = read<uint16_t>(what);
            return;
        case ValueType::I16:
            v.num_.i = read<int16_t>(what);
            return;
        case ValueType::U32:
            v.num_.u = read<uint32_t>(what);
            return;
        case ValueType::I32:
            v.num_.i = read<int32_t>(what);
            return;
        case ValueType::U64:
            v.num_.u = read<uint64_t>(what);
            return;
        case ValueType::I64:
            v.num_.i = read<int64_t>(what);
            return;
        }
    }

    void readArray(Value& v, const std::string& what, int depth) {
        if (depth >= kMaxArrayNesting)
            fail(ErrorCode::Corrupt, "Arrays in " + what + " are nested deeper than " +
                                         std::to_string(kMaxArrayNesting) + " levels" + at(pos_) + ".");
        v.elemType_ = readType("the element type of " + what);
        uint64_t start = pos_;
        v.count_ = read<uint64_t>("the length of " + what);
        size_t elemSize = scalarSize(v.elemType_);
        uint64_t minElem = elemSize ? elemSize : 8; // strings and arrays carry at least a u64
        if (v.count_ > (size_ - pos_) / minElem)
            fail(ErrorCode::Corrupt, "The array " + what + at(start) + " claims " + std::to_string(v.count_) +
                                         " elements, more than the rest of the file can hold.");
        if (elemSize) {
            v.raw_ = base_ + pos_;
            if (v.elemType_ == ValueType::Bool)
                for (uint64_t i = 0; i < v.count_; ++i)
                    if (base_[pos_ + i] > 1)
                        fail(ErrorCode::Corrupt,
                             "Boolean array " + what + " has an invalid value" + at(pos_ + i) + ".");
            pos_ += v.count_ * elemSize;
        } else if (v.elemType_ == ValueType::String) {
            v.strings_.reserve(v.count_);
            for (uint64_t i = 0; i < v.count_; ++i) v.strings_.push_back(readString("an element of " + what));
        } else {
            v.items_.resize(v.count_);
            for (uint64_t i = 0; i < v.count_; ++i) readValue(v.items_[i], ValueType::Array, what, depth + 1);
        }
    }

    void readKv(uint64_t k) {
        uint64_t start = pos_;
        std::string_view key = readString("metadata key #" + std::to_string(k));
        if (key.empty())
            fail(ErrorCode::Corrupt, "Metadata key #" + std::to_string(k) + at(start) + " is empty.");
        std::string what = "'" + std::string(key) + "'";
        if (!f_.kvIndex_.emplace(key, f_.kvs_.size()).second)
            fail(ErrorCode::Corrupt, "Metadata key " + what + " appears twice" + at(start) + ".");
        ValueType type = readType("the type of " + what);
        Value v;
        readValue(v, type, what, 0);
        f_.kvs_.emplace_back(key, std::move(v));
    }

    void readAlignment() {
        const Value* a = f_.find("general.alignment");
        if (!a) return;
        if (a->type() != ValueType::U32)
            fail(ErrorCode::Corrupt,
                 std::string("general.alignment must be a u32 but is ") + valueTypeName(a->type()) + ".");
        uint64_t align = a->asUInt("general.alignment");
        if (align == 0 || (align & (align - 1)) != 0)
            fail(ErrorCode::Corrupt,
                 "general.alignment is " + std::to_string(align) + ", which is not a power of two.");
        f_.alignment_ = static_cast<uint32_t>(align);
    }

    void readTensorInfo(uint64_t t) {
        uint64_t start = pos_;
        TensorInfo ti;
        std::string_view name = readString("the name of tensor #" + std::to_string(t));
        if (name.size() > kMaxTensorName)
            fail(ErrorCode::Corrupt, "Tensor #" + std::to_string(t) + at(start) + " has a name of " +
                                         std::to_string(name.size()) + " bytes; the limit is " +
                                         std::to_string(kMaxTensorName) + ".");
        ti.name = std::string(name);
        std::string what = "tensor '" + ti.name + "'";
        ti.nDims = read<uint32_t>("the dimension count of " + what);
        if (ti.nDims == 0 || ti.nDims > kMaxDims)
            fail(ErrorCode::Corrupt, "The " + what + at(start) + " has " + std::to_string(ti.nDims) +
                                         " dimensions; between 1 and 4 are allowed.");
        uint64_t n = 1;
        for (uint32_t d = 0; d < ti.nDims; ++d) {
            uint64_t ne = read<uint64_t>("the shape of " + what);
            if (ne > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ||
                (ne != 0 && n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) / ne))
                fail(ErrorCode::Corrupt, "The shape of " + what + at(start) + " has too many elements.");
            ti.ne[d] = ne;
            n *= ne;
        }
        ti.nElements = n;
        uint64_t typePos = pos_;
        uint32_t typeId = read<uint32_t>("the type of " + what);
        auto info = quant::typeInfo(typeId);
        if (!info)
            fail(ErrorCode::Corrupt,
                 "The " + what + " has the unknown type id " + std::to_string(typeId) + at(typePos) + ".");
        ti.type = info->type;
        if (ti.ne[0] % info->blockSize != 0)
            fail(ErrorCode::Corrupt, "The " + what + " of type " + info->name + " has a row length of " +
                                         std::to_string(ti.ne[0]) + ", not a multiple of its block size " +
                                         std::to_string(info->blockSize) + ".");
        uint64_t blocks = ti.ne[0] / info->blockSize;
        uint64_t rows = ti.ne[0] ? n / ti.ne[0] : 0;
        uint64_t rowBytes = blocks * info->blockBytes;
        if (rows && rowBytes > std::numeric_limits<uint64_t>::max() / rows)
            fail(ErrorCode::Corrupt, "The size of " + what + " overflows.");
        ti.nBytes = rowBytes * rows;
        ti.offset = read<uint64_t>("the offset of " + what);
        if (ti.offset % f_.alignment_ != 0)
            fail(ErrorCode::Corrupt, "The data offset " + std::to_string(ti.offset) + " of " + what +
                                         " is not a multiple of the alignment " +
                                         std::to_string(f_.alignment_) + ".");
        if (!tensorNames_.insert(ti.name).second)
            fail(ErrorCode::Corrupt, "Tensor name '" + ti.name + "' appears twice" + at(start) + ".");
        f_.tensors_.push_back(std::move(ti));
    }

    void validateTensorData(uint64_t dataStart) {
        if (f_.tensors_.empty()) return;
        std::vector<size_t> order(f_.tensors_.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](size_t a, size_t b) { return f_.tensors_[a].offset < f_.tensors_[b].offset; });
        const TensorInfo* prev = nullptr;
        for (size_t idx : order) {
            TensorInfo& ti = f_.tensors_[idx];
            if (dataStart > size_ || ti.offset > size_ - dataStart ||
                ti.nBytes > size_ - dataStart - ti.offset) {
                uint64_t end = dataStart + ti.offset + ti.nBytes;
                fail(ErrorCode::Truncated, "The file is truncated: tensor '" + ti.name +
                                               "' needs data up to byte " + std::to_string(end) +
                                               " but the file has only " + std::to_string(size_) + " bytes.");
            }
            if (prev && ti.offset < prev->offset + prev->nBytes)
                fail(ErrorCode::Corrupt, "Tensors '" + prev->name + "' and '" + ti.name +
                                             "' overlap in the data section (at byte offset " +
                                             std::to_string(dataStart + ti.offset) + ").");
            ti.data = base_ + dataStart + ti.offset;
            if (ti.nBytes) prev = &ti;
        }
    }

    File& f_;
    const uint8_t* base_;
    uint64_t size_;
    uint64_t pos_ = 0;
    std::unordered_set<std::string> tensorNames_;
};

std::unique_ptr<File> File::open(const std::string& path) {
    std::unique_ptr<File> f(new File());
    f->map_ = std::make_unique<MappedFile>(path);
    Parser(*f).run();
    return f;
}

std::string TensorInfo::shapeString() const {
    std::string s = "[";
    for (uint32_t d = 0; d < nDims; ++d) s += (d ? ", " : "") + std::to_string(ne[d]);
    return s + "]";
}

const Value* File::find(std::string_view key) const {
    auto it = kvIndex_.find(key);
    return it == kvIndex_.end() ? nullptr : &kvs_[it->second].second;
}

std::optional<uint64_t> File::getUInt(std::string_view key) const {
    const Value* v = find(key);
    if (!v) return std::nullopt;
    return v->asUInt(key);
}

std::optional<int64_t> File::getInt(std::string_view key) const {
    const Value* v = find(key);
    if (!v) return std::nullopt;
    return v->asInt(key);
}

std::optional<double> File::getFloat(std::string_view key) const {
    const Value* v = find(key);
    if (!v) return std::nullopt;
    return v->asFloat(key);
}

std::optional<bool> File::getBool(std::string_view key) const {
    const Value* v = find(key);
    if (!v) return std::nullopt;
    return v->asBool(key);
}

std::optional<std::string_view> File::getString(std::string_view key) const {
    const Value* v = find(key);
    if (!v) return std::nullopt;
    return v->asString(key);
}

const Value* File::getArray(std::string_view key, ValueType elem) const {
    const Value* v = find(key);
    if (!v) return nullptr;
    bool ok = v->isArray() &&
              (v->elementType() == elem || (isIntegerType(elem) && isIntegerType(v->elementType())) ||
               (isFloatType(elem) && isFloatType(v->elementType())));
    if (!ok) {
        std::string got = v->isArray() ? std::string("an array of ") + valueTypeName(v->elementType())
                                       : valueTypeName(v->type());
        throw Error(ErrorCode::WrongType, "Metadata '" + std::string(key) + "' should be an array of " +
                                              valueTypeName(elem) + " but is " + got + ".");
    }
    return v;
}

static Error missing(std::string_view key) {
    return Error(ErrorCode::MissingKey, "The model file lacks the metadata key '" + std::string(key) + "'.");
}

uint64_t File::requireUInt(std::string_view key) const {
    if (auto v = getUInt(key)) return *v;
    throw missing(key);
}

double File::requireFloat(std::string_view key) const {
    if (auto v = getFloat(key)) return *v;
    throw missing(key);
}

std::string_view File::requireString(std::string_view key) const {
    if (auto v = getString(key)) return *v;
    throw missing(key);
}

const TensorInfo* File::findTensor(std::string_view name) const {
    auto it = tensorIndex_.find(name);
    return it == tensorIndex_.end() ? nullptr : &tensors_[it->second];
}

} // namespace smoldesk::gguf
