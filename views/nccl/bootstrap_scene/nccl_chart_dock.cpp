#include "nccl/bootstrap_scene/nccl_chart_dock.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTabWidget>
#include <QVBoxLayout>

#include "nccl/timing_model.h"

namespace commviz::views {

namespace {

constexpr nccl::Version kVersions[] = {nccl::Version::Classic, nccl::Version::V2_30};

/// One line per version over n = 2, 4, … 131,072.
QChart* makeChart(bool time) {
    auto* chart = new QChart;
    // The dock is short: the legend beside the plot and thin margins leave the height to
    // the plot and its axis labels (squeezed, Qt elides them to "…").
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 2, 4, 2));
    // A label every fourfold (4, 16, … 65,536): eight that stay apart at 131,072 ranks, where
    // one every doubling would crowd seventeen numbers of up to six digits onto the axis.
    auto* x = new QLogValueAxis;
    x->setBase(4);
    x->setMinorTickCount(1);
    x->setLabelFormat(QStringLiteral("%g"));
    auto* y = new QLogValueAxis;
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (nccl::Version version : kVersions) {
        auto* series = new QLineSeries;
        for (int n = 2; n <= nccl::kMaxRanks; n *= 2)
            series->append(n, time ? nccl::TimingModel::bootstrapSeconds(version, n) * 1e3
                                   : double(nccl::TimingModel::bootstrapMessages(version, n)));
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    return chart;
}

}  // namespace

NcclChartDock::NcclChartDock(QWidget* parent)
    : RetranslatingDock(parent),
      m_tabs(new QTabWidget),
      m_time(makeChart(true)),
      m_messages(makeChart(false)),
      m_note(new QLabel) {
    setObjectName(QStringLiteral("NcclChartDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    for (QChart* chart : {m_time, m_messages}) {
        auto* view = new QChartView(chart);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(220);
        m_tabs->addTab(view, QString());
    }
    m_note->setWordWrap(true);
    layout->addWidget(m_tabs);
    layout->addWidget(m_note);
    setWidget(body);
    retranslate();
}

void NcclChartDock::retranslate() {
    setWindowTitle(tr("NCCL bootstrap model: time and messages vs nranks"));
    m_tabs->setTabText(0, tr("bootstrap time"));
    m_tabs->setTabText(1, tr("messages"));
    m_time->setTitle(tr("Modelled bootstrapInit time (ms), one root"));
    m_messages->setTitle(tr("Bootstrap messages, one root"));
    for (QChart* chart : {m_time, m_messages}) {
        chart->axes(Qt::Horizontal).first()->setTitleText(tr("nranks"));
        chart->series()[0]->setName(tr("classic (≤ 2.22)"));
        chart->series()[1]->setName(tr("2.30"));
    }
    m_time->axes(Qt::Vertical).first()->setTitleText(tr("ms (model)"));
    m_messages->axes(Qt::Vertical).first()->setTitleText(tr("messages"));
    m_note->setText(
        tr("A model, not a measurement. Messages: 3n (extInfo, replies, ring connects) + allgather, classic "
           "3n(n−1), 2.30 n(n−1). Time: 150 µs to create sockets, 60 µs to send to the root, the root serially "
           "reading (20 µs) and answering (25 µs) every rank, 40 µs ring connect, 30 µs per allgather round "
           "(classic 3(n−1) rounds, 2.30 ⌊n/2⌋), plus the check-in stagger of the last rank (classic 1 ms per rank "
           "above 128 ranks; 2.30 1/7000 s per rank above 256)."));
}

QDockWidget* createNcclChartDock(QWidget* parent) { return new NcclChartDock(parent); }

}  // namespace commviz::views
