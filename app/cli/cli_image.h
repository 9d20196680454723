#pragma once
// Images for the CLI: decoded with Qt where the CLI links it (the default build: PNG, JPEG, WebP,
// EXIF orientation, app/imageio), refused in one sentence by the Qt-free build (SMOLDESK_CLI_SERVER=OFF);
// and the mmproj a command uses (--mmproj, else the one next to the model).
#include "args.h"
#include "runtime/vision_input.h"
#include "vision/preprocess.h"

#include <memory>
#include <string>

namespace smoldesk::cli {

vision::RgbImage loadImage(const std::string& path); // cli_image_qt.cpp / cli_image_absent.cpp

// --mmproj FILE, or the mmproj*.gguf next to the model (a note says which), loaded for the
// session on a backend like the session's (see VisionInput::load). Error in one sentence when
// neither is there: the model cannot see images.
std::unique_ptr<runtime::VisionInput> loadVision(const std::string* mmprojOption,
                                                 const std::string& modelPath,
                                                 const runtime::Session& session, bool quiet);

} // namespace smoldesk::cli
