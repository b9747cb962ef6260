#include "cli/exit_status.h"

#include <cstdio>

namespace commviz::app::cli {

namespace {

// One line, whatever the message holds: scripts read stderr line by line.
void printLine(const std::string& prefix, const std::string& message) {
    std::string line = prefix + message;
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
}

}  // namespace

int reportError(const std::string& message, int status) {
    printLine("commviz: ", message);
    return status;
}

int reportBadInput(const std::string& message) {
    printLine("commviz: ", message);
    return kExitBadInput;
}

int reportInternalError(const std::string& message) {
    printLine("commviz: internal error: ", message);
    return kExitInternalError;
}

}  // namespace commviz::app::cli
