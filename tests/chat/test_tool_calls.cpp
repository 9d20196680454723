// Hermes-style tool calls parsed from recorded outputs: the assistant turn that Qwen3's own
// template renders for a conversation with a call (tests/data/jinja, from transformers), checked
// against the call in the fixture's conversation; single, parallel, string arguments, malformed
// and unfinished calls (which stay text), and streaming in every piece size.
#include "chat/tool_calls.h"
#include "test_data.h"
#include "text/jinja/template.h"
#include "text/jinja/value.h"

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
};

QTEST_GUILESS_MAIN(TestToolCalls)
#include "test_tool_calls.moc"
