#include "gguf/value.h"

#include "common/error.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace smoldesk::gguf {

const char* valueTypeName(ValueType type) {
    switch (type) {
    case ValueType::U8:
        return "u8";
    case ValueType::I8:
        return "i8";
    case ValueType::U16:
        return "u16";
    case ValueType::I16:
        return "i16";
    case ValueType::U32:
        return "u32";
    case ValueType::I32:
        return "i32";
    case ValueType::F32:
        return "f32";
    case ValueType::Bool:
        return "bool";
    case ValueType::String:
        return "string";
    case ValueType::Array:
        return "array";
    case ValueType::U64:
        return "u64";
    case ValueType::I64:
        return "i64";
    case ValueType::F64:
        return "f64";
    }
    return "unknown";
}

bool isIntegerType(ValueType t) {
    switch (t) {
    case ValueType::U8:
    case ValueType::I8:
    case ValueType::U16:
    case ValueType::I16:
    case ValueType::U32:
    case ValueType::I32:
    case ValueType::U64:
    case ValueType::I64:
        return true;
    default:
        return false;
    }
}

bool isFloatType(ValueType t) {
    return t == ValueType::F32 || t == ValueType::F64;
}

static bool isSignedType(ValueType t) {
    return t == ValueType::I8 || t == ValueType::I16 || t == ValueType::I32 || t == ValueType::I64;
}

size_t scalarSize(ValueType t) {
    switch (t) {
    case ValueType::U8:
    case ValueType::I8:
    case ValueType::Bool:
        return 1;
    case ValueType::U16:
    case ValueType::I16:
        return 2;
    case ValueType::U32:
    case ValueType::I32:
    case ValueType::F32:
        return 4;
    case ValueType::U64:
    case ValueType::I64:
    case ValueType::F64:
        return 8;
    default:
        return 0;
    }
}

static Error wrongType(std::string_view what, const char* wanted, ValueType got) {
    return Error(ErrorCode::WrongType, "Metadata '" + std::string(what) + "' should be " + wanted +
                                           " but is " + valueTypeName(got) + ".");
}

uint64_t Value::asUInt(std::string_view what) const {
    if (!isIntegerType(type_)) throw wrongType(what, "an integer", type_);
    if (isSignedType(type_) && num_.i < 0)
        throw Error(ErrorCode::WrongType, "Metadata '" + std::string(what) + "' is negative (" +
                                              std::to_string(num_.i) + ") where a count is expected.");
    return num_.u;
}

int64_t Value::asInt(std::string_view what) const {
    if (!isIntegerType(type_)) throw wrongType(what, "an integer", type_);
    if (!isSignedType(type_) && num_.u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        throw Error(ErrorCode::WrongType, "Metadata '" + std::string(what) + "' is too large.");
    return num_.i;
}

double Value::asFloat(std::string_view what) const {
    if (isFloatType(type_)) return num_.f;
    if (isIntegerType(type_))
        return isSignedType(type_) ? static_cast<double>(num_.i) : static_cast<double>(num_.u);
    throw wrongType(what, "a number", type_);
}

bool Value::asBool(std::string_view what) const {
    if (type_ != ValueType::Bool) throw wrongType(what, "a bool", type_);
    return num_.u != 0;
}

std::string_view Value::asString(std::string_view what) const {
    if (type_ != ValueType::String) throw wrongType(what, "a string", type_);
    return str_;
}

template <typename T> static T loadLe(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

int64_t Value::intAt(size_t i) const {
    const uint8_t* p = raw_ + i * scalarSize(elemType_);
    switch (elemType_) {
    case ValueType::U8:
        return loadLe<uint8_t>(p);
    case ValueType::I8:
        return loadLe<int8_t>(p);
    case ValueType::U16:
        return loadLe<uint16_t>(p);
    case ValueType::I16:
        return loadLe<int16_t>(p);
    case ValueType::U32:
        return loadLe<uint32_t>(p);
    case ValueType::I32:
        return loadLe<int32_t>(p);
    case ValueType::I64:
        return loadLe<int64_t>(p);
    case ValueType::U64: {
        uint64_t v = loadLe<uint64_t>(p);
        return v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                   ? std::numeric_limits<int64_t>::max()
                   : static_cast<int64_t>(v);
    }
    case ValueType::Bool:
        return loadLe<uint8_t>(p) != 0;
    default:
        return 0;
    }
}

double Value::floatAt(size_t i) const {
    const uint8_t* p = raw_ + i * scalarSize(elemType_);
    if (elemType_ == ValueType::F32) return loadLe<float>(p);
    if (elemType_ == ValueType::F64) return loadLe<double>(p);
    if (elemType_ == ValueType::U64) return static_cast<double>(loadLe<uint64_t>(p));
    return static_cast<double>(intAt(i));
}

static std::string quoted(std::string_view s, size_t maxLen = 60) {
    std::string out = "\"";
    for (size_t i = 0; i < s.size() && i < maxLen; ++i) {
        char c = s[i];
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '"')
            out += "\\\"";
        else
            out += c;
    }
    if (s.size() > maxLen) out += "…";
    return out + "\"";
}

static std::string formatFloat(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string Value::describe(size_t maxItems) const {
    switch (type_) {
    case ValueType::String:
        return quoted(str_);
    case ValueType::Bool:
        return num_.u ? "true" : "false";
    case ValueType::F32:
    case ValueType::F64:
        return formatFloat(num_.f);
    case ValueType::Array: {
        std::string out = "[" + std::string(valueTypeName(elemType_)) + " × " + std::to_string(count_) + "]";
        if (count_ == 0) return out;
        out += " ";
        size_t n = count_ < maxItems ? count_ : maxItems;
        for (size_t i = 0; i < n; ++i) {
            if (i) out += ", ";
            if (elemType_ == ValueType::String)
                out += quoted(strings_[i], 24);
            else if (elemType_ == ValueType::Array)
                out += items_[i].describe(2);
            else if (isFloatType(elemType_))
                out += formatFloat(floatAt(i));
            else
                out += std::to_string(intAt(i));
        }
        if (count_ > n) out += ", …";
        return out;
    }
    default:
        return isSignedType(type_) ? std::to_string(num_.i) : std::to_string(num_.u);
    }
}

} // namespace smoldesk::gguf
