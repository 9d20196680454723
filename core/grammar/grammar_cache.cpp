#include "grammar/grammar_cache.h"

#include "grammar/gbnf_parser.h"
#include "grammar/json_schema.h"

namespace smoldesk::grammar {

std::string toGbnf(const GrammarSource& source) {
    switch (source.kind) {
    case GrammarSource::Kind::Gbnf:
        return source.text;
    case GrammarSource::Kind::JsonSchema:
        return schemaToGbnf(std::string_view(source.text));
    case GrammarSource::Kind::AnyJsonObject:
        return anyJsonObjectGbnf();
    }
    return source.text;
}

std::shared_ptr<GrammarTables> GrammarCache::get(const GrammarSource& source,
                                                 std::shared_ptr<const VocabTrie> vocab) {
    const std::string key = std::to_string(int(source.kind)) + ":" + source.text;
    {
        std::lock_guard lock(mutex_);
        for (auto it = entries_.begin(); it != entries_.end(); ++it)
            if (it->key == key && it->vocab == vocab.get()) {
                entries_.splice(entries_.begin(), entries_, it);
                ++hits_;
                return entries_.front().tables;
            }
    }
    // Compiled outside the lock: a large grammar must not hold up other requests' lookups.
    auto grammar = std::make_shared<const Grammar>(parseGbnf(toGbnf(source)));
    auto tables = std::make_shared<GrammarTables>(std::move(grammar), vocab);
    std::lock_guard lock(mutex_);
    ++misses_;
    entries_.push_front({key, vocab.get(), tables});
    while (entries_.size() > capacity_) entries_.pop_back();
    return tables;
}

} // namespace smoldesk::grammar
