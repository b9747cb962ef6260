#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "noc/allocator_choice.h"
#include "noc/anynet_file.h"
#include "noc/booksim_config_reader.h"
#include "noc/hotspot_traffic.h"
#include "noc/onoff_injection.h"
#include "noc/randperm_traffic.h"
#include "sim/result.h"

namespace commviz::noc {

/// BookSim's `topology` values commviz models: the k-ary n-cube (kncube.cpp)
/// the k-ary n-fly (fly.cpp), the concentrated mesh (cmesh.cpp), the fat tree (fattree.cpp), the quad tree
/// (qtree.cpp), tree4 (tree4.cpp), any network (anynet.cpp), the on-chip flattened butterfly
/// (flatfly_onchip.cpp) and the dragonfly (dragonfly.cpp).
enum class Topology { Mesh, Torus, Fly, CMesh, AnyNet, FlatFly, FatTree, QTree, Tree4, DragonFlyNew };
/// BookSim's routing_function values commviz models; BookSim appends the
/// topology (`min_adapt` + mesh = min_adapt_mesh). `dor` / `dim_order` (mesh),
/// `dim_order` (torus), `min_adapt`, `valiant` (mesh, torus), `romm` (mesh),
/// `dest_tag` (fly); `dor`, `dor_no_express`, `xy_yx`, `xy_yx_no_express` (cmesh); `min` (anynet);
/// `min`, `ugal` (dragonflynew);
/// `nca`, `anca` (fattree); `nca` (qtree, tree4);
/// `ran_min`, `xyyx`, `adaptive_xyyx`, `valiant`, `ugal`, `ugal_xyyx`, `ugal_pni` (flatfly).
enum class RoutingFunction {
    DimOrder,
    MinAdapt,
    Valiant,
    Romm,
    DestTag,
    DorNoExpress,
    XyYx,
    XyYxNoExpress,
    Min,
    Nca,
    Anca,
    RanMin,  // RanMin and after: the _flatfly functions
    Xyyx,
    AdaptiveXyyx,
    Ugal,
    UgalXyyx,
    UgalPni
};
enum class TrafficKind {
    Uniform,
    Transpose,
    Bitcomp,
    Bitrev,
    Shuffle,
    Tornado,
    Neighbor,
    Randperm,
    Hotspot,
    BadDragon
};
enum class SimType { Latency, Throughput };

/// The BookSim keys commviz models, with BookSim's defaults (booksim_config.cpp).
/// Field names follow the config keys so a BookSim user finds them.
struct NocConfig {
    // topology
    Topology topology = Topology::Torus;
    int k = 8;
    int n = 2;
    int c = 1;  ///< cmesh: nodes per router (BookSim's cmesh runs c = 4 only)
    int x = 8;  ///< cmesh: read, as BookSim, which only asserts x == y
    int y = 8;
    int xr = 1;  ///< cmesh: nodes per router along x; also the digit base k * xr of tornado / neighbor
    int yr = 1;
    /// anynet: the network file as written, and what it describes once found and read
    /// (beside the config file, then in the working directory; see loadAnynetFile).
    std::string network_file;
    std::shared_ptr<const AnynetFile> anynet;
    RoutingFunction routing_function = RoutingFunction::DimOrder;
    std::string routing_name = "none";  ///< as written; BookSim's default `none` fails
    bool use_noc_latency = true;
    /// commviz extension (not a BookSim key): 0 turns off the torus dateline VC
    /// classes so dimension-order routing can deadlock, for teaching.
    bool dateline = true;
    // router (router = iq)
    int num_vcs = 16;
    int vc_buf_size = 8;
    bool wait_for_tail_credit = false;
    int routing_delay = 1;
    int vc_alloc_delay = 1;
    int sw_alloc_delay = 1;
    int st_prepare_delay = 0;
    int st_final_delay = 1;
    int credit_delay = 0;
    bool speculative = false;
    int input_speedup = 1;
    int output_speedup = 1;
    double internal_speedup = 1.0;
    int output_buffer_size = -1;
    /// BookSim's key, read and kept but without effect: the iq router builds its
    /// allocators without the config, so iSLIP runs once unless the allocator is
    /// named `islip(N)` (vc_alloc_iters / sw_alloc_iters below).
    int alloc_iters = 1;
    int vc_alloc_iters = 1;  ///< N of vc_allocator = islip(N)
    int sw_alloc_iters = 1;  ///< N of sw_allocator = islip(N)
    /// vc_allocator / sw_allocator by name (iterations as vc_alloc_iters /
    /// sw_alloc_iters; the arbiter from the name, as arb_type does not reach
    /// the iq router's allocators either).
    AllocatorChoice vc_allocator;
    AllocatorChoice sw_allocator;
    /// BookSim's key, read and kept but without effect (see vc_allocator).
    ArbiterKind arb_type = ArbiterKind::RoundRobin;
    /// A packet that wins the switch keeps its crossbar connection until its
    /// tail leaves (IQRouter's switch hold).
    bool hold_switch_for_packet = false;
    // traffic
    TrafficKind traffic = TrafficKind::Uniform;
    HotspotTraffic hotspot;                       ///< traffic = hotspot(...): the hot nodes and their rates
    int perm_seed = 0;                            ///< randperm's own seed (randperm(N) overrides it)
    long randpermArgument = kNoRandpermArgument;  ///< N of randperm(N)
    std::vector<std::int32_t> randperm;           ///< traffic = randperm: destination of each source
    double injection_rate = 0.1;
    bool injection_rate_uses_flits = false;
    int packet_size = 1;
    InjectionProcessKind injection_process = InjectionProcessKind::Bernoulli;
    double burst_alpha = 0.5;  ///< on_off: P(off -> on) per cycle (negative: derived)
    double burst_beta = 0.5;   ///< on_off: P(on -> off) per cycle (negative: derived)
    double burst_r1 = -1.0;    ///< on_off: packet probability while on (negative: derived)
    // simulation control
    SimType sim_type = SimType::Latency;
    int warmup_periods = 3;
    int sample_period = 1000;
    int max_samples = 10;
    double latency_thres = 500.0;
    double warmup_thres = 0.05;
    double acc_warmup_thres = 0.05;
    double stopping_thres = 0.05;
    double acc_stopping_thres = 0.05;
    bool include_queuing = true;
    std::uint64_t seed = 0;
    int deadlock_warn_timeout = 256;
    /// Test-only, no config key sets it: route and allocate through the
    /// general code (computeRoute, the request-list IslipAllocator, no
    /// single-request or bit-mask shortcuts), which every fast path must match
    /// flit for flit (tests/noc/tst_noc_fast_paths.cpp).
    bool general_paths = false;

