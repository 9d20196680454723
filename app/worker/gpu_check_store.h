#pragma once
// The GPU self-check's verdicts (runtime/self_check.h), one per device, driver version and SmolDesk
// version, in a small JSON file in the data folder: the check runs the first time such a
// combination is used and its verdict decides, until the user checks again, whether models load
// on that GPU. A verdict is a map for QML: device, driver, version, passed, sentence, checkedAt,
// checks, seconds and table (one text line per kernel, for the diagnostics).
#include <QString>
#include <QVariantMap>

#include <optional>

namespace smoldesk::app {

class GpuCheckStore {
  public:
    explicit GpuCheckStore(QString path) : path_(std::move(path)) {}

    static QString keyFor(const QString& device, const QString& driver);
    std::optional<QVariantMap> verdict(const QString& key) const;
    // The verdict saved last (empty when none).
    QVariantMap last() const;
    // Writes atomically (a crash mid-write keeps the old file).
    bool save(const QString& key, const QVariantMap& verdict) const;

  private:
    QString path_;
};

} // namespace smoldesk::app
