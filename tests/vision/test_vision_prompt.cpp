// Images spliced into the text sequence, on the CPU, against llama.cpp's logits after an image
// prompt (libmtmd decoding the image, tests/data/vision/dump_mtmd_golden.cpp --logits): tiny
// SmolVLM- and Gemma-3-shaped text models with the tiny mmproj files, the whole prompt at once and
// token by token; a saved chat state resumed without encoding the image again; refusals.
#include "chat/chat_formatter.h"
#include "common/error.h"
#include "gguf/file.h"
#include "prompt_check.h"
#include "runtime/prompt_image.h"
#include "runtime/vision_input.h"
#include "test_data.h"
#include "text/tokenizer.h"

#include <QtTest>

using namespace smoldesk;

namespace {

const test::PromptCase kCases[] = {
    {"smolvlm-text-tiny.gguf", "smolvlm-tiny-tiles-mmproj.gguf", "wide-70x40.png",
     "smolvlm-prompt-wide-70x40"},
    {"smolvlm-text-tiny.gguf", "smolvlm-tiny-mmproj.gguf", "tiny-32.png", "smolvlm-prompt-tiny-32"},
    {"gemma3-text-tiny.gguf", "gemma3-tiny-mmproj.gguf", "tall-20x50.png", "gemma3-prompt-tall-20x50"},
};

// Tolerance (tests/data/vision/README.md): the image rows themselves differ from libmtmd's by up to
// 0.06% (f16 GELU table, f16 KV cache in the encoder), and a one-layer text model passes that on:
// measured worst cosine 0.9999977, max-abs 0.18% of the largest logit. Decoding Gemma 3's image
// causally (the negative control below) gives cosine 0.99945 and a max-abs of 1.1%.
constexpr double kMinCosine = 0.99999, kMaxAbsShare = 0.005;

} // namespace

