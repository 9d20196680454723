#pragma once
// Shared by the CPU and Vulkan image-prompt tests: one golden of tests/data/vision
// (`<golden>.json` / `.f32`, written by dump_mtmd_golden --logits) run through a Session with an
// attached image, the token sequence checked id for id and the logits of every text position after
// the first image compared with llama.cpp's.
#include "runtime/session.h"

#include <string>

namespace smoldesk::test {

struct PromptCase {
    std::string textModel, mmproj, image, golden; // file names inside tests/data/vision
};

struct PromptAgreement {
    double cosine = 1.0, maxAbs = 0.0, scale = 0.0; // worst row cosine, largest difference, largest value
    int rows = 0;                                   // logit rows compared
    int encodes = 0;                                // how often the image was encoded
};

// batch: prompt tokens per forward pass (1: token by token; an image piece is then split too,
// except where the model attends both ways within an image, which needs the whole piece).
// causalImage: a negative control, the image's rows decoded causally even where libmtmd does not.
PromptAgreement checkImagePrompt(const PromptCase& c, runtime::BackendChoice backend, int device, int batch,
                                 bool causalImage = false);

// The follow-up of a chat: the image prompt is read, the state saved and restored into a fresh
// session, and a follow-up question that repeats the image is answered without encoding it
// again; returns the agreement of the follow-up's last logits with those of one session reading
// everything, and the encodes of the restored session.
PromptAgreement checkFollowUp(const PromptCase& c, runtime::BackendChoice backend, int device);

} // namespace smoldesk::test
