#pragma once
// Minimal argument scanning shared by the CLI commands. Usage errors throw UsageError,
// which main() turns into one sentence on stderr and exit code 1.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace smoldesk::cli {

// Exit codes: 0 ok, 1 usage, 2 bad model file, 3 template error, 4 runtime failure.
enum ExitCode { kExitOk = 0, kExitUsage = 1, kExitBadFile = 2, kExitTemplate = 3, kExitRuntime = 4 };

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Args {
  public:
    Args(int argc, char** argv, int first);
    // Takes "--name VALUE" (or "-n VALUE" when alias given) out of the list.
    std::optional<std::string> option(const std::string& name, const std::string& alias = "");
    bool flag(const std::string& name, const std::string& alias = "");
    int64_t intOption(const std::string& name, const std::string& alias, int64_t fallback);
    double floatOption(const std::string& name, const std::string& alias, double fallback);
    // What is left after options were taken; an unknown "-x" left over is a usage error.
    std::vector<std::string> positionals();
    // Options the command takes later (after the model loaded): rejectUnknownOptions lets them be.
    void defer(std::initializer_list<const char*> names);
    // Throws UsageError for an option left over that was neither taken nor deferred (or one
    // given twice): called before slow work (loadSession does), so that a mistyped option is
    // refused at once, in one sentence.
    void rejectUnknownOptions() const;
    // Whether the command looked at what was left (positionals or rejectUnknownOptions).
    bool checked() const { return checked_; }

  private:
    bool looksLikeOption(const std::string& a) const;
    void rejectOption(const std::string& a) const;

    std::vector<std::string> args_;
    std::vector<std::string> afterDashDash_;
    std::vector<std::string> taken_;    // the names of the options taken so far
    std::vector<std::string> deferred_; // see defer()
    mutable bool checked_ = false;
};

int64_t parseInt(const std::string& text, const std::string& what);
double parseFloat(const std::string& text, const std::string& what);

} // namespace smoldesk::cli
