#include "worker/model_facts.h"

#include "worker/engine_error.h"
#include "worker/error_text.h"
#include "worker/quantity_text.h"

#include "chat/chat_formatter.h"
#include "common/error.h"
#include "common/platform.h"
#include "gguf/file.h"
#include "model/hparams.h"
#include "quant/types.h"
#include "runtime/chat_prompt.h"
#include "runtime/session.h"
#include "text/tokenizer.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <map>

namespace smoldesk::app {

ModelFacts readModelFacts(const QString& path) {
    ModelFacts f;
    f.path = path;
    f.fileName = QFileInfo(path).fileName();
    f.fileSize = QFileInfo(path).size();
    try {
        if (!QFileInfo::exists(path))
            throw Error(ErrorCode::Io, "The file '" + path.toStdString() + "' does not exist.");
        auto file = gguf::File::open(path.toStdString());
        if (auto a = file->getString("general.architecture")) {
            f.architecture = QString::fromUtf8(a->data(), a->size());
            const std::string family = model::architectureFamilyName(*a);
            if (!family.empty())
                f.architecture += QStringLiteral(" (%1)").arg(QString::fromStdString(family));
        }
        std::map<std::string, uint64_t> bytesByType;
        QString uncomputable;
        for (const auto& t : file->tensors()) {
            f.parameters += static_cast<qint64>(t.nElements);
            f.weightBytes += static_cast<qint64>(t.nBytes);
            if (t.nDims == 3 && t.name.find("_exps.") != std::string::npos)
                f.expertBytes += static_cast<qint64>(t.nBytes);
            bytesByType[quant::typeName(t.type)] += t.nBytes;
            if (uncomputable.isEmpty() && !quant::typeInfo(t.type).computable)
                uncomputable = QString::fromStdString(quant::typeName(t.type));
        }
        std::vector<std::pair<uint64_t, std::string>> mix;
        for (const auto& [name, bytes] : bytesByType) mix.emplace_back(bytes, name);
        std::sort(mix.rbegin(), mix.rend());
        QStringList parts;
        for (const auto& [bytes, name] : mix) {
            const double pct = f.weightBytes ? 100.0 * double(bytes) / double(f.weightBytes) : 0.0;
            parts << QStringLiteral("%1 %2%")
                         .arg(QString::fromStdString(name))
                         .arg(pct < 1.0 ? QStringLiteral("<1") : QString::number(qRound(pct)));
        }
        f.quantMix = parts.join(QStringLiteral(", "));
        f.templatePresent = file->has("tokenizer.chat_template");
        f.ok = true;
        try {
            const model::HyperParams hp = model::readHyperParams(*file);
            f.nLayer = hp.nLayer;
            f.nHeadKv = hp.nHeadKv;
            f.headDim = hp.headDim;
            f.trainedContext = hp.nCtxTrain;
            f.nExpert = hp.nExpert;
            f.nExpertUsed = hp.nExpertUsed;
            if (!uncomputable.isEmpty()) {
                f.supported = false;
                f.error.code = static_cast<int>(ErrorCode::UnsupportedType);
                f.error.subject = uncomputable;
                f.error.message = QStringLiteral("Tensor type %1 is not supported.").arg(uncomputable);
            }
        } catch (const Error& e) {
            f.supported = false;
            f.error = engineErrorFrom(e, path);
            if (f.error.code == static_cast<int>(ErrorCode::UnsupportedArch))
                f.error.subject = f.architecture;
        }
        if (f.supported) {
            // Tokenizer and template: a load fails on them too, so they are part of the check.
            try {
                auto tok = text::Tokenizer::fromGguf(*file);
                auto formatter = chat::ChatFormatter::fromGguf(*file, *tok);
                f.promptMode = runtime::ChatPrompt::modeFor(*formatter, *tok);
                f.supportsThinking = f.promptMode == PromptMode::OwnTemplate && formatter->supportsThinking();
                f.reasoningEffort = f.supportsThinking && formatter->supportsReasoningEffort();
                f.templateKnown = true;
            } catch (const Error& e) {
                f.supported = false;
                f.error = engineErrorFrom(e, path);
            }
        }
    } catch (const Error& e) {
        f.ok = false;
        f.error = engineErrorFrom(e, path);
    } catch (const std::exception& e) {
        f.ok = false;
        f.error = engineErrorFrom(e, path);
    }
    return f;
}

int effectiveContext(const ModelFacts& f, int contextLength) {
    if (contextLength > 0) return contextLength;
    // The engine's default: the trained context, capped.
    return f.trainedContext > 0 ? std::min(runtime::Session::kDefaultContext, f.trainedContext)
                                : runtime::Session::kDefaultContext;
}

std::optional<EngineError> checkBeforeLoad(const ModelFacts& f, int contextLength, qint64 availableBytes) {
    if (f.hasError()) return f.error;
    const qint64 kv = f.kvBytesPerToken() * effectiveContext(f, contextLength);
    if (availableBytes > 0 && kv > availableBytes) {
        EngineError e;
        e.code = static_cast<int>(ErrorCode::OutOfMemory);
        e.neededBytes = f.weightBytes + kv;
        e.availableBytes = availableBytes;
        e.message = QStringLiteral("The KV cache for %1 tokens needs %2 bytes; %3 bytes are available.")
                        .arg(effectiveContext(f, contextLength))
                        .arg(kv)
                        .arg(availableBytes);
        return e;
    }
    return std::nullopt;
}

qint64 availableMemoryBytes() {
    return static_cast<qint64>(smoldesk::platform::availableMemoryBytes());
}

QVariantMap factsToVariant(const ModelFacts& f, int contextLength, qint64 available) {
    // Only what was read: a file that does not open has a name, a size and an error, nothing else.
    QVariantMap m;
    m[QStringLiteral("valid")] = true;
    m[QStringLiteral("ok")] = f.ok;
    m[QStringLiteral("path")] = f.path;
    m[QStringLiteral("fileName")] = f.fileName;
    m[QStringLiteral("fileSize")] = formatBytes(f.fileSize);
    m[QStringLiteral("architecture")] = f.architecture;
    m[QStringLiteral("parameters")] = f.ok && f.parameters > 0 ? formatCount(f.parameters) : QString();
    m[QStringLiteral("quantMix")] = f.ok ? f.quantMix : QString();
    m[QStringLiteral("trainedContext")] = f.hparamsKnown() ? f.trainedContext : 0;
    m[QStringLiteral("templateKnown")] = f.templateKnown;
    m[QStringLiteral("templatePresent")] = f.templateKnown && f.templatePresent;
    m[QStringLiteral("promptMode")] = f.templateKnown ? promptModeName(f.promptMode) : QString();
    m[QStringLiteral("supportsThinking")] = f.templateKnown && f.supportsThinking;
    m[QStringLiteral("reasoningEffort")] = f.templateKnown && f.reasoningEffort;
    m[QStringLiteral("supported")] = f.supported;
    m[QStringLiteral("error")] = f.hasError() ? describeError(f.error) : QString();
    m[QStringLiteral("errorAction")] = f.hasError() ? errorAction(f.error.code) : QString();
    const bool estimable = f.ok && f.hparamsKnown();
    const int ctx = effectiveContext(f, contextLength);
    const qint64 kv = f.kvBytesPerToken() * ctx;
    const qint64 need = f.weightBytes + kv;
    m[QStringLiteral("estimable")] = estimable;
    m[QStringLiteral("contextLength")] = estimable ? ctx : 0;
    m[QStringLiteral("weights")] = estimable ? formatBytes(f.weightBytes) : QString();
    m[QStringLiteral("kvCache")] = estimable ? formatBytes(kv) : QString();
    m[QStringLiteral("needed")] = estimable ? formatBytes(need) : QString();
    m[QStringLiteral("available")] = available > 0 ? formatBytes(available) : QString();
    // A mapped mixture of experts runs while its experts page in from the file: it needs the
    // always-used weights, its active experts and the KV cache resident; the rest only makes
    // it faster (tight, not too large).
    const qint64 moeMinimum = f.activeWeightBytes() + kv;
    m[QStringLiteral("moe")] = estimable && f.isMoe();
    m[QStringLiteral("experts")] =
        f.isMoe() ? QStringLiteral("%1 / %2").arg(f.nExpertUsed).arg(f.nExpert) : QString();
    m[QStringLiteral("activeWeights")] =
        estimable && f.isMoe() ? formatBytes(f.activeWeightBytes()) : QString();
    QString verdict = QStringLiteral("unknown");
    if (available > 0 && estimable) {
        if (f.isMoe() && need > available * 8 / 10 && moeMinimum <= available * 8 / 10)
            verdict = QStringLiteral("tight");
        else if (need > available)
            verdict = QStringLiteral("too-large");
        else if (need > available * 8 / 10)
            verdict = QStringLiteral("tight");
        else
            verdict = QStringLiteral("fits");
    }
    m[QStringLiteral("verdict")] = verdict;
    return m;
}

} // namespace smoldesk::app
