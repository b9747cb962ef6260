// Narrates every event of every bundled scenario and lesson of every
// scene (plus scripted illegal ibv_modify_qp calls) in zh_CN and fails when a
// Chinese sentence carries English.
//
// The rule, since Chinese narration legitimately keeps identifiers
// (ibv_post_send, IBV_WC_SUCCESS, PSN, RTS, wr_id, ERR_RKEY_VIOLATION) and a few
// glossary terms in brackets (内核旁路（kernel bypass）): an ASCII word is
// "prose" when it is all lower-case letters or a capitalised word (Host,
// Reason); identifiers have an upper-case run, a digit, an underscore or
// brackets. A sentence fails if
//   - it contains one of core's English reason texts (the English of every
//     `*_text` field of the events, e.g. "lost on the wire (fault drop_packet)");
//   - it contains two prose words in a row ("illegal transition", "send data");
//   - it contains a capitalised prose word (an English sentence start);
//   - it has no Chinese at all.
// The same walk checks the typography of the glossary on what readers see:
// no ASCII space after 。，：；, a space between Han characters and Latin
// letters or digits, no half-width bracket next to a Han character, no doubled
// brackets "）（", "——" without spaces, µs rather than us.

#include <QLabel>
#include <QRegularExpression>
#include <QtTest>
#include <vector>

#include "all_scenes.h"
#include "perftest/perftest_chart_widget.h"
#include "scene_walk.h"
#include "shell/language.h"
#include "shell/narration_table.h"
#include "shell/step_narration.h"

using namespace commviz;

namespace {

/// What is wrong with one Chinese sentence, or empty.
QString englishIn(const QString& sentence) {
    static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    if (!sentence.contains(han)) return QStringLiteral("no Chinese at all");
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9_']*"));
    static const QRegularExpression prose(QStringLiteral("^(?:[a-z]{2,}|[A-Z][a-z]{2,})$"));
    static const QRegularExpression capitalised(QStringLiteral("^[A-Z][a-z]{2,}$"));
    // Brand and protocol names, which Chinese text writes in Latin letters too.
    static const QStringList names{QStringLiteral("Verbs"), QStringLiteral("Socket"), QStringLiteral("Ethernet"),
                                   QStringLiteral("Linux")};
    qsizetype previousEnd = -1;
    bool previousProse = false;
    QString previousWord;
    for (auto it = word.globalMatch(sentence); it.hasNext();) {
        const auto m = it.next();
        const QString w = m.captured();
        const bool isProse = prose.match(w).hasMatch() && !names.contains(w);
        if (isProse && capitalised.match(w).hasMatch()) return QStringLiteral("English word '%1'").arg(w);
        const QString between = sentence.mid(previousEnd, m.capturedStart() - previousEnd);
        if (isProse && previousProse && previousEnd >= 0 && between.trimmed().isEmpty())
            return QStringLiteral("English words '%1 %2'").arg(previousWord, w);
        previousProse = isProse;
        previousWord = w;
        previousEnd = m.capturedEnd();
    }
    return {};
}

/// A typography rule of the glossary that the text breaks, or empty.
QString typographyIn(const QString& text) {
    struct Rule {
        const char* pattern;
        const char* what;
    };
    static const Rule rules[] = {
        {"[。，：；！？] ", "ASCII space after full-width punctuation"},
        {"[\\x{4e00}-\\x{9fff}][A-Za-z0-9]|[A-Za-z0-9][\\x{4e00}-\\x{9fff}]", "no space between Han and Latin"},
        // send() and recv() keep their call brackets
        {"[\\x{4e00}-\\x{9fff}] ?[()]|(?:\\(|(?<!\\()\\)) ?[\\x{4e00}-\\x{9fff}]", "half-width bracket in Chinese"},
        {"[)）] ?[(（]", "doubled brackets"},
        {" ——|—— ", "spaces around ——"},
        {"\\d ?us\\b", "us instead of µs"},
    };
    // Compiled once: the big NoC runs narrate hundreds of thousands of sentences.
    static const std::vector<QRegularExpression> compiled = [] {
        std::vector<QRegularExpression> out;
        for (const Rule& rule : rules) out.emplace_back(QString::fromUtf8(rule.pattern));
        return out;
    }();
    for (std::size_t i = 0; i < compiled.size(); ++i) {
        const auto m = compiled[i].match(text);
        if (m.hasMatch()) return QStringLiteral("%1 at '%2'").arg(QLatin1String(rules[i].what), m.captured());
    }
    return {};
}

/// rc_pingpong with three refused ibv_modify_qp calls first: an illegal
/// transition, a missing mask bit and a bad attribute value.
sim::Json illegalModifyScenario(const views::SceneDescriptor& scene) {
    auto loaded = views::loadScenario(QStringLiteral(":/scenarios/rdma/rc_pingpong.json"), scene);
    if (!loaded) return {};
    sim::Json scenario = std::move(loaded).value();
    auto& script = scenario["script"];
    auto at = script.begin();
    while (at != script.end() && (*at)["call"] != "ibv_modify_qp") ++at;
    const sim::Json refused = sim::Json::array({
        {{"host", "A"},
         {"call", "ibv_modify_qp"},
         {"qp", "qpA"},
         {"attr", {{"qp_state", "IBV_QPS_RTS"}}},
         {"attr_mask", {"IBV_QP_STATE"}}},
        {{"host", "A"},
         {"call", "ibv_modify_qp"},
         {"qp", "qpA"},
         {"attr", {{"qp_state", "IBV_QPS_INIT"}}},
         {"attr_mask", {"IBV_QP_STATE"}}},
        {{"host", "A"},
         {"call", "ibv_modify_qp"},
         {"qp", "qpA"},
         {"attr",
          {{"qp_state", "IBV_QPS_INIT"}, {"pkey_index", 0}, {"port_num", 2}, {"qp_access_flags", sim::Json::array()}}},
         {"attr_mask", {"IBV_QP_STATE", "IBV_QP_PKEY_INDEX", "IBV_QP_PORT", "IBV_QP_ACCESS_FLAGS"}}},
    });
    script.insert(at, refused.begin(), refused.end());
    return scenario;
}

}  // namespace

