// The GBNF parser and the matcher against independent references: Qt's UTF-8 encoder for the
// character classes, std::regex for regular grammars and JSON Schema patterns, integer
// comparison for the bound grammars, and a token-by-token check for the trie-walked masks.
#include "common/error.h"
#include "gguf/file.h"
#include "grammar/gbnf_parser.h"
#include "grammar/grammar_cache.h"
#include "grammar/json_schema.h"
#include "grammar/matcher.h"
#include "test_data.h"
#include "text/tokenizer.h"

#include <QtTest>

#include <chrono>

#include <random>
#include <regex>

using namespace smoldesk;
using namespace smoldesk::grammar;

namespace {

std::shared_ptr<GrammarTables> compile(const std::string& gbnf,
                                       std::shared_ptr<const VocabTrie> vocab = nullptr) {
    return std::make_shared<GrammarTables>(std::make_shared<const Grammar>(parseGbnf(gbnf)),
                                           std::move(vocab));
}

std::shared_ptr<GrammarTables> compileSchema(const std::string& schema) {
    return compile(schemaToGbnf(std::string_view(schema)));
}

std::string utf8(char32_t cp) {
    return QString::fromUcs4(&cp, 1).toUtf8().toStdString();
}

std::string randomString(std::mt19937& rng, const std::string& alphabet, size_t maxLen) {
    std::uniform_int_distribution<size_t> len(0, maxLen), pick(0, alphabet.size() - 1);
    std::string s(len(rng), ' ');
    for (auto& c : s) c = alphabet[pick(rng)];
    return s;
}

} // namespace

class TestGrammar : public QObject {
    Q_OBJECT
  private slots:
    // "." accepts every code point exactly as Qt encodes it, and rejects what is not UTF-8.
    void anyCharacterIsUtf8() {
        auto t = compile("root ::= .");
        std::mt19937 rng(7);
        std::uniform_int_distribution<uint32_t> cp(0, 0x10FFFF);
        int checked = 0;
        for (uint32_t c :
             {0x0u, 0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xD7FFu, 0xE000u, 0xFFFFu, 0x10000u, 0x10FFFFu}) {
            QVERIFY2(matchesWhole(*t, utf8(c)), qPrintable(QString::number(c, 16)));
            ++checked;
        }
        while (checked < 3000) {
            const uint32_t c = cp(rng);
            if (c >= 0xD800 && c <= 0xDFFF) continue;
            QVERIFY2(matchesWhole(*t, utf8(c)), qPrintable(QString::number(c, 16)));
            ++checked;
        }
        for (const char* bad :
             {"\xC0\x80", "\xED\xA0\x80", "\xF5\x80\x80\x80", "\x80", "\xE0\x80\x80", "\xF4\x90\x80\x80"})
            QVERIFY2(!matchesWhole(*t, bad), bad);
    }

    // A negated class with non-ASCII members: membership agrees with the code point test.
    void classesOverCodePoints() {
        auto t = compile(R"(root ::= [^a-zé\u4E00-\u9FFF])");
        std::mt19937 rng(3);
        std::uniform_int_distribution<uint32_t> cp(0, 0x2FFFF);
        for (int i = 0; i < 4000; ++i) {
            const uint32_t c = i < 256 ? uint32_t(i) : cp(rng);
            if (c >= 0xD800 && c <= 0xDFFF) continue;
            const bool in = (c >= 'a' && c <= 'z') || c == 0xE9 || (c >= 0x4E00 && c <= 0x9FFF);
            QCOMPARE(matchesWhole(*t, utf8(c)), !in);
        }
    }

