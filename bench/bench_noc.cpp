// Simulated cycles per second of the NoC engine on BookSim2 speed
// rows: 8x8 mesh DOR uniform at 0.1 and 0.3, 16x16 and 32x32 at 0.1, 4 VCs x 4
// flits, 1-flit packets, with the fixed-length block (never converge, exactly
// 20 sample periods, then drain). "booksim_cycles_per_s" is BookSim2's figure
// for the same row (booksim 28f43299, median wall clock on a quiet 2-vCPU VM);
// compare it with "cycles_per_s" measured on an equally quiet machine.

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "noc/booksim_config_reader.h"
#include "noc/noc_config.h"
#include "noc/noc_engine.h"

namespace {

using namespace commviz::noc;

NocConfig rowConfig(int k, double rate, int maxSamples = 20, const std::string& allocator = "islip",
                    const std::vector<std::string>& extra = {}) {
    const char* a1 =
        "topology = mesh; k = 8; n = 2; routing_function = dor; num_vcs = 4; vc_buf_size = 4;\n"
        "traffic = uniform; packet_size = 1; sim_type = latency; seed = 0;\n"
        "// fixed-length run: never converge, so exactly max_samples periods are simulated\n"
        "stopping_thres = 0.0; acc_stopping_thres = 0.0;\n";
    auto doc = parseBookSimConfig(a1, "bench");
    (void)applyOverrides(doc.value(), {"k=" + std::to_string(k), "injection_rate=" + std::to_string(rate),
                                       "max_samples=" + std::to_string(maxSamples), "vc_allocator=" + allocator,
                                       "sw_allocator=" + allocator});
    (void)applyOverrides(doc.value(), extra);
    return makeNocConfig(doc.value()).value();
}

// One whole batch run per iteration, with the cycles it simulated.
void runBatches(benchmark::State& state, const NocConfig& config) {
    std::int64_t cycles = 0;
    for (auto _ : state) {
        const NocReport report = runNocBatch(config);
        cycles = report.overall.timeTaken;
        benchmark::DoNotOptimize(report.overall.plat.sum);
    }
    state.counters["cycles"] = double(cycles);
    state.counters["cycles_per_s"] =
        benchmark::Counter(double(cycles) * double(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_NocFixedRun(benchmark::State& state, int k, double rate, double bookSimCyclesPerSecond) {
    runBatches(state, rowConfig(k, rate));
    state.counters["booksim_cycles_per_s"] = bookSimCyclesPerSecond;
}

// The 8x8 row at 0.3 with another of BookSim's allocators for both VC and
// switch allocation (they take the general allocation stages, not iSLIP's
// bit-mask shortcuts).
void BM_NocAllocator(benchmark::State& state, const char* allocator) {
    runBatches(state, rowConfig(8, 0.3, 20, allocator));
}

// Routers the bit-mask allocation reached later, at loads below saturation:
// singleconfig's router (a 10-port butterfly with 8 VCs, 80 input VCs: VC
// allocation port by port), the 8x8 row with input_speedup = 2 (as
// mesh88_lat) and with the switch held for 4-flit packets (as fattree_config).
void BM_NocShape(benchmark::State& state, int k, double rate, const char* allocator, std::vector<std::string> extra) {
    runBatches(state, rowConfig(k, rate, 3, allocator, extra));
}

// One cycle at a time with every flit move collected as an event (the GUI path).
void BM_NocSteppedWithEvents(benchmark::State& state) {
    const NocConfig config = rowConfig(8, 0.3);
    std::size_t events = 0;
    std::int64_t cycles = 0;
    for (auto _ : state) {
        NocEngine engine(config, true);
        for (int i = 0; i < 5000; ++i) events += engine.step().size();
        cycles += 5000;
    }
    state.counters["cycles_per_s"] = benchmark::Counter(double(cycles), benchmark::Counter::kIsRate);
    state.counters["events_per_cycle"] = double(events) / double(cycles);
}

}  // namespace

BENCHMARK_CAPTURE(BM_NocFixedRun, mesh8x8_0_1, 8, 0.1, 7717.0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocFixedRun, mesh8x8_0_3, 8, 0.3, 4509.0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocFixedRun, mesh16x16_0_1, 16, 0.1, 683.0)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_NocFixedRun, mesh32x32_0_1, 32, 0.1, 56.0)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_NocAllocator, mesh8x8_0_3_separable_input_first, "separable_input_first")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocAllocator, mesh8x8_0_3_wavefront, "wavefront")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocAllocator, mesh8x8_0_3_pim, "pim")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocShape, fly_k10_8vc_0_6_separable_input_first, 10, 0.6, "separable_input_first",
                  {"topology=fly", "n=1", "routing_function=dest_tag", "num_vcs=8", "vc_buf_size=8",
                   "sample_period=10000"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocShape, mesh8x8_0_3_input_speedup_2, 8, 0.3, "islip", {"input_speedup=2"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NocShape, mesh8x8_0_35_hold_separable_input_first, 8, 0.35, "separable_input_first",
                  {"packet_size=4", "injection_rate_uses_flits=1", "hold_switch_for_packet=1"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NocSteppedWithEvents)->Unit(benchmark::kMillisecond);
