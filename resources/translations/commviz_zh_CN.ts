<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CaptionText</name>
    <message>
        <location filename="../../views/shell/step_caption.cpp" line="+43"/>
        <source>1 event</source>
        <translation>1 个事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 other event</source>
        <translation>另有 1 个事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 other events</source>
        <translation>另有 %1 个事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step %1: %2.</source>
        <translation>第 %1 步：%2。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>CollectivesChartPlot</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_chart_plot.cpp" line="+84"/>
        <source>auto: ID %1 (not modelled)</source>
        <translation>auto：ID %1（未建模）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto: %1</source>
        <translation>auto：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>message size S</source>
        <translation>消息大小 S</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ranks p</source>
        <translation>rank 数 p</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time on the critical path (µs, ms, s)</source>
        <translation>关键路径上的时间（µs、ms、s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bus bandwidth, nccl-tests&apos; busbw (GB/s)</source>
        <translation>总线带宽，即 nccl-tests 的 busbw（GB/s）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>this run: %1</source>
        <translation>本次运行：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this run: p = %1</source>
        <translation>本次运行：p = %1</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>fastest changes</source>
        <translation>最快算法变化处</translation>
    </message>
</context>
<context>
    <name>CollectivesPaint</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_legend.cpp" line="+46"/>
        <source>block not held</source>
        <translation>块未持有</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>partial sum</source>
        <translation>部分和</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sum of every rank</source>
        <translation>所有 rank 之和</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>block held</source>
        <translation>块已持有</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arrived and reduced</source>
        <translation>收到并规约</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arrived and stored</source>
        <translation>收到并存储</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tags: blocks carried</source>
        <translation>标签：携带的块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ranks: too many to draw one by one; each rank is one column of the band below.</source>
        <translation>%1 个 rank：数量太多，无法逐个绘制；下方色带中每个 rank 占一列。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This round: %1 messages from %2 ranks, %3 in all.</source>
        <translation>本轮：%1 条消息，来自 %2 个 rank，共 %3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Ranks whose sampled blocks all hold their final data: %1 of %2.</source>
        <translation>采样块全部持有最终数据的 rank：%1 / %2。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>rank 0</source>
        <translation>rank 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../views/collectives_scene/collectives_paint.cpp" line="+150"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colour: the share of a rank&apos;s sampled blocks that hold their final data. Click the band to inspect a rank.</source>
        <translation>颜色：一个 rank 的采样块中已持有最终数据的比例。点击色带可查看某个 rank。</translation>
    </message>
    <message>
        <location filename="../../views/collectives_scene/collectives_paint.cpp" line="-57"/>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>multimem.ld_reduce: adds</source>
        <translation>multimem.ld_reduce：相加</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>multimem.st: to every GPU</source>
        <translation>multimem.st：写到每块 GPU</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>tree %1 root</source>
        <translation>树 %1 的根</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>root %1</source>
        <translation>root %1</translation>
    </message>
</context>
<context>
    <name>CollectivesRenderer</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_renderer.cpp" line="+25"/>
        <source>NCCL</source>
        <translation>NCCL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open MPI, ID %1</source>
        <translation>Open MPI，ID %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No collectives session loaded</source>
        <translation>未加载集合通信会话</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>%1 · %2 (%3) · %4 ranks · %5</source>
        <translation>%1 · %2（%3）· %4 个 rank · %5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>result_ok: checked after the last round</source>
        <translation>result_ok：最后一轮之后检查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>result_ok: true, every rank holds the right result</source>
        <translation>result_ok：true，每个 rank 都持有正确结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>result_ok: false</source>
        <translation>result_ok：false</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Before round 1 of %1</source>
        <translation>第 1 轮之前（共 %1 轮）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round %1 of %2</source>
        <translation>第 %1 轮（共 %2 轮）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 µs so far · %3</source>
        <translation>%1 · 已用 %2 µs · %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>algbw %1 GB/s, busbw %2 GB/s</source>
        <translation>algbw %1 GB/s，busbw %2 GB/s</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>auto: %1</source>
        <translation>auto：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>redirected from %1</source>
        <translation>由 %1 改用</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this round: %1 messages, %2, receivers reduce</source>
        <translation>本轮：%1 条消息，%2，接收方进行规约</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>this round: %1 messages, %2</source>
        <translation>本轮：%1 条消息，%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>every channel&apos;s sends on the servers&apos; links; ×N: this round&apos;s sends on a link</source>
        <translation>所有通道的发送画在服务器的链路上；×N：本轮经过某条链路的发送数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>channel %1&apos;s loads and stores through the NVSwitch; ×N: those of all %2 channels on a link</source>
        <translation>通道 %1 经 NVSwitch 的读取和写入；×N：全部 %2 个通道中经过某条链路的次数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>channel %1&apos;s sends link by link on the servers; ×N: sends of all %2 channels on a link</source>
        <translation>通道 %1 的发送在服务器上逐条链路前进；×N：全部 %2 个通道中经过某条链路的发送数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>every channel&apos;s loads and stores alike (pick a channel in the Timeline)</source>
        <translation>所有通道的读取和写入同样显示（在时间线中选一个通道）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>channel %1&apos;s loads and stores through the switch in full, the other %2 channels faded</source>
        <translation>完整显示通道 %1 经交换机的读取和写入，其余 %2 个通道淡化</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>every channel&apos;s sends alike, ranks along channel 0 (pick a channel in the Timeline)</source>
        <translation>各通道的发送一视同仁，rank 按通道 0 排列（可在“时间线”中选一个通道）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ranks along channel %1&apos;s ring, its sends in full, the other %2 channels faded</source>
        <translation>rank 按通道 %1 的环排列，它的发送完整绘出，其余 %2 个通道变淡</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>channel %1&apos;s tree (each server&apos;s chain under the tree over servers), its sends in full, the other %2 channels faded</source>
        <translation>通道 %1 的树（每台服务器内的链挂在跨服务器的树下），它的发送完整显示，其余 %2 个通道淡化</translation>
    </message>