    // Regular grammars agree with std::regex on random strings.
    void regularGrammarsAgreeWithStdRegex() {
        struct Case {
            const char* gbnf;
            const char* regex;
            const char* alphabet;
        } cases[] = {
            {R"(root ::= "a"+ [0-9]{2,3} ("x" | "yz")*)", "a+[0-9]{2,3}(x|yz)*", "a0159xyz"},
            {"root ::= item (\",\" item)*\nitem ::= [a-c]? \"-\"{1,2}", "[a-c]?-{1,2}(,[a-c]?-{1,2})*",
             "abc-,d"},
            {"root ::= (\"ab\" | \"a\") (\"bc\" | \"c\")? \"d\"{0,}  # ambiguous on purpose",
             "(ab|a)(bc|c)?d*", "abcd"},
            {"root ::= x{3}\nx ::= \"0\" | \"1\" y\ny ::= | \"2\"", "(0|12?){3}", "0123"},
        };
        std::mt19937 rng(11);
        for (const auto& c : cases) {
            auto t = compile(c.gbnf);
            const std::regex re(c.regex);
            int accepted = 0;
            for (int i = 0; i < 3000; ++i) {
                const std::string s = randomString(rng, c.alphabet, 9);
                const bool want = std::regex_match(s, re);
                accepted += want;
                QVERIFY2(matchesWhole(*t, s) == want,
                         qPrintable(QString::fromStdString(c.regex + (" on " + s))));
            }
            QVERIFY2(accepted > 10, c.regex); // the strings reached the accepting side too
        }
    }

    void nestedGrammar() {
        auto t = compile(R"G(root ::= expr
expr ::= term (("+" | "-") term)*
term ::= [0-9]+ | "(" expr ")")G");
        for (const char* ok : {"1", "1+2", "(1+2)-3", "((((7))))", "1+(2-(3+4))"})
            QVERIFY(matchesWhole(*t, ok));
        for (const char* bad : {"", "+", "(1", "1+", "((1)", "1)"}) QVERIFY(!matchesWhole(*t, bad));
    }

    void badGrammarsGiveOneSentence() {
        const char* bad[] = {
            "",
            "root ::= foo",
            "root ::= \"a\"\nroot ::= \"b\"",
            "root ::= [",
            "root ::= \"abc",
            "root ::= (\"a\"",
            "root ::= \"\\q\"",
            "root ::= \"a\"{3,2}",
            "root ::= \"a\"{99999}",
            "root ::= *",
            "root ::= root \"a\"",
            "root ::= x\nx ::= y? x \"a\"\ny ::= \"b\"",
            "notroot ::= \"a\"",
            "root := \"a\"",
            "root ::= [z-a]",
            "root ::= !<[12]>",
        };
        for (const char* g : bad) {
            try {
                parseGbnf(g);
                QFAIL(qPrintable(QString("accepted: ") + g));
            } catch (const Error& e) {
                const std::string what = e.what();
                QVERIFY2(what.rfind("Grammar line ", 0) == 0 && what.back() == '.', e.what());
            }
        }
    }

    // Integer bounds: accepted exactly when lo <= x <= hi.
    void integerBounds() {
        struct B {
            const char* schema;
            int64_t lo, hi;
        } cases[] = {
            {R"({"type":"integer","minimum":0,"maximum":120})", 0, 120},
            {R"({"type":"integer","minimum":-35,"maximum":-7})", -35, -7},
            {R"({"type":"integer","exclusiveMinimum":-1000,"maximum":999})", -999, 999},
            {R"({"type":"integer","minimum":17})", 17, INT64_MAX},
            {R"({"type":"integer","maximum":-3})", INT64_MIN, -3},
            {R"({"type":"integer","minimum":1.5,"exclusiveMaximum":301})", 2, 300},
        };
        for (const auto& c : cases) {
            auto t = compileSchema(c.schema);
            for (int64_t x = -1300; x <= 1300; ++x)
                QVERIFY2(matchesWhole(*t, std::to_string(x)) == (x >= c.lo && x <= c.hi),
                         qPrintable(QString("%1 on %2").arg(c.schema).arg(x)));
            QVERIFY(!matchesWhole(*t, "007"));
        }
    }

