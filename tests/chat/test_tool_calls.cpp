// Tool calls parsed from recorded outputs in each family's format: the assistant turn that the
// family's own template renders for a conversation with a call (tests/data/jinja, rendered by
// Python jinja2 as transformers does), checked against the call in the fixture's conversation;
// single, parallel, string arguments, malformed and unfinished calls (which stay text), streaming
// in every piece size; and the call grammars, checked by the grammar matcher against those renders.
#include "chat/harmony_parser.h"
#include "chat/tool_calls.h"
#include "common/error.h"
#include "gguf/file.h"
#include "grammar/gbnf_parser.h"
#include "grammar/matcher.h"
#include "grammar/vocab_trie.h"
#include "test_data.h"
#include "jinja/template.h"
#include "jinja/value.h"
#include "text/tokenizer.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::chat;

class TestToolCalls : public QObject {
    Q_OBJECT
  private slots:
    void recordedQwen3Render() {
        const std::string render = test::readText(
            test::dataPath("jinja/templates/expected/Qwen-Qwen3-0.6B__tool_call_empty_content__nogen.txt"));
        const size_t start = render.rfind("<|im_start|>assistant\n", render.rfind("<tool_call>\n{"));
        QVERIFY(start != std::string::npos);
        const size_t body = start + std::string("<|im_start|>assistant\n").size();
        const std::string answer = render.substr(body, render.find("<|im_end|>", body) - body);
        const auto split = hermesToolCalls()->split(answer);
        QCOMPARE(split.calls.size(), size_t(1));
        QCOMPARE(split.calls[0].name, std::string("get_current_weather"));
        QVERIFY(split.content.empty());
        // The arguments are the conversation's, as JSON.
        const jinja::Value args = jinja::parseJson(split.calls[0].arguments);
        QCOMPARE(args.dictData().find("location")->str(), std::string("Paris, France"));
        QCOMPARE(args.dictData().find("unit")->str(), std::string("celsius"));
        const std::string tmpl = test::readText(test::dataPath("jinja/templates/Qwen-Qwen3-0.6B.jinja"));
        auto format = toolCallFormatForTemplate(tmpl);
        QVERIFY(format);
        QCOMPARE(std::string(format->name()), std::string("hermes"));
        QVERIFY(!toolCallFormatForTemplate("{{ messages[0].content }}"));
    }

    void parallelStringArgsMalformedUnfinished() {
        auto f = hermesToolCalls();
        auto s = f->split(
            "Let me check.\n<tool_call>\n{\"name\": \"a\", \"arguments\": {\"x\": 1}}\n</tool_call>\n"
            "<tool_call>\n{\"name\": \"b\", \"arguments\": \"{\\\"y\\\": [2]}\"}\n</tool_call>");
        QCOMPARE(s.calls.size(), size_t(2));
        QCOMPARE(s.calls[0].name, std::string("a"));
        QCOMPARE(s.calls[0].arguments, std::string("{\"x\": 1}"));
        QCOMPARE(s.calls[1].arguments, std::string("{\"y\": [2]}"));
        QCOMPARE(s.content, std::string("Let me check."));
        for (const char* bad : {"<tool_call>{\"name\": 3}</tool_call>", "<tool_call>not json</tool_call>",
                                "<tool_call>{\"name\": \"a\", \"arguments\": [1]}</tool_call>",
                                "<tool_call>{\"name\": \"a\"", "x <tool_call>"}) {
            s = f->split(bad);
            QVERIFY(s.calls.empty());
            QCOMPARE(s.content, std::string(bad)); // nothing lost
        }
        s = f->split("<tool_call>{\"name\": \"n\"}</tool_call>");
        QCOMPARE(s.calls.size(), size_t(1));
        QCOMPARE(s.calls[0].arguments, std::string("{}"));
    }

    void streamingAgreesWithSplit() {
        auto f = hermesToolCalls();
        const std::string answer =
            "Sure <tool_ <tool_call>\n{\"name\": \"get\", \"arguments\": {\"q\": \"<x>\"}}\n"
            "</tool_call> then <tool_call>{bad}</tool_call> end <tool_call>{\"name\"";
        const auto whole = f->split(answer);
        for (size_t piece = 1; piece <= 9; ++piece) {
            StreamingToolCalls st(*f);
            std::string content;
            std::vector<ToolCall> calls;
            for (size_t i = 0; i < answer.size(); i += piece) {
                auto d = st.push(std::string_view(answer).substr(i, piece));
                content += d.content;
                for (auto& c : d.calls) calls.push_back(c);
            }
            content += st.flush().content;
            QCOMPARE(calls.size(), whole.calls.size());
            QCOMPARE(calls[0].arguments, whole.calls[0].arguments);
            QVERIFY2(content.find("Sure <tool_ ") == 0, content.c_str());
            QVERIFY(content.find("<tool_call>{bad}</tool_call> end <tool_call>{\"name\"") !=
                    std::string::npos);
        }
    }