class ChineseNarrationTest : public QObject {
    Q_OBJECT

    views::SceneRegistry m_registry = app::allScenes();
    views::Language m_language;
    int m_sentences = 0;
    QSet<QString> m_reasonsSeen;

    /// Narrates the steps of a run in zh_CN and checks each sentence: every step
    /// of a small run; of a big one (a NoC run has millions of flit moves) the
    /// steps up to kEventsPerRun events and the last kTailSteps, where it ends.
    void narrateRun(const views::SceneDescriptor& scene, sim::Session& session, const QString& label) {
        constexpr std::size_t kEventsPerRun = 20000, kTailSteps = 200;
        session.runToEnd(scene.model.stepCap);
        const std::size_t last = session.recordedSteps();
        std::size_t narrated = 0;
        for (std::size_t n = 1; n <= last; ++n) {
            if (narrated >= kEventsPerRun && n + kTailSteps <= last) n = last - kTailSteps + 1;
            const auto records = session.eventRecords(n);
            narrated += records.size();
            for (const auto& record : records) {
                const QString sentence = scene.narrate(record);
                const QString where = QStringLiteral("%1 step %2 %3: %4")
                                          .arg(label)
                                          .arg(n)
                                          .arg(QString::fromStdString(record.kind), sentence);
                QVERIFY2(englishIn(sentence).isEmpty(),
                         qPrintable(where + QStringLiteral(" — ") + englishIn(sentence)));
                QVERIFY2(typographyIn(sentence).isEmpty(),
                         qPrintable(where + QStringLiteral(" — ") + typographyIn(sentence)));
                for (const auto& [key, value] : record.fields.items()) {
                    if (!key.ends_with("_text")) continue;
                    const auto english = record.fields.find(key.substr(0, key.size() - 5));
                    if (english == record.fields.end() || !english->is_string()) continue;
                    const QString reason = QString::fromStdString(english->get<std::string>());
                    m_reasonsSeen << reason;
                    if (reason.contains(QLatin1Char(' ')))
                        QVERIFY2(!sentence.contains(reason),
                                 qPrintable(where + QStringLiteral(" — core's English: ") + reason));
                }
                ++m_sentences;
            }
            const QString joined = views::stepNarration(scene, session, n);
            QVERIFY2(typographyIn(joined).isEmpty(), qPrintable(label + QStringLiteral(": ") + typographyIn(joined)));
        }
    }

private slots:
    void initTestCase() { QCOMPARE(m_language.apply(QStringLiteral("zh_CN")), QStringLiteral("zh_CN")); }
    void cleanupTestCase() { m_language.apply(QStringLiteral("en")); }

