// The Qt-free CLI (SMOLDESK_CLI_SERVER=OFF) decodes no images: it says so.
#include "cli_image.h"

#include "common/error.h"

namespace smoldesk::cli {

vision::RgbImage loadImage(const std::string& path) {
    throw Error(ErrorCode::InvalidArgument, "This smoldesk-cli was built without Qt and reads no images ('" +
                                                path + "'); use a build with SMOLDESK_CLI_SERVER=ON.");
}

} // namespace smoldesk::cli
