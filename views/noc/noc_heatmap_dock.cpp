#include "noc/noc_heatmap_dock.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "noc/noc_heatmap.h"
#include "noc/noc_text.h"
#include "shell/scene_canvas.h"

namespace commviz::views {

NocHeatmapDock::NocHeatmapDock(std::shared_ptr<NocHeatmapSettings> settings, QWidget* parent)
    : RetranslatingDock(parent), m_settings(std::move(settings)) {
    setObjectName(QStringLiteral("nocHeatmapDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    auto* row = new QHBoxLayout;
    m_windowLabel = new QLabel(body);
    m_window = new QSpinBox(body);
    m_window->setRange(1, 1'000'000);
    m_window->setSingleStep(100);
    m_window->setValue(m_settings->window());
    m_windowLabel->setBuddy(m_window);
    row->addWidget(m_windowLabel);
    row->addWidget(m_window);
    row->addStretch(1);
    layout->addLayout(row);
    m_hint = new QLabel(body);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_heading = new QLabel(body);
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);
    m_table = new QTableWidget(0, 4, body);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);
    setWidget(body);
    connect(m_window, &QSpinBox::valueChanged, this, [this](int cycles) {
        m_settings->setWindow(cycles);
        // The canvas draws the heatmap: repaint it for the new window.
        if (auto* canvas = parentWidget() ? parentWidget()->findChild<SceneCanvas*>() : nullptr) canvas->update();
    });
    connect(m_settings.get(), &NocHeatmapSettings::published, this, &NocHeatmapDock::refresh);
    retranslate();
}

void NocHeatmapDock::retranslate() {
    setWindowTitle(tr("Heatmap"));
    m_windowLabel->setText(tr("Window: the last"));
    m_window->setSuffix(tr(" cycles up to the cursor"));
    m_hint->setText(
        tr("View ▸ Heatmap: link utilisation (Ctrl+1), buffer occupancy (Ctrl+2), stalled VCs "
           "(Ctrl+3). A stalled VC holds a flit that did not leave in that cycle."));
    m_table->setHorizontalHeaderLabels(
        {tr("port"), tr("sent (flits/cycle)"), tr("buffered (mean flits)"), tr("stalled VCs (mean)")});
    refresh();
}

void NocHeatmapDock::refresh() {
    const noc::NocWindowStats& s = m_settings->stats();
    const int router = m_settings->selectedRouter();
    if (m_settings->mode() == NocHeatmapMode::Off || s.cycles() == 0) {
        m_heading->setText(tr("Switch on a heatmap and step the run to measure a window."));
        m_table->setRowCount(0);
        return;
    }
    if (router < 0 || router >= s.nodes) {
        m_heading->setText(tr("Cycles %1–%2. Select a router to see its numbers.").arg(s.first).arg(s.last));
        m_table->setRowCount(0);
        return;
    }
    m_heading->setText(tr("Router %1, cycles %2–%3 (%4 cycles)").arg(router).arg(s.first).arg(s.last).arg(s.cycles()));
    m_table->setRowCount(s.ports + 1);
    noc::NocConfig naming;  // what NocText::portName reads: the topology and its port layout
    naming.topology = s.topology;
    naming.n = s.n;
    naming.c = s.c;
    naming.k = s.k;
    const auto put = [this](int row, int column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        if (column > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, column, item);
    };
    const auto number = [](double v) { return QString::number(v, 'f', 3); };
    for (int port = 0; port <= s.ports; ++port) {
        const bool all = port == s.ports;  // the last row: the whole router
        put(port, 0, all ? tr("router") : NocText::portName(port, naming));
        put(port, 1, all ? QString() : number(s.linkUtilisation(router, port)));
        put(port, 2, number(s.meanBuffered(router, all ? -1 : port)));
        put(port, 3, number(s.meanStalledVcs(router, all ? -1 : port)));
    }
}

}  // namespace commviz::views
