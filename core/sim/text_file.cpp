#include "sim/text_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace commviz::sim {

namespace {

std::string sizeText(std::uintmax_t bytes) {
    constexpr std::uintmax_t kMiB = 1u << 20;
    return bytes >= kMiB && bytes % kMiB == 0 ? std::to_string(bytes / kMiB) + " MiB"
                                              : std::to_string(bytes) + " bytes";
}

}  // namespace

Result<std::string> readTextFile(const std::string& path, std::string_view what, std::uintmax_t maxBytes) {
    const std::string named = std::string(what) + " '" + path + "'";
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) return fail(named + " does not exist");
    if (std::filesystem::is_directory(status)) return fail(named + " is a directory");
    if (!std::filesystem::is_regular_file(status)) return fail(named + " is not a regular file");
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error) return fail(named + " cannot be read");
    if (size > maxBytes)
        return fail(named + " is " + std::to_string(size) + " bytes, more than the " + sizeText(maxBytes) + " allowed");
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(named + " cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return fail(named + " cannot be read");
    return text.str();
}

}  // namespace commviz::sim
