#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

namespace commviz::rdma {

/// The bytes of a memory region, kept in 4 KiB pages that copies of the engine
/// share until one of them writes: a shared page is cloned on its first write
/// (copy-on-write), so a Timeline keyframe of a 1 MiB buffer costs its page
/// table plus the pages written since the last copy, not the buffer. A page
/// never written is absent and reads as zero, like a fresh anonymous mapping.
///
/// Reads look like a const std::vector<std::uint8_t> (size, [], iterators);
/// writes go through set() and write(), the only places a page is cloned.
class PagedBytes {
public:
    /// The page size of the x86-64 host whose memory ibv_reg_mr pins.
    static constexpr std::size_t kPageSize = 4096;
    using Page = std::vector<std::uint8_t>;

    /// A random-access iterator yielding bytes by value (pages are not contiguous).
    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = std::uint8_t;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = std::uint8_t;

        const_iterator() = default;
        const_iterator(const PagedBytes* bytes, std::size_t index) : m_bytes(bytes), m_index(index) {}
        std::uint8_t operator*() const { return (*m_bytes)[m_index]; }
        std::uint8_t operator[](difference_type n) const { return (*m_bytes)[m_index + std::size_t(n)]; }
        const_iterator& operator++() { return *this += 1; }
        const_iterator operator++(int) {
            const_iterator old = *this;
            ++*this;
            return old;
        }
        const_iterator& operator--() { return *this -= 1; }
        const_iterator operator--(int) {
            const_iterator old = *this;
            --*this;
            return old;
        }
        const_iterator& operator+=(difference_type n) {
            m_index = std::size_t(difference_type(m_index) + n);
            return *this;
        }
        const_iterator& operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return difference_type(a.m_index) - difference_type(b.m_index);
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.m_index == b.m_index; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.m_index <=> b.m_index; }

    private:
        const PagedBytes* m_bytes = nullptr;
        std::size_t m_index = 0;
    };

    PagedBytes() = default;
    /// n zero bytes (no page is allocated until written).
    explicit PagedBytes(std::size_t n) { resize(n); }

    /// Drops every page and holds n zero bytes.
    void resize(std::size_t n);
    /// Holds a copy of `bytes`; all-zero pages stay absent.
    void assign(const std::vector<std::uint8_t>& bytes);

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    std::uint8_t operator[](std::size_t i) const {
        const auto& page = m_pages[i / kPageSize];
        return page ? (*page)[i % kPageSize] : 0;
    }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_size}; }
    /// Copies [offset, offset + n) ∩ [0, size()) into out[0 …]; returns the bytes copied.
    std::size_t read(std::size_t offset, std::uint8_t* out, std::size_t n) const;
    std::vector<std::uint8_t> toVector() const;

    void set(std::size_t i, std::uint8_t value) { writablePage(i / kPageSize)[i % kPageSize] = value; }
    /// Copies n bytes to [offset, …), clipped at size(); returns the bytes written.
    std::size_t write(std::size_t offset, const std::uint8_t* data, std::size_t n);
    std::size_t write(std::size_t offset, const std::vector<std::uint8_t>& data) {
        return write(offset, data.data(), data.size());
    }

    // Sharing, for footprint accounting and the tests that check it.
    std::size_t pageCount() const { return m_pages.size(); }
    /// Pages holding bytes (absent zero pages are not counted).
    std::size_t allocatedPages() const;
    /// True when page `page` of both is the same allocation (or absent in both).
    bool sharesPage(const PagedBytes& other, std::size_t page) const { return m_pages[page] == other.m_pages[page]; }
    /// Heap bytes this object alone holds: its page table plus every page no
    /// other PagedBytes refers to. A page shared with another copy is paid for
    /// by whichever copy keeps it last, so a Timeline that adds the footprint
    /// of each keyframe as it takes it counts every page version about once.
    std::size_t unsharedBytes() const;

private:
    std::uint8_t* writablePage(std::size_t page);

    // Pages are never written while another PagedBytes refers to them (use_count > 1).
    std::vector<std::shared_ptr<Page>> m_pages;
    std::size_t m_size = 0;
};

/// Little-endian 8 bytes at offset (bytes past the end read as 0), as an atomic sees them.
std::uint64_t loadU64(const PagedBytes& bytes, std::uint64_t offset);
void storeU64(PagedBytes& bytes, std::uint64_t offset, std::uint64_t value);

}  // namespace commviz::rdma