    // Token references match exactly the control token they name (by text or id) and nothing a
    // grammar's text could spell; raw byte tokens F5–FF stay out; malformed references are refused.
    void tokenReferences() {
        const std::vector<std::string> pieces{"a", "b", "\xFF", "", "<|x|>"};
        auto vocab = std::make_shared<const VocabTrie>(
            pieces, std::vector<int32_t>{},
            std::vector<VocabTrie::Alias>{{3, tokenTextKey("<|x|>")}, {3, tokenIdKey(3)}});
        auto bit = [](const std::vector<uint64_t>& mask, int id) { return (mask[0] >> id) & 1; };
        for (const char* g : {R"(root ::= "a" <|x|> "b")", R"(root ::= "a" <[3]> "b")"}) {
            auto t = compile(g, vocab);
            GrammarMatcher m(t);
            QVERIFY(m.acceptToken(0));
            const auto& mask = m.allowedTokens();
            QVERIFY2(bit(mask, 3) && !bit(mask, 0) && !bit(mask, 1) && !bit(mask, 2) && !bit(mask, 4), g);
            QVERIFY(!m.acceptToken(2));
            QVERIFY(!m.acceptToken(4)); // the same text as an ordinary token is not the control token
            QVERIFY(m.acceptToken(3));
            QVERIFY(m.acceptToken(1));
            QVERIFY(m.canEnd());
        }
        // Without a reference no grammar admits a control token or a raw F5–FF byte.
        auto any = compile("root ::= .*", vocab);
        GrammarMatcher m(any);
        QVERIFY(!bit(m.allowedTokens(), 2) && !bit(m.allowedTokens(), 3));
        QVERIFY(bit(m.allowedTokens(), 0) && bit(m.allowedTokens(), 4));
        for (const char* bad : {"root ::= !<x>", "root ::= <x", "root ::= < x>", "root ::= <[12a]>",
                                "root ::= <[]>", "root ::= <>"}) {
            try {
                parseGbnf(bad);
                QFAIL(bad);
            } catch (const Error& e) {
                QVERIFY2(std::string(e.what()).find("Grammar line 1") == 0, e.what());
            }
        }
    }

    // Every number a JSON grammar admits is a finite double (the asan run's random model once wrote
    // {"…": 333e437}, which QJsonDocument refuses).
    void numbersStayFinite() {
        auto object = compile(anyJsonObjectGbnf());
        QVERIFY(matchesWhole(*object, R"({"a": -1234567890123456.25e-99})"));
        QVERIFY(matchesWhole(*object, R"({"a": 1E+99})"));
        QVERIFY(!matchesWhole(*object, R"({"a": 333e437})"));
        QVERIFY(!matchesWhole(*object, R"({"a": 1e100})"));
        QVERIFY(!matchesWhole(*object, R"({"a": 12345678901234567})"));
        auto number = compileSchema(R"({"type": "number"})");
        QVERIFY(matchesWhole(*number, "9.5e99"));
        QVERIFY(!matchesWhole(*number, "9.5e308"));
    }

    // Generation writes only declared keys unless additionalProperties says otherwise (as
    // llama.cpp does); validation semantics admit undeclared keys (the specification's default).
    void undeclaredKeys() {
        const std::string declared = R"({"type":"object","properties":{"a":{"type":"integer"}}})";
        auto gen = compileSchema(declared);
        auto spec = compile(schemaToGbnf(std::string_view(declared), UndeclaredKeys::Validation));
        QVERIFY(matchesWhole(*gen, R"({"a": 1})"));
        QVERIFY(matchesWhole(*gen, "{}"));
        QVERIFY(!matchesWhole(*gen, R"({"a": 1, "b": 2})"));
        QVERIFY(!matchesWhole(*gen, R"({"b": 2})"));
        QVERIFY(matchesWhole(*spec, R"({"a": 1, "b": 2})"));
        QVERIFY(!matchesWhole(*spec, R"({"a": "x"})"));

        auto open = compileSchema(R"({"type":"object","properties":{"a":{}},"additionalProperties":true})");
        QVERIFY(matchesWhole(*open, R"({"a": 1, "b": [2]})"));
        auto typed = compileSchema(
            R"({"type":"object","properties":{"a":{}},"additionalProperties":{"type":"string"}})");
        QVERIFY(matchesWhole(*typed, R"({"a": 1, "b": "x"})"));
        QVERIFY(!matchesWhole(*typed, R"({"a": 1, "b": 2})"));
        // Nothing declared: any object, as before.
        QVERIFY(matchesWhole(*compileSchema(R"({"type":"object"})"), R"({"b": 2})"));
        // A required key the properties do not describe is declared too.
        auto req = compileSchema(R"({"type":"object","required":["id"]})");
        QVERIFY(matchesWhole(*req, R"({"id": true})"));
        QVERIFY(!matchesWhole(*req, R"({"id": true, "x": 1})"));
    }

