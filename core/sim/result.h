#pragma once

#include <string>
#include <utility>
#include <variant>

namespace commviz::sim {

/// A failure meant for a person: one line naming what was wrong and what is allowed.
struct Error {
    std::string message;
};

/// Value-or-error result used across the core API instead of exceptions.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_data(std::move(value)) {}
    Result(Error error) : m_data(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_data); }
    const T& value() const& { return std::get<T>(m_data); }
    T&& value() && { return std::get<T>(std::move(m_data)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

/// Result of an operation that yields nothing but may fail.
struct Ok {};
using Status = Result<Ok>;

inline Error fail(std::string message) { return Error{std::move(message)}; }

}  // namespace commviz::sim
