// Image prompts against llama.cpp's logits (see prompt_check.h).
#include "prompt_check.h"

#include "common/error.h"
#include "runtime/prompt_image.h"
#include "runtime/vision_input.h"
#include "test_data.h"
#include "vision_check.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <sstream>

namespace smoldesk::test {

namespace {

std::string visionPath(const std::string& name) {
    return dataPath("vision/" + name);
}

QJsonObject readJson(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) throw Error(ErrorCode::Io, "cannot read " + path);
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::unique_ptr<runtime::Session> load(const PromptCase& c, runtime::BackendChoice backend, int device,
                                       int batch) {
    runtime::LoadOptions o;
    o.path = visionPath(c.textModel);
    o.contextLength = 256;
    o.threads = 2;
    o.batchSize = batch;
    o.backend = backend;
    o.device = device;
    auto s = runtime::Session::load(o);
    if (backend == runtime::BackendChoice::Vulkan && !s->fallbackReason().empty())
        throw Error(ErrorCode::Backend, "the test device was not used: " + s->fallbackReason());
    return s;
}

// The prompt's image with an encode counter.
std::shared_ptr<runtime::PromptImage> countedImage(runtime::VisionInput& vision, const PromptCase& c,
                                                   int* encodes) {
    auto image = vision.prepare(loadPng(visionPath(c.image)));
    image->encode = [inner = image->encode, encodes] {
        ++*encodes;
        return inner();
    };
    return image;
}

void widen(PromptAgreement& a, const float* ours, const float* ref, size_t rows, size_t width) {
    const Agreement r = compare(ours, ref, rows, width);
    a.cosine = std::min(a.cosine, r.cosine);
    a.maxAbs = std::max(a.maxAbs, r.maxAbs);
    a.scale = std::max(a.scale, r.scale);
    a.rows += static_cast<int>(rows);
}

} // namespace

PromptAgreement checkImagePrompt(const PromptCase& c, runtime::BackendChoice backend, int device, int batch,
                                 bool causalImage) {
    const QJsonObject g = readJson(visionPath(c.golden + ".json"));
    const std::vector<float> ref = readF32(visionPath(c.golden + ".f32"));
    auto session = load(c, backend, device, batch);
    auto vision = runtime::VisionInput::load(visionPath(c.mmproj), *session, backend, device);
    PromptAgreement a;
    auto image = countedImage(*vision, c, &a.encodes);
    if (causalImage) image->bidirectional = false;
    const std::string prompt = g["prompt"].toString().toStdString();
    const std::vector<int32_t> tokens = runtime::tokenizeWithImages(
        session->tokenizer(), prompt, session->tokenizer().addBosByDefault(), std::span(&image, 1));
    const QJsonArray want = g["tokens"].toArray();
    if (tokens.size() != static_cast<size_t>(want.size()))
        throw Error(ErrorCode::BadShape, "the prompt has " + std::to_string(tokens.size()) +
                                             " positions, llama.cpp's " + std::to_string(want.size()));
    for (size_t i = 0; i < tokens.size(); ++i) {
        const int w = want[static_cast<qsizetype>(i)].toInt();
        if ((w < 0) != runtime::isImageToken(tokens[i]) || (w >= 0 && w != tokens[i]))
            throw Error(ErrorCode::BadShape, "position " + std::to_string(i) + " holds " +
                                                 std::to_string(tokens[i]) + ", llama.cpp's " +
                                                 std::to_string(w));
    }
    session->attachImage(image);
    const std::vector<float> logits = session->evaluate(tokens, true);
    const size_t nv = static_cast<size_t>(session->hparams().nVocab);
    const size_t first = static_cast<size_t>(g["first_logits"].toInt());
    size_t refRow = 0;
    for (size_t i = first; i < tokens.size(); ++i) {
        if (runtime::isImageToken(tokens[i])) continue;
        if ((refRow + 1) * nv > ref.size()) throw Error(ErrorCode::BadShape, "the golden has too few rows");
        widen(a, logits.data() + i * nv, ref.data() + refRow * nv, 1, nv);
        ++refRow;
    }
    if (refRow * nv != ref.size()) throw Error(ErrorCode::BadShape, "the golden has rows left over");
    return a;
}

PromptAgreement checkFollowUp(const PromptCase& c, runtime::BackendChoice backend, int device) {
    const QJsonObject g = readJson(visionPath(c.golden + ".json"));
    const std::string first = g["prompt"].toString().toStdString();
    const std::string both = first + " And the colour?";
    int unused = 0;
    // One session reads the whole conversation.
    auto whole = load(c, backend, device, 64);
    auto wholeVision = runtime::VisionInput::load(visionPath(c.mmproj), *whole, backend, device);
    auto img = countedImage(*wholeVision, c, &unused);
    whole->attachImage(img);
    const auto& tok = whole->tokenizer();
    const std::vector<float> ref =
        whole->evaluate(runtime::tokenizeWithImages(tok, both, tok.addBosByDefault(), std::span(&img, 1)));

    // Another reads the first prompt and saves its state; a third restores it and goes on.
    std::stringstream state;
    size_t firstTokens = 0;
    {
        auto s = load(c, backend, device, 64);
        auto v = runtime::VisionInput::load(visionPath(c.mmproj), *s, backend, device);
        auto image = countedImage(*v, c, &unused);
        s->attachImage(image);
        const auto tokens =
            runtime::tokenizeWithImages(tok, first, tok.addBosByDefault(), std::span(&image, 1));
        firstTokens = tokens.size();
        s->evaluate(tokens);
        s->saveState(state);
    }
    PromptAgreement a;
    auto s = load(c, backend, device, 64);
    s->restoreState(state);
    auto v = runtime::VisionInput::load(visionPath(c.mmproj), *s, backend, device);
    auto image = countedImage(*v, c, &a.encodes);
    s->attachImage(image);
    int reused = 0;
    const std::vector<float> ours =
        s->evaluate(runtime::tokenizeWithImages(tok, both, tok.addBosByDefault(), std::span(&image, 1)),
                    false, nullptr, &reused);
    if (reused + 1 < static_cast<int>(firstTokens))
        throw Error(ErrorCode::BadShape, "the restored state was not reused (" + std::to_string(reused) +
                                             " of " + std::to_string(firstTokens) + " positions)");
    widen(a, ours.data(), ref.data(), 1, ref.size());
    return a;
}

} // namespace smoldesk::test
