#include "grammar/matcher.h"

#include "common/error.h"

#include <algorithm>

namespace smoldesk::grammar {

namespace {
constexpr int32_t kUnknown = -2;
// Above this many stacks in one state the grammar is too ambiguous to follow.
constexpr size_t kMaxStacks = 20000;
// Memory kept for memoised transitions (1 KiB a state) and masks; beyond it they are dropped
// and rebuilt on demand, which costs time but keeps long generations bounded.
constexpr size_t kMaxTransitionTables = 65536;
constexpr size_t kMaxMaskBytes = 64u << 20;
} // namespace

size_t GrammarTables::VecHash::operator()(const std::vector<uint32_t>& v) const {
    uint64_t h = 1469598103934665603ull;
    for (uint32_t x : v) h = (h ^ x) * 1099511628211ull;
    return size_t(h ^ (h >> 29));
}

GrammarTables::GrammarTables(std::shared_ptr<const Grammar> grammar, std::shared_ptr<const VocabTrie> vocab)
    : grammar_(std::move(grammar)), vocab_(std::move(vocab)) {
    nodes_.push_back({0, 0}); // the empty stack: everything matched
    std::vector<uint32_t> start;
    const auto& els = grammar_->elements;
    for (uint32_t alt : grammar_->rules[grammar_->root])
        expand(els[alt].kind == Element::Kind::End ? 0 : node(alt, 0), start);
    initial_ = internSet(start);
}

uint32_t GrammarTables::node(uint32_t pos, uint32_t parent) {
    const uint64_t key = (uint64_t(pos) << 32) | parent;
    auto [it, fresh] = nodeIds_.emplace(key, uint32_t(nodes_.size()));
    if (fresh) nodes_.push_back({pos, parent});
    return it->second;
}

// Adds to `out` every stack reachable from `start` without consuming a byte whose top is a
// byte set (or the empty stack). Terminates because left recursion was refused at parse time.
void GrammarTables::expand(uint32_t start, std::vector<uint32_t>& out) {
    const auto& els = grammar_->elements;
    if (++seenEpoch_ == 0) {
        std::fill(seenMark_.begin(), seenMark_.end(), 0);
        seenEpoch_ = 1;
    }
    work_.clear();
    work_.push_back(start);
    while (!work_.empty()) {
        const uint32_t n = work_.back();
        work_.pop_back();
        if (n >= seenMark_.size()) seenMark_.resize(std::max<size_t>(nodes_.size(), n + 1) * 2, 0);
        if (seenMark_[n] == seenEpoch_) continue;
        seenMark_[n] = seenEpoch_;
        if (n == 0) {
            out.push_back(0);
            continue;
        }
        const Node nd = nodes_[n];
        const Element e = els[nd.pos];
        if (e.kind == Element::Kind::Bytes) {
            out.push_back(n);
            if (out.size() > kMaxStacks)
                throw Error(ErrorCode::InvalidArgument, "The grammar is too ambiguous to follow: more than " +
                                                            std::to_string(kMaxStacks) +
                                                            " parses are open at once.");
            continue;
        }
        if (e.kind == Element::Kind::End) { // not created, but harmless
            work_.push_back(nd.parent);
            continue;
        }
        // A call in the last position returns straight to the caller's caller.
        const uint32_t cont =
            els[nd.pos + 1].kind == Element::Kind::End ? nd.parent : node(nd.pos + 1, nd.parent);
        for (uint32_t alt : grammar_->rules[e.value])
            work_.push_back(els[alt].kind == Element::Kind::End ? cont : node(alt, cont));
    }
}

int32_t GrammarTables::internSet(std::vector<uint32_t>& stacks) {
    if (stacks.empty()) return kDead;
    std::sort(stacks.begin(), stacks.end());
    stacks.erase(std::unique(stacks.begin(), stacks.end()), stacks.end());
    auto it = setIds_.find(stacks);
    if (it != setIds_.end()) return it->second;
    const int32_t id = int32_t(sets_.size());
    sets_.push_back(stacks);
    setIds_.emplace(stacks, id);
    next_.emplace_back();
    return id;
}

int32_t GrammarTables::step(int32_t state, uint8_t byte) {
    if (state < 0) return kDead;
    auto& table = next_[size_t(state)];
    if (table && (*table)[byte] != kUnknown) return (*table)[byte];
    const auto& els = grammar_->elements;
    std::vector<uint32_t> out;
    // Copy: expand() may grow sets_ indirectly? No, but nodes_ grows, so read by value.
    const std::vector<uint32_t> stacks = sets_[size_t(state)];
    for (uint32_t n : stacks) {
        if (n == 0) continue;
        const Node nd = nodes_[n];
        if (!grammar_->byteSets[els[nd.pos].value].has(byte)) continue;
        const uint32_t next =
            els[nd.pos + 1].kind == Element::Kind::End ? nd.parent : node(nd.pos + 1, nd.parent);
        expand(next, out);
    }
    const int32_t result = internSet(out);
    auto& t = next_[size_t(state)]; // next_ may have grown
    if (!t) {
        if (transitionTables_ >= kMaxTransitionTables) trimMemory();
        auto& t2 = next_[size_t(state)];
        t2 = std::make_unique<std::array<int32_t, 256>>();
        t2->fill(kUnknown);
        ++transitionTables_;
        (*t2)[byte] = result;
        return result;
    }
    (*t)[byte] = result;
    return result;
}

void GrammarTables::trimMemory() {
    for (auto& t : next_) t.reset();
    transitionTables_ = 0;
}

int32_t GrammarTables::advance(int32_t state, uint8_t byte) {
    std::lock_guard lock(mutex_);
    return step(state, byte);
}

int32_t GrammarTables::advance(int32_t state, std::string_view bytes) {
    std::lock_guard lock(mutex_);
    for (char c : bytes) {
        state = step(state, uint8_t(c));
        if (state < 0) break;
    }
    return state;
}

bool GrammarTables::canEnd(int32_t state) {
    std::lock_guard lock(mutex_);
    if (state < 0) return false;
    const auto& s = sets_[size_t(state)];
    return !s.empty() && s.front() == 0; // sorted: the empty stack comes first
}

size_t GrammarTables::stateCount() {
    std::lock_guard lock(mutex_);
    return sets_.size();
}

const std::vector<uint64_t>& GrammarTables::allowedTokens(int32_t state) {
    std::lock_guard lock(mutex_);
    if (!vocab_) throw Error(ErrorCode::InvalidArgument, "This grammar was compiled without a vocabulary.");
    const size_t words = (vocab_->vocabSize() + 63) / 64;
    if (state < 0) {
        scratchMask_.assign(words, 0);
        return scratchMask_;
    }
    auto cached = masks_.find(state);
    if (cached != masks_.end()) return cached->second;

    std::vector<uint64_t> mask(words, 0);
    auto set = [&](int32_t id) { mask[size_t(id) >> 6] |= uint64_t(1) << (id & 63); };
    if (sets_[size_t(state)].front() == 0)
        for (int32_t id : vocab_->endTokens()) set(id);
    // Depth-first over the trie; a subtree is skipped as soon as its prefix is rejected.
    struct Frame {
        uint32_t node;
        int32_t state;
    };
    std::vector<Frame> stack{{0, state}};
    while (!stack.empty()) {
        const Frame f = stack.back();
        stack.pop_back();
        for (const auto* e = vocab_->edgesBegin(f.node); e != vocab_->edgesEnd(f.node); ++e) {
            const int32_t t = step(f.state, e->byte);
            if (t < 0) continue;
            for (const int32_t* id = vocab_->tokensBegin(e->child); id != vocab_->tokensEnd(e->child); ++id)
                set(*id);
            if (vocab_->edgesBegin(e->child) != vocab_->edgesEnd(e->child)) stack.push_back({e->child, t});
        }
    }
    const size_t bytes = words * sizeof(uint64_t);
    if (maskBytes_ + bytes > kMaxMaskBytes) {
        masks_.clear();
        maskBytes_ = 0;
    }
    maskBytes_ += bytes;
    return masks_.emplace(state, std::move(mask)).first->second;
}

GrammarMatcher::GrammarMatcher(std::shared_ptr<GrammarTables> tables)
    : tables_(std::move(tables)), state_(tables_->initialState()) {}

bool GrammarMatcher::accept(std::string_view bytes) {
    const int32_t next = tables_->advance(state_, bytes);
    if (next < 0) return false;
    state_ = next;
    return true;
}

bool GrammarMatcher::acceptToken(int32_t id) {
    const VocabTrie* v = tables_->vocab();
    if (!v || id < 0 || size_t(id) >= v->vocabSize()) return false;
    if (std::find(v->endTokens().begin(), v->endTokens().end(), id) != v->endTokens().end()) return canEnd();
    const std::string& p = v->piece(id);
    if (!p.empty() && accept(p)) return true;
    for (std::string_view key : v->aliasesOf(id)) // a control token named by a token reference
        if (accept(key)) return true;
    return false;
}

bool GrammarMatcher::mustEnd() const {
    if (!canEnd()) return false;
    for (int b = 0; b < 256; ++b)
        if (tables_->advance(state_, uint8_t(b)) >= 0) return false;
    return true;
}

bool matchesWhole(GrammarTables& tables, std::string_view text) {
    const int32_t s = tables.advance(tables.initialState(), text);
    return s >= 0 && tables.canEnd(s);
}

} // namespace smoldesk::grammar
