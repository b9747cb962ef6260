#include "collectives_scene/collectives_timeline_dock.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QScrollArea>
#include <QVBoxLayout>

#include "collectives_scene/collectives_engine.h"
#include "collectives_scene/collectives_timeline_plot.h"
#include "shell/scene_canvas.h"
#include "shell/simulation_controller.h"
#include "sim/session_access.h"

namespace commviz::views {

namespace {

using Access = sim::SessionAccess<collectives::CollectivesEngine>;

}  // namespace

CollectivesTimelineDock::CollectivesTimelineDock(SimulationController& controller,
                                                 std::shared_ptr<CollectivesChannelFocus> focus, QWidget* parent)
    : RetranslatingDock(parent), m_controller(controller), m_focus(std::move(focus)) {
    setObjectName(QStringLiteral("CollectivesTimelineDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_channelLabel = new QLabel(body);
    m_channels = new QComboBox(body);
    m_channels->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_channels->setMinimumContentsLength(12);
    m_channelLabel->setBuddy(m_channels);
    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    top->addWidget(m_channelLabel);
    top->addWidget(m_channels);
    top->addWidget(m_status, 1);
    layout->addLayout(top);
    m_plot = new CollectivesTimelinePlot;
    m_scroll = new QScrollArea(body);
    m_scroll->setWidget(m_plot);
    m_scroll->setWidgetResizable(true);  // the plot fills the dock; with many lanes it scrolls
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // time always fits the width
    layout->addWidget(m_scroll, 1);
    layout->addStretch(0);  // keeps the one line at the top when the plot is hidden
    setWidget(body);
    retranslate();
    connect(m_channels, &QComboBox::currentIndexChanged, this, &CollectivesTimelineDock::refresh);
    connect(m_channels, &QComboBox::activated, this, &CollectivesTimelineDock::focusCanvas);  // the user's pick
    connect(&m_controller, &SimulationController::sessionChanged, this, &CollectivesTimelineDock::sessionChanged);
    connect(&m_controller, &SimulationController::cursorChanged, this, &CollectivesTimelineDock::refresh);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible) return;
        growOnce();
        refresh();
    });
    sessionChanged();
}

// The bottom row opens short so the canvas gets the room; lanes need more. The first time the Timeline
// shows, it takes kOpenHeight if it has less (a height the person sets later is left alone).
void CollectivesTimelineDock::growOnce() {
    if (m_grown) return;
    m_grown = true;
    auto* window = qobject_cast<QMainWindow*>(parentWidget());
    if (window && !isFloating() && height() < kOpenHeight) window->resizeDocks({this}, {kOpenHeight}, Qt::Vertical);
}

void CollectivesTimelineDock::focusCanvas(int index) {
    if (!m_focus) return;
    m_focus->channel = m_channels->itemData(index).toInt();
    if (auto* canvas = window() ? window()->findChild<SceneCanvas*>() : nullptr) canvas->update();
}

bool CollectivesTimelineDock::timed() const { return m_plot->timeline().timed; }

void CollectivesTimelineDock::sessionChanged() {
    const auto access = Access::of(m_controller.session());
    if (!access && m_controller.session() == nullptr) return;  // a worker owns the session: keep the picture
    fillChannels();
    refresh();
}

void CollectivesTimelineDock::fillChannels() {
    const auto access = Access::of(m_controller.session());
    const int ranks = access ? access->engine().config().ranks : 0;
    const int channels = access ? std::max(access->engine().config().nchannels, 1) : 0;
    if (ranks == m_ranks && channels == m_channelCount && m_channels->count() > 0) return;  // keep the pick
    m_ranks = ranks;
    m_channelCount = channels;
    if (m_focus) m_focus->channel = 0;  // a new run opens on channel 0 in the canvas
    const QSignalBlocker blocker(m_channels);
    m_channels->clear();
    m_channels->addItem(tr("all channels"), -1);
    for (int channel = 0; channel < channels; ++channel) m_channels->addItem(tr("channel %1").arg(channel), channel);
    // 16 ranks × 16 channels would leave a pixel a lane: start on channel 0.
    m_channels->setCurrentIndex(ranks * channels > kMaxLanesAtOnce ? 1 : 0);
}

QString CollectivesTimelineDock::untimedReason() const {
    const auto access = Access::of(m_controller.session());
    if (!access) return tr("No collectives session.");
    const collectives::Config& config = access->engine().config();
    if (config.library == collectives::Library::Ompi)
        return tr("No timeline for Open MPI: it shows NCCL's pipelines on a server (library=nccl).");
    if (!config.topology)
        return tr("No timeline without a server: set topo_file so NCCL's rings and trees have their hops.");
    if (!access->engine().pipelineShape())
        return tr("No timeline for %1 on one rank: nothing moves through the slots.")
            .arg(QString::fromStdString(access->engine().schedule().algorithm));
    return tr("No timeline: this run records one event per round (detail=rounds or many ranks), not each slice.");
}

void CollectivesTimelineDock::refresh() {
    if (!isVisible() && m_plot->timeline().timed) return;  // drawn when shown
    const auto access = Access::of(m_controller.session());
    if (!access && m_controller.session() == nullptr) return;
    CollectivesTimeline timeline = collectTimeline(m_controller.session(), m_channels->currentData().toInt());
    const bool timed = timeline.timed;
    m_channelLabel->setVisible(timed);
    m_channels->setVisible(timed);
    m_scroll->setVisible(timed);
    if (!timed) {
        m_plot->setTimeline({});
        m_status->setText(untimedReason());
        return;
    }
    const int cursor = timeline.cursor;
    const double endUs = timeline.endUs;
    const std::size_t bars = timeline.bars.size();
    m_plot->setTimeline(std::move(timeline));
    m_status->setText(cursor == 0 ? tr("Step forward to see the first slices go out.")
                                  : tr("%1 slices up to step %2, the last arriving at %3 µs. Hover a bar for its "
                                       "details.")
                                        .arg(bars)
                                        .arg(cursor)
                                        .arg(QString::number(endUs, 'f', 1)));
}

void CollectivesTimelineDock::retranslate() {
    setWindowTitle(tr("Timeline"));
    m_channelLabel->setText(tr("&Channels:"));
    m_channels->setToolTip(tr("Which channels' lanes to draw: each channel is a ring or a tree of its own."));
    const int current = m_channels->currentIndex();
    if (m_channels->count() > 0) {
        m_channels->setItemText(0, tr("all channels"));
        for (int index = 1; index < m_channels->count(); ++index)
            m_channels->setItemText(index, tr("channel %1").arg(index - 1));
    }
    m_channels->setCurrentIndex(current);
    refresh();
}

}  // namespace commviz::views
