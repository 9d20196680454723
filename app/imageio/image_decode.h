#pragma once
// Decoding an image file or its bytes with Qt into the engine's RGB8 pixels, refusing what the
// engine cannot take before decoding it: one sentence (Error) for bytes that are no image Qt reads,
// a truncated or damaged file, a size beyond vision::kMaxImageSide, or a decode over 1 GiB. EXIF
// orientation is applied (a phone photo comes out the way it was taken); transparency is laid on
// white. Images up to kExactPixels come out pixel for pixel (what llama.cpp's preprocessing, which
// SmolDesk's matches exactly, starts from); larger ones are reduced while decoding, so a 16384x16384
// image never costs more than its one Qt decode.
#include "vision/preprocess.h"

#include <QByteArray>
#include <QSize>

#include <string>

namespace smoldesk::imageio {

// 64 megapixels (8192x8192; every phone camera but the 200-megapixel ones) are decoded as they are.
inline constexpr qint64 kExactPixels = 8192LL * 8192LL;
// A larger image comes out with its longer side this long: twice SmolVLM's longest edge (2048), four
// and a half times Gemma 3's input (896), so the projector's own resize still does the real work.
inline constexpr int kReducedSide = 4096;

vision::RgbImage decodeImage(const QByteArray& bytes);
vision::RgbImage loadImageFile(const std::string& path);

// The width x height decodeImage(bytes) gives (EXIF rotation and reduction included), from the
// header alone; invalid when the header does not say or the image would be refused.
QSize decodedSize(const QByteArray& bytes);

} // namespace smoldesk::imageio
