#include "ui/widgets/world_data_view.h"

#include "ui/widgets/browser_dock.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/world_data.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QSet>
#include <QStatusBar>
#include <QTreeWidget>

namespace portalkit::ui {
namespace {

QString propertyName(std::uint16_t type) {
    const auto name = weenies::didPropertyName(type);
    return name.empty() ? QObject::tr("DID property %1").arg(type)
                        : QString::fromLatin1(name.data(), qsizetype(name.size()));
}

// One weenie under the Inspector's World data row, its DIDs beneath it.
void addWeenie(InspectorDock& dock, QTreeWidgetItem* parent, const weenies::Weenie& weenie,
               std::uint32_t shown) {
    auto* item = new QTreeWidgetItem(
        parent, {weenie.name.isEmpty() ? weenie.className : weenie.name,
                 QObject::tr("WCID %1 · %2").arg(weenie.wcid).arg(weenie.className)});
    for (const weenies::DidProperty& property : weenie.dids) {
        auto* did = new QTreeWidgetItem(
            item, {propertyName(property.type), weenies::hexId(property.value)});
        // The shown entry itself is not a link: following it would go nowhere.
        if (property.value == shown) {
            QFont font = did->font(1);
            font.setBold(true);
            did->setFont(1, font);
        } else {
            dock.addLink(did, RecordLink{property.value, LinkScope::NotCell});
        }
    }
}

void chooseSource(MainWindow& window, bool folder) {
    const QString source =
        folder ? QFileDialog::getExistingDirectory(&window,
                                                   QObject::tr("Open a folder of ACE SQL weenies"))
               : QFileDialog::getOpenFileName(
                     &window, QObject::tr("Open World Data"), QString(),
                     QObject::tr("World data (*.sqlite *.json *.sql);;Weenie index (*.sqlite);;"
                                 "JSON weenie export (*.json);;ACE SQL weenie file (*.sql);;"
                                 "All files (*)"));
    if (!source.isEmpty())
        window.openWorldData(source);
}

} // namespace

EntryNames entryNamesOf(const WorldData& world) {
    if (!world.isOpen())
        return {};
    const QPointer<const WorldData> data(&world);
    EntryNames names;
    names.label = [data](std::uint32_t id) { return data ? data->namesLabel(id) : QString(); };
    names.all = [data](std::uint32_t id) { return data ? data->namesOf(id) : QStringList(); };
    names.search = [data](const QString& text) {
        std::vector<NamedEntry> out;
        if (!data)
            return out;
        QSet<std::uint32_t> seen;
        // Each matching weenie's DIDs, the best-matching weenie's first.
        for (const weenies::Weenie& weenie : data->search(text, NameMatchList::kLimit))
            for (const weenies::DidProperty& property : weenie.dids)
                if (!seen.contains(property.value)) {
                    seen.insert(property.value);
                    out.push_back({property.value, data->namesLabel(property.value)});
                }
        return out;
    };
    return names;
}

void addWeenieRows(const WorldData& world, InspectorDock& dock, QTreeWidgetItem* root,
                   std::uint32_t id) {
    if (!world.isOpen())
        return;
    // Only the rows shown are read: an Icon or a SoundTable can be shared by thousands, and this
    // runs on the GUI thread for every entry selected.
    const std::size_t count = world.userCount(id);
    if (count == 0)
        return;
    const std::vector<weenies::Weenie> users = world.usersOf(id, kWeenieRows);
    // At the top (the Inspector's annotator rule), so it is seen before a long record's fields.
    auto* item = new QTreeWidgetItem(QStringList{
        QObject::tr("World data"), count == 1 ? QObject::tr("used by 1 weenie")
                                              : QObject::tr("used by %1 weenies").arg(count)});
    root->insertChild(0, item);
    item->setToolTip(0, world.source());
    for (const weenies::Weenie& weenie : users)
        addWeenie(dock, item, weenie, id);
    if (count > users.size())
        new QTreeWidgetItem(item, {QObject::tr("… %1 more").arg(count - users.size())});
    item->setExpanded(true);
    // A few weenies open with their DIDs; many stay a list of names.
    constexpr std::size_t kOpen = 3;
    for (int i = 0; i < item->childCount() && count <= kOpen; ++i)
        item->child(i)->setExpanded(true);
}

void attachWorldData(MainWindow& window, WorldData& world) {
    // After Open Recent, where the other "open" actions are.
    QMenu* file = window.fileMenu();
    const QList<QAction*> actions = file->actions();
    const qsizetype recent = actions.indexOf(window.recentMenu()->menuAction());
    QAction* before = recent >= 0 && recent + 1 < actions.size() ? actions[recent + 1] : nullptr;
    auto* open = new QAction(QObject::tr("Open &World Data…"), &window);
    open->setStatusTip(QObject::tr("A weenie index, a JSON weenie export or an ACE SQL file"));
    QObject::connect(open, &QAction::triggered, &window,
                     [&window] { chooseSource(window, false); });
    auto* folder = new QAction(QObject::tr("Open World Data &Folder…"), &window);
    folder->setStatusTip(QObject::tr("A folder of ACE SQL weenie files, imported into an index"));
    QObject::connect(folder, &QAction::triggered, &window,
                     [&window] { chooseSource(window, true); });
    file->insertActions(before, {open, folder});

    InspectorDock* inspector = window.inspectorDock();
    inspector->setAnnotator([&world](InspectorDock& dock, QTreeWidgetItem* root) {
        addWeenieRows(world, dock, root, dock.shownId());
    });
    QObject::connect(&world, &WorldData::loaded, &window, [&window, &world, inspector] {
        window.browserDock()->setEntryNames(entryNamesOf(world));
        inspector->reannotate();
        if (world.isOpen())
            window.statusBar()->showMessage(
                QObject::tr("World data: %1 weenies from %2 (%3 in %4 s)")
                    .arg(world.count())
                    .arg(QFileInfo(world.source()).fileName(),
                         world.wasImported() ? QObject::tr("imported") : QObject::tr("opened"))
                    .arg(world.loadSeconds(), 0, 'f', 2),
                10000);
    });
    QObject::connect(&world, &WorldData::failed, &window, [&window](const QString& message) {
        window.statusBar()->showMessage(QObject::tr("Cannot open world data: %1").arg(message));
        // Non-modal, as for a DAT that does not open.
        auto* box = new QMessageBox(QMessageBox::Warning, QObject::tr("Cannot open world data"),
                                    message, QMessageBox::Ok, &window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

} // namespace portalkit::ui
