#pragma once
// Shared by the CPU and Vulkan vision tests: decoding a test PNG with Qt into the engine's RGB8
// image, and comparing our image embeddings with llama.cpp's rows.
#include "vision/preprocess.h"

#include <QImage>
#include <QString>

#include <algorithm>
#include <cmath>
#include <string>

namespace smoldesk::test {

inline vision::RgbImage loadPng(const std::string& path) {
    QImage img(QString::fromStdString(path));
    img = img.convertToFormat(QImage::Format_RGB888);
    vision::RgbImage out;
    out.width = img.width();
    out.height = img.height();
    for (int y = 0; y < img.height(); ++y) {
        const uchar* line = img.constScanLine(y);
        out.rgb.insert(out.rgb.end(), line, line + 3 * img.width());
    }
    return out;
}

struct Agreement {
    double cosine = 1.0, maxAbs = 0.0, scale = 0.0;
};

// The worst per-token cosine and the largest absolute difference over all tokens.
inline Agreement compare(const float* ours, const float* ref, size_t tokens, size_t width) {
    Agreement a;
    for (size_t t = 0; t < tokens; ++t) {
        double dot = 0, na = 0, nb = 0;
        for (size_t i = 0; i < width; ++i) {
            const double x = ours[t * width + i], y = ref[t * width + i];
            dot += x * y;
            na += x * x;
            nb += y * y;
            a.maxAbs = std::max(a.maxAbs, std::abs(x - y));
            a.scale = std::max(a.scale, std::abs(y));
        }
        a.cosine = std::min(a.cosine, dot / std::sqrt(na * nb));
    }
    return a;
}

} // namespace smoldesk::test