    // The assistant turn a template rendered for the fixture's call, between two markers.
    static std::string recordedTurn(const char* file, const std::string& from, const std::string& to) {
        const std::string render =
            test::readText(test::dataPath(std::string("jinja/templates/expected/") + file));
        const size_t start = render.find(from);
        if (start == std::string::npos) return {};
        const size_t end = render.find(to, start + from.size());
        return render.substr(start + from.size(), end - start - from.size());
    }
    static std::string templateText(const char* name) {
        return test::readText(test::dataPath(std::string("jinja/templates/") + name + ".jinja"));
    }
    static void verifyFixtureCall(const ToolCall& call) {
        QCOMPARE(call.name, std::string("get_current_weather"));
        const jinja::Value args = jinja::parseJson(call.arguments);
        QCOMPARE(args.dictData().find("location")->str(), std::string("Paris, France"));
        QCOMPARE(args.dictData().find("unit")->str(), std::string("celsius"));
    }

    void familiesFromTemplates() {
        const std::pair<const char*, ToolCallFamily> cases[] = {
            {"HuggingFaceTB-SmolLM3-3B", ToolCallFamily::Hermes},
            {"Qwen-Qwen2.5-7B-Instruct", ToolCallFamily::Hermes},
            {"Qwen-Qwen3-0.6B", ToolCallFamily::Hermes},
            {"NousResearch-Hermes-3-Llama-3.1-8B-tool_use", ToolCallFamily::Hermes},
            {"meta-llama-Llama-3.1-8B-Instruct", ToolCallFamily::Llama3},
            {"meta-llama-Llama-3.2-3B-Instruct", ToolCallFamily::Llama3},
            {"mistralai-Mistral-Nemo-Instruct-2407", ToolCallFamily::Mistral},
            {"openai-gpt-oss-120b", ToolCallFamily::Harmony},
            {"google-gemma-2-2b-it", ToolCallFamily::None},
            {"microsoft-Phi-3.5-mini-instruct", ToolCallFamily::None},
            {"HuggingFaceTB-SmolLM2-Instruct", ToolCallFamily::None},
        };
        for (const auto& [name, family] : cases)
            QVERIFY2(toolCallFamilyForTemplate(templateText(name)) == family, name);
    }

    void recordedLlama3() {
        for (const char* file : {"meta-llama-Llama-3.1-8B-Instruct__tool_call__gen.txt",
                                 "meta-llama-Llama-3.2-3B-Instruct__tool_call__gen.txt"}) {
            const std::string answer = recordedTurn(
                file, "Paris right now?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n",
                "<|eot_id|>");
            QVERIFY2(answer.rfind("{\"name\"", 0) == 0, answer.c_str());
            auto f = toolCallFormat(ToolCallFamily::Llama3);
            auto s = f->split(answer);
            QCOMPARE(s.calls.size(), size_t(1));
            verifyFixtureCall(s.calls[0]);
            QVERIFY(s.content.empty());
            // The same after <|python_tag|>, with text around it.
            s = f->split("<|python_tag|>" + answer);
            QCOMPARE(s.calls.size(), size_t(1));
            verifyFixtureCall(s.calls[0]);
        }
        auto f = toolCallFormat(ToolCallFamily::Llama3);
        for (const char* bad :
             {"{\"name\": \"a\", \"parameters\": [1]}", "{\"name\": 1}", "{\"name\"}",
              "{\"name\": \"a\", \"parameters\": {\"x\": }", "{\"name\": \"a\"", "{\"name\"] x"}) {
            auto s = f->split(bad);
            QVERIFY2(s.calls.empty(), bad);
            QCOMPARE(s.content, std::string(bad));
        }
        // Braces inside strings do not end the call.
        auto s = f->split("{\"name\": \"q\", \"parameters\": {\"s\": \"}{\\\"]\"}} tail");
        QCOMPARE(s.calls.size(), size_t(1));
        QCOMPARE(s.content, std::string("tail"));
    }

