#pragma once

#include "datreader/container/dat_file.h"

#include <QAbstractTableModel>
#include <memory>

namespace portalkit::ui {

// The entries of one (shared, read-only) DAT as a table: id, type, size, flags, date, iteration.
class EntryTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Id, Type, Size, Compressed, Date, Iteration, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setDat(std::shared_ptr<const dat::DatFile> dat);
    const std::shared_ptr<const dat::DatFile>& dat() const { return m_dat; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    std::shared_ptr<const dat::DatFile> m_dat;
};

} // namespace portalkit::ui