    // Number bounds: decimals with up to three fraction digits, accepted exactly when they lie
    // within the bounds (compared as integers of thousandths, so no rounding is involved).
    void numberBounds() {
        struct B {
            const char* schema;
            int64_t lo, hi; // thousandths, inclusive
        } cases[] = {
            {R"({"type":"number","minimum":1.1})", 1100, INT64_MAX},
            {R"({"type":"number","exclusiveMaximum":-2.25})", INT64_MIN, -2251},
            {R"({"type":"number","minimum":-3.5,"maximum":12.75})", -3500, 12750},
            {R"({"type":"number","exclusiveMinimum":0,"exclusiveMaximum":3})", 1, 2999},
            {R"({"type":"number","minimum":-20.125,"exclusiveMaximum":-4})", -20125, -4001},
        };
        std::mt19937 rng(9);
        std::uniform_int_distribution<int64_t> milli(-30000, 30000);
        for (const auto& c : cases) {
            auto t = compileSchema(c.schema);
            for (int i = 0; i < 3000; ++i) {
                const int64_t x = i < 61 ? (i - 30) * 1000 : milli(rng);
                const int64_t a = x < 0 ? -x : x;
                std::string text = (x < 0 ? "-" : "") + std::to_string(a / 1000);
                const int64_t frac = a % 1000;
                if (frac || i % 3 == 0) { // also "2.000"-style spellings of whole numbers
                    char buf[8];
                    std::snprintf(buf, sizeof buf, ".%03d", int(frac));
                    text += buf;
                    if (i % 2)
                        while (text.back() == '0' && text[text.size() - 2] != '.') text.pop_back();
                }
                QVERIFY2(matchesWhole(*t, text) == (x >= c.lo && x <= c.hi),
                         qPrintable(QString("%1 on %2").arg(c.schema, QString::fromStdString(text))));
            }
        }
    }

    // pattern agrees with std::regex (ECMAScript, search semantics) on the string's content.
    void patternsAgreeWithStdRegex() {
        const char* patterns[] = {"^[a-c]+x?\\d{2}$", "ab|^c", "^(de|f)*$",
                                  "[^abc]b",          "^a.c$", "^\\w+@[a-z]+\\.(com|org)$"};
        std::mt19937 rng(5);
        int matched = 0;
        for (const char* p : patterns) {
            auto t = compileSchema(std::string(R"({"type":"string","pattern":)") + "\"" +
                                   QString(p).replace("\\", "\\\\").toStdString() + "\"}");
            const std::regex re(p);
            for (int i = 0; i < 2000; ++i) {
                const std::string s = randomString(rng, "abcdefx12_@.gmorq", 8);
                matched += std::regex_search(s, re);
                QVERIFY2(matchesWhole(*t, "\"" + s + "\"") == std::regex_search(s, re),
                         qPrintable(QString("%1 on %2").arg(p, QString::fromStdString(s))));
            }
        }
        QVERIFY(matched > 200);
    }

