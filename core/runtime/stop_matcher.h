#pragma once
// Finds stop strings in streamed text. Text that might be the start of a stop string is
// held back until it is clear, so a stop string never reaches the user, even when it
// arrives split over several tokens.
#include <string>
#include <vector>

namespace smoldesk::runtime {

class StopMatcher {
  public:
    explicit StopMatcher(std::vector<std::string> stops);
    // Adds text; returns what can be shown now. Sets stopped() once a stop string appears
    // (the returned text then ends just before it).
    std::string push(const std::string& text);
    // Releases held-back text at the end of generation.
    std::string flush();
    bool stopped() const { return stopped_; }

  private:
    std::vector<std::string> stops_;
    std::string pending_;
    bool stopped_ = false;
};

} // namespace smoldesk::runtime
