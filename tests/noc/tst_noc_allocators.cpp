// BookSim2's allocators and arbiters (src/allocators/, src/arbiters/) on
// small request matrices, each worked by hand from BookSim's algorithm,
// including how pointers and priorities move over several calls.

#include <QtTest>

#include "noc/booksim_allocator.h"

using namespace commviz::noc;

namespace {

struct Req {
    int in, out, priority = 0;
};

// One allocator of `inputs` x `outputs` with its router-side memory.
struct Bench {
    Bench(int inputs, int outputs, AllocatorChoice choice)
        : inputs(inputs),
          outputs(outputs),
          choice(choice),
          inPointers(std::size_t(inputs), 0),
          outPointers(std::size_t(outputs), 0),
          order(matrixOrderSize(inputs, outputs)) {
        alloc.resize(inputs, outputs, true);
        initMatrixOrder(order.data(), inputs, outputs);
    }
    // Runs one allocation; returns each input's output (-1 unmatched).
    std::vector<int> run(const std::vector<Req>& requests) {
        alloc.clear(inputs, outputs);
        for (const Req& r : requests) alloc.add(r.in, r.out, 0, r.priority);
        alloc.allocate(choice, {inPointers.data(), outPointers.data(), order.data(), &diagonal}, rng);
        std::vector<int> matches;
        for (int in = 0; in < inputs; ++in) matches.push_back(alloc.outputAssigned(in));
        return matches;
    }
    int inputs, outputs;
    AllocatorChoice choice;
    BookSimAllocator alloc;
    std::vector<std::int32_t> inPointers, outPointers, order;
    std::int32_t diagonal = 0;
    commviz::sim::Rng rng{7};
};

using V = std::vector<int>;
using P = std::vector<std::int32_t>;

// in0 -> {0, 1}, in1 -> {0}, in2 -> {0, 2}
const std::vector<Req> kThree{{0, 0}, {0, 1}, {1, 0}, {2, 0}, {2, 2}};

}  // namespace

class TstNocAllocators : public QObject {
    Q_OBJECT
private slots:
    void separableInputFirstRoundRobin() {
        Bench b(3, 3, {AllocatorKind::SeparableInputFirst});
        // Every input arbiter picks output 0 (pointer 0); output 0's arbiter picks input 0.
        QCOMPARE(b.run(kThree), (V{0, -1, -1}));
        QCOMPARE(b.inPointers, (P{1, 0, 0}));   // input 0's arbiter moves past output 0
        QCOMPARE(b.outPointers, (P{1, 0, 0}));  // output 0's past input 0
        // Input 0 now prefers output 1; output 0 (pointer 1) picks input 1 over input 2.
        QCOMPARE(b.run(kThree), (V{1, 0, -1}));
        QCOMPARE(b.inPointers, (P{2, 1, 0}));
        QCOMPARE(b.outPointers, (P{2, 1, 0}));
        // Input 0 (pointer 2) wraps to output 0; output 0 (pointer 2) picks input 2.
        QCOMPARE(b.run(kThree), (V{-1, -1, 0}));
        QCOMPARE(b.inPointers, (P{2, 1, 1}));
        QCOMPARE(b.outPointers, (P{0, 1, 0}));
    }

    void separableOutputFirstRoundRobin() {
        Bench b(3, 3, {AllocatorKind::SeparableOutputFirst});
        // Outputs 0 and 1 both pick input 0, output 2 input 2; input 0 accepts output 0.
        QCOMPARE(b.run(kThree), (V{0, -1, 2}));
        QCOMPARE(b.inPointers, (P{1, 0, 0}));
        QCOMPARE(b.outPointers, (P{1, 0, 0}));
        // Output 0 (pointer 1) picks input 1; input 0 gets output 1: a full match.
        QCOMPARE(b.run(kThree), (V{1, 0, 2}));
        QCOMPARE(b.inPointers, (P{2, 1, 0}));
        QCOMPARE(b.outPointers, (P{2, 1, 0}));
    }

    void roundRobinArbiterHonoursPriority() {
        Bench b(3, 3, {AllocatorKind::SeparableInputFirst});
        // Input 0 asks output 0 at priority 0 and output 2 at priority 1: output 2 wins although
        // output 0 is at the pointer; at output 2 input 1's priority 2 beats input 0's 1.
        const std::vector<Req> requests{{0, 0, 0}, {0, 2, 1}, {1, 2, 2}};
        QCOMPARE(b.run(requests), (V{-1, 2, -1}));
        QCOMPARE(b.inPointers, (P{0, 0, 0}));  // input 1's arbiter: past output 2, wrapping to 0
        QCOMPARE(b.outPointers, (P{0, 0, 2}));
    }

