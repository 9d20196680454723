// Expression and statement semantics against outputs recorded from Python jinja2
// (tests/data/jinja/semantics/cases.json, written by generate_cases.py there): Python repr,
// integer division, slicing, loop variables, scoping, whitespace control, filters, methods,
// and the exact type and text of runtime and syntax errors.
#include "fixture_context.h"
#include "test_data.h"
#include "jinja/template.h"

#include <QtTest>

using namespace smoldesk;
using smoldesk::test::dataPath;
using smoldesk::test::readText;

class JinjaSemantics : public QObject {
    Q_OBJECT
  private slots:
    void recordedCases_data();
    void recordedCases();
    void valuesFromCpp();
    void jsonParser();
    void errorsNameLineAndColumn();
};

namespace {
const jinja::Value& casesDocument() {
    static const jinja::Value doc = jinja::parseJson(readText(dataPath("jinja/semantics/cases.json")));
    return doc;
}
} // namespace

void JinjaSemantics::recordedCases_data() {
    QTest::addColumn<int>("index");
    const auto& cases = casesDocument().dictData().find("cases")->items();
    for (size_t i = 0; i < cases.size(); ++i)
        QTest::newRow(cases[i].dictData().find("name")->str().c_str()) << int(i);
}

void JinjaSemantics::recordedCases() {
    QFETCH(int, index);
    const jinja::Value& doc = casesDocument();
    const auto& c = doc.dictData().find("cases")->items()[size_t(index)].dictData();
    const std::string source = c.find("template")->str();
    jinja::RenderOptions options;
    options.now = test::fixtureNow;
    std::string got;
    try {
        jinja::Template t(source);
        got = t.render(*doc.dictData().find("context"), options);
    } catch (const jinja::TemplateError& e) {
        got = "ERROR " + e.pythonType() + ": " + e.message();
    }
    std::string expected = c.find("output") ? c.find("output")->str() : "ERROR " + c.find("error")->str();
    QCOMPARE(QString::fromStdString(got), QString::fromStdString(expected));
}

void JinjaSemantics::valuesFromCpp() {
    using jinja::Value;
    Value msg = Value::object({{"role", "user"}, {"content", "hi"}});
    Value ctx = Value::object();
    ctx.set("messages", Value::list({msg}));
    ctx.set("flag", true);
    ctx.set("count", 3);
    ctx.set("ratio", 0.5);
    ctx.set("nothing", Value::none());
    jinja::Template t(
        "{{ messages }}|{{ messages|tojson }}|{{ flag }} {{ count }} {{ ratio }} {{ nothing }}");
    QCOMPARE(QString::fromStdString(t.render(ctx)),
             QString("[{'role': 'user', 'content': 'hi'}]|[{\"role\": \"user\", \"content\": \"hi\"}]|True 3 "
                     "0.5 None"));
    // set() keeps the first insertion position when a key is replaced.
    Value o = Value::object();
    o.set("z", 1).set("a", 2).set("z", 3);
    QCOMPARE(QString::fromStdString(jinja::toJson(o)), QString("{\"z\": 3, \"a\": 2}"));
    QCOMPARE(
        QString::fromStdString(jinja::repr(Value::list({Value("it's"), Value(1.0), Value(int64_t(10))}))),
        QString("[\"it's\", 1.0, 10]"));
}

void JinjaSemantics::jsonParser() {
    using jinja::Value;
    Value v =
        jinja::parseJson(R"({"b": [1, 1.0, 1e2, -0, true, null], "a": "\u00e9\ud83d\ude00\n\"", "z": {}})");
    QCOMPARE(QString::fromStdString(jinja::repr(v)),
             QString::fromUtf8("{'b': [1, 1.0, 100.0, 0, True, None], 'a': 'é😀\\n\"', 'z': {}}"));
    QCOMPARE(QString::fromStdString(jinja::toJson(v)),
             QString::fromUtf8("{\"b\": [1, 1.0, 100.0, 0, true, null], \"a\": \"é😀\\n\\\"\", \"z\": {}}"));
    for (const char* bad : {"{", "[1,]", "{\"a\" 1}", "\"\\x\"", "01", "[1] 2", "\"unterminated"}) {
        bool threw = false;
        try {
            jinja::parseJson(bad);
        } catch (const Error& e) {
            threw = e.code() == ErrorCode::InvalidArgument &&
                    std::string(e.what()).find("line 1, column") != std::string::npos;
        }
        QVERIFY2(threw, bad);
    }
    try {
        jinja::parseJson("{\n  \"a\": [1,\n  x]}");
        QFAIL("no error");
    } catch (const Error& e) {
        QCOMPARE(QString(e.what()), QString("JSON line 3, column 3: unexpected character 'x'"));
    }
}

void JinjaSemantics::errorsNameLineAndColumn() {
    try {
        jinja::Template t("{% for m in messages %}\n  {{ m }}\n  {% endif %}");
        QFAIL("no error");
    } catch (const jinja::TemplateError& e) {
        QCOMPARE(e.line(), 3);
        QCOMPARE(e.column(), 3);
        QVERIFY(std::string(e.what()).rfind("line 3, column 3: Encountered unknown tag 'endif'.", 0) == 0);
        QCOMPARE(e.code(), ErrorCode::Template);
    }
    jinja::Template t("line one\n{{ 'a' + none }}");
    try {
        t.render(jinja::Value::object());
        QFAIL("no error");
    } catch (const jinja::TemplateError& e) {
        QCOMPARE(QString(e.what()),
                 QString("line 2, column 4: TypeError: can only concatenate str (not \"NoneType\") to str"));
    }
    // raise_exception's text is the whole message: it is meant for the user.
    jinja::Template r("{{ raise_exception('System role not supported') }}");
    try {
        r.render(jinja::Value::object());
        QFAIL("no error");
    } catch (const jinja::TemplateError& e) {
        QCOMPARE(QString(e.what()), QString("System role not supported"));
        QCOMPARE(QString::fromStdString(e.pythonType()), QString("jinja2.exceptions.TemplateError"));
    }
}

QTEST_GUILESS_MAIN(JinjaSemantics)
#include "test_jinja_semantics.moc"
