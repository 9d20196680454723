// Python string formatting used by templates: `str % args` (and the |format filter),
// str.format(), and datetime.strftime in the C locale.
#include "jinja/builtins.h"
#include "jinja/failure.h"
#include "jinja/interpreter.h"
#include "jinja/utf8.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>

namespace smoldesk::jinja {

namespace {

std::string padTo(const std::string& s, int64_t width, char align, const std::string& fill) {
    int64_t len = int64_t(utf8::length(s));
    if (width <= len) return s;
    int64_t pad = width - len;
    std::string left, right;
    int64_t l = align == '<' ? 0 : align == '^' ? pad / 2 : pad;
    for (int64_t i = 0; i < l; ++i) left += fill;
    for (int64_t i = 0; i < pad - l; ++i) right += fill;
    return left + s + right;
}

double numberArg(const Value& v, char type) {
    if (!v.isNumber()) {
        fail(py::kTypeError,
             std::string("%") + type + " format: a real number is required, not " + typeName(v));
    }
    return v.numberValue();
}

// The digits of a width or precision, refused past `limit` before they overflow. Python reads a
// %-directive's width into a Py_ssize_t and its precision into an int, a format spec's into a
// Py_ssize_t, and raises ValueError with these sentences beyond them.
int64_t readDigits(const std::string& text, size_t& i, int64_t limit, const char* tooBig) {
    int64_t value = 0;
    while (i < text.size() && isdigit(static_cast<unsigned char>(text[i]))) {
        const int digit = text[i++] - '0';
        if (value > (limit - digit) / 10) fail(py::kValueError, tooBig);
        value = value * 10 + digit;
    }
    return value;
}

constexpr const char* kTooManyDigits = "Too many decimal digits in format string";

// Widths and precisions reach here already charged against the output limit; this bound only
// keeps them inside the int that snprintf takes, whatever limit a caller configured.
constexpr int64_t kMaxField = int64_t(1) << 30;

void checkField(int64_t value) {
    if (value > kMaxField)
        fail(py::kLimitError, "a format width or precision exceeds " + std::to_string(kMaxField));
}

bool hasFlag(const std::string& flags, char flag) {
    return flags.find(flag) != std::string::npos;
}

// Python's %d/%x/%o on a magnitude's digits: the sign, then the '#' prefix, then at least
// `precision` digits, padded to `width` with zeros (flag '0', unless '-') or spaces.
std::string layOutInteger(bool negative, std::string digits, char type, const std::string& flags,
                          int64_t width, int64_t precision) {
    if (precision > int64_t(digits.size())) digits.insert(0, size_t(precision) - digits.size(), '0');
    std::string head = negative ? "-" : hasFlag(flags, '+') ? "+" : hasFlag(flags, ' ') ? " " : "";
    if (hasFlag(flags, '#') && type != 'd' && type != 'i' && type != 'u')
        head += type == 'o' ? "0o" : type == 'b' ? "0b" : type == 'X' ? "0X" : "0x";
    const int64_t length = int64_t(head.size() + digits.size());
    if (width <= length) return head + digits;
    const size_t pad = size_t(width - length);
    if (hasFlag(flags, '-')) return head + digits + std::string(pad, ' ');
    if (hasFlag(flags, '0')) return head + std::string(pad, '0') + digits;
    return std::string(pad, ' ') + head + digits;
}

std::string digitsOf(uint64_t magnitude, char type) {
    const unsigned base = type == 'o' ? 8 : type == 'b' ? 2 : type == 'x' || type == 'X' ? 16 : 10;
    const char* symbols = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string digits;
    do {
        digits += symbols[magnitude % base];
        magnitude /= base;
    } while (magnitude != 0);
    std::reverse(digits.begin(), digits.end());
    return digits;
}

std::string formatInteger(const Value& v, char type, const std::string& flags, int64_t width,
                          int64_t precision) {
    const bool decimal = type == 'd' || type == 'i' || type == 'u';
    if (decimal ? !v.isNumber() : !v.isInt() && !v.isBool())
        fail(py::kTypeError, std::string("%") + type +
                                 " format: " + (decimal ? "a real number" : "an integer") +
                                 " is required, not " + typeName(v));
    if (v.isFloat()) {
        const double d = std::trunc(v.numberValue());
        if (std::isnan(d)) fail(py::kValueError, "cannot convert float NaN to integer");
        if (std::isinf(d)) fail(py::kOverflowError, "cannot convert float infinity to integer");
        if (std::fabs(d) >= 0x1p63) {
            // Beyond int64 Python prints the float's exact integer value, as glibc's %.0f does.
            char digits[400];
            std::snprintf(digits, sizeof digits, "%.0f", std::fabs(d));
            return layOutInteger(d < 0, digits, type, flags, width, precision);
        }
        return layOutInteger(d < 0, digitsOf(uint64_t(std::fabs(d)), type), type, flags, width, precision);
    }
    const int64_t i = v.intValue();
    // The magnitude in unsigned arithmetic: negating INT64_MIN as a signed value overflows.
    const uint64_t magnitude = i < 0 ? 0 - uint64_t(i) : uint64_t(i);
    return layOutInteger(i < 0, digitsOf(magnitude, type), type, flags, width, precision);
}

std::string formatNumber(const Value& v, char type, const std::string& flags, int64_t width,
                         int64_t precision) {
    checkField(width);
    checkField(precision);
    switch (type) {
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
    case 'b':
        return formatInteger(v, type, flags, width, precision);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
        break;
    default:
        fail(py::kValueError,
             std::string("Unknown format code '") + type + "' for object of type '" + typeName(v) + "'");
    }
    std::string spec = "%" + flags;
    if (width >= 0) spec += std::to_string(width);
    if (precision >= 0) spec += "." + std::to_string(precision);
    spec += type;
    const double d = numberArg(v, type);
    const int size = std::snprintf(nullptr, 0, spec.c_str(), d);
    if (size < 0) fail(py::kValueError, "cannot format " + spec);
    std::string out(size_t(size) + 1, '\0');
    std::snprintf(out.data(), out.size(), spec.c_str(), d);
    out.resize(size_t(size));
    return out;
}

} // namespace

std::string percentFormat(Interpreter& in, const std::string& format, const Value& args) {
    std::vector<Value> positional;
    const Value* mapping = nullptr;
    if (args.isTuple())
        positional = args.items();
    else if (args.isDict())
        mapping = &args;
    else
        positional.push_back(args);
    size_t next = 0;
    bool usedMapping = false;
    std::string out;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out += format[i];
            continue;
        }
        if (++i >= format.size()) fail(py::kValueError, "incomplete format");
        Value arg;
        bool haveArg = false;
        if (format[i] == '(') {
            size_t close = format.find(')', i);
            if (close == std::string::npos) fail(py::kValueError, "incomplete format key");
            if (!mapping) fail(py::kTypeError, "format requires a mapping");
            std::string key = format.substr(i + 1, close - i - 1);
            const Value* v = mapping->dictData().find(std::string_view(key));
            if (!v) fail("builtins.KeyError", reprString(key));
            arg = *v;
            haveArg = usedMapping = true;
            i = close + 1;
        }
        std::string flags;
        while (i < format.size() && std::string("-+ #0").find(format[i]) != std::string::npos)
            flags += format[i++];
        int64_t width = -1, precision = -1;
        auto takeArg = [&]() -> Value {
            if (next >= positional.size() || mapping)
                fail(py::kTypeError, "not enough arguments for format string");
            return positional[next++];
        };
        if (i < format.size() && format[i] == '*') {
            width = toInt(takeArg(), "width");
            ++i;
        } else if (i < format.size() && isdigit(static_cast<unsigned char>(format[i]))) {
            width = readDigits(format, i, INT64_MAX, "width too big");
        }
        if (i < format.size() && format[i] == '.') {
            ++i;
            precision = readDigits(format, i, INT32_MAX, "precision too big");
        }
        while (i < format.size() && (format[i] == 'l' || format[i] == 'h' || format[i] == 'L')) ++i;
        if (i >= format.size()) fail(py::kValueError, "incomplete format");
        char type = format[i];
        if (type == '%') {
            out += '%';
            continue;
        }
        if (!haveArg) arg = takeArg();
        if (width > int64_t(in.options().maxOutputBytes)) in.chargeString(size_t(width));
        // A number's precision is a count of digits written (%s's only cuts the text short).
        if (std::string("sra").find(type) == std::string::npos &&
            precision > int64_t(in.options().maxOutputBytes))
            in.chargeString(size_t(precision));
        std::string piece;
        switch (type) {
        case 's':
        case 'r':
        case 'a': {
            piece = type == 's' ? toStr(arg) : repr(arg);
            if (precision >= 0) {
                std::vector<char32_t> cps = utf8::decode(piece);
                if (int64_t(cps.size()) > precision) cps.resize(size_t(precision));
                piece = utf8::encode(cps);
            }
            piece = padTo(piece, width, flags.find('-') != std::string::npos ? '<' : '>', " ");
            break;
        }
        case 'c':
            if (arg.isString()) {
                piece = arg.str();
            } else {
                const int64_t cp = toInt(arg, "%c");
                if (cp < 0 || cp > 0x10FFFF) fail(py::kOverflowError, "%c arg not in range(0x110000)");
                utf8::append(piece, char32_t(cp));
            }
            break;
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'o':
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G':
            piece = formatNumber(arg, type, flags, width, precision);
            break;
        default:
            fail(py::kValueError, std::string("unsupported format character '") + type + "'");
        }
        out += piece;
        in.checkSize(out.size());
    }
    in.chargeString(out.size());
    if (!mapping && next < positional.size())
        fail(py::kTypeError, "not all arguments converted during string formatting");
    (void)usedMapping;
    return out;
}

