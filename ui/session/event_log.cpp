#include "ui/session/event_log.h"

#include "preview/scene/trace.h"
#include "ui/session/studio_session.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {

namespace {

constexpr int kSummaryLimit = 240;

QString valueText(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Double: {
        // Whole numbers whole (an emitter id of 1000000, not 1e+06); reals to six digits.
        const double number = value.toDouble();
        if (number == std::trunc(number) && std::abs(number) < 1e15)
            return QString::number(qint64(number));
        return QString::number(number, 'g', 6);
    }
    case QJsonValue::Bool:
        return value.toBool() ? "true" : "false";
    case QJsonValue::Null:
        return "null";
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    default:
        return {};
    }
}

QString typeOf(const preview::Event& event) {
    const std::string_view name = preview::eventName(event);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

} // namespace

EventLogModel::EventLogModel(QObject* parent, std::size_t capacity)
    : QAbstractTableModel(parent), m_capacity(std::max<std::size_t>(capacity, 1)) {}

bool EventLogModel::isSample(const preview::Event& event) {
    // A transition that met nothing is one more frame of flight; one that hit, refused or was
    // refused entry is an event worth a row.
    if (const auto* t = event.as<preview::TransitionDone>())
        return t->ok && !t->hit && !t->restricted && !t->refused;
    return event.is<preview::ParticlesSampled>() || event.is<preview::PhysicsQuantum>() ||
           event.is<preview::AnimFrameShown>();
}

QString EventLogModel::summary(const QJsonObject& fields) {
    QStringList parts;
    for (auto it = fields.begin(); it != fields.end(); ++it) {
        // A hook's part index is stored unsigned; all ones is the client's -1, the whole object
        // (the trace keeps the stored number).
        const bool wholeObject =
            it.key() == QLatin1String("partIndex") && it.value().toDouble() == 4294967295.0;
        parts << it.key() + '=' + (wholeObject ? QStringLiteral("-1") : valueText(it.value()));
    }
    QString text = parts.join(QStringLiteral(", "));
    if (text.size() > kSummaryLimit)
        text = text.left(kSummaryLimit - 1) + QChar(0x2026);
    return text;
}

bool EventLogModel::accepts(const preview::Event& event) const {
    if (!m_filter.isEmpty())
        return typeOf(event) == m_filter;
    return m_showSamples || !isSample(event);
}

void EventLogModel::append(const preview::Event& event) {
    if (m_all.size() == m_capacity)
        dropOldest();
    m_all.push_back(event);
    if (const QString type = typeOf(event); m_types.insert(type).second)
        Q_EMIT typeSeen(type);
    if (!accepts(event))
        return;
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.push_back(m_dropped + m_all.size() - 1);
    endInsertRows();
}

void EventLogModel::dropOldest() {
    if (!m_rows.empty() && m_rows.front() == m_dropped) {
        beginRemoveRows({}, 0, 0);
        m_rows.pop_front();
        endRemoveRows();
    }
    m_all.pop_front();
    ++m_dropped;
}

void EventLogModel::clear() {
    beginResetModel();
    m_all.clear();
    m_rows.clear();
    m_dropped = 0;
    endResetModel();
}

void EventLogModel::setTypeFilter(const QString& type) {
    if (type == m_filter)
        return;
    m_filter = type;
    rebuildRows();
}

void EventLogModel::setShowSamples(bool show) {
    if (show == m_showSamples)
        return;
    m_showSamples = show;
    rebuildRows();
}

void EventLogModel::rebuildRows() {
    beginResetModel();
    m_rows.clear();
    for (std::size_t i = 0; i < m_all.size(); ++i)
        if (accepts(m_all[i]))
            m_rows.push_back(m_dropped + i);
    endResetModel();
}

int EventLogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int EventLogModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const preview::Event& event = eventAt(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Time:
            return QString::number(event.t, 'f', 3);
        case Owner:
            return event.owner ? QVariant(qulonglong(event.owner)) : QVariant(QString());
        case Type:
            return typeOf(event);
        case Summary:
            return summary(preview::traceFields(event));
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Summary)
        return QString::fromUtf8(
            QJsonDocument(preview::traceFields(event)).toJson(QJsonDocument::Indented));
    if (role == Qt::TextAlignmentRole && index.column() <= Owner)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time:
        return tr("Time (s)");
    case Owner:
        return tr("Owner");
    case Type:
        return tr("Type");
    case Summary:
        return tr("Fields");
    }
    return {};
}

EventLog::EventLog(StudioSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new EventLogModel(this)),
      m_view(new QTableView(this)), m_filter(new QComboBox(this)), m_count(new QLabel(this)) {
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 4);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_view->setColumnWidth(EventLogModel::Time, 70);
    m_view->setColumnWidth(EventLogModel::Owner, 50);
    m_view->setColumnWidth(EventLogModel::Type, 140);

    m_filter->addItem(tr("All types"), QString());
    m_filter->setToolTip(tr("Show only one event type"));
    auto* samples = new QCheckBox(tr("Per-frame samples"), this);
    samples->setToolTip(tr("Also list particles, physics and anim_frame events"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Type"), this));
    bar->addWidget(m_filter, 1);
    bar->addWidget(samples);
    bar->addWidget(m_count);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_model, &EventLogModel::typeSeen, this, [this](const QString& type) {
        if (m_filter->findData(type) >= 0)
            return;
        // Kept sorted after the "All types" entry.
        int at = 1;
        while (at < m_filter->count() && m_filter->itemText(at) < type)
            ++at;
        m_filter->insertItem(at, type, type);
    });
    connect(m_filter, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setTypeFilter(m_filter->currentData().toString()); });
    connect(samples, &QCheckBox::toggled, this, &EventLog::setShowSamples);
    connect(m_session, &StudioSession::eventPublished, m_model, &EventLogModel::append);
    connect(m_session, &StudioSession::sceneReset, m_model, &EventLogModel::clear);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this](int value) { m_atBottom = value >= m_view->verticalScrollBar()->maximum(); });
    // Once per batch of frames, not per event.
    connect(m_session, &StudioSession::timeChanged, this, &EventLog::followClock);
}

void EventLog::followClock() {
    m_count->setText(m_model->droppedCount() ? tr("%1 shown, the %2 oldest dropped")
                                                   .arg(m_model->rowCount())
                                                   .arg(m_model->droppedCount())
                                             : tr("%1 shown").arg(m_model->rowCount()));
    if (m_atBottom)
        m_view->scrollToBottom();
}

void EventLog::setTypeFilter(const QString& type) {
    const int index = m_filter->findData(type);
    if (index >= 0) {
        m_filter->setCurrentIndex(index);
    } else {
        m_filter->addItem(type, type);
        m_filter->setCurrentIndex(m_filter->count() - 1);
    }
}

void EventLog::setShowSamples(bool show) {
    m_model->setShowSamples(show);
}

std::vector<preview::Event> EventLog::shownEvents() const {
    std::vector<preview::Event> out;
    for (int row = 0; row < m_model->rowCount(); ++row)
        out.push_back(m_model->eventAt(row));
    return out;
}

} // namespace portalkit::ui
