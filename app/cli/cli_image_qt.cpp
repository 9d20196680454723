// Images decoded with Qt (app/imageio), and the mmproj a CLI command uses.
#include "cli_image.h"

#include "imageio/image_decode.h"

namespace smoldesk::cli {

vision::RgbImage loadImage(const std::string& path) {
    return imageio::loadImageFile(path);
}

} // namespace smoldesk::cli
