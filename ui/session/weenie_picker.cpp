#include "ui/session/weenie_picker.h"

#include "preview/core/physics_state.h"
#include "ui/widgets/world_data.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStringListModel>

namespace portalkit::ui {
namespace {

// The CreateObject's PhysicsDesc keys for the weenie's DID properties, in the wire's order.
struct TableKey {
    std::uint16_t property;
    const char* key;
};
constexpr TableKey kTables[] = {
    {weenies::did::kMotionTable, "motionTableId"},
    {weenies::did::kSoundTable, "soundTableId"},
    {weenies::did::kPhysicsEffectTable, "physicsScriptTableId"},
};

} // namespace

QString weenieLabel(const weenies::Weenie& weenie) {
    return QStringLiteral("%1 (%2)")
        .arg(weenie.name.isEmpty() ? weenie.className : weenie.name)
        .arg(weenie.wcid);
}

QString weenieTables(const weenies::Weenie& weenie) {
    QStringList brought;
    for (const std::uint16_t property :
         {weenies::did::kSetup, weenies::did::kMotionTable, weenies::did::kSoundTable,
          weenies::did::kPhysicsEffectTable})
        if (const std::uint32_t id = weenie.did(property)) {
            const auto name = weenies::didPropertyName(property);
            brought << QStringLiteral("%1 %2").arg(
                QLatin1String(name.data(), qsizetype(name.size())), weenies::hexId(id));
        }
    return brought.join(QStringLiteral(", "));
}

std::optional<QJsonObject> weenieScenario(const weenies::Weenie& weenie) {
    const std::uint32_t setup = weenie.did(weenies::did::kSetup);
    if (!setup)
        return std::nullopt;
    QJsonObject physics{
        {"setupId", weenies::hexId(setup)},
        {"state", weenies::hexId(preview::state::kDefault)}, // as a Setup shown alone
        {"position", QJsonObject{{"cellId", "0xA9B40001"},
                                 {"origin", QJsonArray{0, 0, 0}},
                                 {"orientation", QJsonArray{1, 0, 0, 0}}}},
        {"timestamps", QJsonObject{{"Instance", 1}, {"Position", 1}, {"State", 1}, {"Vector", 1}}},
    };
    for (const TableKey& table : kTables)
        if (const std::uint32_t id = weenie.did(table.property))
            physics[QLatin1String(table.key)] = weenies::hexId(id);
    const QJsonObject create{
        {"name", "CreateObject"}, {"guid", "0x80000001"}, {"physics", physics}};
    return QJsonObject{
        {"name", weenieLabel(weenie)},
        {"about",
         QStringLiteral("Weenie %1 (%2) created as the server's CreateObject brings it: %3.")
             .arg(weenie.wcid)
             .arg(weenie.className, weenieTables(weenie))},
        {"duration", 5.0},
        {"dt", 0.04},
        {"seed", 1},
        {"world", QJsonObject{{"ground", QJsonObject{{"height", 0}}}}},
        {"messages", QJsonArray{QJsonObject{{"t", 0}, {"message", create}}}},
    };
}

QString writeWeenieScenario(const weenies::Weenie& weenie, const QString& folder, QString* why) {
    const auto scenario = weenieScenario(weenie);
    if (!scenario) {
        if (why)
            *why = QObject::tr("%1 has no Setup to create").arg(weenieLabel(weenie));
        return {};
    }
    const QString path = QDir(folder).filePath(QStringLiteral("weenie-%1.json").arg(weenie.wcid));
    QFile file(path);
    if (!QDir().mkpath(folder) || !file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(QJsonDocument(*scenario).toJson()) < 0) {
        if (why)
            *why = QObject::tr("%1: cannot write: %2").arg(path, file.errorString());
        return {};
    }
    return path;
}

WeeniePicker::WeeniePicker(QWidget* parent)
    : QWidget(parent), m_edit(new QLineEdit(this)), m_create(new QPushButton(tr("Create"), this)),
      m_completer(new QCompleter(this)), m_suggestions(new QStringListModel(this)) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_edit, 1);
    row->addWidget(m_create);
    m_create->setToolTip(tr("Create the weenie with its Setup, MotionTable, SoundTable and "
                            "PhysicsEffectTable, as a CreateObject brings them"));
    // The names come from the index as the text changes; the completer only shows them.
    m_completer->setModel(m_suggestions);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchContains);
    m_completer->setMaxVisibleItems(12);
    m_edit->setCompleter(m_completer);
    connect(m_edit, &QLineEdit::textEdited, this,
            [this](const QString& text) { m_suggestions->setStringList(suggestions(text)); });
    connect(m_completer, qOverload<const QString&>(&QCompleter::activated), this,
            [this](const QString& text) {
                m_edit->setText(text);
                pickFromInput();
            });
    connect(m_edit, &QLineEdit::returnPressed, this, [this] {
        if (!m_completer->popup()->isVisible()) // else activated() picks
            pickFromInput();
    });
    connect(m_create, &QPushButton::clicked, this, &WeeniePicker::pickFromInput);
    updateEnabled();
}

void WeeniePicker::setWorldData(WorldData* world) {
    if (m_world == world)
        return;
    if (m_world)
        disconnect(m_world, nullptr, this, nullptr);
    m_world = world;
    if (m_world)
        connect(m_world, &WorldData::loaded, this, &WeeniePicker::updateEnabled);
    updateEnabled();
}

WorldData* WeeniePicker::world() {
    if (!m_world)
        setWorldData(WorldData::of(this));
    return m_world;
}

void WeeniePicker::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    world();
}

void WeeniePicker::updateEnabled() {
    const bool open = m_world && m_world->isOpen();
    m_edit->setPlaceholderText(open ? tr("name or WCID") : tr("no world data open"));
    m_edit->setToolTip(open ? tr("A weenie of %1").arg(m_world->source())
                            : tr("File → Open World Data… names the weenies"));
    m_edit->setEnabled(open);
    m_create->setEnabled(open);
}

QStringList WeeniePicker::suggestions(const QString& text) {
    QStringList out;
    if (WorldData* data = world())
        for (const weenies::Weenie& weenie : data->search(text, kSuggestions))
            out << weenieLabel(weenie);
    return out;
}

std::optional<weenies::Weenie> WeeniePicker::resolve(const QString& text, QString* why) {
    const auto fail = [why](const QString& message) {
        if (why)
            *why = message;
        return std::nullopt;
    };
    WorldData* data = world();
    if (!data || !data->isOpen())
        return fail(tr("no world data is open (File → Open World Data…)"));
    const QString trimmed = text.trimmed();
    // The completion's "Name (WCID)": the WCID decides, whatever the name.
    static const QRegularExpression labelled(QStringLiteral("\\((\\d+)\\)$"));
    const QRegularExpressionMatch match = labelled.match(trimmed);
    bool number = false;
    const std::uint32_t wcid =
        match.hasMatch() ? match.captured(1).toUInt(&number) : trimmed.toUInt(&number, 10);
    if (number) {
        if (auto weenie = data->weenie(wcid))
            return weenie;
        return fail(tr("no weenie has WCID %1").arg(wcid));
    }
    const auto found = data->search(trimmed, 1);
    if (found.empty())
        return fail(tr("no weenie is named like '%1'").arg(trimmed));
    return found.front();
}

bool WeeniePicker::pickFromInput() {
    QString why;
    const auto weenie = resolve(m_edit->text(), &why);
    if (!weenie) {
        Q_EMIT failed(why);
        return false;
    }
    m_edit->setText(weenieLabel(*weenie));
    Q_EMIT picked(*weenie);
    return true;
}

} // namespace portalkit::ui
