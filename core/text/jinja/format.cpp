// Python string formatting used by templates: `str % args` (and the |format filter),
// str.format(), and datetime.strftime in the C locale.
#include "text/jinja/builtins.h"
#include "text/jinja/failure.h"
#include "text/jinja/interpreter.h"
#include "text/jinja/utf8.h"

#include <algorithm>
#include <cctype>
#include <cmath>
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

std::string formatNumber(const Value& v, char type, const std::string& flags, int64_t width,
                         int64_t precision) {
    std::string spec = "%" + flags;
    if (width >= 0) spec += std::to_string(std::min<int64_t>(width, 4096));
    if (precision >= 0) spec += "." + std::to_string(std::min<int64_t>(precision, 300));
    char buf[5000];
    switch (type) {
    case 'd':
    case 'i':
    case 'u': {
        if (!v.isNumber())
            fail(py::kTypeError,
                 std::string("%") + type + " format: a real number is required, not " + typeName(v));
        long long i = v.isFloat() ? (long long)std::trunc(v.numberValue()) : (long long)v.intValue();
        std::snprintf(buf, sizeof buf, (spec + "lld").c_str(), i);
        return buf;
    }
    case 'x':
    case 'X':
    case 'o': {
        if (!v.isInt() && !v.isBool())
            fail(py::kTypeError,
                 std::string("%") + type + " format: an integer is required, not " + typeName(v));
        long long i = (long long)v.intValue();
        std::string sign = i < 0 ? "-" : "";
        std::snprintf(buf, sizeof buf, (spec + "ll" + type).c_str(), (unsigned long long)(i < 0 ? -i : i));
        return sign + buf;
    }
    default: {
        double d = numberArg(v, type);
        std::snprintf(buf, sizeof buf, (spec + type).c_str(), d);
        return buf;
    }
    }
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
        } else {
            while (i < format.size() && isdigit(static_cast<unsigned char>(format[i])))
                width = std::max<int64_t>(width, 0) * 10 + (format[i++] - '0');
        }
        if (i < format.size() && format[i] == '.') {
            ++i;
            precision = 0;
            while (i < format.size() && isdigit(static_cast<unsigned char>(format[i])))
                precision = precision * 10 + (format[i++] - '0');
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
            if (arg.isString())
                piece = arg.str();
            else
                utf8::append(piece, char32_t(toInt(arg, "%c")));
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
        size_t nameEnd = field.find_first_of(".[");
        std::string head = field.substr(0, nameEnd);
        Value v;
        if (head.empty()) {
            if (autoIndex >= args.positional.size())
                fail("builtins.IndexError", "Replacement index " + std::to_string(autoIndex) +
                                                " out of range for positional args tuple");
            v = args.positional[autoIndex++];
        } else if (std::all_of(head.begin(), head.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
            size_t idx = std::stoul(head);
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
                v = in.getAttr(v,
                               field.substr(p + 1, e == std::string::npos ? std::string::npos : e - p - 1));
                p = e;
            } else {
                size_t e = field.find(']', p);
                std::string key = field.substr(p + 1, e - p - 1);
                bool numeric = !key.empty() && std::all_of(key.begin(), key.end(),
                                                           [](char ch) { return ch >= '0' && ch <= '9'; });
                v = in.getItem(v, numeric ? Value(int64_t(std::stoll(key))) : Value(key));
                p = e == std::string::npos ? e : e + 1;
            }
        }
        std::string text;
        if (conversion == "r" || conversion == "a") {
            v = Value(repr(v));
        } else if (conversion == "s") {
            v = Value(toStr(v));
        }
        if (spec.empty()) {
            text = toStr(v);
        } else {
            // [[fill]align][sign][0][width][,][.precision][type]
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
            while (k < spec.size() && isdigit(static_cast<unsigned char>(spec[k])))
                width = std::max<int64_t>(width, 0) * 10 + (spec[k++] - '0');
            if (k < spec.size() && spec[k] == '.') {
                precision = 0;
                ++k;
                while (k < spec.size() && isdigit(static_cast<unsigned char>(spec[k])))
                    precision = precision * 10 + (spec[k++] - '0');
            }
            char type = k < spec.size() ? spec[k] : 0;
            if (width > int64_t(in.options().maxOutputBytes)) in.chargeString(size_t(width));
            if (type == 0 && !v.isNumber()) type = 's';
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
                text = formatNumber(Value(v.numberValue() * 100), 'f', flags, -1,
                                    precision < 0 ? 6 : precision) +
                       "%";
            } else {
                if ((type == 'f' || type == 'e' || type == 'g' || type == 'F' || type == 'E' ||
                     type == 'G') &&
                    precision < 0)
                    precision = 6;
                text = formatNumber(v, type, flags, -1, precision);
            }
            if (align == '=' && !text.empty() && (text[0] == '-' || text[0] == '+')) {
                text = text.substr(0, 1) + padTo(text.substr(1), width - 1, '>', fill);
            } else {
                text = padTo(text, width, align == '=' ? '>' : align, fill);
            }
        }
        out += text;
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