    void separableInputFirstMatrix() {
        Bench b(3, 3, {AllocatorKind::SeparableInputFirst, ArbiterKind::Matrix});
        // A fresh matrix lets the higher index win: inputs pick outputs 1, 0, 2, all different.
        QCOMPARE(b.run(kThree), (V{1, 0, 2}));
        // Each winner dropped to the bottom of its arbiters: input 0 now orders 2 > 0 > 1,
        // input 2 orders 1 > 0 > 2, output 0 orders 2 > 0 > 1. All three inputs pick output 0,
        // whose arbiter picks input 2.
        QCOMPARE(b.run(kThree), (V{-1, -1, 0}));
        // Input 2 now orders 1 > 2 > 0 and picks output 2; output 0 (now 0 > 1 > 2) picks input 0.
        QCOMPARE(b.run(kThree), (V{0, -1, 2}));
    }

    void separableOutputFirstMatrix() {
        Bench b(3, 3, {AllocatorKind::SeparableOutputFirst, ArbiterKind::Matrix});
        // Output 0 picks input 2 (highest index), output 1 input 0, output 2 input 2;
        // input 2 takes output 2 (higher index) over output 0.
        QCOMPARE(b.run(kThree), (V{1, -1, 2}));
        // Output 0's arbiter is unchanged (no match) and picks input 2 again; input 2's arbiter
        // now ranks output 2 last, so input 2 takes output 0; input 0 keeps output 1.
        QCOMPARE(b.run(kThree), (V{1, -1, 0}));
    }