    int nodes() const;
    /// Port slots per router: 2n + 1 on a k-ary n-cube, k on a k-ary n-fly, 2k on a fat tree.
    int ports() const {
        if (topology == Topology::FatTree) return n > 1 ? 2 * k : k;
        if (topology == Topology::QTree) return k + 1;
        if (topology == Topology::Tree4) return 8;
        if (topology == Topology::FlatFly) return c + n * (k - 1);
        if (topology == Topology::DragonFlyNew) return 4 * k - 1;  // p nodes, 2p - 1 in the group, p global
        return topology == Topology::Fly      ? k
               : topology == Topology::CMesh  ? c + 2 * n
               : topology == Topology::AnyNet ? anynetPorts()
                                              : 2 * n + 1;
    }
    /// anynet: the most ports any router of the file has.
    int anynetPorts() const;
    bool isCube() const { return topology == Topology::Mesh || topology == Topology::Torus; }
    /// Channel latency between routers (BookSim kncube: torus links 2 cycles with use_noc_latency).
    int linkLatency() const { return topology == Topology::Torus && use_noc_latency ? 2 : 1; }
    /// Packets per node per cycle the sources generate.
    double packetRate() const { return injection_rate_uses_flits ? injection_rate / packet_size : injection_rate; }
    /// The on_off rates after BookSim's derivation (validateNocConfig has checked them).
    OnOffRates onOffRates() const;
    bool operator==(const NocConfig&) const = default;
};

/// Who runs the config. The noc scene runs everything commviz's engine models,
/// including valiant on a torus, whose VC classes it repairs; `commviz noc`
/// stands in for the booksim program and also refuses what stock BookSim2
/// stops on an assertion for.
enum class ConfigRunner { Scene, BookSim };

/// Builds a validated config from a parsed document the way BookSim reads it:
/// the parser stops at the first unknown key or wrong type (statement order);
/// then the last value of each key wins (overrides come last) and only those
/// values are checked. Every value commviz cannot run is named in one message,
/// the topology first; cross-key rules are checked after. Errors name the
/// line, the key, the value and what is allowed.
sim::Result<NocConfig> makeNocConfig(const ConfigDocument& document, ConfigRunner runner = ConfigRunner::Scene);

/// Reads a BookSim config file and applies `key=value` overrides after it, as
/// `booksim CONFIG key=value...` does: what `commviz noc CONFIG` starts from
/// (ConfigRunner::BookSim).
sim::Result<NocConfig> loadNocConfig(const std::string& path, const std::vector<std::string>& overrides = {});

/// Re-checks cross-key rules (VC classes, traffic needing powers of two...).
sim::Status validateNocConfig(const NocConfig& config);

}  // namespace commviz::noc
