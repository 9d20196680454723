#pragma once
// The image resizes llama.cpp's libmtmd applies before encoding, bit for bit (its results are
// uint8 pixels, so a different rounding anywhere changes the encoder's input).
#include "vision/preprocess.h"

namespace smoldesk::vision {

// libmtmd's bicubic resize (img_tool::resize_bicubic): a Catmull-Rom-like cubic through the
// 4×4 neighbours of (x·sw/w, y·sh/h), clamped at the edges, rounded to uint8.
RgbImage resizeBicubic(const RgbImage& src, int width, int height);

// libmtmd's bilinear resize (the overview of an idefics3 image): corners aligned, source position
// x·(sw - 1)/(w - 1), the blend truncated to uint8. Same size: a copy.
RgbImage resizeBilinear(const RgbImage& src, int width, int height);

enum class Filter { Bicubic, Bilinear };

// libmtmd's resize with PAD_CEIL: the aspect ratio kept, each side ceil(side · scale) (at most the
// target), resized with `filter`, centred on black at ((w - w')/2, (h - h')/2). Same size: a copy.
RgbImage resizePadded(const RgbImage& src, int width, int height, Filter filter);

// A width × height rectangle of src at (x, y).
RgbImage crop(const RgbImage& src, int x, int y, int width, int height);

} // namespace smoldesk::vision