    void wavefrontSweepsDiagonalsFromThePriorityOne() {
        Bench b(3, 3, {AllocatorKind::Wavefront});
        // in0 -> {0, 1}, in1 -> {0, 1}, in2 -> {2}
        const std::vector<Req> requests{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 2}};
        // Diagonal 0 grants (0,0); the next wave (1,0) and (0,1) lose, (2,2) wins; then (1,1).
        QCOMPARE(b.run(requests), (V{0, 1, 2}));
        QCOMPARE(b.diagonal, 1);
        // From diagonal 1: (1,0), (0,1), (2,2) in one wave.
        QCOMPARE(b.run(requests), (V{1, 0, 2}));
        QCOMPARE(b.diagonal, 2);
        // No requests: the diagonal stays.
        QCOMPARE(b.run({}), (V{-1, -1, -1}));
        QCOMPARE(b.diagonal, 2);
    }

    void wavefrontHonoursPriorityAndRrWavefrontSkips() {
        // (1,1) is on wave 2 from diagonal 0, (2,2) on wave 1: (2,2) is granted first.
        const std::vector<Req> requests{{1, 1}, {2, 2}};
        Bench plain(3, 3, {AllocatorKind::Wavefront});
        QCOMPARE(plain.run(requests), (V{-1, 1, 2}));
        QCOMPARE(plain.diagonal, 1);
        Bench skipping(3, 3, {AllocatorKind::RrWavefront});
        QCOMPARE(skipping.run(requests), (V{-1, 1, 2}));
        QCOMPARE(skipping.diagonal, 2);  // first grant (2,2): 2 + 2 + 1 mod 3
        // A higher priority class goes first whatever its wave: (1,2) at priority 1 beats (2,2).
        Bench prio(3, 3, {AllocatorKind::Wavefront});
        QCOMPARE(prio.run({{2, 2}, {1, 2, 1}}), (V{-1, 2, -1}));
        // Not square: 2 inputs x 3 outputs sweep a 3 x 3 square.
        Bench wide(2, 3, {AllocatorKind::Wavefront});
        QCOMPARE(wide.run({{0, 2}, {1, 2}}), (V{-1, 2}));  // (1,2) on wave 0, (0,2) on wave 2
        QCOMPARE(wide.diagonal, 1);
    }

    void selectPrefersPriorityThenRoundRobin() {
        // in0 -> out0 (0), in1 -> out0 (5), in1 -> out1 (0), in2 -> out1 (0)
        const std::vector<Req> requests{{0, 0, 0}, {1, 0, 5}, {1, 1, 0}, {2, 1, 0}};
        Bench one(3, 3, {AllocatorKind::Select, ArbiterKind::RoundRobin, 1});
        // Output 0 grants input 1 (priority 5), output 1 input 1 (first from pointer 0);
        // input 1 accepts output 0 (priority 5).
        QCOMPARE(one.run(requests), (V{-1, 0, -1}));
        QCOMPARE(one.outPointers, (P{2, 0, 0}));
        QCOMPARE(one.inPointers, (P{0, 1, 0}));
        // Second call: output 0 (pointer 2) still grants input 1 by priority; output 1 grants
        // input 1 (pointer 0: input 1 before input 2); input 1 (pointer 1) still takes output 0.
        QCOMPARE(one.run(requests), (V{-1, 0, -1}));
        Bench two(3, 3, {AllocatorKind::Select, ArbiterKind::RoundRobin, 2});
        // The second iteration: output 1 grants the free input 2; pointers move in the first only.
        QCOMPARE(two.run(requests), (V{-1, 0, 1}));
        QCOMPARE(two.outPointers, (P{2, 0, 0}));
        QCOMPARE(two.inPointers, (P{0, 1, 0}));
    }

    void pimDrawsForEveryOutputThenEveryInput() {
        Bench b(2, 3, {AllocatorKind::Pim, ArbiterKind::RoundRobin, 1});
        commviz::sim::Rng predicted = b.rng;
        // No requests: still one draw per output (over the inputs) and per input (over the outputs).
        QCOMPARE(b.run({}), (V{-1, -1}));
        for (int out = 0; out < 3; ++out) predicted.below(2);
        for (int in = 0; in < 2; ++in) predicted.below(3);
        QVERIFY(b.rng == predicted);
        // Every pair requested: output o grants the input its draw names; input i accepts the
        // first granting output from its draw.
        std::vector<Req> all;
        for (int in = 0; in < 2; ++in)
            for (int out = 0; out < 3; ++out) all.push_back({in, out});
        int grant[3];
        for (int& g : grant) g = int(predicted.below(2));
        int start[2];
        for (int& s : start) s = int(predicted.below(3));
        V expected{-1, -1};
        for (int in = 0; in < 2; ++in)
            for (int k = 0; k < 3 && expected[std::size_t(in)] < 0; ++k)
                if (grant[(start[in] + k) % 3] == in) expected[std::size_t(in)] = (start[in] + k) % 3;
        QCOMPARE(b.run(all), expected);
        QVERIFY(b.rng == predicted);
        // Two iterations draw twice as often.
        Bench twice(2, 3, {AllocatorKind::Pim, ArbiterKind::RoundRobin, 2});
        commviz::sim::Rng after = twice.rng;
        for (int i = 0; i < 10; ++i) after.below(2);
        twice.run(all);
        QCOMPARE(twice.rng.below(1000), after.below(1000));
    }

    void loaAsksForTheLoneliestOutput() {
        Bench b(3, 3, {AllocatorKind::Loa});
        // Requests per output: 3, 2, 1. Input 0 asks output 1, input 1 output 0, input 2 output 2.
        QCOMPARE(b.run({{0, 0}, {0, 1}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}), (V{1, 0, 2}));
        QCOMPARE(b.inPointers, (P{1, 1, 1}));  // each granted pointer moves on by one
        QCOMPARE(b.outPointers, (P{1, 1, 1}));
    }

    void loaBreaksTiesRoundRobin() {
        Bench b(2, 2, {AllocatorKind::Loa});
        const std::vector<Req> full{{0, 0}, {0, 1}, {1, 0}, {1, 1}};
        // Equal counts: both inputs ask output 0 (pointers 0); it grants input 0.
        QCOMPARE(b.run(full), (V{0, -1}));
        QCOMPARE(b.inPointers, (P{1, 0}));
        QCOMPARE(b.outPointers, (P{1, 0}));
        // Input 0 now asks output 1, input 1 output 0, which grants it (pointer 1).
        QCOMPARE(b.run(full), (V{1, 0}));
        QCOMPARE(b.inPointers, (P{0, 1}));
        QCOMPARE(b.outPointers, (P{0, 1}));
    }

    void findAndReplaceKeepTheRequest() {
        BookSimAllocator alloc;
        alloc.resize(4, 4, true);
        alloc.clear(4, 4);
        alloc.add(1, 2, 3, 0);
        const int index = alloc.find(1, 2);
        QVERIFY(index >= 0);
        QCOMPARE(alloc.find(2, 1), -1);
        alloc.replace(index, 1, 4);
        QCOMPARE(alloc.label(index), 1);
        QCOMPARE(alloc.priority(index), 4);
        alloc.clear(4, 4);
        QCOMPARE(alloc.find(1, 2), -1);
    }
};

QTEST_APPLESS_MAIN(TstNocAllocators)
#include "tst_noc_allocators.moc"