</context>
<context>
    <name>CollectivesServers</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_scene.cpp" line="+22"/>
        <source>Canvas on the &amp;Servers</source>
        <translation>画布画在服务器上(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../views/collectives_scene/collectives_servers.cpp" line="+130"/>
        <source>Node %1 · ranks %2–%3</source>
        <translation>节点 %1 · rank %2–%3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>NET</source>
        <translation>NET</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>×%1</source>
        <extracomment>How many of the round&apos;s sends cross one link, e.g. &quot;×4&quot;.</extracomment>
        <translation>×%1</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>r%1</source>
        <translation>r%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>×N: sends on a link</source>
        <translation>×N：经过某条链路的发送数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>channel %1&apos;s sends</source>
        <translation>通道 %1 的发送</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>every channel&apos;s sends</source>
        <translation>所有通道的发送</translation>
    </message>
</context>
<context>
    <name>CollectivesText</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_narration.cpp" line="+25"/>
        <source>block %1</source>
        <translation>块 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blocks %1</source>
        <translation>块 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Round %1: the NVSwitch reads rank %2&apos;s copy of %3 (%4) for head rank %5 and adds it to the other GPUs&apos; copies (multimem.ld_reduce, done at %6 µs).</source>
        <translation>第 %1 轮：NVSwitch 为 rank %5（head）读取 rank %2 上 %3（%4）的副本，并与其他 GPU 的副本相加（multimem.ld_reduce，%6 µs 完成）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1: head rank %2&apos;s sum of %3 (%4) goes through the NVSwitch into rank %5&apos;s buffer (multimem.st, done at %6 µs).</source>
        <translation>第 %1 轮：rank %2（head）的 %3（%4）之和经 NVSwitch 写入 rank %5 的缓冲区（multimem.st，%6 µs 完成）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Round %1: rank %2 sends %3 (%4) to rank %5, which adds the data into its partial sums (done at %6 µs).</source>
        <translation>第 %1 轮：rank %2 把%3（%4）发给 rank %5，后者把数据加进自己的部分和（%6 µs 时完成）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1: rank %2 sends %3 (%4) to rank %5, which stores the data (done at %6 µs).</source>
        <translation>第 %1 轮：rank %2 把%3（%4）发给 rank %5，后者存下这些数据（%6 µs 时完成）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its own previous primitive</source>
        <translation>它自己的前一个原语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the data it forwards</source>
        <translation>它要转发的数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a free slot at the receiver</source>
        <translation>接收方空出一个槽位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>On channel %1 it goes out at %2 µs as NCCL step %3 (slot %4) over %5, after waiting for %6; the receiver runs %7 on it.</source>
        <translation>在通道 %1 上，它在 %2 µs 作为 NCCL 的 step %3（槽位 %4）经 %5 发出，此前等待的是%6；接收方对它执行 %7。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 In NCCL&apos;s %2 the sender calls %3.</source>
        <translation>%1在 NCCL 的 %2 中，发送方调用 %3。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Round %1: %2 messages carry %3 in all and their receivers reduce; the round ends at %4 µs.</source>
        <translation>第 %1 轮：%2 条消息共携带 %3，接收方进行规约；本轮在 %4 µs 时结束。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Round %1: %2 messages carry %3 in all; the round ends at %4 µs.</source>
        <translation>第 %1 轮：%2 条消息共携带 %3；本轮在 %4 µs 时结束。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>1 message sent</source>
        <translation>发出 1 条消息</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 messages sent</source>
        <translation>发出 %1 条消息</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 round ended</source>
        <translation>结束 1 轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 rounds ended</source>
        <translation>结束 %1 轮</translation>
    </message>
    <message>
        <location filename="../../views/collectives_scene/collectives_text.cpp" line="+14"/>
        <source>&lt;p&gt;Each step is one round of the chosen algorithm: every message of the round leaves its sender as the round begins (as &lt;code&gt;MPI_Sendrecv&lt;/code&gt; does), carries whole blocks of the vector, and the receiver either stores them or adds them into its own copy. Every rank starts with distinct values, so the sums are real, and at the end each rank&apos;s result is checked against a direct computation (&lt;code&gt;result_ok&lt;/code&gt;). &lt;code&gt;algorithm = auto&lt;/code&gt; applies Open MPI&apos;s fixed decision rules and names the band that fired.&lt;/p&gt;&lt;p&gt;How it is simplified: for large vectors only a sample of blocks (64, first and last included) and of each block its first 4 elements are simulated; byte counts always come from the whole vector. Each rank has one full-duplex port: it sends one message at a time and receives one at a time, so a root&apos;s p − 1 sends queue up. A message of n bytes costs Hockney&apos;s α + n·β, plus n·γ where the receiver reduces, and the run&apos;s time is the critical path over the schedule; there is no network topology and no contention beyond the ports.&lt;/p&gt;&lt;p&gt;Of NCCL, the ring and double binary tree schedules, channels, chunk sizes and the Simple, LL and LL128 protocols (wire efficiency and NCCL&apos;s own latencies) are modelled. With a server (&lt;code&gt;topo_file&lt;/code&gt;, &lt;code&gt;nnodes&lt;/code&gt;; ranks = GPUs × nodes), &lt;code&gt;algorithm = auto&lt;/code&gt; and &lt;code&gt;protocol = auto&lt;/code&gt; pick exactly as NCCL&apos;s tuner does (tuning.cc, ncclTopoTuneModel and ncclTopoGetAlgoTime, on the graphs the nccl-topology scene searches, in the rules of NCCL 2.22.3); a named algorithm or protocol restricts it as NCCL_ALGO or NCCL_PROTO would. The summary lists every candidate&apos;s time and the size at which another one takes over. On a server the chosen pair then runs on the server&apos;s own channels, as a pipeline: a ring on ring c of the search, in the order rank 0 prints; a tree allreduce on channel c&apos;s tree, each server&apos;s GPUs chained under the double binary tree over the servers. Every slice goes through the NCCL_STEPS = 8 slots of its connection (a sender waits for a free slot, a receiver forwards a step as soon as it has it; Simple hands over whole steps, LL and LL128 line by line), and every hop is priced by its path (NVLink or PCI at the graph&apos;s bwIntra, NET at bwInter, tuning.cc&apos;s per-step latency). On a tree the reduce and the broadcast of a rank run at once, each with half of the channel&apos;s threads. Without a server, the double binary tree spans ranks and each message costs the link&apos;s α-β. Simplified: the head pointer travels back at once, a store takes no time, channels share no link beyond their share of it. On an NVSwitch server with sm90 GPUs the tuner also prices NVLS (the switch reduces) and, across servers, NVLSTree, on the NVLS graph the search finds (a head per GPU); the switch reduces only what ncclNvlsSupported allows (sums of every type but int8, the maximum of int32, int64, half and bfloat16). NVLS on one server runs as NCCL 2.22 cuts it: the buffer in 16-byte cells over the NVLS channels, NVLS chunks, loops of one chunk per head; each loop the heads&apos; reduce warps load every GPU&apos;s copy of their chunk through the switch, which adds them (multimem.ld_reduce), and store the sum to every GPU (multimem.st). A GPU&apos;s link to the switch carries NCCL&apos;s NVLS bandwidth × (heads + 1) / heads, as each head&apos;s sum crosses it once more; the scatter and gather copies inside a GPU take no time and the tuner&apos;s NVLS latency is charged once. When NCCL would pick NVLSTree or PAT, the summary names it and the best ring or tree pair runs instead. CollNet stays off (it needs a plugin). GPU kernels and proxies are not modelled.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每一步是所选算法的一轮：本轮的每条消息都在本轮开始时离开发送方（与 &lt;code&gt;MPI_Sendrecv&lt;/code&gt; 相同），携带向量中的整块数据，接收方要么存下这些块，要么把它们加进自己的副本。每个 rank 的初始值各不相同，因此求和是真实的；结束时，每个 rank 的结果都会与直接计算的结果比对（&lt;code&gt;result_ok&lt;/code&gt;）。&lt;code&gt;algorithm = auto&lt;/code&gt; 采用 Open MPI 的固定决策规则，并给出命中的区间。&lt;/p&gt;&lt;p&gt;简化之处：对于大向量，只模拟一部分采样块（64 个，含第一块和最后一块），每块只模拟前 4 个元素；字节数始终按整个向量计算。每个 rank 有一个全双工端口：一次只发送一条消息、一次只接收一条消息，因此 root 的 p − 1 次发送会排队。n 字节的消息按 Hockney 模型计为 α + n·β，接收方规约时再加 n·γ；运行时间是整个调度上的关键路径；不建模网络拓扑，端口之外也没有争用。&lt;/p&gt;&lt;p&gt;NCCL 方面，建模了环和双二叉树的调度、通道（channel）、分块（chunk）大小，以及 Simple、LL、LL128 协议（线路效率和 NCCL 自己的延迟）。给定服务器时（&lt;code&gt;topo_file&lt;/code&gt;、&lt;code&gt;nnodes&lt;/code&gt;；rank 数 = GPU 数 × 节点数），&lt;code&gt;algorithm = auto&lt;/code&gt; 与 &lt;code&gt;protocol = auto&lt;/code&gt; 的选择与 NCCL 调优器完全一致（tuning.cc 的 ncclTopoTuneModel 和 ncclTopoGetAlgoTime，作用在 nccl-topology 场景搜索出的图上，采用 NCCL 2.22.3 的规则）；指定算法或协议相当于设置 NCCL_ALGO 或 NCCL_PROTO 加以限制。summary 列出每个候选的时间，以及另一个候选胜出时的消息大小。在服务器上，所选组合随后在服务器自己的通道上以流水线方式运行：环运行在搜索得到的第 c 个环上，顺序与 rank 0 打印的一致；树 allreduce 运行在通道 c 的树上，每台服务器的 GPU 串成链，挂在跨服务器的双二叉树下。每个切片（slice）都经过其连接的 NCCL_STEPS = 8 个槽位（发送方等待空闲槽位，接收方一拿到某一步就立即转发；Simple 按整步交接，LL 和 LL128 逐行转发），每一跳按其路径计价（NVLink 或 PCI 用图的 bwIntra，NET 用 bwInter，每步延迟取自 tuning.cc）。在树上，一个 rank 的规约和广播同时进行，各占通道一半的线程。没有服务器时，双二叉树跨 rank 构建，每条消息按链路的 α-β 计价。简化之处：头指针立即传回，存储不耗时，各通道只占用自己那一份链路带宽、互不争用。在带 sm90 GPU 的 NVSwitch 服务器上，调优器还会为 NVLS（由交换机做规约）以及跨服务器的 NVLSTree 估价，依据的是搜索得到的 NVLS 图（每块 GPU 一个 head）；交换机只规约 ncclNvlsSupported 允许的组合（除 int8 外所有类型的求和，以及 int32、int64、half、bfloat16 的最大值）。单台服务器上的 NVLS 按 NCCL 2.22 的切分方式运行：缓冲区以 16 字节为单元分到各 NVLS 通道，按 NVLS 的块（chunk）大小切块，每轮循环每个 head 一块；每轮中各 head 的规约 warp 经交换机读取每块 GPU 上该块的副本并由交换机相加（multimem.ld_reduce），再把和写回每块 GPU（multimem.st）。一块 GPU 到交换机的链路承载 NCCL 的 NVLS 带宽 × (head 数 + 1) / head 数，因为每个 head 的和要多经过它一次；GPU 内部的 scatter 和 gather 拷贝不计时间，调优器的 NVLS 延迟每次调用只计一次。若 NCCL 会选择 NVLSTree 或 PAT，summary 会注明，并改为运行最佳的环或树组合。CollNet 保持关闭（它需要插件）。GPU kernel 和 proxy 没有建模。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>1 rank: NCCL takes Ring/Simple and sends nothing</source>
        <translation>1 个 rank：NCCL 取 Ring/Simple，什么也不发送</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2, the only pair enabled</source>
        <translation>%1：%2，唯一启用的组合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2, ahead of %3 at %4; %5 needs %6 to win</source>
        <translation>%1：%2，领先于 %3（%4）；%5 要到 %6 才胜出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2, ahead of %3 at %4; no other pair wins up to %5</source>
        <translation>%1：%2，领先于 %3（%4）；直到 %5 都没有别的组合胜出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; the scene does not animate %2 and animates %3 (%4) instead</source>
        <translation>%1；本场景不演示 %2，改为演示 %3（%4）</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../views/export/export_dialog_frame.cpp" line="+17"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
</context>
<context>
    <name>NcclRenderer</name>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_band_painter.cpp" line="+113"/>
        <location filename="../../views/nccl/bootstrap_scene/nccl_ring_painter.cpp" line="+89"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_ring_painter.cpp" line="+10"/>
        <source>pid %1 · GPU %2 · node %3</source>
        <translation>pid %1 · GPU %2 · 节点 %3</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_band_painter.cpp" line="+15"/>
        <source>knows %1 of %2 addresses</source>
        <translation>已知 %1 个地址（共 %2 个）</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../views/nccl/bootstrap_scene/nccl_ring_painter.cpp" line="+1"/>
        <source>GPU %1 · node %2</source>
        <translation>GPU %1 · 节点 %2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>prev</source>
        <translation>前一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>selected</source>
        <translation>选中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>next</source>
        <translation>后一个</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 ranks, aggregated: the band colours each arc by how far its ranks have got in this phase. Below the root: the selected rank (rank 0 unless another is picked) and its neighbours.</source>
        <translation>%1 个 rank，聚合显示：色带按每段弧上的 rank 在本阶段的进展为其着色。root 下方：选中的 rank（未另选时为 rank 0）及其相邻 rank。</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_message_painter.cpp" line="+21"/>
        <source>accepting</source>
        <translation>接受连接中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replying</source>
        <translation>回复中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>done, exited</source>
        <translation>已完成并退出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped after WARN</source>
        <translation>WARN 后已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../views/nccl/bootstrap_scene/nccl_ring_painter.cpp" line="-70"/>
        <location line="+3"/>
        <source>not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>wrong magic</source>
        <translation>错误 magic</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>extInfo</source>
        <translation>extInfo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>addr of %1</source>
        <translation>%1 的地址</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>slice %1</source>
        <translation>分片 %1</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>no root thread</source>
        <translation>无 root 线程</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no root thread yet</source>
        <translation>尚无 root 线程</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ncclGetUniqueId failed</source>
        <translation>ncclGetUniqueId 失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank 0 starts it in ncclCommInitRank</source>
        <translation>由 rank 0 在 ncclCommInitRank 中启动</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>root%1</source>
        <translation>root%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>root thread</source>
        <translation>根（root）线程</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>in rank %1&apos;s process</source>
        <translation>在 rank %1 的进程中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bootstrapRoot in rank %1&apos;s process</source>
        <translation>rank %1 进程中的 bootstrapRoot</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>%1/%2 in · %3</source>
        <translation>已报到 %1/%2 · %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>… %1 roots in all</source>
        <translation>……共 %1 个 root</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_panels.cpp" line="+45"/>
        <source>ncclGetUniqueId returned %1: no id was filled</source>
        <translation>ncclGetUniqueId 返回 %1：没有填入任何 id</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>NCCL_SOCKET_IFNAME=%1 matches none of %2</source>
        <translation>NCCL_SOCKET_IFNAME=%1 与 %2 均不匹配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no interface in the subnet of NCCL_COMM_ID=%1</source>
        <translation>没有位于 NCCL_COMM_ID=%1 子网中的网络接口</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no root thread, nothing to broadcast</source>
        <translation>无 root 线程，无可广播的内容</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>ncclUniqueId 0 of %1 (128 bytes)</source>
        <translation>ncclUniqueId 0（共 %1 个，128 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ncclUniqueId (128 bytes)</source>
        <translation>ncclUniqueId（128 字节）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>magic (bytes 0–7): %1</source>
        <translation>magic（字节 0–7）：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>addr (bytes 8–35): %1 on %2</source>
        <translation>addr（字节 8–35）：%1（接口 %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nRanks (bytes 36–39): 0; the rest is zero</source>
        <translation>nRanks（字节 36–39）：0；其余全为 0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Progress — %1</source>
        <translation>进度——%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>check-ins (extInfo)</source>
        <translation>报到（extInfo）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>root replies</source>
        <translation>root 回复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ring connects</source>
        <translation>环连接</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>allgather %1 of %2: %3</source>
        <translation>allgather %1/%2：%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>allgather rounds</source>
        <translation>allgather 轮次</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (3 × %2)</source>
        <translation>%1（3 × %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (⌊n/2⌋)</source>
        <translation>%1（⌊n/2⌋）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initTransportsRank</source>
        <translation>initTransportsRank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>COMPLETE</source>
        <translation>COMPLETE</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Known %1 by rank and slot</source>
        <translation>按 rank 和槽位列出的已知内容：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Known addresses (row: rank, column: slot)</source>
        <translation>已知地址（行：rank，列：槽位）</translation>
    </message>
    <message>
        <location line="+58"/>
        <location line="+1"/>
        <location line="+6"/>
        <source>round %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dark mark = own slot · blank = not yet known · lighter = an earlier round</source>
        <translation>深色标记 = 自己的槽位 · 空白 = 尚未获知 · 越浅 = 越早的轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dark = own slot · blank = not yet known · each colour one allgather round</source>
        <translation>深色 = 自己的槽位 · 空白 = 尚未获知 · 每种颜色对应一轮 allgather</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_renderer.cpp" line="+197"/>
        <source>NCCL bootstrap — %1 ranks, %2%3</source>
        <translation>NCCL 引导（bootstrap）——%1 个 rank，%2%3</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_pane_painter.cpp" line="+25"/>
        <location filename="../../views/nccl/bootstrap_scene/nccl_renderer.cpp" line="+2"/>
        <source>classic (≤ 2.22)</source>
        <translation>classic（≤ 2.22）</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../views/nccl/bootstrap_scene/nccl_renderer.cpp" line="+0"/>
        <location line="+107"/>
        <source>2.30</source>
        <translation>2.30</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 messages so far</source>
        <translation>目前共 %1 条消息</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>three ring allgathers (peer, proxy, UDS), one way: %1 + %1 + %1 rounds</source>
        <translation>三次单向环形 allgather（peer、proxy、UDS）：%1 + %1 + %1 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one packed allgather, both ways: %1 rounds</source>
        <translation>一次打包的 allgather，双向：%1 轮</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_renderer.cpp" line="-106"/>
        <source>, %1 roots</source>
        <translation>，%1 个 root</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>step %1 · %2</source>
        <translation>第 %1 步 · %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(%1 more messages in this step)</source>
        <translation>（本步骤还有 %1 条消息）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Step forward: rank 0 creates the ncclUniqueId, every rank checks in with the root, the root tells each rank its next neighbour, and the ranks allgather everyone&apos;s addresses around the ring.</source>
        <translation>单步前进：rank 0 创建 ncclUniqueId，每个 rank 向 root 报到，root 告诉每个 rank 它的下一个邻居，然后各 rank 沿环 allgather 所有 rank 的地址。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>No NCCL bootstrap session loaded</source>
        <translation>未加载 NCCL 引导仿真会话</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>NCCL bootstrap — %1 ranks, classic vs 2.30 side by side</source>
        <translation>NCCL 引导（bootstrap）——%1 个 rank，classic 与 2.30 并排对比</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>step %1 of the %2 run · the other pane at the same point</source>
        <translation>%2 运行的第 %1 步 · 另一侧停在同一进度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>classic</source>
        <translation>classic</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_ring_painter.cpp" line="-2"/>
        <source>never started</source>
        <translation>从未启动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ring connected</source>
        <translation>环已连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>knows next</source>
        <translation>已知下一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checked in</source>
        <translation>已报到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>listen %1</source>
        <translation>监听 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ring %1</source>
        <translation>环 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>callback :%1 · %2 :%3</source>
        <translation>回调 :%1 · %2 :%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>proxy</source>
        <translation>proxy</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p2p</source>
        <translation>p2p</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_scene.cpp" line="+32"/>
        <source>Classic vs 2.30 &amp;Side by Side</source>
        <translation>classic 与 2.30 并排对比(&amp;S)</translation>
    </message>
</context>
<context>
    <name>NcclText</name>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_narration.cpp" line="+24"/>
        <source>1 extInfo message to the root</source>
        <translation>1 条 extInfo 消息发往根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 extInfo messages to the root</source>
        <translation>%1 条 extInfo 消息发往根</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 next-rank address sent back</source>
        <translation>回送 1 个下一 rank 地址</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 next-rank addresses sent back</source>
        <translation>回送 %1 个下一 rank 地址</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 ring connection made</source>
        <translation>建立 1 条环连接</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 ring connections made</source>
        <translation>建立 %1 条环连接</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 allgather message around the ring</source>
        <translation>环上 1 条 allgather 消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 allgather messages around the ring</source>
        <translation>环上 %1 条 allgather 消息</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Rank %1 calls ncclGetUniqueId, but bootstrapNetInit finds no usable interface: WARN, and the call returns %2 before any id is filled. No root thread starts.</source>
        <translation>rank %1 调用 ncclGetUniqueId，但 bootstrapNetInit 找不到可用的网络接口：打印 WARN，该调用在填入任何 id 之前就返回 %2。root 线程不会启动。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL_COMM_ID is set: every process builds the same ncclUniqueId itself (magic 0x0280028002800280, the given address); rank 0 will start the root thread inside ncclCommInitRank.</source>
        <translation>已设置 NCCL_COMM_ID：每个进程自行构造同一个 ncclUniqueId（magic 0x0280028002800280，地址为给定地址）；rank 0 将在 ncclCommInitRank 内部启动根（root）线程。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rank %1 calls ncclGetUniqueId: bootstrapGetUniqueId draws a random magic, binds the root&apos;s listen socket and starts the root thread (bootstrapRoot) in this process; the id holds magic and address.</source>
        <translation>rank %1 调用 ncclGetUniqueId：bootstrapGetUniqueId 随机生成 magic，绑定 root 的监听套接字，并在本进程中启动根（root）线程（bootstrapRoot）；该 ID 中保存 magic 和地址。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ncclCommInitAll: one process drives all %1 GPUs and hands the id to each ncclCommInitRankDev inside one group.</source>
        <translation>ncclCommInitAll：一个进程驱动全部 %1 个 GPU，并在同一个 group 内把该 ID 交给每个 ncclCommInitRankDev。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No broadcast is needed: all %1 ranks read the same NCCL_COMM_ID.</source>
        <translation>无需广播：全部 %1 个 rank 读取同一个 NCCL_COMM_ID。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MPI_Bcast copies the 128 bytes of the id (%1 of them) from rank 0 to all %2 ranks; every rank then calls ncclCommInitRank.</source>
        <translation>MPI_Bcast 把 ID 的 128 字节（共 %1 个 ID）从 rank 0 复制到全部 %2 个 rank；随后每个 rank 调用 ncclCommInitRank。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 more ranks connect to %2 and send their extInfo, but its thread has stopped: the connections wait in its backlog and are never read.</source>
        <translation>又有 %1 个 rank 连接 %2 并发送 extInfo，但其线程已停止：这些连接停留在它的等待队列（backlog）中，永远不会被读取。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ranks find %2 gone: their connections are refused.</source>
        <translation>%1 个 rank 发现 %2 已经退出：它们的连接被拒绝。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ranks connect to %2 and send their extInfo (rank, nranks, callback and ring listen addresses).</source>
        <translation>%1 个 rank 连接 %2，并发送各自的 extInfo（rank、nranks、回调地址和环监听地址）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rank %1 also checks in with %2, the previous root, so that root learns the ring address its last rank needs.</source>
        <translation>rank %1 还向前一个 root（%2）报到，使该 root 得知它的最后一个 rank 所需的环地址。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rank %1&apos;s extInfo does not match what %2 already holds: the root prints its WARN and its thread stops; ranks still waiting on it will hang.</source>
        <translation>rank %1 的 extInfo 与 %2 已持有的信息不符：root 打印 WARN，其线程随之停止；仍在等待它的 rank 将挂起（hang）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rank %1 finds %2 already gone: its connection is refused.</source>
        <translation>rank %1 发现 %2 已经退出：它的连接被拒绝。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank %1 connects to %2, sends its extInfo (rank, nranks, the callback socket and its ring listen address) and closes the connection.</source>
        <translation>rank %1 连接 %2，发送自己的 extInfo（rank、nranks、回调套接字及其环监听地址），然后关闭连接。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 stale connections reach %2 and are dropped.</source>
        <translation>%1 个过期连接到达 %2，均被丢弃。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A stale client (rank %1 of another job) connects to %2 with the wrong magic: socketFinalizeAccept drops it and accepting goes on.</source>
        <translation>一个过期客户端（另一个作业的 rank %1）带着错误的 magic 连接 %2：socketFinalizeAccept 将其丢弃，并继续接受连接。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 calls back %2 ranks, giving each the ring address of the rank after it.</source>
        <translation>%1 回连 %2 个 rank，告诉每个 rank 它后一个 rank 的环地址。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 connects to rank %2&apos;s callback socket and sends it the ring listen address of rank %3, its next rank on the ring.</source>
        <translation>%1 连接 rank %2 的回调套接字，把 rank %3（它在环上的下一个 rank）的环监听地址发给它。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ranks connect to their next rank and accept their previous one: the ring is closed.</source>
        <translation>%1 个 rank 连接各自的下一个 rank，并接受前一个 rank 的连接：环已闭合。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rank %1 connects its ring send socket to rank %2&apos;s listen socket; rank %2 accepts it as its recv socket.</source>
        <translation>rank %1 把它的环发送套接字连接到 rank %2 的监听套接字；rank %2 接受该连接，作为自己的接收套接字。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Allgather of the %1.</source>
        <translation>当前 allgather：%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2</source>
        <comment>one sentence, then the next</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allgather rounds %1 to %2: %3 messages; in each round every rank forwards a slice to its neighbour at once.</source>
        <translation>allgather 第 %1 到 %2 轮：%3 条消息；每一轮中每个 rank 同时向邻居转发一个分片。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Allgather round %1: %2 messages, every rank forwards a slice to its neighbour at once.</source>
        <translation>allgather 第 %1 轮：%2 条消息，每个 rank 同时向邻居转发一个分片。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Round %1, backward ring: rank %2 sends slice %3 to its previous rank %4.</source>
        <translation>第 %1 轮，反向环：rank %2 把分片 %3 发给它的前一个 rank %4。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Round %1: rank %2 sends slice %3 to its next rank %4.</source>
        <translation>第 %1 轮：rank %2 把分片 %3 发给它的下一个 rank %4。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connecting to %1 is refused (%2) %3 times; the rank gives up with a WARN and ncclCommInitRank fails.</source>
        <translation>连接 %1 被拒绝（%2），共 %3 次；该 rank 打印 WARN 后放弃，ncclCommInitRank 失败。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 fails on every rank: the communicator is not created.</source>
        <translation>%1 在每个 rank 上都失败：通信器（communicator）未能创建。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>initTransportsRank: %1 runs on every rank (%2 bootstrap messages).</source>
        <translation>initTransportsRank：%1 在每个 rank 上运行（%2 条 bootstrap 消息）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nothing more can happen: %1 ranks wait forever. The bootstrap has no global timeout, so the job hangs; the summary says who waits on whom.</source>
        <translation>不会再有任何进展：%1 个 rank 永远等待。bootstrap 没有全局超时，因此作业挂起（hang）；summary 中写明谁在等谁。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ncclGetUniqueId failed: the program has no id to broadcast, so no rank calls ncclCommInitRank.</source>
        <translation>ncclGetUniqueId 失败：程序没有可广播的 id，因此没有任何 rank 调用 ncclCommInitRank。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ncclCommInitRank returns an error: the communicator was not created.</source>
        <translation>ncclCommInitRank 返回错误：通信器（communicator）未能创建。</translation>
    </message>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_text.cpp" line="+9"/>
        <source>&lt;p&gt;The bootstrap follows NCCL&apos;s bootstrap.cc in two versions: &lt;b&gt;classic&lt;/b&gt; (2.22 and earlier: the root waits for every rank, then three unidirectional ring allgathers of n−1 rounds: peer addresses, proxy addresses and, since 2.20, the proxy UDS ids) and &lt;b&gt;2.30&lt;/b&gt; (the root answers as soon as both neighbours have checked in, several roots, one packed bidirectional allgather of ⌊n/2⌋ rounds). Message order, contents, the 128-byte ncclUniqueId, the fault behaviour and the INFO/WARN lines follow NCCL&apos;s bootstrap.cc, init.cc and socket.cc.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Connections:&lt;/b&gt; with runtime connect (NCCL_RUNTIME_CONNECT with cuMem, the default of 2.22 and 2.30, key runtime_connect) ring and tree links are built at the first collective, after Init COMPLETE, so the log shows no Channel … via … or Connected all rings lines before it; runtime_connect=false shows the eager connect.&lt;/p&gt;&lt;p&gt;&lt;b&gt;The machine:&lt;/b&gt; each node holds A100-class GPUs (compute capability 8.0) joined by NVLink, so P2P links read (via P2P/CUMEM/read) and NVLS multicast is not available; two CPU sockets of 32 cores with two hardware threads each, the GPUs split evenly between them (the affinity and proxy core lines follow from this); IB NICs with GPUDirect RDMA. NCCL reads these from the driver and sysfs; here they are made up, as is the RAS client socket, at its default localhost port 28028. The log is that of a launcher calling ncclCommInitRank between ncclGroupStart and ncclGroupEnd, as nccl-tests and PyTorch do, so the init job runs on a thread of its own.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Simplified:&lt;/b&gt; ranks move through the phases together, so what a real run overlaps (early ring connects while late ranks still check in) is shown one after the other; within a round messages are drawn in rank order. The size headers each ring transfer exchanges first, TCP itself and socket options are not drawn. initTransportsRank is coarse: one step per stage over a simple topology (nodes × GPUs × NICs), without the real channel search. Times in the log are from a stated model, not measurements. Above 64 ranks the view aggregates: the ring is a density band and only the selected rank and its neighbours are drawn in detail.&lt;/p&gt;</source>
        <translation>&lt;p&gt;引导（bootstrap）过程遵循 NCCL 的 bootstrap.cc，分两个版本：&lt;b&gt;classic&lt;/b&gt;（2.22 及更早：root 等待所有 rank 到齐，然后进行三次单向环形 allgather，每次 n−1 轮：peer 地址、proxy 地址，以及 2.20 起的 proxy UDS id）和 &lt;b&gt;2.30&lt;/b&gt;（某个 rank 的两个邻居都报到后 root 立即回复；可有多个 root；一次打包的双向 allgather，共 ⌊n/2⌋ 轮）。消息顺序、内容、128 字节的 ncclUniqueId、故障行为以及 INFO/WARN 日志行均遵循 NCCL 的 bootstrap.cc、init.cc 和 socket.cc。&lt;/p&gt;&lt;p&gt;&lt;b&gt;连接：&lt;/b&gt;在运行时连接模式下（NCCL_RUNTIME_CONNECT 配合 cuMem，2.22 和 2.30 的默认行为，参数键 runtime_connect），环和树的链路在第一次集合通信时才建立，也就是在 Init COMPLETE 之后，因此在它之前日志中没有 Channel … via … 或 Connected all rings 行；runtime_connect=false 则展示提前（eager）连接。&lt;/p&gt;&lt;p&gt;&lt;b&gt;机器：&lt;/b&gt;每个节点的 GPU 为 A100 级（计算能力 8.0），由 NVLink 相连，因此 P2P 链路采用读模式（via P2P/CUMEM/read），NVLS 多播不可用；两个 CPU 插槽，各 32 个核心、每核两个硬件线程，GPU 平均分配到两个插槽上（affinity 行和 proxy 所在的核心由此得出）；IB 网卡支持 GPUDirect RDMA。真实的 NCCL 从驱动和 sysfs 读取这些信息，这里是虚构的，RAS 客户端套接字（默认的 localhost 端口 28028）也一样。日志对应的启动程序在 ncclGroupStart 与 ncclGroupEnd 之间调用 ncclCommInitRank（nccl-tests 和 PyTorch 都是这样做的），因此初始化任务在自己的线程上运行。&lt;/p&gt;&lt;p&gt;&lt;b&gt;简化之处：&lt;/b&gt;所有 rank 一起逐阶段推进，因此真实运行中相互重叠的部分（较晚的 rank 仍在报到时，较早的环连接已经开始）在这里依次展示；同一轮内的消息按 rank 顺序绘制。每次环传输前先交换的长度头、TCP 本身以及套接字选项均未绘制。initTransportsRank 只做粗略建模：在简单拓扑（节点 × GPU × 网卡）上每个阶段一步，不做真实的通道（channel）搜索。日志中的时间来自一个已说明的模型，并非实测。超过 64 个 rank 时视图改为聚合显示：环显示为密度色带，只有选中的 rank 及其邻居会详细绘制。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;p&gt;&lt;b&gt;At scale:&lt;/b&gt; up to 131,072 ranks and 1,024 roots. A ring allgather of more than 1,024 rounds (classic above 1,025 ranks, 2.30 above 2,049) takes 1,024 steps, each a span of consecutive rounds: 131,072 ranks step 128 rounds at a time in classic, 64 in 2.30.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;大规模：&lt;/b&gt;最多 131,072 个 rank、1,024 个 root。轮数超过 1,024 的环形 allgather（classic 超过 1,025 个 rank，2.30 超过 2,049 个）用 1,024 步走完，每步是连续的若干轮：131,072 个 rank 时 classic 每步 128 轮，2.30 每步 64 轮。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;&lt;b&gt;With topo_file&lt;/b&gt; (NCCL_TOPO_FILE: a path or a bundled server such as dgx_h100_nvswitch_8nic.xml) every node is a copy of that server: its GPUs (ranks fill them in the file&apos;s rank order, cudaDev = the GPU&apos;s dev) with their PCI bus ids, its NICs (the NET/IB line, Net device counts), and nodes = nranks / GPUs (whole servers only, at most 4,096 ranks; nodes, gpus_per_node and nics_per_node cannot be set beside it). initTransportsRank&apos;s channels, each channel&apos;s ring order, the trees, the transport of every connection (P2P, SHM, NET/IB/n/GDRDMA), the channel counts and the PXN/GDR flags come from the NCCL topology model of the nccl-topology scene, so the Channel, Ring, Trees and connection lines are those `commviz nccl-topo` prints. The affinity lines take the local cpu&apos;s affinity from the file (the process runs on every CPU it lists). Still made up: the proxy thread cores (two of the GPU&apos;s CPUs each), NVLS (never available), the timings and the thresholds line.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;设置 topo_file 时&lt;/b&gt;（NCCL_TOPO_FILE：路径或内置服务器，如 dgx_h100_nvswitch_8nic.xml），每个节点都是该服务器的一份副本：它的 GPU（rank 按文件中的 rank 顺序占用，cudaDev 即 GPU 的 dev）及其 PCI 总线号、它的网卡（NET/IB 行与 Net device 计数），节点数 = nranks / GPU 数（只接受整台服务器，最多 4,096 个 rank；此时不能再设置 nodes、gpus_per_node 和 nics_per_node）。initTransportsRank 的通道、每个通道的环顺序、树、每条连接的传输方式（P2P、SHM、NET/IB/n/GDRDMA）、通道计数以及 PXN/GDR 标志都来自 nccl-topology 场景的 NCCL 拓扑模型，因此 Channel、Ring、Trees 和连接行与 `commviz nccl-topo` 打印的一致。亲和性行取文件中本地 cpu 的 affinity（进程可运行在文件列出的所有 CPU 上）。仍是虚构的：代理线程所在核心（每个 GPU 占其 CPU 中的两个）、NVLS（始终不可用）、耗时以及阈值行。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>unique id</source>
        <translation>唯一 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>id distribution</source>
        <translation>ID 分发</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>check-in with the root</source>
        <translation>向 root 报到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ring connect</source>
        <translation>环连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ring allgather</source>
        <translation>环形 allgather</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>initTransportsRank</source>
        <translation>initTransportsRank</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>stopped (hang or failure)</source>
        <translation>已停止（挂起或失败）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ring info</source>
        <translation>环信息</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>peer addresses</source>
        <translation>peer 地址</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>proxy addresses</source>
        <translation>proxy 地址</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>proxy UDS ids</source>
        <translation>proxy UDS id</translation>
    </message>
</context>
<context>
    <name>NocHeatmap</name>
    <message>
        <location filename="../../views/noc/noc_heatmap.cpp" line="+50"/>
        <source>Link utilisation</source>
        <translation>链路利用率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Buffer occupancy</source>
        <translation>缓冲区占用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stalled VCs</source>
        <translation>停滞的 VC</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No heatmap</source>
        <translation>无热力图</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>flits/cycle per link</source>
        <translation>每条链路的微片数/周期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mean flits buffered per input port</source>
        <translation>每个输入端口平均缓存的微片数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mean stalled VCs per input port</source>
        <translation>每个输入端口平均停滞的 VC 数</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>%1 — cycles %2–%3 (%4 cycles)</source>
        <translation>%1 — 周期 %2–%3（共 %4 个周期）</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_scene.cpp" line="+21"/>
        <source>Heatmap: &amp;Link Utilisation</source>
        <translation>热力图：链路利用率(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heatmap: &amp;Buffer Occupancy</source>
        <translation>热力图：缓冲区占用(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heatmap: &amp;Stalled VCs</source>
        <translation>热力图：停滞的 VC(&amp;S)</translation>
    </message>
</context>
<context>
    <name>NocRenderer</name>
    <message>
        <location filename="../../views/noc/noc_renderer.cpp" line="+54"/>
        <source>No NoC session loaded</source>
        <translation>未加载片上网络（NoC）仿真会话</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>tree4 (4, 8 and 16 routers, 64 nodes)</source>
        <translation>tree4（4、8 和 16 个路由器，64 个节点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>quad tree (k = %1, %2 levels, %3 routers)</source>
        <translation>四叉树（quad tree，k = %1，%2 层，%3 个路由器）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fat tree (k = %1, %2 levels × %3 routers)</source>
        <translation>胖树（fat tree，k = %1，%2 层 × %3 个路由器）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1-ary %2-fly butterfly (routers: %3 stages × %4)</source>
        <translation>%1 元 %2 级蝶形网络（fly；路由器：%3 级 × %4）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1×%1 cmesh, %2 nodes per router</source>
        <translation>%1×%1 集中式网格（cmesh），每个路由器 %2 个节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>anynet from %1: %2 routers, %3 nodes</source>
        <translation>anynet，来自 %1：%2 个路由器，%3 个节点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1-ary %2-flat flatfly, c = %3</source>
        <translation>%1 元 %2 维扁平蝶形网络（flatfly），c = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dragonfly k = %1: %2 groups × %3 routers</source>
        <translation>蜻蜓网络（dragonfly）k = %1：%2 个组 × %3 个路由器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1-router line (1-D mesh)</source>
        <translation>%1 个路由器的直线（一维网格）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1-router ring (1-D torus)</source>
        <translation>%1 个路由器的环（一维环面）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1×%1 mesh</source>
        <translation>%1×%1 网格（mesh）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1×%1 torus</source>
        <translation>%1×%1 环面（torus）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1×%1×%1 mesh</source>
        <translation>%1×%1×%1 网格（mesh）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1×%1×%1 torus</source>
        <translation>%1×%1×%1 环面（torus）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deadlocked</source>
        <translation>已死锁</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unstable</source>
        <translation>不稳定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, num_vcs = %2, vc_buf_size = %3 — cycle %4, %5</source>
        <translation>%1，num_vcs = %2，vc_buf_size = %3——第 %4 周期，%5</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Step forward: each step is one cycle. Sources create packets, flits enter the local input of their router, and each router runs route computation, VC allocation, switch allocation and switch traversal.</source>
        <translation>单步前进：每一步是一个周期。源节点生成数据包，微片（flit）进入所在路由器的本地输入端口，每个路由器执行路由计算（RC）、虚拟通道分配（VA）、交换分配（SA）和交换传输（ST）。</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>g%1</source>
        <comment>a dragonfly group&apos;s number</comment>
        <translation>g%1</translation>
    </message>
    <message>
        <location line="+152"/>
        <source>VC routing (RC)</source>
        <translation>VC 路由计算中（RC）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VC waiting for VA</source>
        <translation>VC 等待 VA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VC active (SA/ST)</source>
        <translation>VC 活跃（SA/ST）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flit (colour = packet, dot = head, bar = tail)</source>
        <translation>微片（颜色 = 数据包，圆点 = 头微片，横条 = 尾微片）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>credit returning</source>
        <translation>信用（credit）回传中</translation>
    </message>
</context>
<context>
    <name>NocRouterCompact</name>
    <message>
        <location filename="../../views/noc/noc_router_compact.cpp" line="+73"/>
        <source>cell: one VC (tint = state, bar = its flits) · rows: VCs not idle · right-hand bars: credits · zoom in for every VC</source>
        <translation>格子：一个 VC（底色 = 状态，竖条 = 其中的微片）· 行：非空闲的 VC · 右侧竖条：信用（credit）· 放大可查看全部 VC</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>+%1 more not idle: zoom in, or click a cell</source>
        <translation>另有 %1 个非空闲 VC：放大查看，或点击格子</translation>
    </message>
</context>
<context>
    <name>NocRouterPanel</name>
    <message>
        <location filename="../../views/noc/noc_router_rows.cpp" line="+56"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>routing</source>
        <translation>路由计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>VC alloc</source>
        <translation>VC 分配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_router_panel.cpp" line="+107"/>
        <location line="+2"/>
        <source>height %1, position %2</source>
        <translation>高度 %1，位置 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>level %1, position %2</source>
        <translation>第 %1 层，位置 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>stage %1, row %2</source>
        <translation>第 %1 级，第 %2 行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no nodes</source>
        <translation>没有节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nodes %1</source>
        <comment>an anynet router&apos;s nodes</comment>
        <translation>节点 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>group %1, router %2 of it</source>
        <translation>第 %1 组，组内路由器 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Router %1 (%2)</source>
        <translation>路由器 %1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>routing_delay = %1 · vc_alloc_delay = %2 · sw_alloc_delay = %3</source>
        <translation>routing_delay = %1 · vc_alloc_delay = %2 · sw_alloc_delay = %3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>inputs: VC state, buffer, output VC held</source>
        <translation>输入端口：VC 状态、缓冲区、占用的输出 VC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>outputs: credits</source>
        <translation>输出端口：信用</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_router_compact.cpp" line="-45"/>
        <location filename="../../views/noc/noc_router_panel.cpp" line="-78"/>
        <source>in %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../views/noc/noc_router_panel.cpp" line="+2"/>
        <source>out %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_router_panel.cpp" line="-21"/>
        <location filename="../../views/noc/noc_router_rows.cpp" line="+20"/>
        <source>vc %1</source>
        <translation>vc %1</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_router_rows.cpp" line="-35"/>
        <location line="+62"/>
        <source>VA</source>
        <translation>VA</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>SA</source>
        <translation>SA</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+60"/>
        <source>hold</source>
        <translation>保持</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_router_panel.cpp" line="+116"/>
        <source>VA, SA: allocated · hold: held connection · arrow: crossing · cell: credit</source>
        <translation>VA、SA：完成分配 · 保持：保持的连接 · 箭头：穿越交叉开关 · 格：信用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VA, SA: allocated this cycle · arrow: switch grant · filled cell: credit</source>
        <translation>VA、SA：本周期完成分配 · 箭头：交叉开关授予 · 填充格：信用</translation>
    </message>
</context>
<context>
    <name>NocSweepCharts</name>
    <message>
        <location filename="../../views/noc/noc_sweep_charts.cpp" line="+40"/>
        <location line="+1"/>
        <source>offered load (flits/node/cycle)</source>
        <translation>提供负载（微片/节点/周期）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>average packet latency (cycles)</source>
        <translation>平均数据包延迟（周期）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accepted (flits/node/cycle)</source>
        <translation>接收吞吐率（微片/节点/周期）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Latency vs offered load</source>
        <translation>延迟随提供负载的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accepted vs offered throughput</source>
        <translation>接收吞吐率随提供负载的变化</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>accepted = offered</source>
        <translation>接收 = 提供</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>saturation %1</source>
        <translation>饱和点 %1</translation>
    </message>
</context>
<context>
    <name>NocText</name>
    <message>
        <location filename="../../views/noc/noc_narration.cpp" line="+26"/>
        <source>Node %1 creates packet %2 for node %3; it waits in the source queue until it can inject.</source>
        <translation>节点 %1 生成发往节点 %3 的数据包 %2；它在源队列中等待，直到可以注入。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Node %1 injects flit %2 of packet %3 into VC %4 of its router&apos;s local input (it held a credit).</source>
        <translation>节点 %1 把数据包 %3 的微片 %2 注入其路由器本地输入端口的 VC %4（它持有一个信用）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Router %1 writes flit %2 into input port %3, VC %4 (input queuing).</source>
        <translation>路由器 %1 把微片 %2 写入输入端口 %3 的 VC %4（输入排队）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>RC: router %1 routes the head flit in input %2 VC %3 to output port %4.</source>
        <translation>RC：路由器 %1 把输入端口 %2 VC %3 中的头微片路由到输出端口 %4。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>VA: router %1 grants output %2 VC %3 to the packet in input %4 VC %5.</source>
        <translation>VA：路由器 %1 把输出端口 %2 的 VC %3 分配给输入端口 %4 VC %5 中的数据包。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Held connection: router %1 sends flit %2 from input %3 VC %4 to output %5 over the crossbar connection its packet keeps; no switch allocation is needed.</source>
        <translation>保持的连接：路由器 %1 经其数据包保持的交叉开关连接，把微片 %2 从输入端口 %3 VC %4 送到输出端口 %5，无需交换分配。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SA: router %1 gives the crossbar to flit %2 (input %3 VC %4 to output %5); it leaves the buffer and its slot&apos;s credit will go upstream.</source>
        <translation>SA：路由器 %1 把交叉开关分配给微片 %2（从输入端口 %3 VC %4 到输出端口 %5）；它离开缓冲区，其所占槽位的信用将返回上游。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ST: router %1 puts flit %2 on output port %3; link traversal starts.</source>
        <translation>ST：路由器 %1 把微片 %2 送上输出端口 %3；开始链路传输。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Node %1 ejects flit %2 of packet %3, %4 cycles after it was injected.</source>
        <translation>节点 %1 弹出数据包 %3 的微片 %2，距其注入已过 %4 个周期。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Router %1 sends a credit upstream from input port %2: a buffer slot is free again.</source>
        <translation>路由器 %1 从输入端口 %2 向上游发送一个信用：一个缓冲槽位重新空闲。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sample period %1 ends; BookSim prints its statistics and checks convergence.</source>
        <translation>第 %1 个采样周期结束；BookSim 打印统计信息并检查是否收敛。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The run is now %1.</source>
        <translation>本次运行现在%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deadlock: %1 virtual channels each wait for a buffer slot held by the next; the run stops.</source>
        <translation>死锁：%1 个虚拟通道各自等待下一个虚拟通道占用的缓冲槽位；运行停止。</translation>
    </message>
    <message>
        <location filename="../../views/noc/noc_text.cpp" line="+12"/>
        <source>&lt;p&gt;Each step is one cycle of BookSim2&apos;s input-queued virtual-channel router (&lt;code&gt;router = iq&lt;/code&gt;) on a k-ary n-mesh or torus, a k-ary n-fly butterfly, a concentrated mesh (cmesh), an on-chip flattened butterfly (flatfly), a fat tree, a quad tree, tree4, a dragonfly (dragonflynew) or any network (anynet): head flits go through route computation, VC allocation and switch allocation (iSLIP by default), every flit crosses the crossbar and the link, and each flit that leaves an input buffer sends a credit back upstream. The keys are BookSim&apos;s, with BookSim&apos;s defaults, except &lt;code&gt;routing_function&lt;/code&gt;, which starts at &lt;code&gt;dim_order&lt;/code&gt; because BookSim&apos;s default &lt;code&gt;none&lt;/code&gt; cannot run.&lt;/p&gt;&lt;p&gt;The run follows BookSim&apos;s TrafficManager: Bernoulli or on_off sources with infinite source queues, sample periods of &lt;code&gt;sample_period&lt;/code&gt; cycles, warm-up, convergence within &lt;code&gt;stopping_thres&lt;/code&gt;, the &lt;code&gt;latency_thres&lt;/code&gt; abort and the drain. &lt;code&gt;commviz noc CONFIG&lt;/code&gt; prints the same statistics in BookSim&apos;s layout.&lt;/p&gt;&lt;p&gt;What differs: the random-number stream is not BookSim&apos;s (Knuth&apos;s generator), so statistics agree within a few percent, not digit for digit. Modelled: the dor / dim_order, min_adapt, valiant and romm routing functions on the mesh and torus, dest_tag on the fly, dor, dor_no_express, xy_yx and xy_yx_no_express on the cmesh, ran_min, xyyx, adaptive_xyyx, valiant, ugal, ugal_xyyx and ugal_pni on the flatfly, nca and anca on the fat tree, nca on the quad tree and tree4, min and ugal on the dragonfly, min on an anynet (its network_file&apos;s routers on a circle, its channels as lines, BookSim&apos;s one shortest path per router and node); BookSim&apos;s iSLIP, separable (input or output first, round-robin or matrix arbiters), wavefront, select, PIM and LOA allocators; Bernoulli and on_off injection and one traffic class. Other BookSim keys are refused by name. BookSim2&apos;s own valiant_torus aborts on an assert (it reads an uninitialised dateline class when a packet goes straight on); commviz keeps the class chosen on turning into the dimension. The deadlock detector (a cycle of VCs each waiting on the next) stops the run instead of BookSim&apos;s warning; &lt;code&gt;dateline = 0&lt;/code&gt; is a commviz key that removes the torus dateline classes so you can see that deadlock.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每一步是 BookSim2 输入排队虚拟通道路由器（&lt;code&gt;router = iq&lt;/code&gt;）在 k 元 n 维网格（mesh）或环面（torus）、k 元 n 级蝶形网络（fly）、集中式网格（cmesh）、片上扁平蝶形网络（flatfly）、胖树（fat tree）、四叉树（quad tree）、tree4、蜻蜓网络（dragonflynew）或任意网络（anynet）上的一个周期：头微片依次经过路由计算（RC）、虚拟通道分配（VA）和交换分配（SA，默认用 iSLIP），每个微片都穿过交叉开关和链路，每个离开输入缓冲区的微片都向上游回送一个信用（credit）。参数键沿用 BookSim 的键名和默认值，只有 &lt;code&gt;routing_function&lt;/code&gt; 例外：它的初始值为 &lt;code&gt;dim_order&lt;/code&gt;，因为 BookSim 的默认值 &lt;code&gt;none&lt;/code&gt; 无法运行。&lt;/p&gt;&lt;p&gt;运行过程遵循 BookSim 的 TrafficManager：伯努利（Bernoulli）或 on_off 流量源配无限长的源队列，每个采样周期为 &lt;code&gt;sample_period&lt;/code&gt; 个周期，还有预热、在 &lt;code&gt;stopping_thres&lt;/code&gt; 以内的收敛判定、&lt;code&gt;latency_thres&lt;/code&gt; 中止以及排空。&lt;code&gt;commviz noc CONFIG&lt;/code&gt; 按 BookSim 的格式打印同样的统计信息。&lt;/p&gt;&lt;p&gt;不同之处：随机数序列与 BookSim 不同（采用 Knuth 的生成器），因此统计结果在百分之几以内一致，而不是逐位相同。已建模的有：mesh 和 torus 上的 dor / dim_order、min_adapt、valiant 和 romm 路由函数，fly 上的 dest_tag，cmesh 上的 dor、dor_no_express、xy_yx 和 xy_yx_no_express，flatfly 上的 ran_min、xyyx、adaptive_xyyx、valiant、ugal、ugal_xyyx 和 ugal_pni，胖树上的 nca 和 anca，四叉树和 tree4 上的 nca，蜻蜓网络上的 min 和 ugal，anynet 上的 min（其 network_file 中的路由器排在一个圆上，通道画成连线，BookSim 为每个路由器和节点只取一条最短路径）；BookSim 的 iSLIP、separable（输入优先或输出优先，round-robin 或 matrix 仲裁器）、wavefront、select、PIM 和 LOA 分配器；伯努利和 on_off 注入，以及单一流量类别。其他 BookSim 参数键会被拒绝并报出键名。BookSim2 自己的 valiant_torus 会因断言失败而中止（数据包直行时它读取了未初始化的日期线类别）；commviz 保留数据包转入该维度时选定的类别。死锁检测器（检测由 VC 构成、每个都在等待下一个的环）会让运行停止，而不像 BookSim 那样只给出警告；&lt;code&gt;dateline = 0&lt;/code&gt; 是 commviz 自有的参数键，它去掉环面的日期线（dateline）类别，让你能看到这种死锁。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+13"/>
        <source>n%1</source>
        <comment>a cmesh router&apos;s node port</comment>
        <translation>n%1</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>n%1</source>
        <comment>a dragonfly router&apos;s node port</comment>
        <translation>n%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>l%1</source>
        <comment>a dragonfly router&apos;s port to its group</comment>
        <translation>l%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>g%1</source>
        <comment>a dragonfly router&apos;s global port</comment>
        <translation>g%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>warming up</source>
        <translation>正在预热</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measuring</source>
        <translation>正在测量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>draining measured packets</source>
        <translation>正在排空被测数据包</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>draining the network</source>
        <translation>正在排空网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>waiting for the last credits</source>
        <translation>正在等待最后的信用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>1 packet created</source>
        <translation>生成 1 个数据包</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 packets created</source>
        <translation>生成 %1 个数据包</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 flit injected</source>
        <translation>注入 1 个微片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 flits injected</source>
        <translation>注入 %1 个微片</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 flit buffered</source>
        <translation>缓存 1 个微片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 flits buffered</source>
        <translation>缓存 %1 个微片</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 route computed</source>
        <translation>完成 1 次路由计算</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 routes computed</source>
        <translation>完成 %1 次路由计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 VC allocated</source>
        <translation>分配 1 个 VC</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 VCs allocated</source>
        <translation>分配 %1 个 VC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 switch grant</source>
        <translation>1 次交换分配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 switch grants</source>
        <translation>%1 次交换分配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 flit sent on links</source>
        <translation>链路上发送 1 个微片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 flits sent on links</source>
        <translation>链路上发送 %1 个微片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 flit ejected</source>
        <translation>弹出 1 个微片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 flits ejected</source>
        <translation>弹出 %1 个微片</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 credit returned</source>
        <translation>回送 1 个信用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 credits returned</source>
        <translation>回送 %1 个信用</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cycle %1: nothing moves.</source>
        <translation>第 %1 周期：没有任何移动。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cycle %1:</source>
        <translation>第 %1 周期：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cycle %1: %2.</source>
        <translation>第 %1 周期：%2。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>RdmaHostPainter</name>
    <message>
        <location filename="../../views/rdma/rdma_host_painter.cpp" line="+45"/>
        <source>Host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LID %1 · port 1 · %2</source>
        <translation>LID %1 · 端口 1 · %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>application</source>
        <translation>应用程序</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>RECV</source>
        <translation>RECV</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bad_wr</source>
        <translation>bad_wr</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>discarded</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>→ WQE</source>
        <translation>→ WQE</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+25"/>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>work requests (WR)</source>
        <translation>工作请求（WR）</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+27"/>
        <source>wr_id %1 · %2</source>
        <translation>wr_id %1 · %2</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>%1 B%2 %3</source>
        <translation>%1 B%2 %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>completions (WC)</source>
        <translation>工作完成（WC）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 · %2 B</source>
        <translation>%1 · %2 B</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>verbs / driver (libibverbs + provider)</source>
        <translation>verbs / 驱动（libibverbs + provider）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no call yet</source>
        <translation>尚无调用</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>[%1] %2(…) running</source>
        <translation>[%1] %2(…) 执行中</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+5"/>
        <source>[%1] %2() = %3</source>
        <translation>[%1] %2() = %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, bad_wr = wr_id %1</source>
        <translation>, bad_wr = wr_id %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>async event: %1</source>
        <translation>异步事件：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>doorbell</source>
        <translation>门铃</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>HCA (RDMA NIC)</source>
        <translation>HCA（RDMA 网卡）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no QP yet (ibv_create_qp)</source>
        <translation>尚无 QP（ibv_create_qp）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>+%1 more QP</source>
        <translation>另有 %1 个 QP</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>SQ</source>
        <translation>SQ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RQ</source>
        <translation>RQ</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no CQ yet (ibv_create_cq)</source>
        <translation>尚无 CQ（ibv_create_cq）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>host memory (registered MRs)</source>
        <translation>主机内存（已注册的 MR）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no MR yet (ibv_reg_mr)</source>
        <translation>尚无 MR（ibv_reg_mr）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>lkey 0x%1 · rkey 0x%2 · %3</source>
        <translation>lkey 0x%1 · rkey 0x%2 · %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>MR %1 · %2 B</source>
        <translation>MR %1 · %2 B</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>+%1 B</source>
        <translation>另有 %1 B</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>+%1 more MR</source>
        <translation>另有 %1 个 MR</translation>
    </message>
</context>
<context>
    <name>RdmaQpPainter</name>
    <message>
        <location filename="../../views/rdma/rdma_qp_painter.cpp" line="+41"/>
        <source>QP %1</source>
        <translation>QP %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QPN 0x%1 → 0x%2</source>
        <translation>QPN 0x%1 → 0x%2</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>ibv_modify_qp: any state → RESET / ERR; RC errors → ERR</source>
        <translation>ibv_modify_qp：任意状态 → RESET / ERR；RC 出错 → ERR</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>requester</source>
        <translation>请求端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>next PSN 0x%1</source>
        <translation>下一个 PSN 0x%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>responder</source>
        <translation>响应端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ePSN 0x%1 · MSN %2</source>
        <translation>ePSN 0x%1 · MSN %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>completer</source>
        <translation>完成端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>oldest unacked 0x%1</source>
        <translation>最早未确认 0x%1</translation>
    </message>
</context>
<context>
    <name>RdmaQueuePainter</name>
    <message>
        <location filename="../../views/rdma/rdma_queue_painter.cpp" line="+125"/>
        <source>tail</source>
        <translation>tail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head</source>
        <translation>head</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>depth %1
%2 in use</source>
        <translation>深度 %1
已用 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>OVERRUN
%1 lost</source>
        <translation>溢出
丢失 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>depth %1
%2 unpolled</source>
        <translation>深度 %1
未轮询 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>CQN %1</source>
        <translation>CQN %1</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>HW</source>
        <translation>HW</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>%1 of %2</source>
        <translation>%1 / 共 %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>SW</source>
        <translation>SW</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>RECV</source>
        <translation>RECV</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>slots %1…%2 of %3</source>
        <translation>槽位 %1…%2（共 %3）</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>CQ %1</source>
        <translation>CQ %1</translation>
    </message>
</context>
<context>
    <name>RdmaRenderer</name>
    <message>
        <location filename="../../views/rdma/rdma_renderer.cpp" line="+17"/>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No RDMA session loaded</source>
        <translation>未加载 RDMA 仿真会话</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>RDMA verbs: WR → WQE → doorbell → HCA → packets → CQE → WC</source>
        <translation>RDMA verbs：WR → WQE → 门铃 → HCA → 报文 → CQE → WC</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>step %1 · t = %2</source>
        <translation>第 %1 步 · t = %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Step forward to run the verbs script; every micro-step is drawn.</source>
        <translation>单步前进即可执行 verbs 脚本；每个微步骤都会画出来。</translation>
    </message>
</context>
<context>
    <name>RdmaText</name>
    <message>
        <location filename="../../views/rdma/rdma_narration.cpp" line="+45"/>
        <source>The script runs %1 (entry %2).</source>
        <translation>脚本执行 %1（条目 %2）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host %1&apos;s CPU calls %2 (script entry %3).</source>
        <translation>主机 %1 的 CPU 调用 %2（脚本条目 %3）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 returns %2.</source>
        <translation>%1 返回 %2。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 on host %2 returns %3.</source>
        <translation>主机 %2 上的 %1 返回 %3。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bad_wr points at wr_id %1.</source>
        <translation>bad_wr 指向 wr_id %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+70"/>
        <source>Reason: %1.</source>
        <translation>原因：%1。</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>(1) The application on host %1 posts a %2 work request (wr_id %3) to %4 of %5.</source>
        <translation>（1）主机 %1 上的应用程序向 %5 的 %4 投递一个 %2 工作请求（wr_id %3）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(2) The driver copies the WR into a WQE in %1 slot %2 of %3%4.</source>
        <translation>（2）驱动把该 WR 写成 WQE，放入 %3 的 %1 第 %2 号槽位%4。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, payload inline</source>
        <translation>，负载内联（inline）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The driver rings the %1 doorbell of %2: producer index %3, the HCA now knows about the new WQE.</source>
        <translation>驱动敲响 %2 的 %1 门铃：生产者索引为 %3，HCA 由此得知有新的 WQE。</translation>
    </message>
    <message>
        <location filename="../../views/rdma/rdma_narration_transport.cpp" line="+13"/>
        <source>The requester of %1 fetches WQE %2 and fails it locally with %3.</source>
        <translation>%1 的请求端取出 WQE %2，本地处理失败：%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The requester of %1 fetches WQE %2 (%3, wr_id %4): %5 packet(s) from PSN %6%7.</source>
        <translation>%1 的请求端取出 WQE %2（%3，wr_id %4）：从 PSN %6 起共 %5 个报文%7。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (retry)</source>
        <translation>（重试）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Host %1&apos;s HCA DMA-reads %2 bytes from MR %3 — no CPU copy.</source>
        <translation>主机 %1 的 HCA 从 MR %3 DMA 读取 %2 字节——无需 CPU 拷贝。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 → %2: packet %3 PSN %4%5 (%6 payload bytes) goes on the wire%7.</source>
        <translation>%1 → %2：报文 %3 PSN %4%5（负载 %6 字节）发送到线路上%7。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, AckReq</source>
        <translation>，AckReq</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> as a retransmission</source>
        <translation>（重传）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Packet %1 PSN %2 arrives at host %3.</source>
        <translation>报文 %1 PSN %2 到达主机 %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Packet %1 is lost before host %2 (%3).</source>
        <translation>报文 %1 在到达主机 %2 之前丢失（%3）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The responder of %1 consumes receive WQE %2 (wr_id %3) for the incoming message.</source>
        <translation>%1 的响应端为到达的消息消耗接收 WQE %2（wr_id %3）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>SEND data</source>
        <translation>SEND 的数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RDMA WRITE data</source>
        <translation>RDMA WRITE 的数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>atomic operation</source>
        <translation>原子操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RDMA READ response data</source>
        <translation>RDMA READ 响应的数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>original value returned by the atomic</source>
        <translation>原子操作返回的原值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Host %1&apos;s HCA writes %2 bytes into MR %3 at offset %4 (%5).</source>
        <translation>主机 %1 的 HCA 把 %2 字节写入 MR %3 偏移 %4 处（%5）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The responder of %1 answers with %2 for PSN %3%4.</source>
        <translation>%1 的响应端针对 PSN %3 回复 %2%4。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (duplicate, re-ACKed, not re-executed)</source>
        <translation>（重复报文：重新 ACK，不再重复执行）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The responder of %1 sends a NAK for PSN %2: %3.</source>
        <translation>%1 的响应端针对 PSN %2 发送 NAK：%3。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The completer of %1 ignores a stale %2 for PSN %3.</source>
        <translation>%1 的完成端忽略 PSN %3 的过期 %2。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The completer of %1 takes %2 for PSN %3; it retires: %4.</source>
        <translation>%1 的完成端处理 PSN %3 的 %2，据此完成（retire）：%4。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the retransmit timer fired</source>
        <translation>重传定时器超时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a PSN sequence error NAK</source>
        <translation>收到 PSN 序号错误 NAK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an RNR NAK</source>
        <translation>收到 RNR NAK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a READ response is missing</source>
        <translation>缺少 READ 响应</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The requester of %1 goes back to PSN %2 and resends (%3; it retries forever, rnr_retry = 7).</source>
        <translation>%1 的请求端回退到 PSN %2 重新发送（%3；rnr_retry = 7，无限重试）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The requester of %1 goes back to PSN %2 and resends (%3; %4 retries left).</source>
        <translation>%1 的请求端回退到 PSN %2 重新发送（%3；剩余重试 %4 次）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>RNR NAK: %1 backs off %2 µs (min_rnr_timer code %3) and retries forever (rnr_retry = 7).</source>
        <translation>RNR NAK：%1 退避 %2 µs（min_rnr_timer 编码 %3），并无限重试（rnr_retry = 7）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RNR NAK: %1 backs off %2 µs (min_rnr_timer code %3); %4 RNR retries left.</source>
        <translation>RNR NAK：%1 退避 %2 µs（min_rnr_timer 编码 %3）；剩余 RNR 重试 %4 次。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No ACK for PSN %1 within %2 µs: the retransmit timer of %3 fires (%4 retries left).</source>
        <translation>PSN %1 在 %2 µs 内未收到 ACK：%3 的重传定时器超时（剩余重试 %4 次）。</translation>
    </message>
    <message>
        <location filename="../../views/rdma/rdma_narration.cpp" line="+7"/>
        <source>(3) Host %1&apos;s HCA writes a CQE into CQ %2 slot %3: wr_id %4, %5.</source>
        <translation>（3）主机 %1 的 HCA 向 CQ %2 第 %3 号槽位写入 CQE：wr_id %4，%5。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>CQ %1 on host %2 is full: the %3 completion of wr_id %4 is lost and the CQ breaks.</source>
        <translation>主机 %2 上的 CQ %1 已满：wr_id %4 的 %3 完成丢失，该 CQ 溢出失效。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ibv_poll_cq on host %1 reads the CQE in CQ %2 slot %3 (wr_id %4).</source>
        <translation>主机 %1 上的 ibv_poll_cq 读取 CQ %2 第 %3 号槽位中的 CQE（wr_id %4）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(4) The application on host %1 gets an error WC: wr_id %2, %3 (opcode and byte_len are not valid).</source>
        <translation>（4）主机 %1 上的应用程序拿到一个出错的 WC：wr_id %2，%3（此时 opcode 和 byte_len 无效）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(4) The application on host %1 gets a WC: wr_id %2, %3, %4, %5 bytes.</source>
        <translation>（4）主机 %1 上的应用程序拿到 WC：wr_id %2，%3，%4，%5 字节。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>QP %1 on host %2 moves %3 → %4.</source>
        <translation>主机 %2 上的 QP %1 状态迁移：%3 → %4。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Host %1 gets async event %2 for %3 (ibv_get_async_event).</source>
        <translation>主机 %1 收到 %3 的异步事件 %2（ibv_get_async_event）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Host %1 hands %2 slot(s) of %3 %4 back to the driver (tail %5).</source>
        <translation>主机 %1 把 %3 %4 的 %2 个槽位交还给驱动（tail %5）。</translation>
    </message>
    <message>
        <location filename="../../views/rdma/rdma_text.cpp" line="+6"/>
        <source>&lt;p&gt;Two hosts, each with one HCA port and one protection domain, joined by a single RC link. The model follows libibverbs and the IBTA RC transport; the HCA is split into requester, responder and completer like the soft-RoCE driver (rxe), but behaves like hardware (mlx5): retry_cnt = 7 means seven retries, unsignaled SQ slots are freed only when a later signaled completion is polled, and the doorbell is an MMIO write, not a system call.&lt;/p&gt;&lt;p&gt;Simplified: one port and no GRH (RoCE address resolution and LIDs are not simulated), no SRQ, UD/UC or memory windows, no congestion control. Time is a simulated clock with order-of-magnitude costs for PCIe, DMA and the wire — not measurements of a real NIC. QPNs start at 16 as in rxe; initial PSNs come from the scenario&apos;s seed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;两台主机，各有一个 HCA 端口和一个保护域（PD），通过一条 RC 链路相连。模型遵循 libibverbs 和 IBTA 的 RC 传输规范；HCA 像软件 RoCE 驱动（rxe）那样拆分为 请求端（requester）、响应端（responder）和完成端（completer）三部分，但行为与硬件（mlx5）一致：retry_cnt = 7 表示重试七次；unsignaled 的 SQ 槽位只有在之后某个 signaled 完成被轮询到时才会释放；门铃是一次 MMIO 写，而不是系统调用。&lt;/p&gt;&lt;p&gt;简化之处：只有一个端口，没有 GRH（不模拟 RoCE 地址解析和 LID），没有 SRQ、UD/UC 和内存窗口（MW），没有拥塞控制。时间是模拟时钟，PCIe、DMA 和线路的开销只取数量级——并非真实网卡的测量值。QPN 与 rxe 一样从 16 开始；初始 PSN 由场景的随机种子（seed）生成。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>RdmaVsSocketCountersPainter</name>
    <message>
        <location filename="../../views/rdma_vs_socket/rdma_vs_socket_counters_painter.cpp" line="+56"/>
        <source>Per-message cost on this path</source>
        <translation>该路径上每条消息的开销</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>+%1 at setup</source>
        <translation>初始化 +%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>payload copies</source>
        <translation>数据拷贝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>syscalls</source>
        <translation>系统调用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context switches</source>
        <translation>上下文切换</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>interrupts</source>
        <translation>中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU-copied bytes</source>
        <translation>CPU 拷贝字节数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>elapsed</source>
        <translation>耗时</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>illustrative time</source>
        <translation>示意时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>clock, same scale for both lanes (illustrative, not measured)</source>
        <translation>时钟，两条泳道刻度相同（示意，非实测）</translation>
    </message>
</context>
<context>
    <name>RdmaVsSocketLanePainter</name>
    <message>
        <location filename="../../views/rdma_vs_socket/rdma_vs_socket_lane_motion.cpp" line="+77"/>
        <source>syscall ×%1</source>
        <translation>系统调用 ×%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>syscall</source>
        <translation>系统调用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>syscall returns</source>
        <translation>系统调用返回</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CPU copy #1</source>
        <translation>CPU 拷贝 #1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CPU copy #2</source>
        <translation>CPU 拷贝 #2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>descriptor + doorbell</source>
        <translation>描述符 + 门铃</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DMA</source>
        <translation>DMA</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>interrupt</source>
        <translation>中断</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>TCP/IP on the CPU</source>
        <translation>CPU 执行 TCP/IP</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+36"/>
        <source>ACK</source>
        <translation>ACK</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>context switch</source>
        <translation>上下文切换</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MMIO doorbell, no syscall</source>
        <translation>MMIO 门铃，无系统调用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DMA from the MR: zero copy</source>
        <translation>从 MR DMA 读取：零拷贝</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>segments, PSNs, ACKs: in the NIC</source>
        <translation>分段、PSN、ACK：都在网卡内完成</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DMA into the MR</source>
        <translation>DMA 写入 MR</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+4"/>
        <source>CQE</source>
        <translation>CQE</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ibv_poll_cq: a memory read</source>
        <translation>ibv_poll_cq：只是一次内存读</translation>
    </message>
    <message>
        <location filename="../../views/rdma_vs_socket/rdma_vs_socket_lane_painter.cpp" line="+55"/>
        <source>message %1/%2 · %3 · one way ≈ %4</source>
        <translation>第 %1/%2 条消息 · %3 · 单向 ≈ %4</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Host A — sender</source>
        <translation>主机 A——发送端</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Host B — receiver</source>
        <translation>主机 B——接收端</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>User space</source>
        <translation>用户态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>RDMA NIC</source>
        <translation>RDMA 网卡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>app: send(fd, buf, len)</source>
        <translation>应用：send(fd, buf, len)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>socket layer, TCP/IP, driver</source>
        <translation>socket 层、TCP/IP、驱动</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>Ethernet NIC</source>
        <translation>以太网网卡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>app: recv(fd, buf, len)</source>
        <translation>应用：recv(fd, buf, len)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>driver, TCP/IP, socket queue</source>
        <translation>驱动、TCP/IP、socket 队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>app + libibverbs</source>
        <translation>应用 + libibverbs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bypassed on the data path</source>
        <translation>数据路径上被旁路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>transport in hardware</source>
        <translation>传输层由硬件实现</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>skb</source>
        <translation>skb</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TX</source>
        <translation>TX</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>RX ring</source>
        <translation>RX 环</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>RX</source>
        <translation>RX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>registered MR</source>
        <translation>已注册的 MR</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QP</source>
        <translation>QP</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>CPU busy</source>
        <translation>CPU 忙</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Ethernet, 100 Gb/s</source>
        <translation>以太网，100 Gb/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>same link, RoCEv2</source>
        <translation>同一链路，RoCEv2</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Setup, once</source>
        <translation>初始化（仅一次）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>slow path via kernel</source>
        <translation>经内核的慢路径</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 syscalls at setup</source>
        <translation>初始化时 %1 次系统调用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>then none per message</source>
        <translation>之后每条消息 0 次</translation>
    </message>
</context>
<context>
    <name>RdmaVsSocketRenderer</name>
    <message>
        <location filename="../../views/rdma_vs_socket/rdma_vs_socket_renderer.cpp" line="+17"/>
        <source>No &quot;Why RDMA&quot; session loaded</source>
        <translation>未加载“为什么要用 RDMA”仿真会话</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Why RDMA: one message through the kernel socket path and the verbs path</source>
        <translation>为什么要用 RDMA：同一条消息分别走内核 Socket 路径和 Verbs 路径</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Step forward: each step runs one stage on whichever lane is behind on the shared clock. The verbs lane first pays its setup, once.</source>
        <translation>单步前进：每一步让在共享时钟上落后的那条泳道执行一个阶段。Verbs 泳道先支付一次性的初始化开销。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One way: socket %1 vs verbs %2, about %3× (illustrative).</source>
        <translation>单向：Socket %1，Verbs %2，相差约 %3 倍（示意）。</translation>
    </message>
</context>
<context>
    <name>RdmaVsSocketText</name>
    <message>
        <location filename="../../views/rdma_vs_socket/rdma_vs_socket_text.cpp" line="+6"/>
        <source>&lt;p&gt;Two lanes share one clock. The socket lane follows one message through the Linux kernel: send(2) enters the kernel, tcp_sendmsg copies the user buffer into skbs, TCP/IP runs on the CPU, the driver rings the NIC, the receiving NIC DMAs into the kernel&apos;s RX ring, an interrupt starts NAPI, TCP receives and ACKs, the sleeping reader is woken and recv(2) copies the data out. The verbs lane pays its setup once (open device, ibv_reg_mr, CQ/QP, RESET→INIT→RTR→RTS, all through the kernel), then per message only ibv_post_send&apos;s MMIO doorbell, NIC DMA from the registered buffer, transport in the NIC, DMA into the remote buffer and a polled CQE.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Times are illustrative, order-of-magnitude costs&lt;/b&gt; chosen after commonly quoted figures (kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); they are not measurements of any machine. Stages are drawn one after another, while real hosts overlap them.&lt;/p&gt;&lt;p&gt;Left out: TSO/GRO and zero-copy socket options (MSG_ZEROCOPY, io_uring), busy polling, interrupt coalescing, NUMA and cache effects, congestion, loss and retransmission, the out-of-band exchange of QPN/PSN/rkey, and the cost of pinning memory per page. One message is in flight per lane, like a ping-pong benchmark.&lt;/p&gt;</source>
        <translation>&lt;p&gt;两条泳道共用一个时钟。Socket 泳道跟踪一条消息穿过 Linux 内核的全过程：send(2) 陷入内核，tcp_sendmsg 把用户缓冲区拷贝到 skb，TCP/IP 在 CPU 上运行，驱动敲网卡门铃，接收端网卡把数据 DMA 到内核的 RX 环，中断触发 NAPI，TCP 接收并回复 ACK，唤醒睡眠中的读进程，recv(2) 再把数据拷贝出来。Verbs 泳道只付一次初始化开销（打开设备、ibv_reg_mr、CQ/QP、RESET→INIT→RTR→RTS，全部经过内核），之后每条消息只需 ibv_post_send 的 MMIO 门铃、网卡从已注册缓冲区 DMA 读取、网卡内完成传输、DMA 写入远端缓冲区，再轮询到一个 CQE。&lt;/p&gt;&lt;p&gt;&lt;b&gt;时间均为示意性的数量级开销&lt;/b&gt;，参照常见引用的数据选取（内核 TCP ≈ 10+ µs，RDMA 单向 ≈ 1–2 µs）；并非任何机器上的测量值。各阶段依次绘制，而真实主机上它们相互重叠。&lt;/p&gt;&lt;p&gt;未涉及：TSO/GRO 与零拷贝 socket 选项（MSG_ZEROCOPY、io_uring）、忙轮询（busy polling）、中断合并、NUMA 与缓存效应、拥塞、丢包与重传、QPN/PSN/rkey 的带外交换，以及按页锁定（pin）内存的开销。每条泳道同一时刻只有一条消息在途，类似 ping-pong 基准测试。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Illustrative order-of-magnitude times (kernel TCP ≈ 10+ µs, RDMA ≈ 1–2 µs one way); stages are drawn one after another, real hardware overlaps them. Not a benchmark.</source>
        <translation>示意性的数量级时间（内核 TCP ≈ 10+ µs，RDMA 单向 ≈ 1–2 µs）；各阶段依次绘制，真实硬件上它们相互重叠。并非基准测试。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Socket path — kernel TCP/IP, send() / recv()</source>
        <translation>Socket 路径——内核 TCP/IP，send() / recv()</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verbs path — RDMA WRITE, kernel bypass, zero copy</source>
        <translation>Verbs 路径——RDMA WRITE，内核旁路，零拷贝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verbs path — RDMA SEND, kernel bypass, zero copy</source>
        <translation>Verbs 路径——RDMA SEND，内核旁路，零拷贝</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>send()</source>
        <translation>send()</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>copy → skb</source>
        <translation>拷贝 → skb</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCP/IP tx</source>
        <translation>TCP/IP 发送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>qdisc, driver</source>
        <translation>qdisc、驱动</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+24"/>
        <source>NIC DMA</source>
        <translation>网卡 DMA</translation>
    </message>
    <message>
        <location line="-22"/>
        <location line="+26"/>
        <source>wire</source>
        <translation>线路</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>DMA → ring</source>
        <translation>DMA → 环</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IRQ, NAPI</source>
        <translation>IRQ、NAPI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCP/IP rx</source>
        <translation>TCP/IP 接收</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wake reader</source>
        <translation>唤醒读进程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recv() copy</source>
        <translation>recv() 拷贝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>open device, PD</source>
        <translation>打开设备、PD</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ibv_reg_mr</source>
        <translation>ibv_reg_mr</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>create CQ, QP</source>
        <translation>创建 CQ、QP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QP → RTS</source>
        <translation>QP → RTS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ibv_post_send</source>
        <translation>ibv_post_send</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>transport</source>
        <translation>传输</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>DMA → user</source>
        <translation>DMA → 用户</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ACK, CQE</source>
        <translation>ACK、CQE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recv CQE</source>
        <translation>接收 CQE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ibv_poll_cq</source>
        <translation>ibv_poll_cq</translation>
    </message>
    <message>
        <location filename="../../views/rdma_vs_socket/rdma_vs_socket_narration.cpp" line="+177"/>
        <source>Message %1 done on the socket lane: %2 one way (illustrative).</source>
        <translation>Socket 泳道第 %1 条消息完成：单向 %2（示意）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Message %1 done on the verbs lane: %2 one way (illustrative).</source>
        <translation>Verbs 泳道第 %1 条消息完成：单向 %2（示意）。</translation>
    </message>
    <message>
        <location line="-136"/>
        <source>Host A&apos;s application calls send(): a system call switches the CPU from user space into the kernel (%1).</source>
        <translation>主机 A 的应用程序调用 send()：系统调用把 CPU 从用户态切换到内核态（%1）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy #1: the kernel copies %1 from the user buffer into socket buffers (skb), because it must keep the data until TCP has it acknowledged (%2).</source>
        <translation>拷贝 #1：内核把 %1 从用户缓冲区拷贝到 socket 缓冲区（skb），因为在 TCP 收到确认之前内核必须保留这份数据（%2）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The sender&apos;s CPU runs TCP/IP: headers, congestion and flow control, the retransmit queue (%1).</source>
        <translation>发送端 CPU 运行 TCP/IP：封装报头、拥塞控制与流量控制、维护重传队列（%1）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The packet passes the qdisc; the NIC driver writes a descriptor and rings the NIC (%1).</source>
        <translation>报文经过 qdisc；网卡驱动写入描述符并敲网卡门铃（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Host A&apos;s NIC DMAs the kernel&apos;s copy (not the user buffer) and transmits it (%1).</source>
        <translation>主机 A 的网卡 DMA 读取内核中的副本（而不是用户缓冲区）并发送出去（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ethernet / IPv4 / TCP segments cross the wire (%1).</source>
        <translation>以太网 / IPv4 / TCP 报文段经过线路（%1）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Host B&apos;s NIC DMAs the frames into buffers of the kernel&apos;s receive ring (%1).</source>
        <translation>主机 B 的网卡把帧 DMA 到内核接收环的缓冲区中（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The NIC raises an interrupt: a CPU on host B stops what it was doing to run the softirq and NAPI poll (%1).</source>
        <translation>网卡触发中断：主机 B 上的一个 CPU 放下手头的工作，转去运行软中断（softirq）和 NAPI 轮询（%1）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Host B&apos;s kernel runs IP and TCP receive, queues the data on the socket and sends an ACK (%1).</source>
        <translation>主机 B 的内核执行 IP 和 TCP 接收处理，把数据挂到 socket 接收队列并发送 ACK（%1）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The reader sleeping in recv() is woken: the scheduler switches to it — a context switch (%1).</source>
        <translation>阻塞在 recv() 中的读进程被唤醒：调度器切换到它——一次上下文切换（%1）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy #2: recv() copies %1 from the socket buffers into the user buffer and returns; the data has arrived at t = %2 (illustrative).</source>
        <translation>拷贝 #2：recv() 把 %1 从 socket 缓冲区拷贝到用户缓冲区后返回；数据在 t = %2 时到达（示意）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setup, once: ibv_open_device and ibv_alloc_pd on both hosts go through the kernel (open the uverbs device, mmap the doorbell page).</source>
        <translation>初始化（仅一次）：两台主机上的 ibv_open_device 和 ibv_alloc_pd 都要经过内核（打开 uverbs 设备，mmap 门铃页）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setup, once: ibv_reg_mr pins the user buffer and loads its address translation into the NIC — the expensive part of RDMA, paid before any data moves.</source>
        <translation>初始化（仅一次）：ibv_reg_mr 锁定（pin）用户缓冲区，并把它的地址转换信息加载到网卡——这是 RDMA 中昂贵的那一部分，在任何数据传输之前就已付清。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setup, once: ibv_create_cq and ibv_create_qp; the queues are mapped into user space so later posts need no system call.</source>
        <translation>初始化（仅一次）：ibv_create_cq 和 ibv_create_qp；队列被映射到用户空间，之后投递 WR 无需系统调用。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setup, once: after QPN, PSN and rkey are exchanged out of band, ibv_modify_qp moves each QP RESET → INIT → RTR → RTS.</source>
        <translation>初始化（仅一次）：带外交换 QPN、PSN 和 rkey 之后，ibv_modify_qp 把每个 QP 依次迁移 RESET → INIT → RTR → RTS。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ibv_post_send writes a WQE into the mapped send queue and rings the doorbell with an MMIO write — no system call (%1).</source>
        <translation>ibv_post_send 把 WQE 写入映射到用户空间的发送队列（SQ），并用一次 MMIO 写敲门铃——没有系统调用（%1）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Host A&apos;s NIC DMAs the payload straight from the registered user buffer: zero copy, no CPU (%1).</source>
        <translation>主机 A 的网卡直接从已注册的用户缓冲区 DMA 读取负载：零拷贝，不占用 CPU（%1）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The NIC does the transport itself: segmentation by MTU, headers, PSNs, ACK tracking (%1).</source>
        <translation>传输由网卡自己完成：按 MTU 分段、封装报头、PSN、ACK 跟踪（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RoCEv2 packets (UDP 4791, BTH with PSN) cross the same wire (%1).</source>
        <translation>RoCEv2 报文（UDP 4791，BTH 中带 PSN）经过同一条线路（%1）。</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Host B&apos;s NIC takes a posted receive WQE and DMAs the data straight into that user buffer (%1).</source>
        <translation>主机 B 的网卡取出一个已投递的接收 WQE，把数据直接 DMA 到它指向的用户缓冲区（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Host B&apos;s NIC checks the rkey and DMAs the data straight into the target user buffer; host B&apos;s CPU and OS never notice (%1).</source>
        <translation>主机 B 的网卡校验 rkey，把数据直接 DMA 到目标用户缓冲区；主机 B 的 CPU 和操作系统全程无感知（%1）。</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>The ACK comes back and host A&apos;s NIC writes a CQE into the user-mapped completion queue (%1).</source>
        <translation>ACK 返回后，主机 A 的网卡把 CQE 写入映射到用户空间的完成队列（CQ），用时 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Host B&apos;s NIC writes a receive CQE into the user-mapped completion queue (%1).</source>
        <translation>主机 B 的网卡把接收 CQE 写入映射到用户空间的完成队列（CQ），用时 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ibv_poll_cq finds the CQE by reading memory — no interrupt, no system call; done at t = %1 (illustrative).</source>
        <translation>ibv_poll_cq 通过读内存拿到 CQE——没有中断，没有系统调用；在 t = %1 时完成（示意）。</translation>
    </message>
</context>
<context>
    <name>RdmaWirePainter</name>
    <message>
        <location filename="../../views/rdma/rdma_wire_painter.cpp" line="+48"/>
        <source>PSN 0x%1</source>
        <translation>PSN 0x%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · AckReq</source>
        <translation> · AckReq</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · retx</source>
        <translation> · 重传</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>WR posted by the application</source>
        <translation>应用程序投递 WR</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>WQE written into the SQ</source>
        <translation>WQE 写入 SQ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CQE written into the CQ</source>
        <translation>CQE 写入 CQ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>WC returned by ibv_poll_cq</source>
        <translation>ibv_poll_cq 返回 WC</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>READ response</source>
        <translation>READ 响应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ACK</source>
        <translation>ACK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RNR NAK</source>
        <translation>RNR NAK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NAK / lost</source>
        <translation>NAK / 丢失</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>slot owner: HW = the HCA may use it, SW = software&apos;s</source>
        <translation>槽位归属：HW = HCA 可使用，SW = 归软件所有</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>wire (RC, one link)</source>
        <translation>线路（RC，单条链路）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 Gb/s · %2 ns propagation</source>
        <translation>%1 Gb/s · 传播时延 %2 ns</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sent %1 · delivered %2</source>
        <translation>发送 %1 · 送达 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>dropped %1 · retransmitted %2</source>
        <translation>丢弃 %1 · 重传 %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 ← %2</source>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>+%1 more packets</source>
        <translation>另有 %1 个报文</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no packet in flight</source>
        <translation>没有在途报文</translation>
    </message>
</context>
<context>
    <name>TopologyPaint</name>
    <message>
        <location filename="../../views/nccl/topology_scene/topology_paint.cpp" line="+77"/>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 %2 GB/s</source>
        <translation>%1 %2 GB/s</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>trimmed</source>
        <translation>已裁剪</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>Channels:</source>
        <translation>通道：</translation>
    </message>
</context>
<context>
    <name>TopologyRenderer</name>
    <message>
        <location filename="../../views/nccl/topology_scene/topology_renderer.cpp" line="+87"/>
        <source>No NCCL topology session loaded</source>
        <translation>未加载 NCCL 拓扑会话</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Node %1 · ranks %2–%3</source>
        <translation>节点 %1 · rank %2–%3</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>servers from log %1</source>
        <translation>由日志 %1 重建的服务器</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Node %1 · no ranks</source>
        <translation>节点 %1 · 没有 rank</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the log has %1 ranks per host, this topology %2 GPUs per server</source>
        <translation>日志中每台主机有 %1 个 rank，而此拓扑每台服务器有 %2 块 GPU</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no GPU at bus id %1 (%2 of the log&apos;s bus ids missing)</source>
        <translation>总线 ID %1 处没有 GPU（日志中有 %2 个总线 ID 在拓扑里找不到）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>host %1&apos;s ranks are not consecutive</source>
        <translation>主机 %1 上的 rank 编号不连续</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The log does not match this topology: %1.</source>
        <translation>日志与此拓扑不符：%1。</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Before the first stage · %1 stages</source>
        <translation>第一阶段之前 · 共 %1 个阶段</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the system as read from the XML</source>
        <translation>从 XML 读入的系统</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>paths computed: click two devices to see their path</source>
        <translation>路径已计算：点击两个设备查看它们之间的路径</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ring search inside the server</source>
        <translation>服务器内的环搜索</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tree search inside the server</source>
        <translation>服务器内的树搜索</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>channels read from the log</source>
        <translation>从日志读出的通道</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rings and trees across %1 servers</source>
        <translation>跨 %1 台服务器的环和树</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rings and trees of the server</source>
        <translation>服务器的环和树</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>transports connected</source>
        <translation>传输已连接</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stage %1 of %2: %3</source>
        <translation>第 %1 / %2 阶段：%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>From %1: click a second device</source>
        <translation>起点 %1：再点击一个设备</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Path %1: computed at the paths stage</source>
        <translation>路径 %1：在路径阶段计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Path %1: none kept (NCCL keeps paths to CPUs, GPUs, NICs and NVSwitches)</source>
        <translation>路径 %1：未保存（NCCL 只保存到 CPU、GPU、网卡和 NVSwitch 的路径）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 hop</source>
        <translation>1 跳</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 hops</source>
        <translation>%1 跳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Path %1: %2, %3, %4</source>
        <translation>路径 %1：%2，%3，%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, via %1</source>
        <translation>，经由 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 GPUs</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+4"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="-7"/>
        <source> · %1 nodes</source>
        <translation> · %1 个节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · NETs trimmed (one server, 2.22)</source>
        <translation> · NET 已裁剪（单台服务器，2.22）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source> · log %1</source>
        <translation> · 日志 %1</translation>
    </message>
</context>
<context>
    <name>TopologyText</name>
    <message>
        <location filename="../../views/nccl/topology_scene/topology_narration.cpp" line="+26"/>
        <source>ncclTopoGetSystemFromXml reads %1: %2 GPUs, %3 NICs, %4 CPUs (NUMA domains), %5 PCI switches and %6 NVSwitch nodes, joined by %7 one-way links.</source>
        <translation>ncclTopoGetSystemFromXml 读取 %1：%2 个 GPU、%3 个网卡（NIC）、%4 个 CPU（NUMA 域）、%5 个 PCI 交换芯片和 %6 个 NVSwitch 节点，由 %7 条单向链路相连。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 values the file leaves out are assumed from keys.</source>
        <translation>文件未给出的 %1 个值取自参数（假定值）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ncclTopoComputePaths finds the path between every pair of devices: between GPUs from %1 to %2, %3 to %4 GB/s; P2P is allowed up to %5.</source>
        <translation>ncclTopoComputePaths 求出每对设备之间的路径：GPU 之间从 %1 到 %2，%3 到 %4 GB/s；P2P 允许到 %5 为止。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The graph file gives the %1 graph: %2 channels, %3 GB/s inside the server and %4 GB/s between servers, type %5/%6.</source>
        <translation>图文件给出 %1 图：%2 个通道，服务器内 %3 GB/s，服务器间 %4 GB/s，类型 %5/%6。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ncclTopoCompute searches the %1 pattern: %2 channels, %3 GB/s inside the server and %4 GB/s between servers, type %5/%6.</source>
        <translation>ncclTopoCompute 搜索 %1 模式：%2 个通道，服务器内 %3 GB/s，服务器间 %4 GB/s，类型 %5/%6。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The graph it keeps has the %1 pattern.</source>
        <translation>它最终保留的图采用 %1 模式。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No path was found, so NCCL falls back to the simple order.</source>
        <translation>没有找到路径，NCCL 退回到简单顺序。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The first WARN (line %1, rank %2) is marked with ! on that rank&apos;s GPU.</source>
        <translation>第一条 WARN（第 %1 行，rank %2）已在该 rank 的 GPU 上用 ! 标出。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>It is an IB completion with status %1, an ibv_wc_status.</source>
        <translation>这是一个状态为 %1 的 IB 完成事件，状态值属于 ibv_wc_status。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is an IB completion with status 12, IBV_WC_RETRY_EXC_ERR: the sending HCA resent a packet retry_cnt times without an ACK and gave up, so the peer, its port or the fabric lost them.</source>
        <translation>这是一个状态为 12 的 IB 完成事件，即 IBV_WC_RETRY_EXC_ERR：发送端 HCA 把一个报文重传了 retry_cnt 次都没有收到 ACK，于是放弃；报文丢在了对端、对端端口或中间的网络里。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It is an IB completion with status 13, IBV_WC_RNR_RETRY_EXC_ERR: the receiver had no receive posted, rnr_retry times.</source>
        <translation>这是一个状态为 13 的 IB 完成事件，即 IBV_WC_RNR_RETRY_EXC_ERR：接收方连续 rnr_retry 次都没有投递接收请求。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The RDMA scene shows it happen: pick RDMA in the Scenes list, then File ▸ Open Example ▸ %1.</source>
        <translation>RDMA 场景演示了这一过程：在场景列表中选择 RDMA，然后点 文件 ▸ 打开示例 ▸ %1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No topology was given, so the servers are the log&apos;s own: its hosts, its ranks&apos; bus ids and the NET devices its connections name; what a log does not say is listed as assumed.</source>
        <translation>没有给出拓扑，因此服务器取自日志本身：它的主机、各 rank 的总线 ID，以及连接行中出现的 NET 设备；日志没有说明的部分列为假定值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the log has %1 ranks per host, the topology %2 GPUs per server</source>
        <translation>日志中每台主机有 %1 个 rank，而拓扑每台服务器有 %2 块 GPU</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of the log&apos;s bus ids are not in the topology</source>
        <translation>日志中有 %1 个总线 ID 不在拓扑里</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The log does not fit the topology: %1; GPUs without a rank in the log are faded.</source>
        <translation>日志与拓扑不符：%1；日志中没有 rank 的 GPU 以淡色显示。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The NCCL_DEBUG=INFO log of NCCL %1 is read: %2 ranks on %3 hosts, %4 channels, %5 connections, %6 warnings, %7 lines not understood.</source>
        <translation>读取 NCCL %1 的 NCCL_DEBUG=INFO 日志：%3 台主机上 %2 个 rank，%4 个通道，%5 个连接，%6 条警告，%7 行未能识别。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>ncclTopoPostset joins %1 servers: %3 ranks, %2 channel(s) in all; channel 0&apos;s ring is %4.</source>
        <translation>ncclTopoPostset 连接 %1 台服务器：共 %3 个 rank、%2 个通道；通道 0 的环为 %4。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ncclTransportP2pSetup connects %1 ring and tree links: %2 through P2P, %3 through shared memory, %4 through the network.</source>
        <translation>ncclTransportP2pSetup 建立 %1 条环和树的连接：%2 条经 P2P，%3 条经共享内存，%4 条经网络。</translation>
    </message>
    <message>
        <location filename="../../views/nccl/topology_scene/topology_text.cpp" line="+8"/>
        <source>&lt;p&gt;Each step is one stage of NCCL&apos;s topology work in &lt;code&gt;initTransportsRank&lt;/code&gt;: read the XML (&lt;code&gt;ncclTopoGetSystemFromXml&lt;/code&gt;), compute the paths (&lt;code&gt;ncclTopoComputePaths&lt;/code&gt;), search the ring and then the tree (&lt;code&gt;ncclTopoCompute&lt;/code&gt;), join the channels across &lt;code&gt;nnodes&lt;/code&gt; servers (&lt;code&gt;ncclTopoPostset&lt;/code&gt;) and pick a transport per connection. Link bandwidths come from NCCL&apos;s constants and PCIe width × speed; a path&apos;s type is its worst link and its bandwidth its narrowest; the P2P, GDR, PXN and NVB rules follow NCCL&apos;s knobs, set as keys.&lt;/p&gt;&lt;p&gt;How it is simplified: one process sees the whole server, and NVML&apos;s P2P status is not asked, so every GPU pair counts as P2P-capable. Values NCCL probes from the hardware (NVLinks, SM, NIC speed, GDR) are taken from keys when the file leaves them out, and marked “assumed”. Not modelled: host_hash (one host), the flattening of Broadcom PCI switches, MLOPart. For PXN a NIC&apos;s local GPU is the first closest GPU. With &lt;code&gt;nnodes&lt;/code&gt; above 1 every node is this same server; rings are joined node to node in rank order and trees use the double binary tree over nodes. A &lt;code&gt;graph_file&lt;/code&gt; replaces the searches with its graphs; a &lt;code&gt;log_file&lt;/code&gt; draws the rings, trees and transports the log describes instead of the model&apos;s.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每一步是 NCCL 在 &lt;code&gt;initTransportsRank&lt;/code&gt; 中拓扑工作的一个阶段：读取 XML（&lt;code&gt;ncclTopoGetSystemFromXml&lt;/code&gt;），计算路径（&lt;code&gt;ncclTopoComputePaths&lt;/code&gt;），先搜索环再搜索树（&lt;code&gt;ncclTopoCompute&lt;/code&gt;），把通道连接到 &lt;code&gt;nnodes&lt;/code&gt; 台服务器上（&lt;code&gt;ncclTopoPostset&lt;/code&gt;），并为每个连接选择传输方式。链路带宽取自 NCCL 的常量以及 PCIe 宽度 × 速率；路径的类型是其中最差的链路，带宽是其中最窄的链路；P2P、GDR、PXN 和 NVB 规则遵循 NCCL 的环境变量，以参数形式设置。&lt;/p&gt;&lt;p&gt;简化之处：一个进程看到整台服务器，不查询 NVML 的 P2P 状态，因此每对 GPU 都视为可以 P2P。NCCL 从硬件探测的值（NVLink、SM、网卡速率、GDR）在文件未给出时取自参数，并标为“假定”（assumed）。未建模：host_hash（只有一台主机）、Broadcom PCI 交换芯片的展平、MLOPart。PXN 中网卡的本地 GPU 取最近的第一个 GPU。&lt;code&gt;nnodes&lt;/code&gt; 大于 1 时每个节点都是这台服务器；环按 rank 顺序逐节点相连，树使用节点间的双二叉树。&lt;code&gt;graph_file&lt;/code&gt; 用其中的图代替搜索；&lt;code&gt;log_file&lt;/code&gt; 画出日志描述的环、树和传输，而不是模型算出的。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;p&gt;On one server, NCCL 2.22 (&lt;code&gt;version=classic&lt;/code&gt;) removes the NETs before the search (&lt;code&gt;ncclTopoTrimSystem&lt;/code&gt;), so its log prints none: they are drawn faint and marked “trimmed”; 2.30 keeps them. &lt;code&gt;cumem_enable=false&lt;/code&gt; turns P2P/CUMEM into P2P/IPC. A log that holds several communicators draws the first; the lines of the others are listed as unread, each naming its communicator.&lt;/p&gt;</source>
        <translation>&lt;p&gt;在单台服务器上，NCCL 2.22（&lt;code&gt;version=classic&lt;/code&gt;）会在搜索之前移除 NET（&lt;code&gt;ncclTopoTrimSystem&lt;/code&gt;），因此它的日志中不会出现 NET：图中把它们画成浅色并标为“已裁剪”；2.30 则保留它们。&lt;code&gt;cumem_enable=false&lt;/code&gt; 会把 P2P/CUMEM 变为 P2P/IPC。若日志中含有多个通信器，只绘制第一个；其余通信器的行列为未读行，并注明所属通信器。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
</context>
<context>
    <name>commviz::app::MainWindow</name>
    <message>
        <location filename="../../app/gui/main_window.cpp" line="+90"/>
        <source>Running: step %1 of at most %2 (End or the stop button cancels)</source>
        <translation>正在运行：第 %1 步，最多 %2 步（按 End 或停止按钮取消）</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>commviz — %1</source>
        <translation>commviz——%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+245"/>
        <source>commviz</source>
        <translation>commviz</translation>
    </message>
    <message>
        <location line="-244"/>
        <source>Scenes</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open E&amp;xample</source>
        <translation>打开示例(&amp;X)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Simulation</source>
        <translation>仿真(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景文件(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save Scenario As…</source>
        <translation>场景文件另存为(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export Figure…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export &amp;Animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Play / Pause</source>
        <translation>播放/暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step &amp;Back</source>
        <translation>后退一步(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step &amp;Forward</source>
        <translation>前进一步(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run to &amp;End</source>
        <translation>运行到结束(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tutorial</source>
        <translation>教程(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About this &amp;Model</source>
        <translation>关于此模型(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About commviz</source>
        <translation>关于 commviz(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>(none for this scene)</source>
        <translation>（此场景没有示例）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>unknown scene &apos;%1&apos;: allowed %2</source>
        <translation>未知场景“%1”：可选值为 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>unknown scene &apos;%1&apos;</source>
        <translation>未知场景“%1”</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>%1 — %2</source>
        <translation>%1——%2</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+22"/>
        <source>There is nothing to export yet: open a scene first.</source>
        <translation>还没有可导出的内容：请先打开一个场景。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Open Scenario</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario files (%1);;All files (*)</source>
        <translation>场景文件 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Save Scenario</source>
        <translation>保存场景文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>无法写入“%1”：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>About this model — %1</source>
        <translation>关于此模型——%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>About commviz</source>
        <translation>关于 commviz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;p&gt;&lt;b&gt;commviz %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;See how communication in AI infrastructure works: RDMA verbs queues, NCCL&apos;s bootstrap, collectives and Network-on-Chip routers, stepped faithfully and animated.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;commviz %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;看懂 AI 基础设施中的通信如何工作：RDMA verbs 队列、NCCL 的 bootstrap、集合通信以及片上网络 (NoC) 路由器，忠实地逐步仿真并以动画呈现。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>commviz::noc</name>
    <message>
        <location filename="../../core/noc/booksim_keys.cpp" line="+112"/>
        <source>a float from -1.0 to 1.0: the chance per cycle that an off source turns on (at most 1.0), or negative to derive it from injection_rate</source>
        <translation>-1.0 到 1.0 之间的浮点数：关闭状态的源每周期转为开启的概率（至多 1.0），或取负值，由 injection_rate 推导</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a float from -1.0 to 1.0: the chance per cycle that an on source turns off (at most 1.0), or negative to derive it from injection_rate</source>
        <translation>-1.0 到 1.0 之间的浮点数：开启状态的源每周期转为关闭的概率（至多 1.0），或取负值，由 injection_rate 推导</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a float from -1.0 to 1.0: the chance per cycle that an on source makes a packet (at most 1.0), or negative (the default -1.0) to derive it from injection_rate</source>
        <translation>-1.0 到 1.0 之间的浮点数：开启状态的源每周期生成一个数据包的概率（至多 1.0），或取负值（默认 -1.0），由 injection_rate 推导</translation>
    </message>
    <message>
        <location filename="../../core/noc/noc_config.cpp" line="+71"/>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 settings that commviz cannot run: %3</source>
        <translation>%1：commviz 无法运行的设置共 %2 项：%3</translation>
    </message>
    <message>
        <location filename="../../core/noc/routing_functions.cpp" line="+214"/>
        <source>BookSim2 cannot run valiant on a torus: valiant_torus stops on its assertion ring_part == 1 (ph_available_vcs &gt; 0 below 4 VCs), because dor_next_torus leaves the dateline class unset when a packet goes straight on; allowed on a torus: dim_order or min_adapt (valiant runs on a mesh)</source>
        <translation>BookSim2 无法在环面（torus）上运行 valiant：valiant_torus 会在断言 ring_part == 1 处中止（VC 少于 4 个时先在 ph_available_vcs &gt; 0 处中止），因为数据包沿同一维度直行时 dor_next_torus 不设置日期线（dateline）类别；环面上可用：dim_order 或 min_adapt（valiant 可在网格上运行）</translation>
    </message>
</context>
<context>
    <name>commviz::params</name>
    <message>
        <location filename="../../core/rdma/rdma_scene_model.cpp" line="+20"/>
        <source>Work request opcode of the default script</source>
        <translation>默认脚本中工作请求（WR）的 opcode</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Bytes moved by the default script&apos;s work request</source>
        <translation>默认脚本中工作请求搬运的字节数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Path MTU in bytes (ibv_qp_attr.path_mtu)</source>
        <translation>路径 MTU，单位字节（ibv_qp_attr.path_mtu）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One-way propagation latency of the wire (ns)</source>
        <translation>链路单向传播时延（ns）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Link rate in Gb/s (serialization time per packet)</source>
        <translation>链路速率，单位 Gb/s（决定每个报文的串行化时间）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Lose the Nth packet put on the wire (0 = none)</source>
        <translation>丢弃线路上的第 N 个报文（0 = 不丢）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>RNR NAKs tolerated before IBV_WC_RNR_RETRY_EXC_ERR (7 = forever)</source>
        <translation>报 IBV_WC_RNR_RETRY_EXC_ERR 之前可容忍的 RNR NAK 次数（7 = 无限重试）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Retransmissions after timeout / sequence NAK (7 = seven)</source>
        <translation>超时或序号错误 NAK 后的重传次数（7 就是 7 次）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Local ACK timeout code: 4.096 us x 2^timeout (0 = never)</source>
        <translation>本地 ACK 超时编码：4.096 µs × 2^timeout（0 = 永不超时）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>RNR NAK timer code the receiver asks for (12 = 0.64 ms)</source>
        <translation>接收端在 RNR NAK 中要求的等待时间编码（12 = 0.64 ms）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max_send_wr of both QPs</source>
        <translation>两个 QP 的 max_send_wr</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max_recv_wr of both QPs</source>
        <translation>两个 QP 的 max_recv_wr</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cqe of both CQs</source>
        <translation>两个 CQ 的 cqe</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Receiver posts its receive before the send (false: 100 us late, showing RNR NAKs)</source>
        <translation>接收端在发送之前投递接收请求（false：晚 100 µs 投递，演示 RNR NAK）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Set IBV_SEND_SIGNALED on the default script&apos;s WR</source>
        <translation>为默认脚本的 WR 设置 IBV_SEND_SIGNALED</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Seed for the initial PSNs</source>
        <translation>初始 PSN 的随机种子</translation>
    </message>
    <message>
        <location filename="../../core/rdma_vs_socket/rdma_vs_socket_config.cpp" line="+18"/>
        <source>Bytes per message (1 B to 8 MiB)</source>
        <translation>每条消息的字节数（1 B 到 8 MiB）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Messages each lane sends, one at a time</source>
        <translation>每条泳道依次发送的消息条数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Verb on the RDMA lane: one-sided RDMA WRITE or two-sided SEND</source>
        <translation>RDMA 泳道使用的 verb：单边 RDMA WRITE 或双边 SEND</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>race: both lanes on one clock, earliest stage first; sequential: the socket lane, then the verbs lane</source>
        <translation>race：两条泳道共用一个时钟，最早的阶段先走；sequential：先走完 Socket 泳道，再走 Verbs 泳道</translation>
    </message>
    <message>
        <location filename="../../core/nccl/nccl_config.cpp" line="+117"/>
        <source>Bootstrap version: classic (NCCL &lt;= 2.22) or 2.30 (pipelined root, bidirectional ring allgather)</source>
        <translation>bootstrap 版本：classic（NCCL ≤ 2.22）或 2.30（root 流水线式回复，双向环形 allgather）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Ranks in the communicator (1 to 131072)</source>
        <translation>通信器中的 rank 总数（1 到 131072）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unique ids / roots, as ncclCommInitRankScalable (2.30 only; 1 to 1024, at most nranks)</source>
        <translation>唯一 ID / root 的个数，对应 ncclCommInitRankScalable（仅 2.30；1 到 1024，且不超过 nranks）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>One step per message (up to 1024 ranks) or per round (a span of rounds when a ring allgather has more than 1024); auto: messages up to 64 ranks</source>
        <translation>每条消息一步（最多 1024 个 rank）或每轮一步（环形 allgather 超过 1024 轮时每步为连续的若干轮）；auto：64 个 rank 以内按消息</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How the id reaches the ranks: MPI_Bcast (one process per GPU) or ncclCommInitAll (one process, one node)</source>
        <translation>唯一 ID 如何送到各 rank：MPI_Bcast（每个 GPU 一个进程）或 ncclCommInitAll（单进程、单节点）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rank that never calls ncclCommInitRank (-1: none)</source>
        <translation>从不调用 ncclCommInitRank 的 rank（-1：无）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A stale client with the wrong magic connects to the root just before this rank (-1: none)</source>
        <translation>一个带错误 magic 的过期客户端恰好在该 rank 之前连接 root（-1：无）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rank whose extInfo reports nranks + 1 (-1: none)</source>
        <translation>extInfo 中报告 nranks + 1 的 rank（-1：无）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rank launched twice: the second process checks in right after the first (-1: none)</source>
        <translation>被启动两次的 rank：第二个进程紧接第一个向 root 报到（-1：无）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Every connect to the root is refused (retries, then WARN)</source>
        <translation>每次连接 root 都被拒绝（重试，然后 WARN）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>info: the summary lists the NCCL_DEBUG=INFO lines</source>
        <translation>info：summary 中列出 NCCL_DEBUG=INFO 的日志行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rank whose INFO lines are kept (-1: every rank up to 64 ranks, else rank 0)</source>
        <translation>保留哪个 rank 的 INFO 日志（-1：64 个 rank 以内保留全部，否则只留 rank 0）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>NCCL_DEBUG_SUBSYS also includes GRAPH (prints the Ring lines)</source>
        <translation>NCCL_DEBUG_SUBSYS 中也包含 GRAPH（打印 Ring 行）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>NCCL_RUNTIME_CONNECT with cuMem (default): ring and tree links are built at the first collective; false: before Init COMPLETE (Connected all rings)</source>
        <translation>NCCL_RUNTIME_CONNECT 配合 cuMem（默认）：环和树的链路在第一次集合通信时建立；false：在 Init COMPLETE 之前建立（Connected all rings）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nodes (0: as many as the ranks need)</source>
        <translation>节点数（0：按 rank 数所需）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>InfiniBand NICs per node</source>
        <translation>每节点 InfiniBand 网卡数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_TOPO_FILE: a server&apos;s topology XML (a path or a bundled name such as dgx_h100_nvswitch_8nic.xml); it gives the GPUs and NICs of every node, and initTransportsRank its rings, trees and transports (empty: a made-up machine)</source>
        <translation>NCCL_TOPO_FILE：服务器的拓扑 XML（路径或内置名称，如 dgx_h100_nvswitch_8nic.xml）；它给出每个节点的 GPU 与网卡，并决定 initTransportsRank 的环、树和传输方式（留空：虚构的机器）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Network interfaces of every host, comma separated</source>
        <translation>每台主机的网络接口，以逗号分隔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_SOCKET_IFNAME: prefixes, ^ to exclude, = for exact names (empty: unset)</source>
        <translation>NCCL_SOCKET_IFNAME：前缀匹配，^ 表示排除，= 表示精确名称（空：未设置）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NCCL_COMM_ID &lt;ipv4&gt;:&lt;port&gt;: fixed magic, root in rank 0</source>
        <translation>NCCL_COMM_ID &lt;ipv4&gt;:&lt;port&gt;：固定 magic，root 线程在 rank 0 中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_UID_STAGGER_THRESHOLD: ranks per root above which check-ins are staggered (2.30)</source>
        <translation>NCCL_UID_STAGGER_THRESHOLD：每个 root 的 rank 数超过该值时错开报到时间（2.30）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seed for the magic, ports, pids and pointers</source>
        <translation>magic、端口、pid 和指针的随机种子</translation>
    </message>
    <message>
        <location filename="../../core/noc/booksim_keys.cpp" line="+27"/>
        <source>Routers per dimension (BookSim: k)</source>
        <translation>每个维度的路由器数（BookSim: k）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>BookSim routing function (+ topology): dor / dim_order, min_adapt, valiant, romm (mesh only), dest_tag (fly only), dor_no_express, xy_yx, xy_yx_no_express (cmesh only), ran_min, xyyx, adaptive_xyyx, valiant, ugal, ugal_xyyx, ugal_pni (flatfly), nca, anca (fattree; nca also qtree and tree4), min, ugal (dragonflynew), min (anynet)</source>
        <translation>BookSim 路由函数（+ 拓扑）：dor / dim_order、min_adapt、valiant、romm（仅 mesh）、dest_tag（仅 fly）、dor_no_express、xy_yx、xy_yx_no_express（仅 cmesh）、ran_min、xyyx、adaptive_xyyx、valiant、ugal、ugal_xyyx、ugal_pni（flatfly）、nca、anca（fattree；nca 也用于 qtree 和 tree4）、min、ugal（dragonflynew）、min（anynet）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Torus links take 2 cycles (BookSim: use_noc_latency)</source>
        <translation>环面链路耗时 2 个周期（BookSim: use_noc_latency）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>commviz only: torus dateline VC classes; off can deadlock</source>
        <translation>仅 commviz：环面日期线（dateline）VC 类别；关闭后可能死锁</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Virtual channels per input port</source>
        <translation>每个输入端口的虚拟通道（VC）数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Flit slots per virtual channel</source>
        <translation>每个虚拟通道的微片（flit）槽位数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Reuse an output VC only after the tail&apos;s credit returns</source>
        <translation>只有在尾微片的信用返回后才重新使用输出 VC</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>RC cycles; 0 = look-ahead routing</source>
        <translation>RC 周期数；0 = 前瞻路由（look-ahead）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>VA cycles</source>
        <translation>VA 周期数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SA cycles</source>
        <translation>SA 周期数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Crossbar set-up cycles</source>
        <translation>交叉开关建立周期数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ST cycles</source>
        <translation>ST 周期数</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Extra cycles before a returned credit can be used</source>
        <translation>返回的信用可被使用前的额外周期数</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>mesh or torus (k-ary n-cube), fly (k-ary n-fly butterfly), cmesh (concentrated mesh with express links), flatfly (on-chip flattened butterfly), fattree (fat tree of k-port routers in n levels), qtree (quad tree, k = 4, n = 3), tree4 (k = 4, n = 3), dragonflynew (dragonfly groups), anynet (any graph, from network_file) (BookSim: topology)</source>
        <translation>mesh 或 torus（k 元 n 维立方体）、fly（k 元 n 级蝶形网络）、cmesh（带快速通道的集中式网格）、flatfly（片上扁平蝶形网络）、fattree（n 层 k 端口路由器构成的胖树）、qtree（四叉树，k = 4，n = 3）、tree4（k = 4，n = 3）、dragonflynew（蜻蜓网络的组）、anynet（任意图，来自 network_file）（BookSim：topology）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Speculative switch allocation (VA and SA in parallel)</source>
        <translation>推测式交换分配（VA 与 SA 并行）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Crossbar inputs per router input</source>
        <translation>每个路由器输入对应的交叉开关输入数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Crossbar outputs per router output</source>
        <translation>每个路由器输出对应的交叉开关输出数</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Router core speed relative to the channels</source>
        <translation>路由器核心相对于通道的速度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output buffer flits with output speedup (-1 = unlimited)</source>
        <translation>有输出加速时输出缓冲区的微片数（-1 = 不限）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A packet keeps its crossbar connection from head to tail once it wins the switch</source>
        <translation>数据包赢得交换分配后，从头微片到尾微片一直保持其交叉开关连接</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>Destination pattern</source>
        <translation>目的节点模式</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Dimensions (mesh, torus: 1 to 3; n = 1 is a line or ring) or a fly&apos;s stages (BookSim: n)</source>
        <translation>维数（mesh、torus：1 到 3；n = 1 是一条线或一个环）或 fly 的级数（BookSim：n）</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>VC allocator: islip(N), select(N) and pim(N) run N iterations; separable_*(matrix) uses matrix arbiters</source>
        <translation>VC 分配器：islip(N)、select(N) 和 pim(N) 迭代 N 次；separable_*(matrix) 使用 matrix 仲裁器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Switch allocator: islip(N), select(N) and pim(N) run N iterations; separable_*(matrix) uses matrix arbiters</source>
        <translation>交换分配器：islip(N)、select(N) 和 pim(N) 迭代 N 次；separable_*(matrix) 使用 matrix 仲裁器</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Seed of the randperm permutation (BookSim: perm_seed)</source>
        <translation>randperm 置换的随机种子（BookSim：perm_seed）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Packets per node per cycle (flits with injection_rate_uses_flits)</source>
        <translation>每个节点每周期的数据包数（启用 injection_rate_uses_flits 时为微片数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>injection_rate counts flits, not packets</source>
        <translation>injection_rate 按微片计数，而不是按数据包</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flits per packet (head, body..., tail)</source>
        <translation>每个数据包的微片数（头、体……、尾）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bernoulli: a packet each cycle with probability injection_rate; on_off: bursty two-state sources</source>
        <translation>bernoulli：每个周期以 injection_rate 的概率产生一个数据包；on_off：突发的双状态流量源</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>on_off: chance per cycle an off source turns on (&lt;0: derived)</source>
        <translation>on_off：处于关闭状态的流量源每个周期转为开启的概率（&lt;0：由其他参数推导）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on_off: chance per cycle an on source turns off (&lt;0: derived)</source>
        <translation>on_off：处于开启状态的流量源每个周期转为关闭的概率（&lt;0：由其他参数推导）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on_off: packet chance per cycle while on (&lt;0: derived from injection_rate)</source>
        <translation>on_off：开启状态下每个周期产生数据包的概率（&lt;0：由 injection_rate 推导）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>latency drains measured packets; throughput does not</source>
        <translation>latency 会排空被测数据包；throughput 不会</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sample periods of warm-up</source>
        <translation>预热的采样周期数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cycles per sample period</source>
        <translation>每个采样周期的周期数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sample periods at most, warm-up included</source>
        <translation>最多采样周期数，含预热</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Average latency above which the run is unstable (negative: off)</source>
        <translation>平均延迟超过该值即判定运行不稳定（负值：关闭）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency change that ends warm-up when warmup_periods = 0</source>
        <translation>warmup_periods = 0 时，结束预热的延迟变化量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Throughput change that ends warm-up when warmup_periods = 0</source>
        <translation>warmup_periods = 0 时，结束预热的吞吐率变化量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency change of a converged period</source>
        <translation>已收敛采样周期的延迟变化量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Throughput change of a converged period</source>
        <translation>已收敛采样周期的吞吐率变化量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Packet latency includes source queueing</source>
        <translation>数据包延迟包含源端排队时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cycles without ejection before the deadlock check</source>
        <translation>连续多少周期没有弹出后进行死锁检查</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>anynet: the file listing routers, nodes and channels, looked for beside the config file, then in the working directory (BookSim: network_file)</source>
        <translation>anynet：列出路由器、节点和通道的文件，先在配置文件所在目录查找，再在工作目录查找（BookSim：network_file）</translation>
    </message>
    <message>
        <location filename="../../core/collectives_scene/collectives_config.cpp" line="+43"/>
        <source>The collective operation</source>
        <translation>集合通信操作</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Whose algorithms: Open MPI coll/tuned or NCCL</source>
        <translation>使用哪个库的算法：Open MPI coll/tuned 或 NCCL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Algorithm name of that library, or auto (Open MPI&apos;s fixed decision rules)</source>
        <translation>该库的算法名，或 auto（Open MPI 的固定决策规则）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Processes in the communicator</source>
        <translation>通信器中的进程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Message size S in bytes: the whole vector (allreduce, reduce, bcast, reduce_scatter) or one rank&apos;s block (allgather, gather, scatter, alltoall, reduce_scatter_block)</source>
        <translation>消息大小 S（字节）：整个向量（allreduce、reduce、bcast、reduce_scatter）或单个 rank 的数据块（allgather、gather、scatter、alltoall、reduce_scatter_block）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Element type; bytes must be a multiple of its size</source>
        <translation>元素类型；bytes 必须是其大小的整数倍</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Root rank of rooted collectives</source>
        <translation>有根集合通信的根 rank</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reduction; noncommutative restricts Open MPI to order-keeping algorithms</source>
        <translation>归约操作；noncommutative 使 Open MPI 只能选用保持顺序的算法</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Segment size in bytes for segmented algorithms (0: none)</source>
        <translation>分段算法的段大小（字节，0 表示不分段）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chains or tree fan-out</source>
        <translation>链的条数或树的扇出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Radix of k-nomial trees</source>
        <translation>k 叉（k-nomial）树的基数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL channels: 0 = as many as NCCL gives the call on the server (one without a server); N = at most N, as NCCL_MAX_NCHANNELS</source>
        <translation>NCCL 通道数：0 = 按 NCCL 在该服务器上给这次调用的通道数（无服务器时为 1）；N = 最多 N 个，如同 NCCL_MAX_NCHANNELS</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL protocol: auto (NCCL&apos;s tuner picks; Simple without a server), Simple, LL (half of every line is a flag) or LL128 (1/16 is); with a link preset, α is NCCL&apos;s per-step latency of the protocol and its base latency is paid once</source>
        <translation>NCCL 协议：auto（由 NCCL 调优器选择；没有服务器时为 Simple）、Simple、LL（每行一半是标志位）或 LL128（1/16 是标志位）；使用链路预设时，α 取该协议在 NCCL 中的每步延迟，基础延迟只计一次</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Link preset for α and β: nvlink4 1 µs 450 GB/s, pcie4x16 2 µs 32 GB/s, ib400 2 µs 50 GB/s, ib200 2 µs 25 GB/s, eth100 10 µs 12.5 GB/s; custom: alpha_us, beta_GBps</source>
        <translation>α 与 β 的链路预设：nvlink4 1 µs 450 GB/s，pcie4x16 2 µs 32 GB/s，ib400 2 µs 50 GB/s，ib200 2 µs 25 GB/s，eth100 10 µs 12.5 GB/s；custom：使用 alpha_us、beta_GBps</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Start-up time α per message, µs</source>
        <translation>每条消息的启动时间 α（µs）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Link bandwidth 1/β, GB/s (10^9 bytes per second)</source>
        <translation>链路带宽 1/β（GB/s，每秒 10^9 字节）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reduction throughput 1/γ, GB/s</source>
        <translation>归约吞吐率 1/γ（GB/s）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Events: one per message, one per round, or messages up to 1,024 ranks (and, for NCCL, 262,144 messages)</source>
        <translation>事件：每条消息一个、每轮一个，或在不超过 1,024 个 rank（对 NCCL 还要不超过 262,144 条消息）时每条消息一个</translation>
    </message>
    <message>
        <location filename="../../core/nccl/graph/topo_keys.cpp" line="+50"/>
        <source>NVLinks assumed when the file lists none (NCCL reads them from NVML)</source>
        <translation>文件未列出 NVLink 时假定的 NVLink（NCCL 从 NVML 读取）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compute capability assumed for GPUs known only by PCI class</source>
        <translation>只凭 PCI 类代码识别的 GPU 所假定的计算能力</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed in Mb/s assumed for NICs known only by PCI class</source>
        <translation>只凭 PCI 类代码识别的网卡所假定的速率（Mb/s）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUDirect RDMA assumed on GPUs and NICs known only by PCI class</source>
        <translation>只凭 PCI 类代码识别的 GPU 和网卡是否假定支持 GPUDirect RDMA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_P2P_LEVEL: farthest path that may use P2P</source>
        <translation>NCCL_P2P_LEVEL：允许使用 P2P 的最远路径</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NCCL_P2P_DISABLE: no P2P between GPUs</source>
        <translation>NCCL_P2P_DISABLE：GPU 之间不使用 P2P</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_NET_GDR_LEVEL: farthest GPU-NIC path that may use GPUDirect RDMA</source>
        <translation>NCCL_NET_GDR_LEVEL：允许使用 GPUDirect RDMA 的最远 GPU–网卡路径</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL_NET_GDR_C2C: default GDR level P2C instead of PXB</source>
        <translation>NCCL_NET_GDR_C2C：默认 GDR 级别为 P2C 而不是 PXB</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NCCL_PXN_DISABLE: never relay to a NIC through a peer GPU</source>
        <translation>NCCL_PXN_DISABLE：从不经由另一块 GPU 转发到网卡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_PXN_C2C: a relaying GPU may reach its NIC at P2C</source>
        <translation>NCCL_PXN_C2C：转发的 GPU 可以以 P2C 路径到达其网卡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_NVB_DISABLE: no NVLink paths through another GPU</source>
        <translation>NCCL_NVB_DISABLE：不使用经过另一块 GPU 的 NVLink 路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NCCL_CUMEM_ENABLE: share P2P buffers as cuMem handles (P2P/CUMEM), else through CUDA IPC (P2P/IPC)</source>
        <translation>NCCL_CUMEM_ENABLE：以 cuMem 句柄共享 P2P 缓冲区（P2P/CUMEM），否则通过 CUDA IPC 共享（P2P/IPC）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL_NVLS_ENABLE: 0 off, 1 on, 2 where the driver reports multicast (taken to be every NVSwitch server)</source>
        <translation>NCCL_NVLS_ENABLE：0 关闭，1 打开，2 在驱动报告支持多播时打开（这里视每台带 NVSwitch 的服务器都支持）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Servers like this one in the job, joined by ncclTopoPostset</source>
        <translation>作业中与此相同的服务器台数，由 ncclTopoPostset 连接</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL_CROSS_NIC: 0 never, 1 may, 2 may if it pays, change NICs in a ring</source>
        <translation>NCCL_CROSS_NIC：环中是否更换网卡：0 从不，1 可以，2 划算时可以</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL_MIN_NCHANNELS: fewest channels (0: unset)</source>
        <translation>NCCL_MIN_NCHANNELS：最少通道数（0：不设置）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NCCL_MAX_NCHANNELS: most channels</source>
        <translation>NCCL_MAX_NCHANNELS：最多通道数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NCCL version whose log lines are printed: classic (2.22.3) or 2.30 (2.30.7); the TUNING table follows the tuner of 2.22.3 or 2.30.7</source>
        <translation>打印哪个 NCCL 版本的日志行：classic（2.22.3）或 2.30（2.30.7）；TUNING 表按 2.22.3 或 2.30.7 的调优器计算</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>NCCL_DEBUG_SUBSYS includes GRAPH: print the search and Ring lines</source>
        <translation>NCCL_DEBUG_SUBSYS 包含 GRAPH：打印搜索和 Ring 日志行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print the TUNING lines too (NCCL_DEBUG_SUBSYS=TUNING): the Latency/AlgBw table and Max NThreads</source>
        <translation>同时打印 TUNING 日志行（NCCL_DEBUG_SUBSYS=TUNING）：Latency/AlgBw 表和 Max NThreads</translation>
    </message>
    <message>
        <location filename="../../core/nccl/topology_scene/topology_run.cpp" line="+109"/>
        <source>NCCL_TOPO_FILE: the server&apos;s topology XML (a path, or the name of a bundled server; empty: the servers log_file describes, else the bundled DGX H100)</source>
        <translation>NCCL_TOPO_FILE：服务器的拓扑 XML（路径，或内置服务器的文件名；留空时使用 log_file 所描述的服务器，没有日志则使用内置的 DGX H100）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NCCL_GRAPH_FILE: rings and trees to draw instead of searching (empty: search)</source>
        <translation>NCCL_GRAPH_FILE：直接画出其中的环和树而不搜索（留空：搜索）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An NCCL_DEBUG=INFO log whose rings, trees and transports are drawn (empty: none)</source>
        <translation>一份 NCCL_DEBUG=INFO 日志，画出其中的环、树和传输（留空：无）</translation>
    </message>
    <message>
        <location filename="../../core/collectives_scene/nccl_topology_setup.cpp" line="+46"/>
        <source>library=nccl: the server NCCL&apos;s tuner prices (NCCL_TOPO_FILE: a path or a bundled server); empty: none, the link preset prices a named algorithm and protocol</source>
        <translation>library=nccl 时：NCCL 调优器据以估价的服务器（NCCL_TOPO_FILE：路径或内置服务器）；留空：不用服务器，由链路预设为指定的算法和协议估价</translation>
    </message>
    <message>
        <location filename="../../core/nccl/topology_scene/nccl_log_keys.cpp" line="+39"/>
        <source>The GPUs&apos; compute capability for the tuner when the log names none</source>
        <translation>日志未给出时，调优器使用的 GPU 计算能力</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The NCCL release whose tuning rules apply when the log prints none (2.18 to 2.30, e.g. 2.22.3)</source>
        <translation>日志未打印版本时采用哪个 NCCL 版本的调优规则（2.18 到 2.30，例如 2.22.3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ranks of the communicator when the log does not say (0: the log&apos;s)</source>
        <translation>日志未说明时通信器的 rank 数（0：取日志中的值）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nodes of the communicator when the log does not say (0: the log&apos;s)</source>
        <translation>日志未说明时通信器的节点数（0：取日志中的值）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The collective of selection lines that name none (up to 2.22)</source>
        <translation>选择行未写明集合通信时所指的集合通信（2.22 及以前）</translation>
    </message>
</context>
<context>
    <name>commviz::perftest</name>
    <message>
        <location filename="../../core/perftest/perftest_model.cpp" line="+122"/>
        <source>Latency = post + (PCIe fetch unless inline) + NIC pipelines + propagation + first packet store-and-forward (DMA read, wire, DMA write) + remaining packets at the bottleneck + CQE + poll; SEND/WRITE report RTT/2, READ the full round trip, as perftest does. Bandwidth: the slowest of software posting, messages in flight, PCIe and the wire (line rate x payload / (payload + RoCEv2 headers and Ethernet framing)). Constants are order-of-magnitude for a 100 GbE ConnectX-4/5-class NIC, calibrated to published ib_send_lat/ib_send_bw numbers; real results depend on hardware, firmware and tuning.</source>
        <translation>延迟 = 投递 +（非 inline 时的 PCIe 取数）+ 网卡流水线 + 传播时延 + 第一个报文的存储转发（DMA 读、线路、DMA 写）+ 其余报文按瓶颈速率 + CQE + 轮询；SEND/WRITE 与 perftest 一样报告 RTT/2，READ 报告完整往返。带宽：取软件投递、在途消息数、PCIe 和线路（线速 × 负载 / (负载 + RoCEv2 报头与以太网帧开销)）中最慢的一项。各常数是 100 GbE ConnectX-4/5 级网卡的数量级估计，按公开的 ib_send_lat/ib_send_bw 数据校准；实际结果取决于硬件、固件和调优。</translation>
    </message>
</context>
<context>
    <name>commviz::rdma</name>
    <message>
        <location filename="../../core/rdma/hca_responder.cpp" line="+314"/>
        <source>the QP is in %1</source>
        <translation>QP 处于 %1 状态</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>duplicate without saved state</source>
        <translation>重复请求，但没有保存的状态</translation>
    </message>
    <message>
        <location filename="../../core/rdma/hca_responder_plan.cpp" line="+125"/>
        <source>ERR_PSN_OUT_OF_SEQ (NAK already sent)</source>
        <translation>ERR_PSN_OUT_OF_SEQ（已发送过 NAK）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>ERR_LOCAL_PROTECTION (receive buffer)</source>
        <translation>ERR_LOCAL_PROTECTION（接收缓冲区）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>ERR_LENGTH (packet size)</source>
        <translation>ERR_LENGTH（报文长度）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>ERR_LENGTH (receive buffer too small)</source>
        <translation>ERR_LENGTH（接收缓冲区太小）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>ERR_LENGTH (beyond RETH length)</source>
        <translation>ERR_LENGTH（超出 RETH 长度）</translation>
    </message>
    <message>
        <location filename="../../core/rdma/qp_state_machine.cpp" line="+77"/>
        <source>IBV_QP_CUR_STATE is only accepted in RTR, RTS, SQD or SQE</source>
        <translation>只有在 RTR、RTS、SQD 或 SQE 状态下才接受 IBV_QP_CUR_STATE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cur_qp_state %1 is not the QP&apos;s state (%2)</source>
        <translation>cur_qp_state %1 与 QP 的当前状态（%2）不符</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>qp_state IBV_QPS_UNKNOWN cannot be requested</source>
        <translation>不能请求迁移到 IBV_QPS_UNKNOWN</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>illegal transition %1 → %2</source>
        <translation>非法的状态迁移 %1 → %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 missing for %2 → %3</source>
        <translation>%2 → %3 缺少 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 not allowed for %2 → %3</source>
        <translation>%2 → %3 不允许 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pkey_index %1 is outside the P_Key table (%2 entries)</source>
        <translation>pkey_index %1 超出 P_Key 表（共 %2 项）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>port_num must be 1 (the HCA has one port)</source>
        <translation>port_num 必须为 1（HCA 只有一个端口）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unknown bits in qp_access_flags</source>
        <translation>qp_access_flags 中有未知的标志位</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>path_mtu must be IBV_MTU_256 … IBV_MTU_4096</source>
        <translation>path_mtu 必须是 IBV_MTU_256 … IBV_MTU_4096</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>max_dest_rd_atomic above the device&apos;s %1</source>
        <translation>max_dest_rd_atomic 超过设备上限 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>max_rd_atomic above the device&apos;s %1</source>
        <translation>max_rd_atomic 超过设备上限 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>min_rnr_timer is a 5-bit code (0–31)</source>
        <translation>min_rnr_timer 是 5 位编码（0–31）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>timeout is a 5-bit code (0–31)</source>
        <translation>timeout 是 5 位编码（0–31）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>retry_cnt is 3 bits (0–7)</source>
        <translation>retry_cnt 只有 3 位（0–7）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rnr_retry is 3 bits (0–7)</source>
        <translation>rnr_retry 只有 3 位（0–7）</translation>
    </message>
    <message>
        <location filename="../../core/rdma/rdma_engine.cpp" line="+129"/>
        <source>lost on the wire (fault drop_packet)</source>
        <translation>故障注入 drop_packet 让它在线路上丢失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no QP %1 on host %2</source>
        <translation>主机 %2 上没有 QP %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>QP %1 is %2</source>
        <translation>QP %1 处于 %2 状态</translation>
    </message>
    <message>
        <location filename="../../core/rdma/rdma_world.cpp" line="+89"/>
        <source>CQ overrun</source>
        <translation>CQ 溢出</translation>
    </message>
    <message>
        <location filename="../../core/rdma/script_runner.cpp" line="+63"/>
        <source>no QP named %1 on this host</source>
        <translation>该主机上没有名为 %1 的 QP</translation>
    </message>
    <message>
        <location line="+234"/>
        <source>no CQ named %1 on this host</source>
        <translation>该主机上没有名为 %1 的 CQ</translation>
    </message>
    <message>
        <location filename="../../core/rdma/verbs_driver.cpp" line="+34"/>
        <source>IBV_ACCESS_REMOTE_WRITE / REMOTE_ATOMIC need IBV_ACCESS_LOCAL_WRITE</source>
        <translation>IBV_ACCESS_REMOTE_WRITE / REMOTE_ATOMIC 需要同时设置 IBV_ACCESS_LOCAL_WRITE</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>cqe must be 1 to %1 (device max_cqe)</source>
        <translation>cqe 必须在 1 到 %1 之间（设备的 max_cqe）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>cq-&gt;cqe = %1 (asked %2; mlx5 rounds up to 2^n - 1)</source>
        <translation>cq-&gt;cqe = %1（请求 %2；mlx5 向上取整到 2^n - 1）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>max_send_wr / max_recv_wr above the device&apos;s %1</source>
        <translation>max_send_wr / max_recv_wr 超过设备上限 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>max_send_sge / max_recv_sge above the device&apos;s %1</source>
        <translation>max_send_sge / max_recv_sge 超过设备上限 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>max_inline_data above the device&apos;s %1</source>
        <translation>max_inline_data 超过设备上限 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>send_cq / recv_cq was not created</source>
        <translation>send_cq / recv_cq 尚未创建</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>ibv_post_send needs IBV_QPS_RTS (the QP is %1)</source>
        <translation>ibv_post_send 要求 IBV_QPS_RTS（QP 当前为 %1）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ibv_post_recv needs IBV_QPS_INIT or later (the QP is %1)</source>
        <translation>ibv_post_recv 要求 IBV_QPS_INIT 或之后的状态（QP 当前为 %1）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>num_sge above max_send_sge</source>
        <translation>num_sge 超过 max_send_sge</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>IBV_SEND_INLINE with %1 bytes &gt; max_inline_data %2</source>
        <translation>IBV_SEND_INLINE 的 %1 字节超过 max_inline_data %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>atomic needs an 8-byte local buffer</source>
        <translation>原子操作需要 8 字节的本地缓冲区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>atomic remote_addr must be 8-byte aligned</source>
        <translation>原子操作的 remote_addr 必须 8 字节对齐</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>send queue full (head - tail = max_send_wr)</source>
        <translation>发送队列已满（head - tail = max_send_wr）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>num_sge above max_recv_sge</source>
        <translation>num_sge 超过 max_recv_sge</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>receive queue full (head - tail = max_recv_wr)</source>
        <translation>接收队列已满（head - tail = max_recv_wr）</translation>
    </message>
</context>
<context>
    <name>commviz::scenes</name>
    <message>
        <location filename="../../core/catalog/scene_catalog.cpp" line="+27"/>
        <source>RDMA verbs queues</source>
        <translation>RDMA verbs 队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follow a work request from ibv_post_send through the SQ, the HCA and the wire to a CQE and a polled WC.</source>
        <translation>跟踪一个工作请求：从 ibv_post_send 出发，经过 SQ、HCA 和线路，直到写入 CQE 并被轮询为 WC。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Why RDMA: sockets vs verbs</source>
        <translation>为什么要用 RDMA：Socket 与 Verbs 对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Race one message through send()/recv() and the kernel TCP/IP stack against ibv_post_send, counting copies, syscalls, context switches and interrupts.</source>
        <translation>让一条消息分别走 send()/recv() + 内核 TCP/IP 协议栈与 ibv_post_send 两条路径赛跑，统计拷贝、系统调用、上下文切换和中断的次数。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>NCCL bootstrap: unique id, root and ring</source>
        <translation>NCCL 引导（bootstrap）：唯一 ID、根（root）与环</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watch ncclGetUniqueId, the check-ins with the root, the ring and its allgather, message by message, from 1 to 131,072 ranks, with NCCL&apos;s INFO log.</source>
        <translation>逐条消息观察 ncclGetUniqueId、向 root 报到、环及其 allgather 的过程，规模从 1 到 131,072 个 rank，并附有 NCCL 的 INFO 日志。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Network-on-chip (BookSim2 iq router)</source>
        <translation>片上网络（NoC，BookSim2 iq 路由器）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BookSim2&apos;s networks, faithfully: mesh, torus, butterfly, cmesh, flattened butterfly, fat tree, dragonfly or any graph, one cycle per step: flits in virtual channels, the RC, VA, SA, ST pipeline, credits flowing back, warm-up, measurement and drain.</source>
        <translation>忠实于 BookSim2 的各种网络：网格（mesh）、环面（torus）、蝶形网络、集中式网格（cmesh）、扁平蝶形网络、胖树、蜻蜓网络或任意图，每步一个周期：虚拟通道中的微片（flit）、RC、VA、SA、ST 流水线、回流的信用（credit）、预热、测量和排空。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Collectives (Open MPI and NCCL)</source>
        <translation>集合通信（Open MPI 与 NCCL）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allreduce, broadcast, allgather and the other collectives round by round, as Open MPI&apos;s coll/tuned and NCCL schedule them: real data moving between ranks, partial sums building up, and the time each algorithm takes.</source>
        <translation>Allreduce、broadcast、allgather 等集合通信按 Open MPI 的 coll/tuned 和 NCCL 的调度逐轮展示：真实数据在 rank 之间流动，部分和逐步累加，并给出每种算法所需的时间。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>NCCL topology (paths, rings, trees)</source>
        <translation>NCCL 拓扑（路径、环、树）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A server&apos;s NCCL topology XML as NCCL reads it: CPUs, PCI switches, GPUs, NICs and NVSwitches, the paths between them, the rings and trees NCCL searches, and the lines NCCL_DEBUG=INFO prints; or an INFO log read back and drawn.</source>
        <translation>按 NCCL 的方式读取服务器的 NCCL 拓扑 XML：CPU、PCI 交换芯片、GPU、网卡和 NVSwitch，它们之间的路径，NCCL 搜索出的环和树，以及 NCCL_DEBUG=INFO 打印的日志行；也可以读入一份 INFO 日志并画出它描述的内容。</translation>
    </message>
</context>
<context>
    <name>commviz::views::AnimationDialog</name>
    <message>
        <location filename="../../views/export/animation_dialog.cpp" line="+71"/>
        <location line="+206"/>
        <location line="+7"/>
        <location line="+19"/>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <location line="-222"/>
        <source>GIF animation</source>
        <translation>GIF 动画</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WebP animation</source>
        <translation>WebP 动画</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MP4 video (H.264)</source>
        <translation>MP4 视频（H.264）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WebM video (VP9)</source>
        <translation>WebM 视频（VP9）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HTML stepper (one self-contained page)</source>
        <translation>HTML 分步播放页（单个自包含页面）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG images, one per step</source>
        <translation>PNG 图片，每步一张</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG drawings, one per step</source>
        <translation>SVG 矢量图，每步一张</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> fps</source>
        <translation> 帧/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The first step drawn (0: before the first step)</source>
        <translation>绘制的第一步（0：第一步之前）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last step drawn; by default the step on screen</source>
        <translation>绘制的最后一步；默认为屏幕上当前的一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw every Kth step of the range</source>
        <translation>在范围内每隔 K 步绘制一次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How long each step is shown; the scene&apos;s own motion plays at its start</source>
        <translation>每一步显示多长时间；场景自身的动画在其开头播放</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use the UI theme instead of the light publication theme</source>
        <translation>使用界面主题，而不是适合出版的浅色主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add each step&apos;s narration as a caption</source>
        <translation>把每一步的解说作为图注</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every</source>
        <translation>每隔</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>per step at</source>
        <translation>每步，帧率</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps:</source>
        <translation>步：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timing:</source>
        <translation>时长：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Nothing to export: the range is empty.</source>
        <translation>没有可导出的内容：范围为空。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 files · about %2 in all</source>
        <translation>%1 个文件 · 共约 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 steps, %2 frames · %3 s · about %4</source>
        <translation>%1 步，%2 帧 · %3 秒 · 约 %4</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The first frame: step %1</source>
        <translation>第一帧：第 %1 步</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a file to export to.</source>
        <translation>请选择要导出到的文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Exporting %1 frames…</source>
        <translation>正在导出 %1 帧…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The animation was not exported:
%1</source>
        <translation>动画未导出：
%1</translation>
    </message>
</context>
<context>
    <name>commviz::views::CollectivesChartDock</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_chart_dock.cpp" line="+149"/>
        <source>%1: time against message size, p = %2</source>
        <translation>%1：时间随消息大小变化，p = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: time against p, S = %2</source>
        <translation>%1：时间随 p 变化，S = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sweeping every algorithm (cost only, no data moved)…</source>
        <translation>正在扫描每种算法（只算代价，不搬运数据）…</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>%1 → %2 at %3</source>
        <translation>%3 处 %1 → %2</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+61"/>
        <source>time NCCL&apos;s tuner predicts (µs, ms, s)</source>
        <translation>NCCL 调优器预测的时间（µs、ms、s）</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>The fastest algorithm is the same at every size.</source>
        <translation>每个消息大小下最快的算法都相同。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The fastest changes: %1.</source>
        <translation>最快算法的变化：%1。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: busbw against message size, p = %2</source>
        <translation>%1：busbw 随消息大小的变化，p = %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 Shaded: what NCCL picks on %2 × %3 (ncclTopoGetAlgoTime, every enabled algorithm/protocol; the rules of NCCL 2.%4.%5).</source>
        <translation>%1 阴影：NCCL 在 %2 × %3 上的选择（ncclTopoGetAlgoTime，比较每个启用的算法/协议；采用 NCCL 2.%4.%5 的规则）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 Shaded: what Open MPI&apos;s fixed rules (algorithm=auto) pick. Hockney α-β-γ cost of each schedule&apos;s critical path; swept in %2 ms.</source>
        <translation>%1 阴影：Open MPI 固定决策规则（algorithm=auto）选中的算法。每个调度关键路径的 Hockney α-β-γ 代价；扫描用时 %2 ms。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Collectives: time against size and p</source>
        <translation>集合通信：时间随消息大小和 p 变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time vs size</source>
        <translation>时间 vs 大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time vs p</source>
        <translation>时间 vs p</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>busbw vs size</source>
        <translation>busbw 与大小</translation>
    </message>
</context>
<context>
    <name>commviz::views::CollectivesRoundDock</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_round_dock.cpp" line="+39"/>
        <source>Rounds</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>No collectives session.</source>
        <translation>没有集合通信会话。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Computing %1 rounds…</source>
        <translation>正在计算 %1 轮……</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The first %1 of %2 rounds (a table stops after %3 messages).</source>
        <translation>共 %2 轮中的前 %1 轮（表格最多计算 %3 条消息）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 rounds. Click a row to see that round.</source>
        <translation>共 %1 轮。点击一行可跳到该轮。</translation>
    </message>
</context>
<context>
    <name>commviz::views::CollectivesRoundModel</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_round_model.cpp" line="+57"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Round</source>
        <translation>轮</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Messages</source>
        <translation>消息数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes sent</source>
        <translation>发送字节数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reduce</source>
        <translation>规约</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ends at (µs)</source>
        <translation>结束时间（µs）</translation>
    </message>
</context>
<context>
    <name>commviz::views::CollectivesTimelineDock</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_timeline_dock.cpp" line="+99"/>
        <location line="+52"/>
        <source>all channels</source>
        <translation>全部通道</translation>
    </message>
    <message>
        <location line="-51"/>
        <location line="+53"/>
        <source>channel %1</source>
        <translation>通道 %1</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>No collectives session.</source>
        <translation>没有集合通信会话。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No timeline for Open MPI: it shows NCCL&apos;s pipelines on a server (library=nccl).</source>
        <translation>Open MPI 没有时间线：它显示的是服务器上 NCCL 的流水线（library=nccl）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No timeline without a server: set topo_file so NCCL&apos;s rings and trees have their hops.</source>
        <translation>没有服务器就没有时间线：设置 topo_file，NCCL 的环和树才有各自的跳。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No timeline for %1 on one rank: nothing moves through the slots.</source>
        <translation>只有一个 rank 时 %1 没有时间线：没有数据经过槽位。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No timeline: this run records one event per round (detail=rounds or many ranks), not each slice.</source>
        <translation>没有时间线：这次运行每轮只记录一个事件（detail=rounds 或 rank 很多），没有逐个切片记录。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Step forward to see the first slices go out.</source>
        <translation>单步前进，看第一批切片发出。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 slices up to step %2, the last arriving at %3 µs. Hover a bar for its details.</source>
        <translation>到第 %2 步为止共 %1 个切片，最后一个在 %3 µs 到达。把鼠标停在条上可看详情。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Channels:</source>
        <translation>通道(&amp;C)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which channels&apos; lanes to draw: each channel is a ring or a tree of its own.</source>
        <translation>要画哪些通道的泳道：每个通道是一个独立的环或树。</translation>
    </message>
</context>
<context>
    <name>commviz::views::CollectivesTimelinePlot</name>
    <message>
        <location filename="../../views/collectives_scene/collectives_timeline_plot.cpp" line="+150"/>
        <source>nothing: it started at the launch</source>
        <translation>无：它在启动时就开始了</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the reduce warps&apos; previous loop on this channel (every head&apos;s, in step)</source>
        <translation>本通道上规约 warp 的上一轮循环（所有 head 同步推进）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank %1&apos;s own previous work on this channel (program order)</source>
        <translation>rank %1 在本通道上自己的前一项工作（程序顺序）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the data arriving from the previous rank of the ring</source>
        <translation>环上前一个 rank 发来的数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sums arriving from its children in the tree</source>
        <translation>从它在树中的子节点到达的部分和</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the chunk arriving from its parent in the tree (at the root: the sums from its children)</source>
        <translation>从它在树中的父节点到达的分块（在根节点：从子节点到达的部分和）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a free slot at rank %1 (%2)</source>
        <translation>rank %1 处的空闲槽位（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rank %1 → rank %2, channel %3</source>
        <translation>rank %1 → rank %2，通道 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank %1&apos;s chunks read by the NVSwitch for every head (multimem.ld_reduce), channel %2</source>
        <translation>rank %1 的块由 NVSwitch 为每个 head 读取（multimem.ld_reduce），通道 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>head rank %1&apos;s sum stored by the NVSwitch to every rank (multimem.st), channel %2</source>
        <translation>rank %1（head）的和由 NVSwitch 写到每个 rank（multimem.st），通道 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>sent at step %1 of the run; NCCL step %2, slot %3</source>
        <translation>在运行的第 %1 步发出；NCCL 的 step %2，槽位 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 bytes (%2)</source>
        <translation>%1 字节（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>start %1, off the wire %2, arrival %3</source>
        <translation>开始 %1，离开线路 %2，到达 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>transport: %1</source>
        <translation>传输：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its start waited for: %1</source>
        <translation>开始前等待的是：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the receiver runs: %1</source>
        <translation>接收方执行：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>On channel %1&apos;s critical path: the chain of waits that ends at its latest arrival.</source>
        <translation>位于通道 %1 的关键路径上：一串等待，终点是该通道最晚的到达。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Thick while the slice is on the wire, thin for the hop&apos;s latency until it arrives.</source>
        <translation>切片在线路上时画粗，之后到达前的这一跳延迟画细。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NVLS: through the NVSwitch, which reads and adds every GPU&apos;s copy of a chunk (multimem.ld_reduce) and writes the sum to every GPU (multimem.st).</source>
        <translation>NVLS：经 NVSwitch，它读取并相加每块 GPU 上某块的副本（multimem.ld_reduce），再把和写到每块 GPU（multimem.st）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>P2P: GPU to GPU inside a node (NVLink or PCIe).</source>
        <translation>P2P：节点内 GPU 到 GPU（NVLink 或 PCIe）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SHM: through host shared memory.</source>
        <translation>SHM：经主机共享内存。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>NET: across the network to another node.</source>
        <translation>NET：经网络到另一个节点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>slot wait</source>
        <translation>等待槽位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Red tick: the slice waited for a free one of the receiver&apos;s NCCL_STEPS slots; the red line before it is how long.</source>
        <translation>红色短竖线：该切片在等接收方 NCCL_STEPS 个槽位中空出一个；它前面的红线表示等了多久。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Framed: each channel&apos;s chain of slices back from its latest arrival, each one the slice whose end released the next one&apos;s start (program order, data, or a freed slot).</source>
        <translation>加框：每个通道从最晚到达往回的一串切片，每个切片的结束放行了下一个切片的开始（程序顺序、数据或空出的槽位）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>current step</source>
        <translation>当前步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bright: the slices of the cursor&apos;s step; earlier steps are faded, later ones not drawn.</source>
        <translation>高亮：光标所在步的切片；更早的步变淡，之后的步不画。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>At %1 µs, connections (a sender to a receiver on a channel) with a slice on the wire:</source>
        <translation>%1 µs 时，有切片（slice）在线路上的连接（一个通道上从发送方到接收方）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 of %3</source>
        <translation>%1：%3 个中有 %2 个</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>on the wire</source>
        <translation>线路占用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>0–100 %</source>
        <translation>0–100 %</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>rank %1 ↑</source>
        <translation>rank %1 ↑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rank %1 ↓</source>
        <translation>rank %1 ↓</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>ch %1</source>
        <translation>通道 %1</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>commviz::views::EventListModel</name>
    <message>
        <location filename="../../views/shell/event_list_model.cpp" line="+135"/>
        <source>Step %1 is after the cursor (step %2): it has not happened yet on screen.</source>
        <translation>第 %1 步在当前步骤（第 %2 步）之后：屏幕上还没有发生。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What happened</source>
        <translation>发生了什么</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Objects</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>commviz::views::EventsDock</name>
    <message>
        <location filename="../../views/shell/events_dock.cpp" line="+52"/>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter events (kind, source, object, field)…</source>
        <translation>过滤事件（类型、来源、对象、字段）…</translation>
    </message>
</context>
<context>
    <name>commviz::views::ExportDialog</name>
    <message>
        <location filename="../../views/export/export_dialog.cpp" line="+44"/>
        <location line="+121"/>
        <location line="+6"/>
        <location line="+6"/>
        <source>Export Figure</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG vector drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Current step</source>
        <translation>当前步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current lesson step</source>
        <translation>当前课程步骤</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Use the UI theme instead of the light publication theme</source>
        <translation>使用界面主题，而不是适合出版的浅色主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the step&apos;s narration as a caption</source>
        <translation>把该步骤的解说添加为图注</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This scene shows the narration inside the figure.</source>
        <translation>该场景在图中直接显示解说。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale:</source>
        <translation>缩放：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export:</source>
        <translation>导出内容：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vector drawing, %1 × %2 units</source>
        <translation>矢量图，%1 × %2 单位</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Choose a file to export to.</source>
        <translation>请选择要导出到的文件。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The figure was not exported:
%1</source>
        <translation>图片未能导出：
%1</translation>
    </message>
</context>
<context>
    <name>commviz::views::FigurePreview</name>
    <message>
        <location filename="../../views/export/figure_preview.cpp" line="+16"/>
        <source>Nothing to preview</source>
        <translation>无可预览内容</translation>
    </message>
</context>
<context>
    <name>commviz::views::HtmlStepperWriter</name>
    <message>
        <location filename="../../views/export/html_stepper_writer.cpp" line="+145"/>
        <source>Figure at step %1</source>
        <translation>第 %1 步的图</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All events of this step</source>
        <translation>这一步的全部事件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Step %1 / %2</source>
        <translation>第 %1 步 / 共 %2 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frame %1 of %2</source>
        <translation>第 %1 帧，共 %2 帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+8"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Step controls</source>
        <translation>分步控制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left</source>
        <translation>左方向键</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right</source>
        <translation>右方向键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
</context>
<context>
    <name>commviz::views::InspectorDock</name>
    <message>
        <location filename="../../views/shell/inspector_dock.cpp" line="+39"/>
        <location line="+11"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Click an object in the scene to inspect it.</source>
        <translation>点击场景中的对象即可查看其详情。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;%1&lt;/b&gt; does not exist at this step.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 在此步骤中不存在。</translation>
    </message>
</context>
<context>
    <name>commviz::views::MemoryBudgetAction</name>
    <message>
        <location filename="../../views/shell/memory_budget_action.cpp" line="+41"/>
        <source>&amp;Memory Budget…</source>
        <translation>内存预算(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How much memory the timeline may keep for stepping back and scrubbing</source>
        <translation>时间轴为后退和拖动定位可保留的内存量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Memory Budget</source>
        <translation>内存预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory for keyframes and events, in MiB (%1 to %2).
Long runs keep fewer keyframes to fit and replay what they dropped;
a smaller budget makes seeking slower, never wrong.</source>
        <translation>关键帧和事件可用的内存，单位 MiB（%1 到 %2）。
长时间运行会少存关键帧以放进预算，丢掉的部分靠重放恢复；
预算越小，定位越慢，但结果不会出错。</translation>
    </message>
</context>
<context>
    <name>commviz::views::NarrationDock</name>
    <message>
        <location filename="../../views/shell/narration_dock.cpp" line="+25"/>
        <location line="+6"/>
        <source>Narration</source>
        <translation>解说</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&lt;p&gt;&lt;b&gt;Step 0.&lt;/b&gt; Nothing has happened yet. Press &lt;b&gt;Right&lt;/b&gt; or &lt;b&gt;Space&lt;/b&gt; to start.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;第 0 步。&lt;/b&gt;尚未发生任何事情。按&lt;b&gt;右方向键&lt;/b&gt;或&lt;b&gt;空格键&lt;/b&gt;开始。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;&lt;b&gt;Step %1&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;第 %1 步&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>…and %n more event(s) in this step; the Events dock lists them all.</source>
        <translation>
            <numerusform>……本步骤还有 %n 个事件；“事件”面板列出了全部。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>commviz::views::NarrationTable</name>
    <message>
        <location filename="../../views/shell/narration_table.h" line="+99"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>commviz::views::NcclChartDock</name>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_chart_dock.cpp" line="+75"/>
        <source>NCCL bootstrap model: time and messages vs nranks</source>
        <translation>NCCL 引导模型：时间和消息数随 nranks 的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bootstrap time</source>
        <translation>bootstrap 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+9"/>
        <source>messages</source>
        <translation>消息数</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Modelled bootstrapInit time (ms), one root</source>
        <translation>bootstrapInit 模型时间（ms），单个 root</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bootstrap messages, one root</source>
        <translation>bootstrap 消息数，单个 root</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nranks</source>
        <translation>nranks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>classic (≤ 2.22)</source>
        <translation>classic（≤ 2.22）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2.30</source>
        <translation>2.30</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ms (model)</source>
        <translation>ms（模型）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A model, not a measurement. Messages: 3n (extInfo, replies, ring connects) + allgather, classic 3n(n−1), 2.30 n(n−1). Time: 150 µs to create sockets, 60 µs to send to the root, the root serially reading (20 µs) and answering (25 µs) every rank, 40 µs ring connect, 30 µs per allgather round (classic 3(n−1) rounds, 2.30 ⌊n/2⌋), plus the check-in stagger of the last rank (classic 1 ms per rank above 128 ranks; 2.30 1/7000 s per rank above 256).</source>
        <translation>模型估算，非实测。消息数：3n（extInfo、回复、环连接）+ allgather，classic 为 3n(n−1)，2.30 为 n(n−1)。时间：创建套接字 150 µs，发送给 root 60 µs，root 对每个 rank 串行读取（20 µs）并回复（25 µs），环连接 40 µs，每轮 allgather 30 µs（classic 共 3(n−1) 轮，2.30 共 ⌊n/2⌋ 轮），再加上最后一个 rank 的报到错开延迟（classic：超过 128 个 rank 后每个 rank 1 ms；2.30：超过 256 个后每个 rank 1/7000 s）。</translation>
    </message>
</context>
<context>
    <name>commviz::views::NcclLogDock</name>
    <message>
        <location filename="../../views/nccl/bootstrap_scene/nccl_log_dock.cpp" line="+29"/>
        <source>NCCL log (NCCL_DEBUG=INFO)</source>
        <translation>NCCL 日志（NCCL_DEBUG=INFO）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No NCCL bootstrap session: the INFO lines appear here as the ranks print them.</source>
        <translation>没有 NCCL 引导仿真会话：各 rank 打印的 INFO 日志行会随之显示在这里。</translation>
    </message>
</context>
<context>
    <name>commviz::views::NocHeatmapDock</name>
    <message>
        <location filename="../../views/noc/noc_heatmap_dock.cpp" line="+55"/>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Window: the last</source>
        <translation>窗口：最近</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> cycles up to the cursor</source>
        <translation> 个周期（截至游标）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>View ▸ Heatmap: link utilisation (Ctrl+1), buffer occupancy (Ctrl+2), stalled VCs (Ctrl+3). A stalled VC holds a flit that did not leave in that cycle.</source>
        <translation>视图 ▸ 热力图：链路利用率（Ctrl+1）、缓冲区占用（Ctrl+2）、停滞的 VC（Ctrl+3）。停滞的 VC 是指持有微片、但该微片在这个周期内没有离开的 VC。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sent (flits/cycle)</source>
        <translation>发送（微片/周期）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>buffered (mean flits)</source>
        <translation>缓存（平均微片数）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stalled VCs (mean)</source>
        <translation>停滞的 VC（平均）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Switch on a heatmap and step the run to measure a window.</source>
        <translation>打开一种热力图并单步运行，以测量一个窗口。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cycles %1–%2. Select a router to see its numbers.</source>
        <translation>周期 %1–%2。选择一个路由器以查看它的数值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Router %1, cycles %2–%3 (%4 cycles)</source>
        <translation>路由器 %1，周期 %2–%3（共 %4 个周期）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>router</source>
        <translation>路由器</translation>
    </message>
</context>
<context>
    <name>commviz::views::NocHistogramDock</name>
    <message>
        <location filename="../../views/noc/noc_histogram_dock.cpp" line="+25"/>
        <source>Latency histogram</source>
        <translation>延迟直方图</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>packet latency (cycles, 1-cycle bins)</source>
        <translation>数据包延迟（周期，每格 1 个周期）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>packets</source>
        <translation>数据包</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Every packet delivered up to the cursor</source>
        <translation>截至游标送达的所有数据包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured packets of a whole batch run (as BookSim reports)</source>
        <translation>整次批量运行中被测量的数据包（与 BookSim 的报告一致）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Running the whole configuration…</source>
        <translation>正在运行整个配置…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replaying %1 cycles…</source>
        <translation>正在重放 %1 个周期…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No packet has been delivered yet.</source>
        <translation>尚无数据包送达。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 packets, average %2 cycles, from %3 to %4 cycles.</source>
        <translation>%1 个数据包，平均 %2 个周期，范围 %3 到 %4 个周期。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The last bin holds every latency of %1 cycles or more, as BookSim&apos;s.</source>
        <translation>最后一格包含所有 %1 个周期及以上的延迟，与 BookSim 相同。</translation>
    </message>
</context>
<context>
    <name>commviz::views::NocSweepDock</name>
    <message>
        <location filename="../../views/noc/noc_sweep_dock.cpp" line="+24"/>
        <source>Latency vs offered load</source>
        <translation>延迟随提供负载的变化</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Add current configuration</source>
        <translation>添加当前配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep the scene&apos;s configuration over %1 loads and draw its curves over the earlier ones</source>
        <translation>在 %1 个负载点上扫描场景的当前配置，并把曲线叠加在之前的曲线上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>%1 k = %2, %3, %4 VCs × %5</source>
        <translation>%1 k = %2，%3，%4 个 VC × %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>same configuration</source>
        <translation>相同配置</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Running %1 loads on %2 threads…</source>
        <translation>正在用 %2 个线程运行 %1 个负载点…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Cancelled: %1 points.</source>
        <translation>已取消：%1 个点。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done: %1 points.</source>
        <translation>完成：%1 个点。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unstable (BookSim: &quot;Simulation unstable&quot;) from %1 flits/node/cycle: the saturation point.</source>
        <translation>从 %1 微片/节点/周期起不稳定（BookSim：&quot;Simulation unstable&quot;）：即饱和点。</translation>
    </message>
</context>
<context>
    <name>commviz::views::ParametersDock</name>
    <message>
        <location filename="../../views/shell/parameters_dock.cpp" line="+31"/>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Default: %1</source>
        <translation>默认值：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 default: %2</source>
        <translation>%1 默认值：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>This scene has no settable keys.</source>
        <translation>此场景没有可设置的参数。</translation>
    </message>
</context>
<context>
    <name>commviz::views::PerftestChartDock</name>
    <message>
        <location filename="../../views/perftest/perftest_chart_dock.cpp" line="+11"/>
        <location line="+5"/>
        <source>perftest model: bandwidth and latency</source>
        <translation>perftest 模型：带宽与延迟</translation>
    </message>
</context>
<context>
    <name>commviz::views::PerftestChartWidget</name>
    <message>
        <location filename="../../views/perftest/perftest_chart_widget.cpp" line="+231"/>
        <source>%1 (%2), %3 B — model
BW average %4 Gb/s, peak %5 Gb/s, %6 Mpps (bound: %7)
latency t_typical %8 µs%9</source>
        <translation>%1（%2），%3 B——模型
平均带宽 %4 Gb/s，峰值 %5 Gb/s，%6 Mpps（瓶颈：%7）
延迟 t_typical %8 µs%9</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> (inline)</source>
        <translation>（inline）</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Link Gb/s</source>
        <translation>链路 Gb/s(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;PCIe Gb/s</source>
        <translation>PCIe Gb/s(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;MTU</source>
        <translation>MTU(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ethernet line rate of the modelled RoCEv2 link</source>
        <translation>所建模 RoCEv2 链路的以太网线速</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Effective DMA rate between NIC and host memory; PCIe Gen3 x16 ≈ 100, Gen4 x16 ≈ 200</source>
        <translation>网卡与主机内存之间的有效 DMA 速率；PCIe Gen3 x16 ≈ 100，Gen4 x16 ≈ 200</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IB path MTU: 256, 512, 1024, 2048 or 4096 bytes of payload per packet</source>
        <translation>IB 路径 MTU：每个报文的负载为 256、512、1024、2048 或 4096 字节</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ib_write_bw / ib_send_bw / ib_read_bw -a: BW average (model)</source>
        <translation>ib_write_bw / ib_send_bw / ib_read_bw -a：平均带宽（模型）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ib_write_lat / ib_send_lat / ib_read_lat -a: t_typical (model)</source>
        <translation>ib_write_lat / ib_send_lat / ib_read_lat -a：t_typical（模型）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>message size, bytes (log scale)</source>
        <translation>消息大小，字节（对数刻度）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>bandwidth, Gb/s</source>
        <translation>带宽，Gb/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one-way latency, µs (READ: round trip)</source>
        <translation>单向延迟，µs（READ 为往返）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Model, not a measurement:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;模型估算，非实测：&lt;/b&gt;%1</translation>
    </message>
</context>
<context>
    <name>commviz::views::RdmaScriptDock</name>
    <message>
        <location filename="../../views/rdma/rdma_script_dock.cpp" line="+182"/>
        <location line="+10"/>
        <location line="+8"/>
        <location line="+8"/>
        <source>No scenario is loaded.</source>
        <translation>未加载场景。</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>Add call %1</source>
        <translation>添加调用 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+8"/>
        <location line="+9"/>
        <source>Select a call first.</source>
        <translation>请先选择一个调用。</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+66"/>
        <source>Edit call %1</source>
        <translation>编辑调用 %1</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>Remove call %1</source>
        <translation>删除调用 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Move call %1</source>
        <translation>移动调用 %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>One script entry as JSON, e.g. {&quot;host&quot;: &quot;A&quot;, &quot;call&quot;: &quot;ibv_poll_cq&quot;, &quot;cq&quot;: &quot;cqA&quot;}</source>
        <translation>一条脚本条目，JSON 格式，例如 {&quot;host&quot;: &quot;A&quot;, &quot;call&quot;: &quot;ibv_poll_cq&quot;, &quot;cq&quot;: &quot;cqA&quot;}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not a JSON object.</source>
        <translation>不是 JSON 对象。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Add call</source>
        <translation>添加调用</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>, bad_wr %1</source>
        <translation>, bad_wr %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> … running</source>
        <translation> … 执行中</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Verbs script</source>
        <translation>Verbs 脚本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-run</source>
        <translation>重新运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scenario&apos;s verbs calls with their return values; ▶ marks the call at the cursor.</source>
        <translation>场景中的 verbs 调用及其返回值；▶ 标出当前光标所在的调用。</translation>
    </message>
</context>
<context>
    <name>commviz::views::SceneCanvas</name>
    <message>
        <location filename="../../views/shell/scene_canvas.cpp" line="+184"/>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
</context>
<context>
    <name>commviz::views::ScenePicker</name>
    <message>
        <location filename="../../views/shell/scene_picker.cpp" line="+58"/>
        <source>No scenes are built into this version.</source>
        <translation>此版本未内置任何场景。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New here? Each scene has a tutorial that walks through it step by step, with questions to predict what happens next.</source>
        <translation>第一次使用？每个场景都有一个教程，一步一步讲解，并提出问题让你预测接下来会发生什么。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start the tutorial (F1)</source>
        <translation>开始教程（F1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open this scene&apos;s lesson in the Tutorial panel (Help ▸ Tutorial, F1)</source>
        <translation>在教程面板中打开本场景的课程（帮助 ▸ 教程，F1）</translation>
    </message>
</context>
<context>
    <name>commviz::views::TimelineScrubber</name>
    <message>
        <location filename="../../views/shell/timeline_scrubber.cpp" line="+28"/>
        <source>Click or drag to go to a step</source>
        <translation>点击或拖动以跳转到某一步</translation>
    </message>
</context>
<context>
    <name>commviz::views::TopologyLogDock</name>
    <message>
        <location filename="../../views/nccl/topology_scene/topology_log_dock.cpp" line="+24"/>
        <location line="+7"/>
        <source>NCCL log</source>
        <translation>NCCL 日志</translation>
    </message>
</context>
<context>
    <name>commviz::views::TopologyMatrixDock</name>
    <message>
        <location filename="../../views/nccl/topology_scene/topology_matrix_dock.cpp" line="+71"/>
        <source>GPU paths</source>
        <translation>GPU 路径</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The paths are computed at stage 2.</source>
        <translation>路径在第 2 阶段计算。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No NCCL topology session.</source>
        <translation>没有 NCCL 拓扑会话。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 → %2: %3, %4 GB/s</source>
        <translation>%1 → %2：%3，%4 GB/s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Path type and bandwidth (GB/s) from each GPU (row) to each GPU (column), by GPU index; hover a cell for its full name.</source>
        <translation>从每块 GPU（行）到每块 GPU（列）的路径类型与带宽（GB/s），按 GPU 编号排列；鼠标悬停在单元格上可看完整名称。</translation>
    </message>
</context>
<context>
    <name>commviz::views::TransportBar</name>
    <message>
        <location filename="../../views/shell/transport_bar.cpp" line="+72"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Reset to step 0 (Home)</source>
        <translation>重置到第 0 步（Home）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step back (Left)</source>
        <translation>后退一步（左方向键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step forward (Right)</source>
        <translation>前进一步（右方向键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run to the end (End); press again to stop</source>
        <translation>运行到结束（End）；再按一次停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 /s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pause (Space)</source>
        <translation>暂停（空格键）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Play (Space)</source>
        <translation>播放（空格键）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Step on screen / steps in the whole run</source>
        <translation>屏幕上的步骤 / 整个运行的步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step on screen / steps recorded so far. The &quot;+&quot; means the run is longer: its length is not known until it ends (a NoC run ends when its network has drained, which depends on the traffic). Run to the end (End) to learn it.</source>
        <translation>屏幕上的步骤 / 目前已记录的步数。“+”表示运行还更长：在它结束之前无法知道总步数（NoC 运行要等网络排空才结束，这取决于流量）。运行到结束（End）即可得知。</translation>
    </message>
</context>
<context>
    <name>commviz::views::TutorialDock</name>
    <message>
        <location filename="../../views/tutorial/tutorial_dock.cpp" line="+157"/>
        <source>Tutorial</source>
        <translation>教程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+33"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Previous lesson step (%1)</source>
        <translation>上一个课程步骤（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next lesson step, or the answer to its question first (%1)</source>
        <translation>下一个课程步骤；有问题时先显示答案（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No lesson is open. Choose Help ▸ Tutorial (F1) on a scene that has one.</source>
        <translation>未打开任何课程。请在带有教程的场景中选择 帮助 ▸ 教程（F1）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Source:</source>
        <translation>出处：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Predict:</source>
        <translation>预测：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Answer:</source>
        <translation>答案：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show answer</source>
        <translation>显示答案</translation>
    </message>
</context>
</TS>
