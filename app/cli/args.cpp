#include "args.h"

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
            args_.erase(args_.begin() + static_cast<long>(i), args_.begin() + static_cast<long>(i) + 2);
            return v;
        }
        if (a.rfind(name + "=", 0) == 0) {
            std::string v = a.substr(name.size() + 1);
            args_.erase(args_.begin() + static_cast<long>(i));
            return v;
        }
    }
    return std::nullopt;
}

bool Args::flag(const std::string& name, const std::string& alias) {
    for (size_t i = 0; i < args_.size(); ++i)
        if (args_[i] == name || (!alias.empty() && args_[i] == alias)) {
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

std::vector<std::string> Args::positionals() {
    for (const auto& a : args_)
        if (a.size() > 1 && a[0] == '-' &&
            !(a.size() > 1 && (std::isdigit(static_cast<unsigned char>(a[1])))))
            throw UsageError("Unknown option " + a + ".");
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
