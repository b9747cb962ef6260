#include "tutorial/tutorial_dock.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "shell/scene_setup.h"
#include "shell/simulation_controller.h"

namespace commviz::views {

TutorialDock::TutorialDock(SimulationController& controller, QWidget* parent)
    : QDockWidget(parent),
      m_controller(controller),
      m_lessons(new QComboBox),
      m_title(new QLabel),
      m_progress(new QLabel),
      m_text(new QTextBrowser),
      m_back(new QPushButton),
      m_next(new QPushButton) {
    setObjectName(QStringLiteral("TutorialDock"));
    m_title->setWordWrap(true);
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    m_lessons->hide();
    layout->addWidget(m_lessons);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addStretch();
    buttons->addWidget(m_progress);
    buttons->addStretch();
    buttons->addWidget(m_next);
    layout->addLayout(buttons);
    setWidget(body);
    connect(m_lessons, &QComboBox::activated, this, [this](int index) {
        if (auto status = loadLessonFile(m_lessons->itemData(index).toString()); !status)
            emit errorOccurred(QString::fromStdString(status.error().message));
    });
    connect(m_back, &QPushButton::clicked, this, &TutorialDock::back);
    connect(m_next, &QPushButton::clicked, this, &TutorialDock::next);
    render();
}

QString TutorialDock::language() const {
    return QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

sim::Status TutorialDock::loadForScene() {
    const SceneDescriptor* scene = m_controller.scene();
    m_lesson.reset();
    m_lessons->clear();
    if (!scene || scene->lessonPath.isEmpty()) {
        render();
        return sim::fail("this scene has no lesson yet");
    }
    for (const QString& path : QStringList{scene->lessonPath} + scene->moreLessons) {
        auto lesson = loadLesson(path);
        if (lesson) m_lessons->addItem(localized(lesson->title, language()), path);
    }
    m_lessons->setVisible(m_lessons->count() > 1);
    return loadLessonFile(scene->lessonPath);
}

void TutorialDock::clear() {
    m_lesson.reset();
    m_lessons->clear();
    m_lessons->hide();
    emit highlightsChanged({});
    render();
}

sim::Status TutorialDock::loadLessonFile(const QString& path) {
    auto lesson = loadLesson(path);
    if (!lesson) {
        render();
        return lesson.error();
    }
    m_lesson = std::move(lesson).value();
    m_lessons->setCurrentIndex(std::max(0, m_lessons->findData(path)));
    showStep(0);
    return sim::Ok{};
}

void TutorialDock::showStep(int index) {
    if (!m_lesson) return;
    m_index = std::clamp(index, 0, int(m_lesson->steps.size()) - 1);
    m_answerShown = false;
    const LessonStep& step = m_lesson->steps[std::size_t(m_index)];
    if (!step.scenario.isEmpty() && step.scenario != m_controller.setup().scenarioPath) {
        SceneSetup setup = m_controller.setup();
        auto scenario = loadScenario(step.scenario, *setup.scene);
        if (!scenario) {
            emit errorOccurred(QString::fromStdString(scenario.error().message));
        } else {
            setup.scenario = std::move(scenario).value();
            setup.scenarioPath = step.scenario;
            setup.values.clear();
            if (auto status = m_controller.load(std::move(setup)); !status)
                emit errorOccurred(QString::fromStdString(status.error().message));
        }
    }
    m_controller.seek(step.step);
    emit highlightsChanged(step.highlights);
    render();
}

void TutorialDock::next() {
    if (!m_lesson) return;
    const LessonStep& step = m_lesson->steps[std::size_t(m_index)];
    if (!step.question.isEmpty() && !m_answerShown) {
        m_answerShown = true;
        render();
        return;
    }
    if (m_index + 1 < int(m_lesson->steps.size())) showStep(m_index + 1);
}

void TutorialDock::back() {
    if (m_lesson && m_index > 0) showStep(m_index - 1);
}

QString TutorialDock::currentNarration() const {
    if (!m_lesson) return {};
    return localized(m_lesson->steps[std::size_t(m_index)].narration, language());
}

void TutorialDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        for (int i = 0; i < m_lessons->count(); ++i)
            if (auto lesson = loadLesson(m_lessons->itemData(i).toString()))
                m_lessons->setItemText(i, localized(lesson->title, language()));
        render();
    }
    QDockWidget::changeEvent(event);
}

// Page Down / Page Up, the keys a presentation clicker sends; the arrows stay
// with the transport (one simulation step).
QKeySequence TutorialDock::nextKey() { return QKeySequence(Qt::Key_PageDown); }
QKeySequence TutorialDock::backKey() { return QKeySequence(Qt::Key_PageUp); }

// QAbstractButton::setText replaces the shortcut with the text's & mnemonic,
// so the keys are set again after every change of text.
void TutorialDock::setKeys() {
    m_next->setShortcut(nextKey());
    m_back->setShortcut(backKey());
}

void TutorialDock::render() {
    setWindowTitle(tr("Tutorial"));
    m_back->setText(tr("Back"));
    m_next->setText(tr("Next"));
    m_back->setToolTip(tr("Previous lesson step (%1)").arg(backKey().toString(QKeySequence::NativeText)));
    m_next->setToolTip(tr("Next lesson step, or the answer to its question first (%1)")
                           .arg(nextKey().toString(QKeySequence::NativeText)));
    if (!m_lesson) {
        m_title->setText(tr("No lesson is open. Choose Help ▸ Tutorial (F1) on a scene that has one."));
        m_text->clear();
        m_progress->clear();
        m_back->setEnabled(false);
        m_next->setEnabled(false);
        setKeys();
        return;
    }
    const QString lang = language();
    const LessonStep& step = m_lesson->steps[std::size_t(m_index)];
    m_title->setText(QStringLiteral("<b>%1</b>").arg(localized(m_lesson->title, lang).toHtmlEscaped()));
    m_progress->setText(tr("%1 / %2").arg(m_index + 1).arg(m_lesson->steps.size()));
    QString html = QStringLiteral("<p>%1</p>").arg(localized(step.narration, lang).toHtmlEscaped());
    if (!step.source.isEmpty())
        html +=
            QStringLiteral("<p style='color:gray'>%1 <tt>%2</tt></p>").arg(tr("Source:"), step.source.toHtmlEscaped());
    if (!step.question.isEmpty()) {
        html += QStringLiteral("<hr><p><b>%1</b> %2</p>")
                    .arg(tr("Predict:"), localized(step.question, lang).toHtmlEscaped());
        if (m_answerShown)
            html +=
                QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Answer:"), localized(step.answer, lang).toHtmlEscaped());
    }
    m_text->setHtml(html);
    const bool last = m_index + 1 >= int(m_lesson->steps.size());
    const bool pendingAnswer = !step.question.isEmpty() && !m_answerShown;
    m_back->setEnabled(m_index > 0);
    m_next->setEnabled(!last || pendingAnswer);
    m_next->setText(pendingAnswer ? tr("Show answer") : tr("Next"));
    setKeys();
}

}  // namespace commviz::views
