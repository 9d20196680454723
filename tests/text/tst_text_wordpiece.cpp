// WordPiece (bert) vocabularies against llama.cpp: the tiny embedding models' vocab with and
// without lowercasing (ids from llama-tokenize, [CLS]/[SEP] added as the file says), and the
// character rules the pre-tokenizer rests on.
#include "gguf/file.h"
#include "test_data.h"
#include "text/tokenizer.h"
#include "text/wordpiece_unicode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace smoldesk;
using namespace smoldesk::test;

namespace {

std::string idsText(const std::vector<int32_t>& ids) {
    std::string s;
    for (int32_t id : ids) s += " " + std::to_string(id);
    return s;
}

std::unique_ptr<text::Tokenizer> embedTokenizer(const std::string& name) {
    auto file = gguf::File::open(dataPath("embed/" + name));
    return text::Tokenizer::fromGguf(*file);
}

} // namespace

class WordPieceTest : public QObject {
    Q_OBJECT

  private slots:
    void goldens_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("lowercase") << "bert-tiny.gguf";
        QTest::newRow("cased") << "nomic-bert-tiny.gguf";
    }

    void goldens() {
        QFETCH(QString, model);
        const QJsonObject doc =
            QJsonDocument::fromJson(
                QByteArray::fromStdString(readText(dataPath("embed/wordpiece-tokens.json"))))
                .object();
        auto tok = embedTokenizer(model.toStdString());
        QCOMPARE(tok->modelName(), std::string_view("bert"));
        const QJsonArray cases = doc.value(model).toArray();
        QVERIFY(cases.size() >= 30);
        std::string failures;
        for (const QJsonValue& v : cases) {
            const QJsonObject c = v.toObject();
            const std::string text = c.value("text").toString().toStdString();
            std::vector<int32_t> expected;
            for (const QJsonValue& id : c.value("ids").toArray()) expected.push_back(id.toInt());
            const auto got = tok->encodeWithSpecials(text, true);
            if (got != expected)
                failures +=
                    "\n  '" + text + "'\n    got     " + idsText(got) + "\n    expected" + idsText(expected);
        }
        if (!failures.empty()) QFAIL(failures.c_str());
    }

    // Without specials only the text's pieces; [CLS]/[SEP] come from the file's flags.
    void specialsFollowTheFile() {
        auto tok = embedTokenizer("bert-tiny.gguf");
        QCOMPARE(tok->encode("hello world", false, false), (std::vector<int32_t>{169, 170}));
        QCOMPARE(tok->encodeWithSpecials("", true), (std::vector<int32_t>{2, 3}));
        QCOMPARE(tok->bos(), 2);
    }

    void characterClasses() {
        using text::wordpiece::CharClass;
        using namespace text::wordpiece;
        QCOMPARE(classify(0x3000), CharClass::Whitespace);
        QCOMPARE(classify(0x200B), CharClass::Control); // format characters vanish
        QCOMPARE(classify(0x00BF), CharClass::Punctuation);
        QCOMPARE(classify(0x0301), CharClass::Mark);
        QCOMPARE(classify('a'), CharClass::Other);
        QVERIFY(standsAlone('$') && standsAlone(0x4E2D) && standsAlone(0x3002) && !standsAlone(0x00E9));
        QCOMPARE(toLower(0x00C9), 0x00E9u);
        QCOMPARE(toLower(0x03A9), 0x03C9u);
        std::vector<uint32_t> out;
        appendStripped(0x00E9, out); // é
        appendStripped(0x0301, out); // a lone combining acute
        appendStripped(0xD55C, out); // 한
        QCOMPARE(out, (std::vector<uint32_t>{'e', 0x1112, 0x1161, 0x11AB}));
    }

    // Hostile or odd text: invalid UTF-8, NUL, a long word of one letter, only punctuation.
    void robustness() {
        auto tok = embedTokenizer("nomic-bert-tiny.gguf");
        const std::string bad = std::string("a\xff\xfe") + '\0' + "b" + std::string(5000, 'x') + "!!!";
        const auto ids = tok->encodeWithSpecials(bad, false);
        QVERIFY(ids.size() > 5000);
        QCOMPARE(ids.front(), 2);
        QCOMPARE(ids.back(), 3);
    }
};

QTEST_APPLESS_MAIN(WordPieceTest)
#include "tst_text_wordpiece.moc"
