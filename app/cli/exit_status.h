#pragma once

#include <string>

namespace commviz::app::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternalError = 1;
inline constexpr int kExitBadInput = 2;

/// Prints "commviz: MESSAGE" as exactly one line on stderr and returns kExitBadInput.
int reportBadInput(const std::string& message);

/// Prints "commviz: MESSAGE" as one line on stderr and returns `status`.
int reportError(const std::string& message, int status);

/// Prints "commviz: internal error: MESSAGE" and returns kExitInternalError.
int reportInternalError(const std::string& message);

}  // namespace commviz::app::cli