    void recordedMistral() {
        const std::string answer = recordedTurn("mistralai-Mistral-Nemo-Instruct-2407__tool_call__gen.txt",
                                                "Paris right now?[/INST]", "</s>");
        QVERIFY2(answer.rfind("[TOOL_CALLS][", 0) == 0, answer.c_str());
        auto f = toolCallFormat(ToolCallFamily::Mistral);
        auto s = f->split(answer);
        QCOMPARE(s.calls.size(), size_t(1));
        verifyFixtureCall(s.calls[0]);
        QCOMPARE(s.calls[0].id, std::string("call12345"));
        s = f->split(
            "[TOOL_CALLS][{\"name\": \"a\", \"arguments\": {}}, {\"name\": \"b\", \"arguments\": {\"k\": "
            "[1, {\"z\": null}]}}]");
        QCOMPARE(s.calls.size(), size_t(2));
        QCOMPARE(s.calls[1].name, std::string("b"));
        QCOMPARE(s.calls[1].arguments, std::string("{\"k\": [1, {\"z\": null}]}"));
        for (const char* bad :
             {"[TOOL_CALLS][]", "[TOOL_CALLS]{\"name\": \"a\"}", "[TOOL_CALLS] nonsense",
              "[TOOL_CALLS][{\"name\": \"a\"}, {\"arguments\": {}}]", "[TOOL_CALLS][{\"name\""}) {
            s = f->split(bad);
            QVERIFY2(s.calls.empty(), bad);
            QCOMPARE(s.content, std::string(bad));
        }
    }

    void recordedHarmony() {
        // What gpt-oss wrote after the generation prompt `<|start|>assistant`: a thought, then
        // the call on the commentary channel.
        const std::string render = test::readText(
            test::dataPath("jinja/templates/expected/openai-gpt-oss-120b__tool_call_thinking__gen.txt"));
        const size_t start =
            render.find("<|start|>assistant<|channel|>analysis") + std::string("<|start|>assistant").size();
        const size_t end = render.find("<|call|>") + std::string("<|call|>").size();
        const std::string output = render.substr(start, end - start);
        for (size_t piece = 1; piece <= 7; piece += 3) {
            HarmonyParser parser;
            std::vector<ToolCall> calls;
            std::string thought, answer;
            for (size_t i = 0; i < output.size(); i += piece) {
                ParsedDelta d = parser.push(output.substr(i, piece));
                thought += d.thought;
                answer += d.answer;
                for (const auto& m : d.toolCalls)
                    if (auto c = toolCallFromHarmony(m)) calls.push_back(*c);
            }
            for (const auto& m : parser.flush().toolCalls)
                if (auto c = toolCallFromHarmony(m)) calls.push_back(*c);
            QCOMPARE(calls.size(), size_t(1));
            verifyFixtureCall(calls[0]);
            QVERIFY(thought.find("call get_current_weather") != std::string::npos);
            QVERIFY(answer.empty());
        }
        QVERIFY(!toolCallFromHarmony({"browser.search", "commentary", "json", "{}"}));
        QVERIFY(!toolCallFromHarmony({"functions.f", "commentary", "json", "not json"}));
        QVERIFY(!toolCallFromHarmony({"functions.", "commentary", "json", "{}"}));
    }

