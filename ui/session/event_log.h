#pragma once

// The event log (docs/studio.md): every event the session's runtime publishes, in order, as
// time, owner, type and a summary of its fields as the trace spells them. It follows the clock: a
// seek back or a new scene clears it and the replay refills it. A type filter narrows what is
// shown; per-frame samples (particles, physics, anim_frame) are left out unless asked for. It keeps
// the latest capacity() events: a looping effect left running must not grow it without bound.

#include "preview/core/events.h"

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QStringList>
#include <QWidget>
#include <deque>
#include <set>

class QComboBox;
class QLabel;
class QTableView;

namespace portalkit::ui {

class StudioSession;

class EventLogModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Time, Owner, Type, Summary, ColumnCount };

    // Over 1.5 hours of the demo recall looping: about 32 events a second, samples included.
    static constexpr std::size_t kDefaultCapacity = 200'000;

    explicit EventLogModel(QObject* parent = nullptr, std::size_t capacity = kDefaultCapacity);

    void append(const preview::Event& event);
    void clear();
    // Exact type to show; empty: all but the hidden per-frame types.
    void setTypeFilter(const QString& type);
    QString typeFilter() const { return m_filter; }
    void setShowSamples(bool show);
    bool showSamples() const { return m_showSamples; }
    static bool isSample(const preview::Event& event);
    // key=value, … of trace fields, cut to a table cell's length.
    static QString summary(const QJsonObject& fields);

    std::size_t capacity() const { return m_capacity; }
    // Events dropped, oldest first, to stay within capacity() since the last clear().
    std::size_t droppedCount() const { return m_dropped; }
    const std::deque<preview::Event>& allEvents() const { return m_all; }
    const preview::Event& eventAt(int row) const {
        return m_all[m_rows[std::size_t(row)] - m_dropped];
    }
    const std::set<QString>& types() const { return m_types; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  Q_SIGNALS:
    void typeSeen(const QString& type);

  private:
    bool accepts(const preview::Event& event) const;
    void rebuildRows();

    void dropOldest();

    std::size_t m_capacity;
    std::size_t m_dropped = 0;
    std::deque<preview::Event> m_all;
    std::deque<std::size_t> m_rows; // sequence numbers (m_all index + m_dropped) shown
    std::set<QString> m_types;
    QString m_filter;
    bool m_showSamples = false;
};

class EventLog : public QWidget {
    Q_OBJECT
  public:
    explicit EventLog(StudioSession* session, QWidget* parent = nullptr);

    EventLogModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QComboBox* filterCombo() const { return m_filter; }
    // The rows shown, as events (filtered, in order).
    std::vector<preview::Event> shownEvents() const;

  public Q_SLOTS:
    void setTypeFilter(const QString& type); // "" for all
    void setShowSamples(bool show);

  private:
    void followClock();

    StudioSession* m_session;
    EventLogModel* m_model;
    QTableView* m_view;
    QComboBox* m_filter;
    QLabel* m_count;
    bool m_atBottom = true;
};

} // namespace portalkit::ui
