#pragma once
// Compiled grammars kept by their source, so that a server answering the same schema again
// (every request of an agent, typically) neither converts nor parses it again, and keeps the
// automaton and the token masks the earlier requests built.
#include "grammar/matcher.h"

#include <list>
#include <memory>
#include <mutex>
#include <string>

namespace smoldesk::grammar {

struct GrammarSource {
    enum class Kind { Gbnf, JsonSchema, AnyJsonObject };
    Kind kind = Kind::Gbnf;
    std::string text; // GBNF or the schema's JSON; unused for AnyJsonObject
};

// The GBNF text a source stands for. Throws Error(InvalidArgument) with one sentence.
std::string toGbnf(const GrammarSource& source);

class GrammarCache {
  public:
    explicit GrammarCache(size_t capacity = 16) : capacity_(capacity) {}
    // The tables for this source over this vocabulary, compiled now or found. Throws Error.
    std::shared_ptr<GrammarTables> get(const GrammarSource& source, std::shared_ptr<const VocabTrie> vocab);
    size_t hits() const { return hits_; }
    size_t misses() const { return misses_; }

  private:
    struct Entry {
        std::string key;
        const VocabTrie* vocab;
        std::shared_ptr<GrammarTables> tables;
    };
    size_t capacity_;
    std::mutex mutex_;
    std::list<Entry> entries_; // most recently used first
    size_t hits_ = 0, misses_ = 0;
};

} // namespace smoldesk::grammar
