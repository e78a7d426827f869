#include "command.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <charconv>

namespace portalkit::cli {
namespace {

void appendNumber(QByteArray& out, std::uint32_t value) {
    char digits[10];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end - digits);
}

// A string as Qt's JSON writer quotes it. Type names are plain identifiers and go straight in;
// anything needing an escape goes through Qt, so the two can never disagree.
void appendJsonString(QByteArray& out, std::string_view text) {
    const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
        return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
    });
    if (!plain) {
        const QByteArray array =
            QJsonDocument(QJsonArray{QString::fromUtf8(text.data(), qsizetype(text.size()))})
                .toJson(QJsonDocument::Compact);
        out += array.mid(1, array.size() - 2); // without the brackets
        return;
    }
    out += '"';
    out.append(text.data(), qsizetype(text.size()));
    out += '"';
}

// One entry exactly as QJsonDocument's compact form of the object {id, type, size, offset,
// flags, date, iteration} reads, keys in Qt's sorted order, which is what ls printed before
// it wrote the line itself: a QJsonDocument per line took most of a cell DAT's listing time.
void appendJsonEntry(QByteArray& out, const dat::EntryInfo& entry, std::string_view type) {
    out += "{\"date\":";
    appendNumber(out, entry.date);
    out += ",\"flags\":";
    appendNumber(out, entry.flags);
    out += ",\"id\":";
    appendJsonString(out, dat::formatDid(entry.id));
    out += ",\"iteration\":";
    appendNumber(out, entry.iteration);
    out += ",\"offset\":";
    appendNumber(out, entry.offset);
    out += ",\"size\":";
    appendNumber(out, entry.size);
    out += ",\"type\":";
    appendJsonString(out, type);
    out += '}';
}

} // namespace

int runLs(const QStringList& arguments) {
    DatCommand command(
        "Lists a DAT's entries in ascending id order.",
        {TypeFilter::option(), jsonOption("Print one JSON array of entry objects.")});
    if (auto exit = command.open(arguments))
        return *exit;
    auto& [parser, dat] = command;
    const auto filter = TypeFilter::fromParser(parser, dat->kind());
    if (!filter)
        return kUsageOrIo;

    // Streamed a chunk at a time: a cell DAT has 805k entries, and one QJsonArray or string of
    // them all would cost hundreds of MB.
    const bool json = parser.isSet("json");
    QByteArray chunk;
    bool first = true;
    auto flush = [&](bool always) {
        if (always || chunk.size() > (1 << 20)) {
            writeOut(chunk);
            chunk.clear();
        }
    };
    if (json)
        chunk += "[";
    for (const auto& entry : dat->entries()) {
        const auto name = dat::typeName(dat->kind(), entry.id);
        if (!filter->accepts(name))
            continue;
        if (json) {
            chunk += first ? "\n" : ",\n";
            appendJsonEntry(chunk, entry, name);
        } else {
            chunk += QStringLiteral("%1  %2 %3 %4\n")
                         .arg(didText(entry.id))
                         .arg(QString::fromUtf8(name.data(), qsizetype(name.size())), -20)
                         .arg(entry.size, 10)
                         .arg(entry.compressed() ? "zlib" : "")
                         .toUtf8();
        }
        first = false;
        flush(false);
    }
    if (json)
        chunk += "\n]\n";
    flush(true);
    return kSuccess;
}

} // namespace portalkit::cli
