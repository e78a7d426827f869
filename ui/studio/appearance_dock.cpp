#include "ui/studio/appearance_dock.h"

#include "datreader/records/clothing_table.h"
#include "datreader/records/common.h"
#include "preview/appearance/compose.h"
#include "ui/session/studio_session.h"
#include "ui/studio/obj_desc_tree.h"
#include "ui/widgets/widget_helpers.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace portalkit::ui {

namespace appearance = preview::appearance;
using appearance::ObjDesc;

namespace {

QString hex(std::uint32_t id) {
    return dat::didJson(id);
}

} // namespace

AppearanceDock::AppearanceDock(QWidget* parent) : QDockWidget(tr("Appearance"), parent) {
    setObjectName(QStringLiteral("appearance")); // for saveState
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    m_subject = new QLabel;
    m_subject->setWordWrap(true);
    layout->addWidget(m_subject);
    layout->addLayout(makeChoices());
    // What is worn and what could not be, next to the controls that chose it.
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_tree = new ObjDescTree;
    m_tree->setMinimumHeight(m_tree->fontMetrics().height() * 6); // the rest goes to the tree
    layout->addWidget(m_tree, 1);
    layout->addLayout(makeButtons());
    // Scrolled when the column is short, so the status lines never make the window grow; the
    // tree scrolls sideways inside the column's width.
    QScrollArea* scroll = scrolled(body);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setWidget(scroll);

    connect(m_tree, &ObjDescTree::edited, this, &AppearanceDock::treeEdited);
    connect(&m_watcher, &QFutureWatcher<ClothingIndex>::finished, this,
            &AppearanceDock::indexFinished);
    refresh();
}

QLayout* AppearanceDock::makeChoices() {
    auto* form = new QFormLayout;
    m_clothing = new QComboBox;
    m_clothing->setToolTip(tr("The ClothingTables that have an entry for this Setup"));
    m_templates = new QComboBox;
    m_templates->setToolTip(tr("The item's palette templates: which PaletteSets colour which "
                               "ranges of the palette"));
    m_shade = new QSlider(Qt::Horizontal);
    m_shade->setRange(0, kShadeSteps);
    m_shade->setToolTip(tr("The shade each PaletteSet picks its palette with (0 to 1)"));
    m_shadeValue = new QLabel(QStringLiteral("0.00"));
    m_shadeValue->setMinimumWidth(m_shadeValue->fontMetrics().horizontalAdvance("0.000"));
    auto* shadeRow = new QHBoxLayout;
    shadeRow->addWidget(m_shade, 1);
    shadeRow->addWidget(m_shadeValue);
    form->addRow(tr("Clothing"), m_clothing);
    form->addRow(tr("Palette template"), m_templates);
    form->addRow(tr("Shade"), shadeRow);

    connect(m_clothing, &QComboBox::currentIndexChanged, this, [this] {
        fillTemplates();
        dressFromChoice();
    });
    connect(m_templates, &QComboBox::currentIndexChanged, this, &AppearanceDock::dressFromChoice);
    connect(m_shade, &QSlider::valueChanged, this, [this] {
        m_shadeValue->setText(QString::number(shade(), 'f', 2));
        if (paletteTemplate()) // without a template the shade picks nothing
            dressFromChoice();
    });
    return form;
}

