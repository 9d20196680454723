#pragma once
// Builds the render context of a fixture case exactly as render_expected.py's build_context:
// special tokens, variant kwargs (except add_generation_prompt/tools), then messages, tools,
// documents and add_generation_prompt.
#include "jinja/template.h"

#include <ctime>

namespace smoldesk::test {

inline jinja::Value buildFixtureContext(const jinja::Value& doc, const std::string& templateName,
                                        const std::string& conversation, const std::string& variant) {
    using jinja::Value;
    const Value& tmpl = *doc.dictData().find("templates")->dictData().find(templateName);
    const Value& conv = *doc.dictData().find("conversations")->dictData().find(conversation);
    const Value& var = *doc.dictData().find("variants")->dictData().find(variant);
    Value ctx = Value::object();
    for (const auto& [k, v] : tmpl.dictData().find("special_tokens")->dictData().entries())
        ctx.set(k.str(), v);
    for (const auto& [k, v] : var.dictData().entries())
        if (k.str() != "add_generation_prompt" && k.str() != "tools") ctx.set(k.str(), v);
    // dict(messages=..., tools=..., documents=..., add_generation_prompt=..., **ctx): these four come first.
    Value out = Value::object();
    out.set("messages", *conv.dictData().find("messages"));
    const Value* tools = var.dictData().find("tools");
    if (!tools) tools = conv.dictData().find("tools");
    out.set("tools", tools ? *tools : Value::none());
    out.set("documents", Value::none());
    out.set("add_generation_prompt", *var.dictData().find("add_generation_prompt"));
    for (const auto& [k, v] : ctx.dictData().entries()) out.set(k.str(), v);
    return out;
}

// The fixtures' fixed clock: 2026-01-15 12:00:00 (a Thursday).
inline std::tm fixtureNow() {
    std::tm tm{};
    tm.tm_year = 2026 - 1900;
    tm.tm_mon = 0;
    tm.tm_mday = 15;
    tm.tm_hour = 12;
    tm.tm_wday = 4;
    tm.tm_yday = 14;
    return tm;
}

} // namespace smoldesk::test