class TestVisionPrompt : public QObject {
    Q_OBJECT
  private slots:
    void logits_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("batch");
        for (int i = 0; i < 3; ++i) {
            const std::string& g = kCases[i].golden;
            QTest::newRow((g + " whole").c_str()) << i << 64;
            // Token by token; Gemma 3's image needs its 4 rows in one batch (they attend both ways).
            QTest::newRow((g + " one by one").c_str()) << i << (i == 2 ? 4 : 1);
        }
    }
    void logits() {
        QFETCH(int, index);
        QFETCH(int, batch);
        const test::PromptAgreement a =
            test::checkImagePrompt(kCases[index], runtime::BackendChoice::Cpu, -1, batch);
        qInfo("%s batch %d: %d rows, worst cosine %.7f, max-abs %.5f (largest %.3f)",
              kCases[index].golden.c_str(), batch, a.rows, a.cosine, a.maxAbs, a.scale);
        QVERIFY(a.rows > 0);
        QCOMPARE(a.encodes, 1);
        QVERIFY2(a.cosine > kMinCosine, qPrintable(QString::number(a.cosine, 'f', 7)));
        QVERIFY2(a.maxAbs < kMaxAbsShare * a.scale, qPrintable(QString::number(a.maxAbs)));
    }

    // Gemma 3's image tokens attend to each other both ways, as libmtmd decodes them: causal
    // attention inside the image must fail the same comparison.
    void gemma3CausalImageFails() {
        const test::PromptAgreement a =
            test::checkImagePrompt(kCases[2], runtime::BackendChoice::Cpu, -1, 64, true);
        qInfo("causal Gemma 3 image: worst cosine %.7f, max-abs %.5f (largest %.3f)", a.cosine, a.maxAbs,
              a.scale);
        QVERIFY(a.cosine < kMinCosine || a.maxAbs > kMaxAbsShare * a.scale);
    }

    // The same image with a batch smaller than its 4 rows: split in two, its first rows would not
    // see the later ones, so attaching it is refused in one sentence instead of answering wrong.
    void gemma3ImageLargerThanTheBatchIsRefused() {
        try {
            test::checkImagePrompt(kCases[2], runtime::BackendChoice::Cpu, -1, 3);
            QFAIL("a 4-row image with a batch of 3 was accepted");
        } catch (const Error& e) {
            QCOMPARE(QString(e.what()), QString("The image takes 4 positions that must be read in one batch, "
                                                "but the batch size is 3; use a batch size of at least 4."));
        }
    }

    void followUpDoesNotEncodeAgain_data() {
        QTest::addColumn<int>("index");
        QTest::newRow("smolvlm") << 0;
        QTest::newRow("gemma3") << 2;
    }
    void followUpDoesNotEncodeAgain() {
        QFETCH(int, index);
        const test::PromptAgreement a = test::checkFollowUp(kCases[index], runtime::BackendChoice::Cpu, -1);
        QCOMPARE(a.encodes, 0);
        qInfo("follow-up: cosine %.7f, max-abs %.6f", a.cosine, a.maxAbs);
        QVERIFY(a.cosine > kMinCosine);
        QVERIFY(a.maxAbs < kMaxAbsShare * a.scale);
    }

    // A template that shows a message's text only from its parts, as SmolVLM's walks
    // message['content'] for {"type": "text"} and {"type": "image"} items: the formatter passes the
    // text as one text part, so the prompt keeps the text and its <__media__> marker (a string
    // content would render as nothing).
    void templateThatWalksContentParts() {
        auto file = gguf::File::open(test::dataPath("vision/smolvlm-text-tiny.gguf"));
        auto tok = text::Tokenizer::fromGguf(*file);
        const std::string source =
            "<|im_start|>{% for message in messages %}{{ message['role'] | capitalize }}"
            "{% if message['content'][0]['type'] == 'image' %}{{ ':' }}{% else %}{{ ': ' }}{% endif %}"
            "{% for line in message['content'] %}{% if line['type'] == 'text' %}{{ line['text'] }}"
            "{% elif line['type'] == 'image' %}{{ '<image>' }}{% endif %}{% endfor %}<end_of_utterance>\n"
            "{% endfor %}{% if add_generation_prompt %}{{ 'Assistant:' }}{% endif %}";
        auto formatter =
            chat::ChatFormatter::fromTemplateSource(source, "<|im_start|>", "<end_of_utterance>", *tok);
        chat::ChatRequest request;
        request.messages = {{"user", "<__media__>What is it?"}};
        request.addGenerationPrompt = true;
        QCOMPARE(QString::fromStdString(formatter->render(request)),
                 QString("<|im_start|>User: <__media__>What is it?<end_of_utterance>\nAssistant:"));
        // An assistant turn that only calls a tool (content null, as OpenAI's clients and the app's
        // tool loop send it) comes as an empty text part: the template shows the bare turn, as
        // jinja2 renders it from [{"type": "text", "text": ""}], instead of failing on null content.
        chat::ChatRequest toolTurn;
        chat::Message call{"assistant", ""};
        call.contentIsNull = true;
        call.toolCalls = {{"call_1", "screenshot", "{}"}};
        chat::Message result{"tool", "One screenshot."};
        result.toolCallId = "call_1";
        result.name = "screenshot";
        toolTurn.messages = {{"user", "Take a screenshot."}, call, result};
        QCOMPARE(
            QString::fromStdString(formatter->render(toolTurn)),
            QString("<|im_start|>User: Take a screenshot.<end_of_utterance>\nAssistant: <end_of_utterance>\n"
                    "Tool: One screenshot.<end_of_utterance>\nAssistant:"));
        // A template that takes the string as it is keeps getting the string.
        auto plain = chat::ChatFormatter::fromTemplateSource(
            "{% for m in messages %}[{{ m['content'] }}]{% endfor %}", "", "", *tok);
        QCOMPARE(QString::fromStdString(plain->render(request)), QString("[<__media__>What is it?]"));
    }

    void refusals() {
        runtime::LoadOptions o;
        o.path = test::dataPath("vision/smolvlm-text-tiny.gguf");
        o.contextLength = 64;
        auto s = runtime::Session::load(o);
        // An mmproj for another width (stories260K is 64 wide too: use the 256-wide qwen2 fixture).
        runtime::LoadOptions wide;
        wide.path = test::dataPath("models/arch/qwen2-tiny.gguf");
        wide.contextLength = 64;
        if (QFile::exists(QString::fromStdString(wide.path))) {
            auto w = runtime::Session::load(wide);
            try {
                runtime::VisionInput::load(test::dataPath("vision/smolvlm-tiny-mmproj.gguf"), *w);
                QFAIL("an mmproj of another width was accepted");
            } catch (const Error& e) {
                QVERIFY2(QString(e.what()).contains("256"), e.what());
            }
        }
        auto v = runtime::VisionInput::load(test::dataPath("vision/smolvlm-tiny-mmproj.gguf"), *s);
        auto image = v->prepare(vision::RgbImage{2, 2, std::vector<uint8_t>(12, 100)});
        // Markers and images that do not pair up.
        try {
            runtime::tokenizeWithImages(s->tokenizer(), "no marker", true, std::span(&image, 1));
            QFAIL("an image without a marker was accepted");
        } catch (const Error& e) {
            QCOMPARE(QString(e.what()),
                     QString("The prompt has 0 image markers (<__media__>) but 1 image is attached."));
        }
        // The marker typed as text: plain text without images, a sentence beside one.
        QCOMPARE(runtime::tokenizeWithImages(s->tokenizer(), "say <__media__>", true, {}),
                 s->tokenizer().encode("say <__media__>", true, true));
        try {
            runtime::tokenizeWithImages(s->tokenizer(), "<__media__>What is <__media__>?", true,
                                        std::span(&image, 1));
            QFAIL("a marker typed as text beside an image was accepted");
        } catch (const Error& e) {
            QCOMPARE(QString(e.what()), QString::fromUtf8(runtime::kMediaMarkerInText.data()));
        }
        // An image's positions without the image.
        const std::vector<int32_t> tokens =
            runtime::tokenizeWithImages(s->tokenizer(), "<__media__>", true, std::span(&image, 1));
        try {
            s->evaluate(tokens);
            QFAIL("image positions without their image were accepted");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("attach the image again"), e.what());
        }
        // A huge image.
        try {
            v->prepare(vision::RgbImage{20000, 1, {}});
            QFAIL("a huge image was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("16384"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestVisionPrompt)
#include "test_vision_prompt.moc"
