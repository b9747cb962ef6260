#include "noc/booksim_config_reader.h"

#include <cctype>
#include <map>

#include "sim/text_file.h"

namespace commviz::noc {

namespace {

bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '/' || c == '.' || c == '+' ||
           c == '(' || c == ')' || c == ',' || c == '{' || c == '}';
}

bool isInteger(std::string_view s) {
    std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (i == s.size()) return false;
    for (; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    return true;
}

bool isFloat(std::string_view s) {
    if (s.empty()) return false;
    std::string copy(s);
    char* end = nullptr;
    std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size()) return false;
    // strtod accepts "inf" and "nan"; BookSim's lexer does not.
    return copy.find_first_of("0123456789") != std::string::npos &&
           copy.find_first_not_of("0123456789.eE+-") == std::string::npos;
}

/// Cursor over the text that knows its line number.
struct Scanner {
    std::string_view text;
    std::size_t pos = 0;
    int line = 1;

    void skipSpaceAndComments() {
        while (pos < text.size()) {
            const char c = text[pos];
            if (c == '\n') {
                ++line;
                ++pos;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++pos;
            } else if (c == '/' && pos + 1 < text.size() && text[pos + 1] == '/') {
                while (pos < text.size() && text[pos] != '\n') ++pos;
            } else {
                return;
            }
        }
    }
    bool atEnd() {
        skipSpaceAndComments();
        return pos >= text.size();
    }
    /// A name or value token; quoted strings keep their content only.
    std::string token() {
        skipSpaceAndComments();
        if (pos < text.size() && text[pos] == '"') {
            const std::size_t close = text.find('"', pos + 1);
            const std::size_t stop = close == std::string_view::npos ? text.size() : close;
            std::string out(text.substr(pos + 1, stop - pos - 1));
            pos = stop == text.size() ? stop : stop + 1;
            return out;
        }
        const std::size_t start = pos;
        int depth = 0;
        while (pos < text.size()) {
            const char c = text[pos];
            if (c == '{' || c == '(') ++depth;
            if (c == '}' || c == ')') --depth;
            if (depth <= 0 && !isNameChar(c)) break;
            if (depth > 0 && (c == '\n' || c == ';')) break;
            ++pos;
        }
        return std::string(text.substr(start, pos - start));
    }
    bool take(char c) {
        skipSpaceAndComments();
        if (pos < text.size() && text[pos] == c) {
            ++pos;
            return true;
        }
        return false;
    }
};

sim::Error parseError(const std::string& name, int line, const std::string& what) {
    return sim::fail(name + ":" + std::to_string(line) + ": parse error: " + what);
}

}  // namespace

ConfigValue classifyValue(std::string_view text) {
    ConfigValue value;
    value.text = std::string(text);
    if (isInteger(text)) {
        value.kind = ConfigValueKind::Int;
    } else if (isFloat(text)) {
        value.kind = ConfigValueKind::Float;
    } else if (!text.empty() && text.front() == '{') {
        value.kind = ConfigValueKind::List;
    } else {
        value.kind = ConfigValueKind::String;
    }
    return value;
}

sim::Result<ConfigDocument> parseBookSimConfig(std::string_view text, const std::string& name) {
    ConfigDocument doc;
    doc.name = name;
    Scanner in{text};
    while (!in.atEnd()) {
        const int line = in.line;
        const std::string key = in.token();
        if (key.empty()) {
            return parseError(name, in.line, std::string("unexpected character '") + text[in.pos] + "'");
        }
        if (!in.take('=')) return parseError(name, in.line, "expected '=' after '" + key + "'");
        const bool quoted = (in.skipSpaceAndComments(), in.pos < text.size() && text[in.pos] == '"');
        const std::string raw = in.token();
        if (raw.empty() && !quoted) return parseError(name, in.line, "missing value for '" + key + "'");
        if (!in.take(';')) return parseError(name, in.line, "missing ';' after '" + key + " = " + raw + "'");
        ConfigValue value = quoted ? ConfigValue{ConfigValueKind::String, raw} : classifyValue(raw);
        doc.assignments.push_back({key, std::move(value), line});
    }
    return doc;
}

sim::Result<ConfigDocument> readBookSimConfig(const std::string& path) {
    // A hand-written BookSim config is a few KiB; 16 MiB leaves room for generated ones.
    auto text = sim::readTextFile(path, "config file", 16u << 20);
    if (!text) return text.error();
    return parseBookSimConfig(text.value(), path);
}

std::string placeOf(const ConfigDocument& document, const ConfigAssignment& assignment) {
    return assignment.line > 0 ? document.name + ":" + std::to_string(assignment.line) + ": " : "override: ";
}

std::vector<const ConfigAssignment*> finalAssignments(const ConfigDocument& document) {
    std::map<std::string, const ConfigAssignment*> last;
    for (const ConfigAssignment& a : document.assignments) last[a.key] = &a;
    std::vector<const ConfigAssignment*> out;
    for (const ConfigAssignment& a : document.assignments)
        if (last[a.key] == &a) out.push_back(&a);
    return out;
}

sim::Status applyOverrides(ConfigDocument& document, const std::vector<std::string>& overrides) {
    for (const std::string& item : overrides) {
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size()) {
            return sim::fail("override '" + item + "': expected key=value");
        }
        std::string key = item.substr(0, eq);
        std::string value = item.substr(eq + 1);
        while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
        while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front()))) value.erase(0, 1);
        if (!value.empty() && value.back() == ';') value.pop_back();
        ConfigValue parsed = classifyValue(value);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
            parsed = ConfigValue{ConfigValueKind::String, value.substr(1, value.size() - 2)};
        }
        document.assignments.push_back({key, std::move(parsed), 0});
    }
    return sim::Ok{};
}

}  // namespace commviz::noc
