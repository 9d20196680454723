#include "model_facts.h"

#include "error_text.h"

#include "chat/chat_formatter.h"
#include "common/error.h"
#include "gguf/file.h"
#include "model/hparams.h"
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
        if (auto a = file->getString("general.architecture"))
            f.architecture = QString::fromUtf8(a->data(), a->size());
        std::map<std::string, uint64_t> bytesByType;
        for (const auto& t : file->tensors()) {
            f.parameters += static_cast<qint64>(t.nElements);
            f.weightBytes += static_cast<qint64>(t.nBytes);
            bytesByType[quant::typeName(t.type)] += t.nBytes;
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
        } catch (const Error& e) {
            f.supported = false;
            f.error = {static_cast<int>(e.code()), QString::fromUtf8(e.what())};
        }
        if (f.trainedContext == 0 && !f.architecture.isEmpty())
            if (auto c = file->getUInt(f.architecture.toStdString() + ".context_length"))
                f.trainedContext = static_cast<int>(*c);
        if (f.supported) {
            try {
                auto tok = text::Tokenizer::fromGguf(*file);
                f.supportsThinking = chat::ChatFormatter::fromGguf(*file, *tok)->supportsThinking();
            } catch (const Error& e) {
                f.error = {static_cast<int>(e.code()), QString::fromUtf8(e.what())};
            }
        }
    } catch (const Error& e) {
        f.ok = false;
        f.error = {static_cast<int>(e.code()), QString::fromUtf8(e.what())};
    } catch (const std::exception& e) {
        f.ok = false;
        f.error = {EngineError::kUnknown, QString::fromUtf8(e.what())};
    }
    return f;
}

qint64 availableMemoryBytes() {
    QFile f(QStringLiteral("/proc/meminfo"));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    // /proc files report size 0: read everything at once instead of testing atEnd().
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray& line : lines) {
        if (line.startsWith("MemAvailable:")) {
            const QList<QByteArray> parts = line.simplified().split(' ');
            if (parts.size() >= 2) return parts[1].toLongLong() * 1024;
        }
    }
    return 0;
}

QString formatBytes(qint64 bytes) {
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString formatCount(qint64 n) {
    if (n >= 1000000000) return QStringLiteral("%1 B").arg(QLocale().toString(double(n) / 1e9, 'f', 2));
    if (n >= 1000000) return QStringLiteral("%1 M").arg(QLocale().toString(double(n) / 1e6, 'f', 1));
    if (n >= 1000) return QStringLiteral("%1 K").arg(QLocale().toString(double(n) / 1e3, 'f', 0));
    return QString::number(n);
}

QVariantMap factsToVariant(const ModelFacts& f, int contextLength, qint64 available) {
    QVariantMap m;
    m[QStringLiteral("valid")] = true;
    m[QStringLiteral("ok")] = f.ok;
    m[QStringLiteral("path")] = f.path;
    m[QStringLiteral("fileName")] = f.fileName;
    m[QStringLiteral("fileSize")] = formatBytes(f.fileSize);
    m[QStringLiteral("architecture")] = f.architecture;
    m[QStringLiteral("parameters")] = formatCount(f.parameters);
    m[QStringLiteral("quantMix")] = f.quantMix;
    m[QStringLiteral("trainedContext")] = f.trainedContext;
    m[QStringLiteral("templatePresent")] = f.templatePresent;
    m[QStringLiteral("supportsThinking")] = f.supportsThinking;
    m[QStringLiteral("supported")] = f.supported;
    const bool hasError = f.error.code != EngineError::kUnknown || !f.error.message.isEmpty();
    m[QStringLiteral("error")] = (!f.ok || !f.supported || hasError) ? describeError(f.error) : QString();
    m[QStringLiteral("errorAction")] = (!f.ok || !f.supported) ? errorAction(f.error.code) : QString();
    constexpr int kDefaultContext = 4096; // the engine's cap when no length is chosen
    int ctx = contextLength > 0 ? contextLength : kDefaultContext;
    if (contextLength <= 0 && f.trainedContext > 0) ctx = std::min(ctx, f.trainedContext);
    const qint64 kv = f.kvBytesPerToken() * ctx;
    const qint64 need = f.weightBytes + kv;
    m[QStringLiteral("contextLength")] = ctx;
    m[QStringLiteral("weights")] = formatBytes(f.weightBytes);
    m[QStringLiteral("kvCache")] = formatBytes(kv);
    m[QStringLiteral("needed")] = formatBytes(need);
    m[QStringLiteral("available")] = available > 0 ? formatBytes(available) : QString();
    QString verdict = QStringLiteral("unknown");
    if (available > 0 && f.ok) {
        if (need > available)
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
