// The typed event kinds: each has one stable name, the trace spells each under that name, the
// schema table of docs/preview.md lists every one, and the recorder hands them back by kind.

#include "preview/core/events.h"
#include "preview/scene/trace.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLatin1String>
#include <QObject>
#include <QRegularExpression>
#include <QRegularExpressionMatch>
#include <QSet>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

template <std::size_t... I> std::vector<EventKind> everyKind(std::index_sequence<I...>) {
    return {EventKind(std::in_place_index<I>)...};
}

// One default-built event of every kind, in variant order.
std::vector<EventKind> everyKind() {
    return everyKind(std::make_index_sequence<std::variant_size_v<EventKind>>());
}

QString nameText(std::string_view name) {
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

// The names in the first column of the "## Events" table of docs/preview.md.
QSet<QString> documentedNames() {
    QFile file(QStringLiteral(PORTALKIT_DOCS "/preview.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype start = text.indexOf(QLatin1String("\n## Events\n"));
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf(QLatin1String("\n## "), start + 1);
    QSet<QString> names;
    static const QRegularExpression code(QStringLiteral("`([a-z_]+)`"));
    for (const QString& line : text.mid(start, end - start).split('\n')) {
        if (!line.startsWith(QLatin1String("| `")))
            continue;
        const QString firstCell = line.section('|', 1, 1);
        for (const QRegularExpressionMatch& match : code.globalMatch(firstCell))
            names.insert(match.captured(1));
    }
    return names;
}

QJsonObject traced(const EventKind& what) {
    return QJsonDocument::fromJson(traceLine(Event{1.5, 7, what})).object();
}

} // namespace

class TestEvents : public QObject {
    Q_OBJECT
  private slots:
    void everyKindHasOneSnakeCaseName() {
        QSet<QString> seen;
        static const QRegularExpression snake(QStringLiteral("^[a-z]+(_[a-z]+)*$"));
        for (const std::string_view name : kEventNames) {
            QVERIFY2(snake.match(nameText(name)).hasMatch(), name.data());
            QVERIFY2(!seen.contains(nameText(name)), name.data());
            seen.insert(nameText(name));
        }
        QCOMPARE(qsizetype(seen.size()), qsizetype(std::variant_size_v<EventKind>));
        QVERIFY(eventName(Event{0, 0, ScriptQueued{}}) == "script_queued");
        QVERIFY(eventName(Event{0, 0, EmitterStopped{}}) == EmitterStopped::kName);
    }

    // The schema in docs/preview.md names every kind, and nothing that is not one.
    void theDocsTableListsEveryKind() {
        const QSet<QString> documented = documentedNames();
        QVERIFY2(!documented.isEmpty(), "no Events table in " PORTALKIT_DOCS "/preview.md");
        QSet<QString> kinds;
        for (const std::string_view name : kEventNames) {
            kinds.insert(nameText(name));
            QVERIFY2(documented.contains(nameText(name)),
                     qPrintable("docs/preview.md#events does not list " + nameText(name)));
        }
        for (const QString& name : documented)
            QVERIFY2(kinds.contains(name),
                     qPrintable("docs/preview.md#events lists " + name + ", which is no event"));
    }

    void everyKindTracesUnderItsName() {
        for (const EventKind& what : everyKind()) {
            const QByteArray line = traceLine(Event{1.5, 7, what});
            QVERIFY2(line.startsWith("{\"t\":1.5,\"owner\":7,\"event\":\"") && line.endsWith("}\n"),
                     line.constData());
            const QJsonObject object = traced(what);
            QCOMPARE(object.value("event").toString(), nameText(eventName(what)));
            QCOMPARE(object.value("owner").toInt(), 7);
            // The fields are the event's own: t, owner and event are the line's.
            const QJsonObject fields = traceFields(Event{1.5, 7, what});
            QVERIFY(!fields.contains("t") && !fields.contains("event"));
            QCOMPARE(qsizetype(object.size()), qsizetype(fields.size() + 3));
        }
    }

    // Reals as the shortest decimal of the float, non-finite ones by name; ids as hex.
    void realsIdsAndOptionalsKeepTheirSpelling() {
        AppearanceChanged appearance{AppearanceProperty::Translucency, 0.8f, 0, std::nullopt};
        QCOMPARE(traced(appearance).value("value").toDouble(), 0.8);
        QVERIFY(!traced(appearance).contains("part"));
        appearance.part = -1;
        QCOMPARE(traced(appearance).value("part").toInt(), -1);
        appearance.value = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(traced(appearance).value("value").toString(), QString("nan"));
        appearance.value = -std::numeric_limits<float>::infinity();
        QCOMPARE(traced(appearance).value("value").toString(), QString("-inf"));
        appearance = {AppearanceProperty::GfxObj, 0, 0x01000099, 2};
        QCOMPARE(traced(appearance).value("value").toString(), QString("0x01000099"));

        TableResolved resolved{4, 0.5f, std::nullopt, 0x3300011C, std::nullopt};
        const QJsonObject object = traced(resolved);
        QVERIFY(object.value("table").isNull());
        QCOMPARE(object.value("result").toString(), QString("0x3300011C"));
        QCOMPARE(object.value("typeName").toString(), QString("Launch"));
        QVERIFY(!object.contains("reason"));

        const QJsonObject created = traced(EmitterCreated{{0x3200078E, 19, -1, Vec3{1, 2, 3}}});
        QCOMPARE(created.value("anchor").toArray(), (QJsonArray{1, 2, 3}));
        QCOMPARE(created.value("id").toInt(), 19);
    }

    void theRecorderHandsKindsBackInOrder() {
        Events events;
        QVERIFY(!events.active());
        events.publish(0.0, 1, ScriptQueued{0x33000001, 0, 0}); // nobody listens: dropped
        EventRecorder recorder(events);
        QVERIFY(events.active());
        events.publish(0.5, 2, ScriptQueued{0x33000002, 0.5, 0});
        events.publish(0.6, 2, ScriptStarted{0x33000002, 0.5});
        events.publish(0.7, 3, ScriptQueued{0x33000003, 0.7, 1});
        QCOMPARE(recorder.all().size(), std::size_t(3));
        const auto queued = recorder.ofKind<ScriptQueued>();
        QCOMPARE(queued.size(), std::size_t(2));
        QCOMPARE(queued[0].what.script, 0x33000002u);
        QCOMPARE(queued[1].t, 0.7);
        QCOMPARE(queued[1].owner, 3u);
        QCOMPARE(queued[1].what.position, std::size_t(1));
        QVERIFY(recorder.all()[1].is<ScriptStarted>());
        QVERIFY(!recorder.all()[1].as<ScriptQueued>());
    }
};

QTEST_APPLESS_MAIN(TestEvents)
#include "tst_events.moc"
