#pragma once

// The shared narration plumbing of every scene: a table from each event kind
// the engine can emit to the function that says it, the translation of texts
// core made at run time (sim::Text), and joining sentences the way each
// language joins them.

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim/event_record.h"
#include "sim/text.h"

namespace commviz::views {

/// One scene's sentences, keyed by the engine's kind constants
/// (`rdma::WrPosted::kKind`), so a misspelt kind does not compile and a kind
/// without a sentence is found by comparing kinds() with the engine's list.
class NarrationTable {
public:
    using Sentence = QString (*)(const sim::EventRecord&);
    /// How a caption summary counts n events of one kind ("%n packets sent").
    using Count = QString (*)(int n);
    struct Entry {
        std::string_view kind;
        Sentence sentence;
        Count count = nullptr;  ///< optional: without it the summary counts the kind among "other events"
    };

    NarrationTable(std::initializer_list<Entry> entries) {
        for (const Entry& e : entries) {
            m_sentences.emplace(std::string(e.kind), e.sentence);
            if (e.count) m_counts.emplace(std::string(e.kind), e.count);
        }
    }

    bool covers(const std::string& kind) const { return m_sentences.count(kind) != 0; }

    std::vector<std::string> kinds() const {
        std::vector<std::string> out;
        for (const auto& [kind, sentence] : m_sentences) out.push_back(kind);
        return out;
    }

    /// The sentence for one event; a kind the table lacks reads as unnarrated().
    QString narrate(const sim::EventRecord& record) const {
        const auto it = m_sentences.find(record.kind);
        return it != m_sentences.end() ? it->second(record) : unnarrated(record);
    }

    /// "3 packets sent" for n events of `kind`; empty when the table has no count for it.
    QString counted(const std::string& kind, int n) const {
        const auto it = m_counts.find(kind);
        return it != m_counts.end() ? it->second(n) : QString();
    }

    /// What an event without a sentence reads: "kind (anchor)".
    static QString unnarrated(const sim::EventRecord& record) {
        return QStringLiteral("%1 (%2)").arg(QString::fromStdString(record.kind),
                                             QString::fromStdString(record.anchor));
    }

private:
    std::map<std::string, Sentence> m_sentences;
    std::map<std::string, Count> m_counts;
};

/// "1 message sent" or "3 messages sent": English's plural by count, each
/// form translated (Chinese says both alike). `many` holds %1 for the count.
inline QString countedPhrase(int n, const QString& one, const QString& many) { return n == 1 ? one : many.arg(n); }

/// Sentences in a row: a space after Latin punctuation ("… wire. The …"), none
/// after full-width punctuation ("…线路。随后…"), as each script writes them.
inline QString joinSentences(const QStringList& sentences) {
    QString out;
    for (const QString& s : sentences) {
        if (s.isEmpty()) continue;
        if (!out.isEmpty() && out.back().unicode() < 0x2e80) out += QLatin1Char(' ');
        out += s;
    }
    return out;
}

/// A text core made at run time (sim::Text), translated: the template marked
/// with QT_TRANSLATE_NOOP in core, filled with its values, and the identifier
/// it is about in front when it names one.
inline QString translatedText(const sim::Text& text) {
    if (text.empty()) return {};
    QString out = text.context.empty() ? QString::fromStdString(text.source)
                                       : QCoreApplication::translate(text.context.c_str(), text.source.c_str());
    for (const std::string& arg : text.args) out = out.arg(QString::fromStdString(arg));
    if (text.subject.empty()) return out;
    return QCoreApplication::translate("commviz::views::NarrationTable", "%1: %2")
        .arg(QString::fromStdString(text.subject), out);
}

/// The same for a text in an event record: `fields[key_text]` holds it as JSON
/// (sim::Text::toJson); without it, `fields[key]` as it is.
inline QString translatedCoreText(const sim::Json& fields, const std::string& key) {
    const auto it = fields.find(key + "_text");
    if (it == fields.end() || !it->is_object()) {
        const auto plain = fields.find(key);
        return plain != fields.end() && plain->is_string() ? QString::fromStdString(plain->get<std::string>())
                                                           : QString();
    }
    sim::Text text{
        it->value("context", std::string()), it->value("text", std::string()), {}, it->value("subject", std::string())};
    if (const auto args = it->find("args"); args != it->end() && args->is_array())
        for (const auto& arg : *args) text.args.push_back(arg.is_string() ? arg.get<std::string>() : arg.dump());
    return translatedText(text);
}

}  // namespace commviz::views