namespace {

// The value a replacement field names: "", "0", "name", then ".attr" and "[key]" steps.
Value fieldValue(Interpreter& in, const std::string& field, CallArgs& args, size_t& autoIndex) {
    size_t nameEnd = field.find_first_of(".[");
    std::string head = field.substr(0, nameEnd);
    Value v;
    if (head.empty()) {
        if (autoIndex >= args.positional.size())
            fail("builtins.IndexError", "Replacement index " + std::to_string(autoIndex) +
                                            " out of range for positional args tuple");
        v = args.positional[autoIndex++];
    } else if (std::all_of(head.begin(), head.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
        size_t digitsAt = 0;
        const auto idx = size_t(readDigits(head, digitsAt, INT64_MAX, kTooManyDigits));
        if (idx >= args.positional.size())
            fail("builtins.IndexError",
                 "Replacement index " + head + " out of range for positional args tuple");
        v = args.positional[idx];
    } else {
        bool found = false;
        for (const auto& [k, val] : args.keyword)
            if (k == head) {
                v = val;
                found = true;
            }
        if (!found) fail("builtins.KeyError", reprString(head));
    }
    size_t p = nameEnd;
    while (p != std::string::npos && p < field.size()) {
        if (field[p] == '.') {
            size_t e = field.find_first_of(".[", p + 1);
            v = in.getAttr(v, field.substr(p + 1, e == std::string::npos ? std::string::npos : e - p - 1));
            p = e;
        } else {
            size_t e = field.find(']', p);
            std::string key = field.substr(p + 1, e - p - 1);
            bool numeric = !key.empty() && std::all_of(key.begin(), key.end(),
                                                       [](char ch) { return ch >= '0' && ch <= '9'; });
            size_t digitsAt = 0;
            v = in.getItem(v, numeric ? Value(readDigits(key, digitsAt, INT64_MAX, kTooManyDigits))
                                      : Value(key));
            p = e == std::string::npos ? e : e + 1;
        }
    }
    return v;
}

// `v` under a format spec: [[fill]align][sign][0][width][,][.precision][type].
std::string formatWithSpec(Interpreter& in, const Value& v, const std::string& spec) {
    size_t k = 0;
    std::string fill = " ";
    char align = v.isNumber() ? '>' : '<';
    auto isAlign = [](char ch) { return ch == '<' || ch == '>' || ch == '^' || ch == '='; };
    if (spec.size() >= 2 && isAlign(spec[1])) {
        fill = spec.substr(0, 1);
        align = spec[1];
        k = 2;
    } else if (!spec.empty() && isAlign(spec[0])) {
        align = spec[0];
        k = 1;
    }
    std::string flags;
    if (k < spec.size() && (spec[k] == '+' || spec[k] == '-' || spec[k] == ' ')) flags += spec[k++];
    if (k < spec.size() && spec[k] == '0') {
        fill = "0";
        if (align != '<' && align != '^') align = '=';
        ++k;
    }
    int64_t width = -1, precision = -1;
    if (k < spec.size() && isdigit(static_cast<unsigned char>(spec[k])))
        width = readDigits(spec, k, INT64_MAX, kTooManyDigits);
    if (k < spec.size() && spec[k] == '.') {
        ++k;
        precision = readDigits(spec, k, INT64_MAX, kTooManyDigits);
    }
    char type = k < spec.size() ? spec[k] : 0;
    if (width > int64_t(in.options().maxOutputBytes)) in.chargeString(size_t(width));
    if (type != 's' && precision > int64_t(in.options().maxOutputBytes)) in.chargeString(size_t(precision));
    if (type == 0 && !v.isNumber()) type = 's';
    std::string text;
    if (type == 's') {
        text = toStr(v);
        if (precision >= 0) {
            std::vector<char32_t> cps = utf8::decode(text);
            if (int64_t(cps.size()) > precision) cps.resize(size_t(precision));
            text = utf8::encode(cps);
        }
    } else if (type == 0) {
        text = v.isFloat() && precision >= 0 ? formatNumber(v, 'g', flags, -1, precision) : toStr(v);
    } else if (type == '%') {
        text =
            formatNumber(Value(v.numberValue() * 100), 'f', flags, -1, precision < 0 ? 6 : precision) + "%";
    } else {
        if ((type == 'f' || type == 'e' || type == 'g' || type == 'F' || type == 'E' || type == 'G') &&
            precision < 0)
            precision = 6;
        text = formatNumber(v, type, flags, -1, precision);
    }
    if (align == '=' && !text.empty() && (text[0] == '-' || text[0] == '+'))
        return text.substr(0, 1) + padTo(text.substr(1), width - 1, '>', fill);
    return padTo(text, width, align == '=' ? '>' : align, fill);
}

} // namespace

std::string braceFormat(Interpreter& in, const std::string& format, CallArgs& args) {
    std::string out;
    size_t autoIndex = 0;
    for (size_t i = 0; i < format.size(); ++i) {
        char c = format[i];
        if (c == '}') {
            if (i + 1 < format.size() && format[i + 1] == '}')
                ++i;
            else
                fail(py::kValueError, "Single '}' encountered in format string");
            out += '}';
            continue;
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        size_t close = format.find('}', i);
        if (close == std::string::npos) fail(py::kValueError, "Single '{' encountered in format string");
        std::string field = format.substr(i + 1, close - i - 1);
        i = close;
        std::string spec, conversion;
        if (size_t colon = field.find(':'); colon != std::string::npos) {
            spec = field.substr(colon + 1);
            field = field.substr(0, colon);
        }
        if (size_t bang = field.find('!'); bang != std::string::npos) {
            conversion = field.substr(bang + 1);
            field = field.substr(0, bang);
        }
        Value v = fieldValue(in, field, args, autoIndex);
        if (conversion == "r" || conversion == "a") {
            v = Value(repr(v));
        } else if (conversion == "s") {
            v = Value(toStr(v));
        }
        out += spec.empty() ? toStr(v) : formatWithSpec(in, v, spec);
        in.checkSize(out.size());
    }
    in.chargeString(out.size());
    return out;
}

std::string formatTime(const std::string& format, const std::tm& tm) {
    static const char* const kDays[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                        "Thursday", "Friday", "Saturday"};
    static const char* const kMonths[] = {"January",   "February", "March",    "April",
                                          "May",       "June",     "July",     "August",
                                          "September", "October",  "November", "December"};
    auto two = [](int v) {
        char b[16];
        std::snprintf(b, sizeof b, "%02d", v);
        return std::string(b);
    };
    std::string out;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%' || i + 1 >= format.size()) {
            out += format[i];
            continue;
        }
        char c = format[++i];
        int wday = ((tm.tm_wday % 7) + 7) % 7, mon = ((tm.tm_mon % 12) + 12) % 12;
        switch (c) {
        case 'a':
            out += std::string(kDays[wday]).substr(0, 3);
            break;
        case 'A':
            out += kDays[wday];
            break;
        case 'b':
        case 'h':
            out += std::string(kMonths[mon]).substr(0, 3);
            break;
        case 'B':
            out += kMonths[mon];
            break;
        case 'd':
            out += two(tm.tm_mday);
            break;
        case 'e': {
            char b[16];
            std::snprintf(b, sizeof b, "%2d", tm.tm_mday);
            out += b;
            break;
        }
        case 'm':
            out += two(mon + 1);
            break;
        case 'y':
            out += two((tm.tm_year + 1900) % 100);
            break;
        case 'Y':
            out += std::to_string(tm.tm_year + 1900);
            break;
        case 'H':
            out += two(tm.tm_hour);
            break;
        case 'I':
            out += two(tm.tm_hour % 12 == 0 ? 12 : tm.tm_hour % 12);
            break;
        case 'M':
            out += two(tm.tm_min);
            break;
        case 'S':
            out += two(tm.tm_sec);
            break;
        case 'p':
            out += tm.tm_hour < 12 ? "AM" : "PM";
            break;
        case 'j': {
            char b[16];
            std::snprintf(b, sizeof b, "%03d", tm.tm_yday + 1);
            out += b;
            break;
        }
        case 'w':
            out += std::to_string(wday);
            break;
        case '%':
            out += '%';
            break;
        default: {
            char spec[3] = {'%', c, 0};
            char b[128];
            size_t n = std::strftime(b, sizeof b, spec, &tm);
            out.append(b, n);
        }
        }
    }
    return out;
}

} // namespace smoldesk::jinja