    void theRuleCatchesEnglish() {
        // The checks themselves, on sentences the old build produced.
        QVERIFY(!englishIn(QStringLiteral("原因：illegal transition RESET → RTS。")).isEmpty());
        QVERIFY(!englishIn(QStringLiteral("报文 pkt/3 在到达主机 B 之前丢失（lost on the wire (fault drop_packet)）。"))
                     .isEmpty());
        QVERIFY(
            !englishIn(QStringLiteral("主机 B 的 HCA 把 8 字节写入 MR B/mr/buf 偏移 0 处（send data）。")).isEmpty());
        QVERIFY(!englishIn(QStringLiteral("Host A's CPU calls ibv_post_send (script entry 3).")).isEmpty());
        QVERIFY(englishIn(QStringLiteral("主机 A 上的 ibv_post_send 返回 EINVAL。原因：IBV_QP_AV 缺失。")).isEmpty());
        QVERIFY(englishIn(QStringLiteral("%1 的响应端针对 PSN 0x00000a 发送 NAK：ERR_RKEY_VIOLATION。")).isEmpty());
        QVERIFY(!typographyIn(QStringLiteral("返回 EINVAL。 原因：")).isEmpty());
        QVERIFY(!typographyIn(QStringLiteral("%1 的 requester取出 WQE")).isEmpty());
        QVERIFY(!typographyIn(QStringLiteral("HCA (RDMA 网卡)")).isEmpty());
        QVERIFY(!typographyIn(QStringLiteral("完成队列（CQ）（3 µs）")).isEmpty());
        QVERIFY(!typographyIn(QStringLiteral("内核 —— ibv_open_device")).isEmpty());
        QVERIFY(!typographyIn(QStringLiteral("退避 4.096 us")).isEmpty());
        QVERIFY(typographyIn(QStringLiteral("主机 A 的 HCA（RDMA 网卡）写入 CQE——没有中断，约 2.5 µs。")).isEmpty());
    }

    void everyBundledScenarioAndLessonNarratesInChinese() {
        for (const auto& scene : m_registry.scenes()) {
            const QString id = QString::fromStdString(scene.model.id);
            auto defaults = tests::sceneSession(scene, std::nullopt);
            QVERIFY2(defaults, qPrintable(id));
            narrateRun(scene, *defaults, id + QStringLiteral(" defaults"));
            for (const QString& path : tests::scenarioPaths(scene)) {
                auto session = tests::sceneSession(scene, path);
                QVERIFY2(session, qPrintable(path));
                narrateRun(scene, *session, path);
                if (QTest::currentTestFailed()) return;
            }
        }
        QVERIFY(m_sentences > 1000);
        // The runs did meet reasons made in core: a drop, a NAK, a QP error.
        QVERIFY2(m_reasonsSeen.contains(QStringLiteral("lost on the wire (fault drop_packet)")),
                 qPrintable(QStringList(m_reasonsSeen.values()).join(QStringLiteral(" | "))));
        QVERIFY(m_reasonsSeen.contains(QStringLiteral("ERR_RKEY_VIOLATION")));
    }

