// The Jinja engine: the input is a template, parsed and rendered with a fixed chat context
// under tight limits. A template may fail with Error(Template); nothing else may happen.
#include "common/error.h"
#include "jinja/template.h"

#include <cstdint>
#include <string>

namespace {

const char* kContext = R"({
  "messages": [
    {"role": "system", "content": "You are helpful."},
    {"role": "user", "content": "Hi <b>there</b> ünïcödé 🙂"},
    {"role": "assistant", "content": "<think>hmm</think>Hello!", "tool_calls": [
      {"type": "function", "function": {"name": "get", "arguments": {"x": 1, "y": [true, null, 2.5]}}}]},
    {"role": "tool", "content": "{\"ok\": 1}"},
    {"role": "user", "content": ""}
  ],
  "tools": [{"type": "function", "function": {"name": "get", "description": "d",
             "parameters": {"type": "object", "properties": {"x": {"type": "integer"}}}}}],
  "add_generation_prompt": true, "enable_thinking": false,
  "bos_token": "<s>", "eos_token": "</s>", "documents": null
})";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    static const jinja::Value context = jinja::parseJson(kContext);
    jinja::RenderOptions options;
    options.now = [] { return std::tm{}; };
    options.maxOutputBytes = 1u << 20;
    options.maxSteps = 200'000;
    options.maxDepth = 50;
    try {
        jinja::Template t(std::string(reinterpret_cast<const char*>(data), size));
        const std::string out = t.render(context, options);
        if (out.size() > options.maxOutputBytes) __builtin_trap();
    } catch (const Error&) {
    }
    return 0;
}