    // format "date" agrees with QDate on every day, month and leap-year rule.
    void datesAgreeWithQDate() {
        auto t = compileSchema(R"({"type":"string","format":"date"})");
        int valid = 0;
        for (int y : {1896, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 1, 404, 9999})
            for (int m = 0; m <= 13; ++m)
                for (int d = 0; d <= 32; ++d) {
                    const std::string text = QString::asprintf("\"%04d-%02d-%02d\"", y, m, d).toStdString();
                    const bool want = QDate(y, m, d).isValid();
                    valid += want;
                    QVERIFY2(matchesWhole(*t, text) == want, text.c_str());
                }
        QVERIFY(valid > 3000);
    }

    void unsupportedKeywordsAreRefused() {
        const char* schemas[] = {
            R"({"type":"object","patternProperties":{"^a":{}}})",
            R"({"not":{"type":"string"}})",
            R"({"type":"array","uniqueItems":true})",
            R"({"type":"number","minimum":0.5,"maximum":0.9})",
            R"({"$ref":"http://example.com/schema.json"})",
            R"({"type":"string","pattern":"(a)\\1"})",
            R"({"type":"wrong"})",
            R"({"type":)",
        };
        for (const char* s : schemas) {
            try {
                schemaToGbnf(std::string_view(s));
                QFAIL(qPrintable(QString("accepted: ") + s));
            } catch (const Error& e) {
                const std::string what = e.what();
                QVERIFY2(!what.empty() && what.back() == '.' && what.find('\n') == std::string::npos,
                         e.what());
            }
        }
        // Annotations are fine, and so is a format the grammar does not know: a plain string
        // (MCP servers' "uri" fields, as llama.cpp and OpenAI take them), bounds kept.
        for (const char* f : {"uri", "email", "hostname", "x-unknown"}) {
            auto t =
                compileSchema("{\"type\":\"string\",\"maxLength\":4,\"format\":\"" + std::string(f) + "\"}");
            QVERIFY(matchesWhole(*t, "\"a:/b\""));
            QVERIFY(!matchesWhole(*t, "\"abcde\""));
            QVERIFY(!matchesWhole(*t, "3"));
        }
        // Annotations are fine.
        QVERIFY(!schemaToGbnf(
                     std::string_view(R"({"title":"t","description":"d","examples":[1],"type":"integer"})"))
                     .empty());
    }

    // The trie walk gives the same mask as trying every token separately, in every state a
    // walk through the grammar reaches.
    void maskEqualsTokenByTokenCheck() {
        std::vector<std::string> pieces = {"",     "{",   "}",    "\"",   "\"a", "a\"", "ab",   ":",  ",",
                                           " ",    "\n",  "1",    "12",   "-",   "-1",  "true", "tr", "ue",
                                           "null", "é",   "\xC3", "\xA9", "{\"", "\":", "[",    "]",  "x",
                                           "\\",   "\\n", "\"}",  "0",    "e5",  "."};
        auto vocab = std::make_shared<const VocabTrie>(pieces, std::vector<int32_t>{0});
        GrammarSource src{GrammarSource::Kind::AnyJsonObject, ""};
        auto t = compile(toGbnf(src), vocab);
        std::mt19937 rng(2);
        for (int walk = 0; walk < 40; ++walk) {
            GrammarMatcher m(t);
            for (int step = 0; step < 30; ++step) {
                const auto& mask = m.allowedTokens();
                std::vector<int32_t> allowed;
                for (size_t id = 0; id < pieces.size(); ++id) {
                    const bool bit = (mask[id >> 6] >> (id & 63)) & 1;
                    const bool want = id == 0              ? m.canEnd()
                                      : pieces[id].empty() ? false
                                                           : [&] {
                                                                 GrammarMatcher probe = m;
                                                                 return probe.accept(pieces[id]);
                                                             }();
                    QCOMPARE(bit, want);
                    if (bit && id != 0) allowed.push_back(int32_t(id));
                }
                if (allowed.empty()) break;
                std::uniform_int_distribution<size_t> pick(0, allowed.size() - 1);
                QVERIFY(m.acceptToken(allowed[pick(rng)]));
            }
        }
    }

