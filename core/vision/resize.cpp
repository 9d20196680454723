// Bicubic resize, padded resize and crop exactly as llama.cpp's libmtmd computes them (the
// arithmetic types matter: the cubic's coefficients are formed in double and stored as float).
#include "vision/resize.h"

#include <algorithm>
#include <cmath>

namespace smoldesk::vision {

namespace {

uint8_t at(const RgbImage& img, int x, int y, int c) {
    x = std::clamp(x, 0, img.width - 1);
    y = std::clamp(y, 0, img.height - 1);
    return img.rgb[(static_cast<size_t>(y) * static_cast<size_t>(img.width) + static_cast<size_t>(x)) * 3 +
                   static_cast<size_t>(c)];
}

// The cubic through p(-1), p(0), p(1), p(2) at t in [0, 1).
float cubic(float pm1, float p0, float p1, float p2, float t) {
    const float d0 = pm1 - p0, d2 = p1 - p0, d3 = p2 - p0;
    const float a1 = static_cast<float>(-1.0 / 3 * d0 + d2 - 1.0 / 6 * d3);
    const float a2 = static_cast<float>(1.0 / 2 * d0 + 1.0 / 2 * d2);
    const float a3 = static_cast<float>(-1.0 / 6 * d0 - 1.0 / 2 * d2 + 1.0 / 6 * d3);
    return p0 + a1 * t + a2 * t * t + a3 * t * t * t;
}

} // namespace

RgbImage resizeBicubic(const RgbImage& src, int width, int height) {
    if (src.width == width && src.height == height) return src;
    RgbImage dst;
    dst.width = width;
    dst.height = height;
    dst.rgb.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    const float tx = static_cast<float>(src.width) / static_cast<float>(width);
    const float ty = static_cast<float>(src.height) / static_cast<float>(height);
    for (int i = 0; i < height; ++i)
        for (int j = 0; j < width; ++j) {
            const int x = static_cast<int>(tx * static_cast<float>(j));
            const int y = static_cast<int>(ty * static_cast<float>(i));
            const float dx = tx * static_cast<float>(j) - static_cast<float>(x);
            const float dy = ty * static_cast<float>(i) - static_cast<float>(y);
            for (int k = 0; k < 3; ++k) {
                float column[4];
                for (int jj = 0; jj < 4; ++jj) {
                    const int yy = y - 1 + jj;
                    column[jj] = cubic(at(src, x - 1, yy, k), at(src, x, yy, k), at(src, x + 1, yy, k),
                                       at(src, x + 2, yy, k), dx);
                }
                const float v = cubic(column[0], column[1], column[2], column[3], dy);
                dst.rgb[(static_cast<size_t>(i) * static_cast<size_t>(width) + static_cast<size_t>(j)) * 3 +
                        static_cast<size_t>(k)] =
                    static_cast<uint8_t>(std::min(std::max(std::round(v), 0.0f), 255.0f));
            }
        }
    return dst;
}

RgbImage resizeBilinear(const RgbImage& src, int width, int height) {
    if (src.width == width && src.height == height) return src;
    RgbImage dst;
    dst.width = width;
    dst.height = height;
    dst.rgb.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    const float xr = width > 1 ? static_cast<float>(src.width - 1) / static_cast<float>(width - 1) : 0.0f;
    const float yr = height > 1 ? static_cast<float>(src.height - 1) / static_cast<float>(height - 1) : 0.0f;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const float px = static_cast<float>(x) * xr, py = static_cast<float>(y) * yr;
            const int x0 = std::min(static_cast<int>(px), src.width - 1),
                      y0 = std::min(static_cast<int>(py), src.height - 1);
            const int x1 = std::min(x0 + 1, src.width - 1), y1 = std::min(y0 + 1, src.height - 1);
            const float xf = px - static_cast<float>(x0), yf = py - static_cast<float>(y0);
            for (int c = 0; c < 3; ++c) {
                const float top =
                    at(src, x0, y0, c) + (static_cast<float>(at(src, x1, y0, c)) - at(src, x0, y0, c)) * xf;
                const float bot =
                    at(src, x0, y1, c) + (static_cast<float>(at(src, x1, y1, c)) - at(src, x0, y1, c)) * xf;
                dst.rgb[(static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3 +
                        static_cast<size_t>(c)] = static_cast<uint8_t>(top + (bot - top) * yf);
            }
        }
    return dst;
}

RgbImage resizePadded(const RgbImage& src, int width, int height, Filter filter) {
    if (src.width == width && src.height == height) return src;
    const float scale = std::min(static_cast<float>(width) / static_cast<float>(src.width),
                                 static_cast<float>(height) / static_cast<float>(src.height));
    const int w = std::min(static_cast<int>(std::ceil(static_cast<float>(src.width) * scale)), width);
    const int h = std::min(static_cast<int>(std::ceil(static_cast<float>(src.height) * scale)), height);
    const RgbImage scaled = filter == Filter::Bicubic ? resizeBicubic(src, w, h) : resizeBilinear(src, w, h);
    RgbImage dst;
    dst.width = width;
    dst.height = height;
    dst.rgb.assign(static_cast<size_t>(width) * static_cast<size_t>(height) * 3, 0);
    const int ox = (width - w) / 2, oy = (height - h) / 2;
    for (int y = 0; y < h; ++y)
        std::copy_n(scaled.rgb.data() + static_cast<size_t>(y) * static_cast<size_t>(w) * 3,
                    static_cast<size_t>(w) * 3,
                    dst.rgb.data() +
                        (static_cast<size_t>(y + oy) * static_cast<size_t>(width) + static_cast<size_t>(ox)) *
                            3);
    return dst;
}

RgbImage crop(const RgbImage& src, int x, int y, int width, int height) {
    RgbImage dst;
    dst.width = width;
    dst.height = height;
    dst.rgb.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    for (int r = 0; r < height; ++r)
        std::copy_n(
            src.rgb.data() +
                (static_cast<size_t>(y + r) * static_cast<size_t>(src.width) + static_cast<size_t>(x)) * 3,
            static_cast<size_t>(width) * 3,
            dst.rgb.data() + static_cast<size_t>(r) * static_cast<size_t>(width) * 3);
    return dst;
}

} // namespace smoldesk::vision
