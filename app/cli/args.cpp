#include "args.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace smoldesk::cli {

Args::Args(int argc, char** argv, int first) {
    bool dashdash = false;
    for (int i = first; i < argc; ++i) {
        std::string a = argv[i];
        if (!dashdash && a == "--") {
            dashdash = true;
            continue;
        }
        (dashdash ? afterDashDash_ : args_).push_back(a);
    }
}

std::optional<std::string> Args::option(const std::string& name, const std::string& alias) {
    for (size_t i = 0; i < args_.size(); ++i) {
        const std::string& a = args_[i];
        if (a == name || (!alias.empty() && a == alias)) {
            if (i + 1 >= args_.size()) throw UsageError("Option " + a + " needs a value.");
            std::string v = args_[i + 1];
            taken_.push_back(a); // before the erase: `a` refers into args_
            args_.erase(args_.begin() + static_cast<long>(i), args_.begin() + static_cast<long>(i) + 2);
            return v;
        }
        if (a.rfind(name + "=", 0) == 0) {
            std::string v = a.substr(name.size() + 1);
            args_.erase(args_.begin() + static_cast<long>(i));
            taken_.push_back(name);
            return v;
        }
    }
    return std::nullopt;
}

bool Args::flag(const std::string& name, const std::string& alias) {
    for (size_t i = 0; i < args_.size(); ++i)
        if (args_[i] == name || (!alias.empty() && args_[i] == alias)) {
            taken_.push_back(args_[i]);
            args_.erase(args_.begin() + static_cast<long>(i));
            return true;
        }
    return false;
}

int64_t Args::intOption(const std::string& name, const std::string& alias, int64_t fallback) {
    auto v = option(name, alias);
    return v ? parseInt(*v, name) : fallback;
}

double Args::floatOption(const std::string& name, const std::string& alias, double fallback) {
    auto v = option(name, alias);
    return v ? parseFloat(*v, name) : fallback;
}

// A negative number ("-5") is a value, not an option.
bool Args::looksLikeOption(const std::string& a) const {
    return a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]));
}

void Args::rejectOption(const std::string& a) const {
    const std::string name = a.substr(0, a.find('='));
    if (std::find(taken_.begin(), taken_.end(), name) != taken_.end())
        throw UsageError("Option " + name + " is given more than once.");
    throw UsageError("Unknown option " + a + " (smoldesk-cli --help lists each command's options).");
}

void Args::defer(std::initializer_list<const char*> names) {
    deferred_.insert(deferred_.end(), names.begin(), names.end());
}

void Args::rejectUnknownOptions() const {
    checked_ = true;
    for (const auto& a : args_) {
        if (!looksLikeOption(a)) continue;
        const std::string name = a.substr(0, a.find('='));
        if (std::find(deferred_.begin(), deferred_.end(), name) == deferred_.end()) rejectOption(a);
    }
}

std::vector<std::string> Args::positionals() {
    checked_ = true;
    for (const auto& a : args_)
        if (looksLikeOption(a)) rejectOption(a);
    std::vector<std::string> out = args_;
    out.insert(out.end(), afterDashDash_.begin(), afterDashDash_.end());
    return out;
}

int64_t parseInt(const std::string& text, const std::string& what) {
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE)
        throw UsageError(what + " expects an integer, not '" + text + "'.");
    return v;
}

double parseFloat(const std::string& text, const std::string& what) {
    errno = 0;
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE)
        throw UsageError(what + " expects a number, not '" + text + "'.");
    return v;
}

} // namespace smoldesk::cli