    // The SmolLM3 vocabulary (128k tokens) and a 20-property schema: a random walk through the
    // grammar over real tokens, each step's mask from the trie. Prints the costs (wall clock, so
    // only indicative on a loaded machine) and checks that the walk ends in a document the
    // grammar accepts as a whole.
    void maskCostOnSmolLM3Vocabulary() {
        using Clock = std::chrono::steady_clock;
        auto ms = [](Clock::time_point t) {
            return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
        };
        const auto file = gguf::File::open(test::dataPath("text/smollm3-vocab.gguf"));
        const auto tok = text::Tokenizer::fromGguf(*file);
        auto t0 = Clock::now();
        auto vocab = std::make_shared<const VocabTrie>(VocabTrie::fromTokenizer(*tok));
        const double trieMs = ms(t0);
        const std::string schema = test::readText(test::dataPath("grammar/bench-20-properties.json"));
        t0 = Clock::now();
        auto tables = std::make_shared<GrammarTables>(
            std::make_shared<const Grammar>(parseGbnf(schemaToGbnf(std::string_view(schema)))), vocab);
        const double compileMs = ms(t0);
        std::mt19937 rng(42);
        auto walk = [&](double* maskMsTotal, int* steps) {
            GrammarMatcher m(tables);
            std::string text;
            for (int step = 0; step < 2000; ++step) {
                const auto t = Clock::now();
                const auto& mask = m.allowedTokens();
                *maskMsTotal += ms(t);
                ++*steps;
                std::vector<int32_t> allowed;
                for (size_t w = 0; w < mask.size(); ++w)
                    for (uint64_t bits = mask[w]; bits; bits &= bits - 1)
                        allowed.push_back(int32_t(w * 64 + size_t(__builtin_ctzll(bits))));
                if (m.canEnd()) return text; // stop as soon as the document is complete
                if (allowed.empty()) return std::string("<dead>");
                // Prefer short tokens now and then, so strings end and the walk makes progress.
                const int32_t id = allowed[std::uniform_int_distribution<size_t>(0, allowed.size() - 1)(rng)];
                if (!m.acceptToken(id)) return std::string("<rejected>");
                text += vocab->piece(id);
            }
            return std::string("<too long>");
        };
        double coldMs = 0, warmMs = 0;
        int coldSteps = 0, warmSteps = 0;
        const std::string first = walk(&coldMs, &coldSteps);
        QVERIFY2(matchesWhole(*tables, first), first.c_str());
        for (int i = 0; i < 3; ++i) {
            const std::string doc = walk(&warmMs, &warmSteps);
            QVERIFY2(matchesWhole(*tables, doc), doc.c_str());
        }
        std::printf("SmolLM3 vocabulary: %zu tokens, trie %zu nodes built in %.1f ms; 20-property schema "
                    "compiled in %.2f ms; mask %.3f ms per token cold (%d steps), %.3f ms warm (%d steps); "
                    "%zu states\n",
                    vocab->vocabSize(), vocab->nodeCount(), trieMs, compileMs, coldMs / coldSteps, coldSteps,
                    warmMs / warmSteps, warmSteps, tables->stateCount());
    }

    void cacheReturnsTheSameTables() {
        auto vocab =
            std::make_shared<const VocabTrie>(std::vector<std::string>{"a", "b"}, std::vector<int32_t>{});
        GrammarCache cache(2);
        GrammarSource a{GrammarSource::Kind::JsonSchema, R"({"type":"integer"})"};
        GrammarSource b{GrammarSource::Kind::Gbnf, "root ::= \"a\""};
        auto t1 = cache.get(a, vocab);
        QCOMPARE(cache.get(a, vocab), t1);
        cache.get(b, vocab);
        GrammarSource c{GrammarSource::Kind::AnyJsonObject, ""};
        cache.get(c, vocab); // evicts a, the least recently used
        QVERIFY(cache.get(a, vocab) != t1);
        QCOMPARE(cache.hits(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestGrammar)
#include "test_grammar.moc"
