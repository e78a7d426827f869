#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/opaque_types.h"
#include "datreader/records/record_in_dat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {
namespace {

QString scalarText(const QJsonValue& value) {
    // Long strings are blobs (pixels, samples) in base64: a head is enough in a tree for people.
    constexpr qsizetype kLongest = 96;
    if (value.isString() && value.toString().size() > kLongest)
        return value.toString().left(48) +
               QStringLiteral("… (%1 characters; --json prints all)").arg(value.toString().size());
    return plainScalar(value).value_or("null");
}

bool isFlat(const QJsonArray& array) {
    return std::all_of(array.begin(), array.end(),
                       [](const QJsonValue& v) { return !v.isArray() && !v.isObject(); });
}

// An indented tree for people: objects as "key: value" lines, short scalar arrays inline.
void appendTree(QString& text, const QJsonValue& value, int depth, const QString& label) {
    const QString indent(depth * 2, ' ');
    const QString prefix = indent + (label.isEmpty() ? QString() : label + ": ");
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (!label.isEmpty())
            text += prefix.trimmed().isEmpty() ? QString() : indent + label + ":\n";
        const int inner = label.isEmpty() ? depth : depth + 1;
        // "type" and "id" first: they say what the rest is.
        for (const char* key : {"recordType", "type", "id"})
            if (object.contains(key))
                appendTree(text, object[key], inner, key);
        for (auto it = object.begin(); it != object.end(); ++it)
            if (it.key() != "recordType" && it.key() != "type" && it.key() != "id")
                appendTree(text, it.value(), inner, it.key());
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        if (isFlat(array) && array.size() <= 8) {
            QStringList items;
            for (const QJsonValue& item : array)
                items << scalarText(item);
            text += prefix + "[" + items.join(", ") + "]\n";
            return;
        }
        text += prefix + QStringLiteral("(%1)\n").arg(array.size());
        for (qsizetype i = 0; i < array.size(); ++i)
            appendTree(text, array[i], depth + 1, QStringLiteral("[%1]").arg(i));
    } else {
        text += prefix + scalarText(value) + "\n";
    }
}

} // namespace

int runShow(const QStringList& arguments) {
    DatCommand command("Decodes one entry and prints it as a tree, or as JSON.",
                       {jsonOption("Print the record as one JSON object.")});
    if (auto exit = command.parseEntry(arguments))
        return *exit;
    const QCommandLineParser& parser = command.parser;
    auto opened = command.openEntry();
    if (!opened)
        return kUsageOrIo;
    const dat::DatFile& dat = opened->dat;
    const std::uint32_t id = opened->entry.id;
    const auto type = dat::typeName(dat.kind(), id);
    QJsonObject object;
    try {
        const auto record = dat::decodeRecordIn(dat, id, dat.read(opened->entry));
        if (!record) {
            printError(QStringLiteral("%1 is a %2: %3")
                           .arg(didText(id), QString::fromUtf8(type.data()),
                                QString::fromStdString(dat::whyOpaque(type))));
            return kUsageOrIo;
        }
        object = dat::recordToJson(*record);
        // The type's name goes in "type", unless the record has a "type" of its own (a
        // Surface's flag word): then it is "recordType", so the JSON still imports back whole.
        object[object.contains("type") ? "recordType" : "type"] = QString::fromUtf8(type.data());
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kCheckFailed;
    }
    QString tree;
    appendTree(tree, object, 0, QString());
    printResult(parser, QJsonDocument(object), tree);
    return kSuccess;
}

} // namespace portalkit::cli
