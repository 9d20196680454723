// Every fixture case (16 real chat templates x conversations x variants) renders byte-identical
// to Python jinja2's output, and every case that raised there raises here with the same text.
#include "fixture_context.h"
#include "test_data.h"
#include "jinja/template.h"

#include <QtTest>

#include <map>
#include <memory>

using namespace smoldesk;
using smoldesk::test::dataPath;
using smoldesk::test::readText;

class JinjaFixtures : public QObject {
    Q_OBJECT
  private slots:
    void allCasesMatchPython();
};

void JinjaFixtures::allCasesMatchPython() {
    const std::string dir = dataPath("jinja/templates/");
    jinja::Value doc = jinja::parseJson(readText(dir + "conversations.json"));
    jinja::Value index = jinja::parseJson(readText(dir + "expected/index.json"));
    jinja::RenderOptions options;
    options.now = test::fixtureNow;

    std::map<std::string, std::unique_ptr<jinja::Template>> templates;
    int renderedOk = 0, rendersTotal = 0, errorsOk = 0, errorsTotal = 0;
    std::vector<std::string> failures;
    for (const jinja::Value& c : index.dictData().find("cases")->items()) {
        const auto& d = c.dictData();
        std::string id = d.find("id")->str();
        std::string name = d.find("template")->str();
        bool expectError = d.find("status")->str() == "error";
        std::string expected = readText(dir + "expected/" + d.find("file")->str());
        auto& tmpl = templates[name];
        if (!tmpl) {
            std::string file =
                doc.dictData().find("templates")->dictData().find(name)->dictData().find("file")->str();
            tmpl = std::make_unique<jinja::Template>(readText(dir + file));
        }
        jinja::Value ctx =
            test::buildFixtureContext(doc, name, d.find("conversation")->str(), d.find("variant")->str());
        (expectError ? errorsTotal : rendersTotal)++;
        try {
            std::string out = tmpl->render(ctx, options);
            if (expectError) {
                failures.push_back(id + ": rendered but Python raised " + expected);
            } else if (out != expected) {
                size_t at = 0;
                while (at < out.size() && at < expected.size() && out[at] == expected[at]) ++at;
                failures.push_back(id + ": differs at byte " + std::to_string(at) +
                                   "\n  got:      " + out.substr(at > 40 ? at - 40 : 0, 120) +
                                   "\n  expected: " + expected.substr(at > 40 ? at - 40 : 0, 120));
            } else {
                ++renderedOk;
            }
        } catch (const jinja::TemplateError& e) {
            std::string line = e.pythonType() + ": " + e.message() + "\n";
            if (!expectError)
                failures.push_back(id + ": raised " + line);
            else if (line != expected)
                failures.push_back(id + ": raised " + line + "  expected " + expected);
            else
                ++errorsOk;
        }
    }
    qInfo("fixtures: %d/%d renders byte-identical, %d/%d errors with identical type and message", renderedOk,
          rendersTotal, errorsOk, errorsTotal);
    for (size_t i = 0; i < failures.size() && i < 15; ++i) qWarning("%s", failures[i].c_str());
    QCOMPARE(rendersTotal + errorsTotal, 517);
    QVERIFY(failures.empty());
}

QTEST_GUILESS_MAIN(JinjaFixtures)
#include "test_jinja_fixtures.moc"
