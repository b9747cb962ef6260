#include "noc/randperm_traffic.h"

#include <array>
#include <cctype>
#include <string>

namespace commviz::noc {

namespace {

// Knuth's lagged-Fibonacci generator (TAOCP 3.6, ran_start / ran_array /
// ran_arr_cycle), which BookSim's RandomSeed and RandomInt use. Only the
// part the permutation needs: a fresh start and a stream of draws.
class KnuthRan {
public:
    explicit KnuthRan(long seed) { start(seed); }
    long next() {
        if (m_pos == kQuality || m_buf[m_pos] < 0) cycle();
        return m_buf[m_pos++];
    }

private:
    static constexpr int kKK = 100;
    static constexpr int kLL = 37;
    static constexpr long kMM = 1L << 30;
    static constexpr int kTT = 70;
    static constexpr int kQuality = 1009;
    static long modDiff(long x, long y) { return (x - y) & (kMM - 1); }

    void array(long* aa, int n) {
        int i = 0;
        int j = 0;
        for (j = 0; j < kKK; j++) aa[j] = m_x[std::size_t(j)];
        for (; j < n; j++) aa[j] = modDiff(aa[j - kKK], aa[j - kLL]);
        for (i = 0; i < kLL; i++, j++) m_x[std::size_t(i)] = modDiff(aa[j - kKK], aa[j - kLL]);
        for (; i < kKK; i++, j++) m_x[std::size_t(i)] = modDiff(aa[j - kKK], m_x[std::size_t(i - kLL)]);
    }
    void start(long seed) {
        std::array<long, kKK + kKK - 1> x{};
        long ss = (seed + 2) & (kMM - 2);
        for (int j = 0; j < kKK; j++) {
            x[std::size_t(j)] = ss;
            ss <<= 1;
            if (ss >= kMM) ss -= kMM - 2;
        }
        x[1]++;
        ss = seed & (kMM - 1);
        for (int t = kTT - 1; t != 0;) {
            for (int j = kKK - 1; j > 0; j--) x[std::size_t(j + j)] = x[std::size_t(j)], x[std::size_t(j + j - 1)] = 0;
            for (int j = kKK + kKK - 2; j >= kKK; j--) {
                x[std::size_t(j - (kKK - kLL))] = modDiff(x[std::size_t(j - (kKK - kLL))], x[std::size_t(j)]);
                x[std::size_t(j - kKK)] = modDiff(x[std::size_t(j - kKK)], x[std::size_t(j)]);
            }
            if (ss & 1) {  // "multiply by z"
                for (int j = kKK; j > 0; j--) x[std::size_t(j)] = x[std::size_t(j - 1)];
                x[0] = x[kKK];
                x[kLL] = modDiff(x[kLL], x[kKK]);
            }
            if (ss != 0) {
                ss >>= 1;
            } else {
                --t;
            }
        }
        int j = 0;
        for (; j < kLL; j++) m_x[std::size_t(j + kKK - kLL)] = x[std::size_t(j)];
        for (; j < kKK; j++) m_x[std::size_t(j - kLL)] = x[std::size_t(j)];
        for (j = 0; j < 10; j++) array(x.data(), kKK + kKK - 1);
        m_pos = kQuality;  // the first draw fills the buffer (ran_arr_cycle)
    }
    void cycle() {
        array(m_buf.data(), kQuality);
        m_buf[kKK] = -1;
        m_pos = 0;
    }

    std::array<long, kKK> m_x{};
    std::array<long, kQuality> m_buf{};
    int m_pos = kQuality;
};

}  // namespace

std::vector<std::int32_t> randomPermutation(int nodes, long permSeed) {
    KnuthRan ran(permSeed);
    std::vector<std::int32_t> dest(std::size_t(nodes), -1);
    // RandomPermutationTrafficPattern::randomize: source i goes to the
    // (ind+1)-th still unassigned slot j, which then sends to i.
    for (int i = 0; i < nodes; ++i) {
        const long ind = ran.next() % long(nodes - i);
        int j = 0;
        for (long cnt = 0; cnt < ind || dest[std::size_t(j)] != -1; ++j)
            if (dest[std::size_t(j)] == -1) ++cnt;
        dest[std::size_t(j)] = i;
    }
    return dest;
}

bool isRandpermTraffic(std::string_view text) { return text.substr(0, 8) == "randperm"; }

sim::Result<long> parseRandpermSeed(std::string_view text) {
    const char* allowed = "randperm or randperm(N) with an integer seed N (otherwise perm_seed applies)";
    if (text == "randperm") return kNoRandpermArgument;
    if (text.size() < 11 || text.substr(0, 9) != "randperm(" || text.back() != ')') return sim::fail(allowed);
    const std::string arg(text.substr(9, text.size() - 10));
    std::size_t i = arg[0] == '-' ? 1 : 0;
    if (i == arg.size()) return sim::fail(allowed);
    for (; i < arg.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(arg[i]))) return sim::fail(allowed);
    return std::strtol(arg.c_str(), nullptr, 10);
}

}  // namespace commviz::noc
