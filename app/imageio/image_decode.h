#pragma once
// Decoding an image file or its bytes with Qt into the engine's RGB8 pixels, refusing what the
// engine cannot take before decoding it: one sentence (Error) for bytes that are no image Qt reads,
// a truncated or damaged file, or a size beyond vision::kMaxImageSide. EXIF orientation is applied
// (a phone photo comes out the way it was taken); transparency is laid on white.
#include "vision/preprocess.h"

#include <QByteArray>

#include <string>

namespace smoldesk::imageio {

vision::RgbImage decodeImage(const QByteArray& bytes);
vision::RgbImage loadImageFile(const std::string& path);

} // namespace smoldesk::imageio