    void refusedModifyQpIsExplainedInChinese() {
        const views::SceneDescriptor* scene = m_registry.find(QStringLiteral("rdma"));
        QVERIFY(scene);
        const sim::Json scenario = illegalModifyScenario(*scene);
        QVERIFY(scenario.is_object());
        auto session = tests::sceneSession(*scene, scenario);
        QVERIFY(session);
        narrateRun(*scene, *session, QStringLiteral("illegal ibv_modify_qp"));
        QStringList refusals;
        for (std::size_t n = 1; n <= session->recordedSteps(); ++n)
            for (const auto& record : session->eventRecords(n))
                if (record.kind == "call_returned" && record.fields.value("ret", sim::Json()) != sim::Json(0) &&
                    record.fields.contains("detail_text"))
                    refusals << scene->narrate(record);
        QVERIFY2(refusals.size() >= 3, qPrintable(refusals.join(QLatin1Char('\n'))));
        // Worked out from qp_state_table: RESET → RTS is not a cell; RESET → INIT needs three more bits.
        QVERIFY2(refusals[0].contains(QStringLiteral("IBV_QPS_RESET → IBV_QPS_RTS")) &&
                     refusals[0].contains(QStringLiteral("非法")),
                 qPrintable(refusals[0]));
        QVERIFY2(
            refusals[1].contains(QStringLiteral("IBV_QP_PKEY_INDEX")) && refusals[1].contains(QStringLiteral("缺少")),
            qPrintable(refusals[1]));
        QVERIFY2(refusals[2].contains(QStringLiteral("port_num")), qPrintable(refusals[2]));
        for (const QString& refusal : refusals) QVERIFY2(!refusal.contains(QStringLiteral("。 ")), qPrintable(refusal));
    }

    void everyLessonStepReadsAsChinese() {
        for (const auto& scene : m_registry.scenes())
            for (const QString& path : tests::lessonPaths(scene)) {
                auto lesson = views::loadLesson(path);
                QVERIFY2(lesson, qPrintable(path));
                int n = 0;
                for (const auto& step : lesson.value().steps) {
                    ++n;
                    for (const auto* text : {&step.narration, &step.question, &step.answer}) {
                        const QString zh = text->value(QStringLiteral("zh_CN"));
                        if (text->isEmpty()) continue;
                        const QString where = QStringLiteral("%1 #%2 (step %3): ").arg(path).arg(n).arg(step.step);
                        QVERIFY2(!zh.isEmpty(), qPrintable(where + QStringLiteral("no zh_CN")));
                        QVERIFY2(typographyIn(zh).isEmpty(), qPrintable(where + typographyIn(zh)));
                        for (const char* banned : {"被 poll", "poll 到", "pin 住", "地址翻译", "这就是 kernel bypass",
                                                   "的 requester", "的 responder", "的 completer", "标配"})
                            QVERIFY2(!zh.contains(QString::fromUtf8(banned)),
                                     qPrintable(where + QString::fromUtf8(banned)));
                    }
                }
            }
    }
    void perftestModelDescriptionIsChinese() {
        // The perftest model's description read English in the Chinese UI.
        views::PerftestChartWidget widget;
        QCoreApplication::processEvents();
        QString note;
        for (const QLabel* label : widget.findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("ib_send_lat"))) note = label->text();
        QVERIFY2(!note.isEmpty(), "no label carries the model description");
        QVERIFY2(note.contains(QStringLiteral("模型估算，非实测")) && note.contains(QStringLiteral("延迟 = 投递")),
                 qPrintable(note));
        QVERIFY2(!note.contains(QStringLiteral("Latency = post")), qPrintable(note));
    }
};

QTEST_MAIN(ChineseNarrationTest)
#include "tst_views_zh_narration.moc"
