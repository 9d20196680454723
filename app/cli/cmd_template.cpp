// smoldesk-cli template (-m FILE | --template FILE) --context CONTEXT.json [--now ISO]:
// renders a chat template with the variables of a JSON object and writes the result to
// stdout byte for byte. With -m the model's tokenizer.chat_template is used, and its BOS/EOS
// token texts are provided as bos_token/eos_token unless the context sets them.
#include "commands.h"

#include "common/error.h"
#include "common/platform.h"
#include "gguf/file.h"
#include "jinja/template.h"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>

namespace smoldesk::cli {

namespace {

std::string readFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw Error(ErrorCode::Io, "Cannot read " + path + ".");
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// "2026-01-15T12:00:00", "2026-01-15 12:00:00", "2026-01-15T12:00" or "2026-01-15".
std::tm parseIsoTime(const std::string& text) {
    std::tm tm{};
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    char sep = 'T';
    int n = std::sscanf(text.c_str(), "%4d-%2d-%2d%c%2d:%2d:%2d", &y, &mo, &d, &sep, &h, &mi, &s);
    if (n != 3 && n < 6) throw UsageError("--now takes an ISO date and time such as 2026-01-15T12:00:00.");
    if (n > 3 && sep != 'T' && sep != ' ') throw UsageError("--now: expected 'T' between date and time.");
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
        throw UsageError("--now: date or time out of range.");
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    // timegm normalises and fills in the weekday and day of the year (%a, %A, %j).
    return platform::utcTime(platform::fromUtc(tm));
}

std::string tokenText(const gguf::File& file, const char* idKey) {
    const gguf::Value* tokens = file.find("tokenizer.ggml.tokens");
    auto id = file.getUInt(idKey);
    if (!tokens || !tokens->isArray() || tokens->elementType() != gguf::ValueType::String || !id ||
        *id >= tokens->size())
        return {};
    return std::string(tokens->stringAt(size_t(*id)));
}

} // namespace

int cmdTemplate(Args& args) {
    auto model = args.option("--model", "-m");
    auto templatePath = args.option("--template");
    auto contextPath = args.option("--context");
    auto now = args.option("--now");
    if (!args.positionals().empty()) throw UsageError("template takes no positional arguments.");
    if (model.has_value() == templatePath.has_value())
        throw UsageError("give exactly one of -m FILE or --template FILE.");
    if (!contextPath) throw UsageError("--context CONTEXT.json is required.");

    jinja::Value fileContext;
    try {
        fileContext = jinja::parseJson(readFile(*contextPath));
    } catch (const Error& e) {
        if (e.code() == ErrorCode::Io) throw;
        throw UsageError(*contextPath + ": " + e.what());
    }
    if (!fileContext.isDict()) throw UsageError(*contextPath + ": the context must be a JSON object.");

    std::string source;
    jinja::Value context = fileContext;
    if (templatePath) {
        source = readFile(*templatePath);
    } else {
        auto file = gguf::File::open(*model);
        auto tmpl = file->getString("tokenizer.chat_template");
        if (!tmpl) throw Error(ErrorCode::MissingKey, "The model has no tokenizer.chat_template.");
        source = std::string(*tmpl);
        // Like transformers: special tokens first, the caller's variables win.
        context = jinja::Value::object();
        std::string bos = tokenText(*file, "tokenizer.ggml.bos_token_id");
        std::string eos = tokenText(*file, "tokenizer.ggml.eos_token_id");
        if (!bos.empty() && !fileContext.dictData().find("bos_token")) context.set("bos_token", bos);
        if (!eos.empty() && !fileContext.dictData().find("eos_token")) context.set("eos_token", eos);
        for (const auto& [k, v] : fileContext.dictData().entries()) context.mutableDict().set(k, v);
    }

    jinja::RenderOptions options;
    if (now) {
        std::tm fixed = parseIsoTime(*now);
        options.now = [fixed] { return fixed; };
    }
    jinja::Template tmpl(source);
    std::string out = tmpl.render(context, options);
    if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size() || std::fflush(stdout) != 0)
        throw Error(ErrorCode::Io, "Cannot write the rendered template to stdout.");
    return kExitOk;
}

} // namespace smoldesk::cli