    // gpt-oss's forced call: the harmony grammar, over the real o200k_harmony vocabulary, admits
    // the call the template renders (jinja2's render of the fixture conversation, thought first)
    // token by token with its control tokens, and the harmony guide's header form; it refuses a
    // wrong name, arguments outside the schema, a final answer, and markers spelled as text.
    void harmonyForcedCallGrammar() {
        auto file = gguf::File::open(test::dataPath("text/gpt-oss-vocab.gguf"));
        auto tok = text::Tokenizer::fromGguf(*file);
        auto trie = std::make_shared<const grammar::VocabTrie>(grammar::VocabTrie::fromTokenizer(*tok));
        const std::vector<ToolSpec> tools{
            {"get_current_weather",
             R"({"type":"object","properties":{"location":{"type":"string"},)"
             R"("unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["location"]})"},
            {"add", R"({"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},)"
                    R"("required":["a","b"]})"}};
        auto tablesFor = [&](bool afterThought) {
            return std::make_shared<grammar::GrammarTables>(
                std::make_shared<const grammar::Grammar>(
                    grammar::parseGbnf(harmonyToolCallGbnf(tools, afterThought))),
                trie);
        };
        auto tables = tablesFor(false);
        auto admits = [&](const std::shared_ptr<grammar::GrammarTables>& t, const std::string& text,
                          bool specials = true) {
            grammar::GrammarMatcher m(t);
            for (int32_t id : tok->encode(text, false, specials)) {
                const auto& mask = m.allowedTokens();
                if (!((mask[size_t(id) >> 6] >> (id & 63)) & 1)) return false; // the mask agrees
                if (!m.acceptToken(id)) return false;
            }
            return m.canEnd();
        };
        const std::string render = test::readText(
            test::dataPath("jinja/templates/expected/openai-gpt-oss-120b__tool_call_thinking__gen.txt"));
        const size_t start =
            render.find("<|start|>assistant<|channel|>analysis") + std::string("<|start|>assistant").size();
        const std::string output = render.substr(start, render.find("<|call|>") - start);
        QVERIFY2(admits(tables, output), output.c_str());
        const std::string call =
            output.substr(output.find("<|start|>assistant to=") + std::string("<|start|>assistant").size());
        QVERIFY2(admits(tables, call), call.c_str()); // no thought
        QVERIFY(admits(tablesFor(true), "<|start|>assistant" + call));
        QVERIFY(!admits(tablesFor(true), call));
        QVERIFY(admits(tables, "<|channel|>commentary to=functions.add <|constrain|>json<|message|>"
                               R"({"a": 1, "b": 2})"));
        QVERIFY(admits(tables, R"(<|channel|>commentary to=functions.add<|message|>{"a": 1, "b": 2})"));
        QVERIFY(!admits(tables, R"( to=functions.sub<|channel|>commentary json<|message|>{"a": 1, "b": 2})"));
        QVERIFY(!admits(tables, R"( to=functions.add<|channel|>commentary json<|message|>{"a": 1})"));
        QVERIFY(!admits(tables, "<|channel|>final<|message|>It is sunny."));
        QVERIFY(!admits(tables, call, false)); // "<|channel|>" as plain text is not the marker

        // At the end of the arguments the turn may end (<|call|> is an end-of-generation token).
        grammar::GrammarMatcher m(tables);
        for (int32_t id : tok->encode(call, false, true)) QVERIFY(m.acceptToken(id));
        const int32_t callToken = tok->encode("<|call|>", false, true).at(0);
        QVERIFY(tok->isEndOfGeneration(callToken));
        QVERIFY((m.allowedTokens()[size_t(callToken) >> 6] >> (callToken & 63)) & 1);

        // What the grammar admits, the harmony parser reads as the call.
        HarmonyParser parser;
        ParsedDelta d = parser.push(call);
        ParsedDelta rest = parser.flush();
        d.toolCalls.insert(d.toolCalls.end(), rest.toolCalls.begin(), rest.toolCalls.end());
        QCOMPARE(d.toolCalls.size(), size_t(1));
        auto parsed = toolCallFromHarmony(d.toolCalls[0]);
        QVERIFY(parsed);
        verifyFixtureCall(*parsed);
    }

    // The call grammars accept what the templates render for a call (after the trigger, which the
    // engine writes) and refuse a wrong function name or an argument outside the schema.
    void callGrammarsAcceptRecordedCalls() {
        const jinja::Value doc =
            jinja::parseJson(test::readText(test::dataPath("jinja/templates/conversations.json")));
        std::vector<ToolSpec> tools;
        for (const jinja::Value& t : doc.dictData()
                                         .find("conversations")
                                         ->dictData()
                                         .find("tool_call")
                                         ->dictData()
                                         .find("tools")
                                         ->items()) {
            const jinja::Value& fn = *t.dictData().find("function");
            tools.push_back(
                {fn.dictData().find("name")->str(), jinja::toJson(*fn.dictData().find("parameters"))});
        }
        struct Case {
            ToolCallFamily family;
            std::string recorded; // the call as rendered, trigger included
        };
        const std::string qwen = recordedTurn("Qwen-Qwen3-0.6B__tool_call_empty_content__nogen.txt",
                                              "<|im_start|>assistant\n<tool_call>", "<|im_end|>");
        const Case cases[] = {
            {ToolCallFamily::Hermes, "<tool_call>" + qwen.substr(0, qwen.find("</tool_call>") + 12)},
            {ToolCallFamily::Llama3,
             recordedTurn("meta-llama-Llama-3.1-8B-Instruct__tool_call__gen.txt",
                          "Paris right now?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n",
                          "<|eot_id|>")},
            {ToolCallFamily::Mistral, recordedTurn("mistralai-Mistral-Nemo-Instruct-2407__tool_call__gen.txt",
                                                   "Paris right now?[/INST]", "</s>")},
        };
        for (const Case& c : cases) {
            auto f = toolCallFormat(c.family);
            QVERIFY2(c.recorded.rfind(f->trigger(), 0) == 0, c.recorded.c_str());
            std::string body = c.recorded.substr(f->trigger().size());
            if (c.family == ToolCallFamily::Mistral) // the model writes no id; the template does
                body.replace(body.find(", \"id\": \"call12345\""), 19, "");
            for (bool parallel : {false, true}) {
                const std::string gbnf = toolCallGbnf(*f, tools, parallel);
                auto tables = std::make_shared<grammar::GrammarTables>(
                    std::make_shared<const grammar::Grammar>(grammar::parseGbnf(gbnf)), nullptr);
                QVERIFY2(grammar::matchesWhole(*tables, body),
                         (f->name() + std::string(": ") + body + "\n" + gbnf).c_str());
                std::string wrongName = body;
                wrongName.replace(wrongName.find("get_current_weather"), 19, "get_current_wether");
                QVERIFY(!grammar::matchesWhole(*tables, wrongName));
                std::string wrongEnum = body;
                wrongEnum.replace(wrongEnum.find("celsius"), 7, "kelvin!");
                QVERIFY(!grammar::matchesWhole(*tables, wrongEnum));
            }
        }
        // What building and parsing a call grammar costs (wall clock; indicative on a loaded machine).
        QElapsedTimer timer;
        timer.start();
        constexpr int kRounds = 50;
        for (int i = 0; i < kRounds; ++i) grammar::parseGbnf(toolCallGbnf(*hermesToolCalls(), tools, true));
        qInfo("two-tool call grammar: schema conversion + GBNF + parse %.3f ms",
              double(timer.nsecsElapsed()) / 1e6 / kRounds);
        // Two Hermes calls only in parallel mode.
        auto hermes = hermesToolCalls();
        const std::string one =
            "\n{\"name\": \"search_web\", \"arguments\": {\"query\": \"x\"}}\n</tool_call>";
        const std::string two = one + "\n<tool_call>" + one;
        auto single = std::make_shared<grammar::GrammarTables>(
            std::make_shared<const grammar::Grammar>(grammar::parseGbnf(toolCallGbnf(*hermes, tools, false))),
            nullptr);
        auto parallel = std::make_shared<grammar::GrammarTables>(
            std::make_shared<const grammar::Grammar>(grammar::parseGbnf(toolCallGbnf(*hermes, tools, true))),
            nullptr);
        QVERIFY(grammar::matchesWhole(*single, one));
        QVERIFY(!grammar::matchesWhole(*single, two));
        QVERIFY(grammar::matchesWhole(*parallel, two));
        // A schema the converter cannot take names the tool.
        try {
            toolCallGbnf(*hermes, {{"bad_tool", "{\"type\": \"object\", \"not\": {}}"}}, false);
            QFAIL("an unsupported keyword was accepted");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("bad_tool") != std::string::npos, e.what());
        }
    }

    void streamingEveryFamily() {
        const std::pair<ToolCallFamily, std::string> cases[] = {
            {ToolCallFamily::Llama3, "Sure {\"nam {\"name\": \"a\", \"parameters\": {\"s\": \"}\"}} and "
                                     "<|python_tag|>{\"name\": \"b\", \"parameters\": {}} {\"name\": 5} end"},
            {ToolCallFamily::Mistral,
             "x [TOOL_ [TOOL_CALLS][{\"name\": \"a\", \"arguments\": {\"q\": \"]\"}}] y "
             "[TOOL_CALLS]oops [TOOL_CALLS][{\"name\""},
        };
        for (const auto& [family, answer] : cases) {
            auto f = toolCallFormat(family);
            const auto whole = f->split(answer);
            QCOMPARE(whole.calls.size(), family == ToolCallFamily::Llama3 ? size_t(2) : size_t(1));
            for (size_t piece = 1; piece <= 9; ++piece) {
                StreamingToolCalls st(*f);
                std::string content;
                std::vector<ToolCall> calls;
                for (size_t i = 0; i < answer.size(); i += piece) {
                    auto d = st.push(std::string_view(answer).substr(i, piece));
                    content += d.content;
                    for (auto& c : d.calls) calls.push_back(c);
                }
                content += st.flush().content;
                QCOMPARE(calls.size(), whole.calls.size());
                for (size_t i = 0; i < calls.size(); ++i) {
                    QCOMPARE(calls[i].name, whole.calls[i].name);
                    QCOMPARE(calls[i].arguments, whole.calls[i].arguments);
                }
                // Nothing is lost: every byte that is not in a call comes out as text.
                std::string squeezed, expected = whole.content;
                for (char ch : content)
                    if (ch != ' ') squeezed += ch;
                std::string e2;
                for (char ch : expected)
                    if (ch != ' ') e2 += ch;
                QCOMPARE(squeezed, e2);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestToolCalls)
#include "test_tool_calls.moc"