QLayout* AppearanceDock::makeButtons() {
    // Tool buttons: narrow enough for the right column.
    const auto button = [this](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        return b;
    };
    m_add = new QToolButton;
    m_add->setText(tr("Add"));
    m_add->setToolTip(tr("Add an entry that changes nothing yet, to edit"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    auto* addMenu = new QMenu(m_add);
    for (const auto& [group, text] : {std::pair{ObjDescTree::SubPalettes, tr("Sub-palette")},
                                      std::pair{ObjDescTree::TextureChanges, tr("Texture change")},
                                      std::pair{ObjDescTree::PartChanges, tr("Part change")}})
        connect(addMenu->addAction(text), &QAction::triggered, this,
                [this, group = group] { addEntry(group); });
    m_add->setMenu(addMenu);
    m_remove = button(tr("Remove"), tr("Remove the selected entry"), &AppearanceDock::removeEntry);
    m_load = button(tr("Load…"), tr("Wear an ObjDesc JSON file (the --objdesc format)"),
                    &AppearanceDock::chooseLoad);
    m_save =
        button(tr("Save…"), tr("Save what is worn as ObjDesc JSON"), &AppearanceDock::chooseSave);
    m_clear = button(tr("Clear"), tr("Take everything off: the Setup's own look"),
                     &AppearanceDock::clearAppearance);
    auto* row = new QHBoxLayout;
    row->addWidget(m_add);
    row->addWidget(m_remove);
    row->addStretch(1);
    row->addWidget(m_load);
    row->addWidget(m_save);
    row->addWidget(m_clear);
    return row;
}

AppearanceDock::~AppearanceDock() {
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void AppearanceDock::setSession(StudioSession* session) {
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (session) {
        // A scenario's objects are made as it plays: the snapshot follows them (refresh only
        // compares two pointers when nothing changed).
        for (auto signal : {&StudioSession::sceneReset, &StudioSession::actionsChanged,
                            &StudioSession::objDescChanged, &StudioSession::snapshotChanged})
            connect(session, signal, this, &AppearanceDock::refresh);
        const auto assets = session->assetsPtr();
        if (assets->dat() != m_indexedDat) {
            if (m_cancel)
                m_cancel->store(true);
            m_index = {};
            m_indexedDat = assets->dat();
            m_cancel = std::make_shared<std::atomic<bool>>(false);
            // The lambda holds the assets (and so the DAT) while it reads.
            m_watcher.setFuture(QtConcurrent::run([assets, cancel = m_cancel] {
                return assets->dat() ? indexClothing(*assets->dat(), cancel.get())
                                     : ClothingIndex{};
            }));
        }
    }
    m_refreshed = false;
    refresh();
}

void AppearanceDock::indexFinished() {
    if (m_watcher.isCanceled() || !m_cancel || m_cancel->load())
        return;
    m_index = m_watcher.result();
    fillClothing();
    showStatus(m_choiceProblems);
    emit indexReady();
}

// In a scenario: what the target object wears, from its CreateObject's ModelData (null when
// it wears nothing); the pointer keeps its Appearance alive and is the same while it is.
std::shared_ptr<const ObjDesc> AppearanceDock::scenarioLook(std::uint32_t* ownerSetup) const {
    if (!m_session || m_session->mode() != StudioSession::Mode::Scenario || !m_session->hasScene())
        return nullptr;
    const preview::Owner* owner = m_session->scenePtr()->owner(m_session->targetOwner());
    if (!owner || !owner->appearance)
        return nullptr;
    *ownerSetup = owner->setupId;
    return {owner->appearance, &owner->appearance->desc};
}

void AppearanceDock::refresh() {
    const bool setupMode = m_session && m_session->mode() == StudioSession::Mode::Setup;
    const std::uint32_t setup = setupMode ? m_session->setupId() : 0;
    std::uint32_t wearer = 0; // a scenario's object, shown read-only
    const auto desc = setupMode ? m_session->objDesc() : scenarioLook(&wearer);
    if (m_refreshed && setup == m_setup && desc == m_shownDesc)
        return;
    const bool newSetup = !m_refreshed || setup != m_setup;
    m_refreshed = true;
    m_setup = setup;
    m_shownDesc = desc;
    if (newSetup) {
        m_choiceProblems.clear();
        fillClothing();
    }
    m_subject->setText(
        m_setup  ? tr("Dressing Setup %1").arg(hex(m_setup))
        : wearer ? tr("The scenario's object (Setup %1) wears its CreateObject's ModelData: shown "
                      "here, not edited; Save… writes it as JSON.")
                       .arg(hex(wearer))
                 : tr("Choose a Setup in the browser to dress it (emitters and landblocks are "
                      "not dressed; a scenario's objects wear their own ModelData)."));
    for (QWidget* w : std::initializer_list<QWidget*>{m_clothing, m_templates, m_shade, m_tree,
                                                      m_add, m_remove, m_load, m_save, m_clear})
        w->setEnabled(m_setup != 0);
    m_templates->setEnabled(m_setup && clothing());
    m_tree->setEnabled(m_setup || wearer);
    m_tree->setEditable(m_setup != 0);
    m_save->setEnabled(m_setup || wearer);
    m_tree->setDesc(desc ? *desc : ObjDesc{});
    showStatus(m_choiceProblems);
}

std::vector<std::uint32_t> AppearanceDock::clothingItems() const {
    std::vector<std::uint32_t> items;
    for (int i = 1; i < m_clothing->count(); ++i) // past "(none)"
        items.push_back(m_clothing->itemData(i).toUInt());
    return items;
}

std::uint32_t AppearanceDock::clothing() const {
    return m_clothing->currentData().toUInt();
}

bool AppearanceDock::chooseClothing(std::uint32_t table) {
    const int index = m_clothing->findData(table);
    if (index < 0)
        return false;
    if (index == m_clothing->currentIndex())
        dressFromChoice();
    m_clothing->setCurrentIndex(index);
    return true;
}

void AppearanceDock::fillClothing() {
    const std::uint32_t chosen = clothing();
    {
        const QSignalBlocker blocker(m_clothing);
        m_clothing->clear();
        m_clothing->addItem(tr("(none)"), 0u);
        for (std::uint32_t table : m_index.tablesFor(m_setup))
            m_clothing->addItem(hex(table), table);
        // A finished index keeps the item already worn.
        m_clothing->setCurrentIndex(std::max(0, m_clothing->findData(chosen)));
    }
    fillTemplates();
}

std::vector<std::uint32_t> AppearanceDock::paletteTemplates() const {
    std::vector<std::uint32_t> keys;
    for (int i = 0; i < m_templates->count(); ++i)
        keys.push_back(m_templates->itemData(i).toUInt());
    return keys;
}

std::uint32_t AppearanceDock::paletteTemplate() const {
    return m_templates->currentData().toUInt();
}

bool AppearanceDock::choosePaletteTemplate(std::uint32_t key) {
    const int index = m_templates->findData(key);
    if (index < 0)
        return false;
    m_templates->setCurrentIndex(index);
    return true;
}

void AppearanceDock::fillTemplates() {
    const QSignalBlocker blocker(m_templates);
    m_templates->clear();
    m_templates->addItem(tr("0 — no recolouring"), 0u);
    const std::uint32_t table = clothing();
    const auto* record =
        table && m_session ? m_session->assets().get<dat::ClothingTable>(table) : nullptr;
    if (record) {
        std::vector<const dat::CloSubPalEffect*> effects;
        for (const dat::CloSubPalEffect& effect : record->subPalEffects)
            effects.push_back(&effect);
        std::sort(effects.begin(), effects.end(),
                  [](const auto* a, const auto* b) { return a->key < b->key; });
        for (const dat::CloSubPalEffect* effect : effects)
            m_templates->addItem(
                tr("%1 — PaletteSets: %2").arg(effect->key).arg(effect->subPalettes.size()),
                effect->key);
    }
    // An item shows its colours at once: its first template, not the bare texture swap.
    m_templates->setCurrentIndex(m_templates->count() > 1 ? 1 : 0);
    m_templates->setEnabled(table != 0);
}

void AppearanceDock::setShade(double shade) {
    m_shade->setValue(int(std::lround(std::clamp(shade, 0.0, 1.0) * kShadeSteps)));
}

double AppearanceDock::shade() const {
    return double(m_shade->value()) / kShadeSteps;
}

void AppearanceDock::dressFromChoice() {
    if (!m_setup || !m_session)
        return;
    m_choiceProblems.clear();
    const std::uint32_t table = clothing();
    if (!table) {
        dress(nullptr);
        return;
    }
    appearance::ClothingChoice choice;
    choice.clothingTable = table;
    choice.paletteTemplate = paletteTemplate();
    choice.shades = appearance::ClothingChoice::oneShade(shade());
    appearance::ClothingResult result =
        appearance::fromClothing(m_session->assets(), m_setup, choice);
    m_choiceProblems = result.problems;
    dress(std::make_shared<const ObjDesc>(std::move(result.desc)));
}

bool AppearanceDock::dress(std::shared_ptr<const ObjDesc> desc) {
    if (!m_session || !m_session->setObjDesc(std::move(desc)))
        return false;
    refresh(); // objDescChanged did, unless the ObjDesc is the one shown
    showStatus(m_choiceProblems);
    return true;
}

ObjDesc AppearanceDock::objDesc() const {
    return m_shownDesc ? *m_shownDesc : ObjDesc{};
}

bool AppearanceDock::applyObjDesc(const ObjDesc& desc) {
    forgetChoice();
    return dress(std::make_shared<const ObjDesc>(desc));
}

void AppearanceDock::forgetChoice() {
    m_choiceProblems.clear();
    const QSignalBlocker blocker(m_clothing);
    m_clothing->setCurrentIndex(0);
    fillTemplates();
}

void AppearanceDock::clearAppearance() {
    forgetChoice();
    dress(nullptr);
}

void AppearanceDock::showStatus(const QStringList& problems) {
    QStringList lines;
    if (!m_setup) {
        m_status->setText(m_session ? QString() : tr("Open a portal DAT."));
        return;
    }
    if (isIndexing())
        lines << tr("Reading the DAT's ClothingTables…");
    else
        lines << tr("Fit this Setup: %1 of the DAT's %2 ClothingTables.")
                         .arg(m_index.tablesFor(m_setup).size())
                         .arg(m_index.tables) +
                     (m_index.unreadable ? tr(" Unreadable: %1, e.g. %2")
                                               .arg(m_index.unreadable)
                                               .arg(m_index.problems.value(0))
                                         : QString());
    QStringList all = problems;
    if (m_shownDesc && m_session) {
        const appearance::Appearance look =
            appearance::compose(m_session->assets(), m_setup, *m_shownDesc);
        int swapped = 0, retextured = 0, recoloured = 0;
        for (const auto& part : look.parts) {
            swapped += part->gfxObj != part->setupGfxObj;
            retextured += std::any_of(part->surfaces.begin(), part->surfaces.end(),
                                      [](const auto& s) { return s.textureSwapped; });
            recoloured += part->recoloured;
        }
        lines << tr("Parts changed: %1 with a new GfxObj, %2 retextured, %3 recoloured.")
                     .arg(swapped)
                     .arg(retextured)
                     .arg(recoloured);
        // As in the client (docs/appearance.md): only parts whose own palette is the base one.
        if (!m_shownDesc->subPalettes.empty() && !recoloured)
            lines << (m_shownDesc->basePalette
                          ? tr("No part's own palette is the base palette %1, so nothing is "
                               "recoloured.")
                                .arg(hex(m_shownDesc->basePalette))
                          : tr("No base palette (the dressed part has no palette of its own), "
                               "so nothing is recoloured."));
        all << look.problems;
    }
    all.removeDuplicates();
    lines << all;
    m_status->setText(lines.join(QLatin1Char('\n')));
}

QString AppearanceDock::statusText() const {
    return m_status->text();
}

} // namespace portalkit::ui
