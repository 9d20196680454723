#pragma once
// A GGUF metadata value. Strings and numeric arrays point into the file's memory map, so
// reading a 280k-entry merges array costs one vector of string_views.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smoldesk::gguf {

enum class ValueType : uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

const char* valueTypeName(ValueType type);
bool isIntegerType(ValueType type);
bool isFloatType(ValueType type);
// Size in bytes of a fixed-size scalar type, 0 for String and Array.
size_t scalarSize(ValueType type);

class Value {
  public:
    ValueType type() const { return type_; }

    // Scalars. Integer accessors coerce between integer types when the value fits and
    // throw Error(WrongType) otherwise; `what` names the value in that sentence.
    uint64_t asUInt(std::string_view what) const;
    int64_t asInt(std::string_view what) const;
    double asFloat(std::string_view what) const; // any float or integer type
    bool asBool(std::string_view what) const;
    std::string_view asString(std::string_view what) const;

    // Arrays.
    bool isArray() const { return type_ == ValueType::Array; }
    ValueType elementType() const { return elemType_; }
    uint64_t size() const { return count_; }
    std::string_view stringAt(size_t i) const { return strings_[i]; }
    int64_t intAt(size_t i) const;  // any integer element type (u64 above INT64_MAX saturates)
    double floatAt(size_t i) const; // any numeric element type
    const Value& itemAt(size_t i) const { return items_[i]; }

    // Short human rendering for `inspect` (arrays summarised).
    std::string describe(size_t maxItems = 8) const;

  private:
    friend class Parser;
    ValueType type_ = ValueType::U8;
    union {
        uint64_t u;
        int64_t i;
        double f;
    } num_{};
    std::string_view str_;
    ValueType elemType_ = ValueType::U8;
    uint64_t count_ = 0;
    const uint8_t* raw_ = nullptr;          // numeric array elements, little-endian in the map
    std::vector<std::string_view> strings_; // string array elements
    std::vector<Value> items_;              // nested arrays
};

} // namespace smoldesk::gguf
