#include "rdma/paged_bytes.h"

#include <algorithm>
#include <atomic>

namespace commviz::rdma {

namespace {
std::size_t pageLength(std::size_t page, std::size_t size) {
    return std::min(PagedBytes::kPageSize, size - page * PagedBytes::kPageSize);
}
}  // namespace

void PagedBytes::resize(std::size_t n) {
    m_pages.assign((n + kPageSize - 1) / kPageSize, nullptr);
    m_size = n;
}

void PagedBytes::assign(const std::vector<std::uint8_t>& bytes) {
    resize(bytes.size());
    for (std::size_t p = 0; p < m_pages.size(); ++p) {
        const auto first = bytes.begin() + std::ptrdiff_t(p * kPageSize);
        const auto last = first + std::ptrdiff_t(pageLength(p, m_size));
        if (std::any_of(first, last, [](std::uint8_t b) { return b != 0; }))
            m_pages[p] = std::make_shared<Page>(first, last);
    }
}

std::size_t PagedBytes::read(std::size_t offset, std::uint8_t* out, std::size_t n) const {
    if (offset >= m_size) return 0;
    n = std::min(n, m_size - offset);
    for (std::size_t done = 0; done < n;) {
        const std::size_t page = (offset + done) / kPageSize, at = (offset + done) % kPageSize;
        const std::size_t take = std::min(n - done, kPageSize - at);
        if (const auto& p = m_pages[page])
            std::copy_n(p->begin() + std::ptrdiff_t(at), take, out + done);
        else
            std::fill_n(out + done, take, std::uint8_t(0));
        done += take;
    }
    return n;
}

std::vector<std::uint8_t> PagedBytes::toVector() const {
    std::vector<std::uint8_t> v(m_size);
    read(0, v.data(), v.size());
    return v;
}

std::size_t PagedBytes::write(std::size_t offset, const std::uint8_t* data, std::size_t n) {
    if (offset >= m_size) return 0;
    n = std::min(n, m_size - offset);
    for (std::size_t done = 0; done < n;) {
        const std::size_t page = (offset + done) / kPageSize, at = (offset + done) % kPageSize;
        const std::size_t take = std::min(n - done, kPageSize - at);
        std::copy_n(data + done, take, writablePage(page) + at);
        done += take;
    }
    return n;
}

std::uint8_t* PagedBytes::writablePage(std::size_t page) {
    auto& p = m_pages[page];
    if (!p)
        p = std::make_shared<Page>(pageLength(page, m_size), std::uint8_t(0));
    else if (p.use_count() > 1)
        p = std::make_shared<Page>(*p);  // copy-on-write: the other copies keep the old bytes
    else
        // Sole owner: another thread's copy may just have let go of this page;
        // its reads must be ordered before our writes.
        std::atomic_thread_fence(std::memory_order_acquire);
    return p->data();
}

std::size_t PagedBytes::allocatedPages() const {
    return std::size_t(std::count_if(m_pages.begin(), m_pages.end(), [](const auto& p) { return p != nullptr; }));
}

std::size_t PagedBytes::unsharedBytes() const {
    std::size_t n = m_pages.capacity() * sizeof(m_pages.front());
    for (const auto& p : m_pages)
        // The control block and the page share one make_shared allocation.
        if (p && p.use_count() == 1) n += p->capacity() + sizeof(Page) + 2 * sizeof(long);
    return n;
}

std::uint64_t loadU64(const PagedBytes& bytes, std::uint64_t offset) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | (offset + i < bytes.size() ? bytes[offset + i] : 0);
    return v;
}

void storeU64(PagedBytes& bytes, std::uint64_t offset, std::uint64_t value) {
    for (int i = 0; i < 8; ++i)
        if (offset + i < bytes.size()) bytes.set(offset + i, static_cast<std::uint8_t>(value >> (8 * i)));
}

}  // namespace commviz::rdma
