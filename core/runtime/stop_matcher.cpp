#include "runtime/stop_matcher.h"

#include <algorithm>

namespace smoldesk::runtime {

StopMatcher::StopMatcher(std::vector<std::string> stops) {
    for (auto& s : stops)
        if (!s.empty()) stops_.push_back(std::move(s));
}

std::string StopMatcher::push(const std::string& text) {
    if (stopped_) return {};
    pending_ += text;
    size_t firstStop = std::string::npos;
    for (const auto& s : stops_) firstStop = std::min(firstStop, pending_.find(s));
    if (firstStop != std::string::npos) {
        stopped_ = true;
        std::string out = pending_.substr(0, firstStop);
        pending_.clear();
        return out;
    }
    // Hold back the longest suffix that is a proper prefix of some stop string.
    size_t hold = 0;
    for (const auto& s : stops_)
        for (size_t len = std::min(s.size() - 1, pending_.size()); len > hold; --len)
            if (pending_.compare(pending_.size() - len, len, s, 0, len) == 0) {
                hold = len;
                break;
            }
    std::string out = pending_.substr(0, pending_.size() - hold);
    pending_.erase(0, pending_.size() - hold);
    return out;
}

std::string StopMatcher::flush() {
    std::string out;
    out.swap(pending_);
    return stopped_ ? std::string() : out;
}

} // namespace smoldesk::runtime
