#include "command.h"
#include "datreader/io/dat_error.h"
#include "preview/wire/messages.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace portalkit::cli {

namespace {

// Hex digits with any spaces, newlines or '|' between them (the R5 fixtures' spelling).
std::optional<QByteArray> parseHex(const QString& text) {
    QByteArray digits;
    for (const QChar c : text) {
        if (c.isSpace() || c == '|')
            continue;
        if (!isxdigit(c.toLatin1()))
            return std::nullopt;
        digits.append(c.toLatin1());
    }
    if (digits.isEmpty() || digits.size() % 2 != 0)
        return std::nullopt;
    return QByteArray::fromHex(digits);
}

QString scalarText(const QJsonValue& value) {
    if (auto plain = plainScalar(value))
        return *plain;
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

bool isScalarArray(const QJsonArray& array) {
    for (const QJsonValue& value : array)
        if (value.isObject() || value.isArray())
            return false;
    return true;
}

// The JSON form as an indented tree: one "key: value" a line, nested objects beneath.
void appendTree(QString& out, const QJsonObject& object, int depth);

void appendValue(QString& out, const QString& key, const QJsonValue& value, int depth) {
    const QString indent(depth * 2, ' ');
    if (value.isObject()) {
        out += indent + key + ":\n";
        appendTree(out, value.toObject(), depth + 1);
    } else if (value.isArray() && isScalarArray(value.toArray())) {
        QStringList items;
        for (const QJsonValue& item : value.toArray())
            items << scalarText(item);
        out += indent + key + ": [" + items.join(", ") + "]\n";
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        out += indent + key + QStringLiteral(": %1 item(s)\n").arg(array.size());
        for (qsizetype i = 0; i < array.size(); ++i)
            appendValue(out, QStringLiteral("[%1]").arg(i), array.at(i), depth + 1);
    } else {
        out += indent + key + ": " + scalarText(value) + "\n";
    }
}

void appendTree(QString& out, const QJsonObject& object, int depth) {
    for (auto it = object.begin(); it != object.end(); ++it)
        appendValue(out, it.key(), it.value(), depth);
}

} // namespace

int runWire(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Decodes one captured game message body, opcode first: F754 PlayScriptId, F755 "
        "PlayScriptType, F74B SetState, F74E VectorUpdate, F747 DeleteObject, F748 "
        "UpdatePosition, or F745 CreateObject up to its ModelData and PhysicsDesc (the weenie "
        "description after it stays raw). Lengths are checked exactly; exit 1 names the "
        "malformed field and its byte offset. The --json form is the one scenario files embed.");
    parser.addPositionalArgument("decode", "The action (decode is the only one).");
    parser.addOption({"hex", "The message as hex; spaces and '|' are ignored.", "HEX"});
    parser.addOption({"file", "A file holding the message's raw bytes.", "FILE"});
    parser.addOption({"json", "Print one JSON object instead of a tree."});
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    if (parser.positionalArguments().at(0) != "decode") {
        printError("unknown action '" + parser.positionalArguments().at(0) +
                   "' (wire decode --hex HEX | --file FILE)");
        return kUsageOrIo;
    }
    if (parser.isSet("hex") == parser.isSet("file")) {
        printError("give exactly one of --hex HEX and --file FILE (see --help)");
        return kUsageOrIo;
    }
    QByteArray bytes;
    if (parser.isSet("hex")) {
        const auto parsed = parseHex(parser.value("hex"));
        if (!parsed) {
            printError("--hex wants an even number of hex digits (spaces and '|' allowed)");
            return kUsageOrIo;
        }
        bytes = *parsed;
    } else {
        QFile file(parser.value("file"));
        if (!file.open(QIODevice::ReadOnly)) {
            printError("cannot read " + parser.value("file") + ": " + file.errorString());
            return kUsageOrIo;
        }
        bytes = file.readAll();
    }

    preview::wire::Message message;
    try {
        message = preview::wire::decodeMessage(
            {reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())});
    } catch (const dat::DatError& error) {
        printError(QStringLiteral("malformed message (%1 bytes): byte offset %2, field %3: %4")
                       .arg(bytes.size())
                       .arg(QString::fromStdString(dat::formatOffset(error.offset())),
                            QString::fromStdString(error.field()),
                            QString::fromStdString(error.message())));
        return kCheckFailed;
    }
    const QJsonObject json = preview::wire::toJson(message);
    QString tree;
    appendTree(tree, json, 0);
    printResult(parser, QJsonDocument(json), tree);
    return kSuccess;
}

} // namespace portalkit::cli
