#include "shell/scene_picker.h"

#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "shell/scene_list_delegate.h"

namespace commviz::views {

ScenePicker::ScenePicker(const SceneRegistry& registry, QWidget* parent)
    : QWidget(parent), m_registry(registry), m_list(new QListWidget), m_hint(new QLabel), m_tutorial(new QPushButton) {
    m_list->setIconSize(QSize(32, 32));
    m_list->setItemDelegate(new SceneListDelegate(m_list));
    // Lay the items out again when the dock is resized, so the text wraps to
    // the width on screen instead of the width the list first had.
    m_list->setResizeMode(QListView::Adjust);
    m_list->setUniformItemSizes(false);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_hint->setWordWrap(true);
    m_hint->setFrameShape(QFrame::StyledPanel);
    m_hint->setMargin(6);
    m_hint->setAutoFillBackground(true);
    m_hint->setBackgroundRole(QPalette::ToolTipBase);
    m_hint->setForegroundRole(QPalette::ToolTipText);
    m_hint->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_hint);
    layout->addWidget(m_tutorial);
    // Picking the scene already open is the main window's business (it keeps the run).
    auto pick = [this](QListWidgetItem* item) {
        const QString id = item->data(Qt::UserRole).toString();
        if (!id.isEmpty()) emit sceneChosen(id);
    };
    connect(m_list, &QListWidget::itemActivated, this, pick);
    connect(m_list, &QListWidget::itemClicked, this, pick);
    connect(m_tutorial, &QPushButton::clicked, this, &ScenePicker::tutorialRequested);
    retranslate();
}

void ScenePicker::refill(const QString& currentId) {
    m_list->clear();
    for (const auto& scene : m_registry.scenes()) {
        auto* item = new QListWidgetItem(QIcon(scene.iconPath), scene.name());
        item->setData(SceneListDelegate::DescriptionRole, scene.description());
        item->setData(Qt::UserRole, QString::fromStdString(scene.model.id));
        item->setToolTip(scene.description());
        m_list->addItem(item);
        if (QString::fromStdString(scene.model.id) == currentId) m_list->setCurrentItem(item);
    }
    if (QListWidgetItem* current = m_list->currentItem()) m_list->scrollToItem(current);
    if (m_registry.scenes().empty()) m_list->addItem(tr("No scenes are built into this version."));
}

bool ScenePicker::offerTutorialOnce() {
    QSettings settings;
    if (settings.value(QLatin1String(kTutorialHintKey), false).toBool()) return false;
    settings.setValue(QLatin1String(kTutorialHintKey), true);
    m_hint->show();
    return true;
}

void ScenePicker::dismissHint() { m_hint->hide(); }

void ScenePicker::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void ScenePicker::retranslate() {
    m_hint->setText(
        tr("New here? Each scene has a tutorial that walks through it step by step, with questions "
           "to predict what happens next."));
    m_tutorial->setText(tr("Start the tutorial (F1)"));
    m_tutorial->setToolTip(tr("Open this scene's lesson in the Tutorial panel (Help ▸ Tutorial, F1)"));
}

}  // namespace commviz::views
