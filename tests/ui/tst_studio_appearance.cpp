// The studio's Appearance dock (docs/studio.md#appearance) under Xvfb on the demo DAT: the demo
// tunic is listed for the demo human and for nothing else; choosing it puts the table's changes
// in the dock's ObjDesc and changes the viewport where the torso is, not at the head or feet;
// the shade picks each PaletteSet's palette by the client's formula; an edit in the tree, Add and
// Remove, a JSON file and Clear re-dress the human live. Expected values come from the DAT's
// records, read here.
//
// PORTALKIT_HOLD_SECONDS=<s> keeps the dressed studio on screen that long (for a screenshot).

#include "datreader/io/json_node.h"
#include "datreader/records/clothing_table.h"
#include "datreader/records/palette_set.h"
#include "datreader/records/setup.h"
#include "preview/appearance/compose.h"
#include "preview/appearance/obj_desc.h"
#include "support/demo_dats.h"
#include "support/demo_ids.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/studio_session.h"
#include "ui/studio/appearance_dock.h"
#include "ui/studio/obj_desc_tree.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"

#include <QAction>
#include <QColor>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QRect>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidgetItem>
#include <cmath>

using namespace portalkit;
using namespace portalkit::ui;
using namespace portalkit::testing;
using namespace portalkit::testing::demo_ids;
using preview::appearance::ObjDesc;
using preview::appearance::SubPalette;

namespace {

constexpr std::uint32_t kTunic = 0x10000C41; // the demo's one ClothingTable

bool differs(QRgb a, QRgb b) {
    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
               std::abs(qBlue(a) - qBlue(b)) >
           24;
}

// The pixels that differ, and the rectangle round them.
struct Difference {
    qsizetype pixels = 0;
    QRect where;
};

Difference difference(const QImage& a, const QImage& b) {
    Difference d;
    for (int y = 0; y < std::min(a.height(), b.height()); ++y)
        for (int x = 0; x < std::min(a.width(), b.width()); ++x)
            if (differs(a.pixel(x, y), b.pixel(x, y))) {
                ++d.pixels;
                d.where |= QRect(x, y, 1, 1);
            }
    return d;
}

// The rows and columns the figure covers: pixels unlike the background (the corner's colour).
QRect figure(const QImage& image) {
    QRect box;
    const QRgb background = image.pixel(0, 0);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (differs(image.pixel(x, y), background))
                box |= QRect(x, y, 1, 1);
    return box;
}

// The palette PaletteSet `set` gives `shade`: index floor((n - 0.000001) × shade), as the
// client computes it (docs/appearance.md#clothing-clothingtable--palette-template--shade).
std::uint32_t paletteFor(const dat::PaletteSet& set, double shade) {
    const auto n = double(set.palettes.size());
    const auto index = std::size_t(std::floor((n - 0.000001) * shade));
    return set.palettes.at(std::min(index, set.palettes.size() - 1));
}

} // namespace

class TestStudioAppearance : public QObject {
    Q_OBJECT

    MainWindow* m_window = nullptr;
    Studio* m_studio = nullptr;
    AppearanceDock* m_dock = nullptr;
    QImage m_bare; // the human undressed, at frame 0, before each test

    // The viewport once two frames in a row agree (textures are uploaded a frame late).
    QImage settled() {
        QImage last = m_studio->viewport()->capture();
        for (int i = 0; i < 10; ++i) {
            QTest::qWait(30);
            const QImage next = m_studio->viewport()->capture();
            if (!next.isNull() && difference(last, next).pixels == 0)
                return next;
            last = next;
        }
        return last;
    }

    // The human shown alone, paused at frame 0, so every capture draws the same pose.
    bool showHuman() {
        if (!m_window->selectEntry(kHuman))
            return false;
        m_studio->session()->pause();
        m_studio->session()->seek(0);
        return m_dock->setupId() == kHuman;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_window = new MainWindow;
        m_studio = new Studio(m_window);
        m_dock = m_studio->appearance();
        QVERIFY(m_dock);
        QVERIFY(m_window->openDat(PORTALKIT_DEMO_DAT));
        m_window->resize(1400, 860);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        m_dock->show();
        m_dock->raise();
        QVERIFY(showHuman());
        QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isIndexing(), 20000);
    }
    void cleanupTestCase() { delete m_window; }
    void init() {
        QVERIFY(showHuman());
        m_dock->clearAppearance();
        m_bare = settled();
        QVERIFY(!m_bare.isNull());
    }

    // Only Setups a table has an entry for list it.
    void clothingFitsTheSetupShown() {
        const auto tunic = demoRecord<dat::ClothingTable>(demoPortalDat(), kTunic);
        QVERIFY(std::any_of(tunic.baseEffects.begin(), tunic.baseEffects.end(),
                            [](const auto& b) { return b.setupId == kHuman; }));
        QCOMPARE(m_dock->clothingItems(), std::vector<std::uint32_t>{kTunic});
        QVERIFY(m_window->selectEntry(kWisp)); // the table has nothing for the wisp
        QCOMPARE(m_dock->setupId(), kWisp);
        QVERIFY(m_dock->clothingItems().empty());
        QVERIFY(!m_dock->chooseClothing(kTunic));
    }

    void choosingTheTunicDressesTheTorso() {
        const auto tunic = demoRecord<dat::ClothingTable>(demoPortalDat(), kTunic);
        QVERIFY(m_dock->chooseClothing(kTunic));
        const ObjDesc desc = m_dock->objDesc();
        QCOMPARE(*m_studio->session()->objDesc(), desc); // the session wears what is shown
        // The table's entry for the human: its part and texture changes, all of them.
        const auto& base = *std::find_if(tunic.baseEffects.begin(), tunic.baseEffects.end(),
                                         [](const auto& b) { return b.setupId == kHuman; });
        std::size_t textures = 0;
        for (const dat::CloObjectEffect& effect : base.objectEffects) {
            QVERIFY(std::find(desc.partChanges.begin(), desc.partChanges.end(),
                              preview::appearance::PartChange{effect.index, effect.modelId}) !=
                    desc.partChanges.end());
            for (const dat::CloTextureEffect& t : effect.textureEffects) {
                ++textures;
                QVERIFY(std::find(desc.textureChanges.begin(), desc.textureChanges.end(),
                                  preview::appearance::TextureChange{effect.index, t.oldTexture,
                                                                     t.newTexture}) !=
                        desc.textureChanges.end());
            }
        }
        QCOMPARE(desc.textureChanges.size(), textures);
        // The tree shows the same entries.
        QCOMPARE(m_dock->tree()->groupItem(ObjDescTree::TextureChanges)->childCount(),
                 int(desc.textureChanges.size()));

        const QImage dressed = settled();
        const Difference d = difference(m_bare, dressed);
        QVERIFY2(d.pixels > 200, qPrintable(QString::number(d.pixels)));
        // Where the clothes are: inside the figure, clear of its head and its feet.
        const QRect body = figure(m_bare);
        const QString where = QStringLiteral("changed rows %1..%2, figure %3..%4")
                                  .arg(d.where.top())
                                  .arg(d.where.bottom())
                                  .arg(body.top())
                                  .arg(body.bottom());
        QVERIFY2(body.contains(d.where), qPrintable(where));
        QVERIFY2(d.where.top() > body.top() + body.height() / 10, qPrintable(where));
        QVERIFY2(d.where.bottom() < body.bottom() - body.height() / 5, qPrintable(where));
        if (qEnvironmentVariableIsSet("PORTALKIT_HOLD_SECONDS")) {
            m_window->resize(1500, 1250); // room for the right column (screen 1500x1300)
            m_dock->raise();
            auto* effects = m_window->findChild<QDockWidget*>(QStringLiteral("effects"));
            m_window->resizeDocks({effects, m_dock}, {260, 640}, Qt::Vertical);
            m_dock->choosePaletteTemplate(2);
            m_dock->setShade(0.5);
            QTest::qWait(1000 * qEnvironmentVariableIntValue("PORTALKIT_HOLD_SECONDS"));
        }
    }

    // Each of a template's sub-palette effects takes its PaletteSet's palette for the shade.
    void shadePicksEachPaletteSetsPalette() {
        const auto tunic = demoRecord<dat::ClothingTable>(demoPortalDat(), kTunic);
        QVERIFY(m_dock->chooseClothing(kTunic));
        const std::vector<std::uint32_t> templates = m_dock->paletteTemplates();
        QCOMPARE(templates.size(), tunic.subPalEffects.size() + 1); // and 0, no recolouring
        for (const dat::CloSubPalEffect& effect : tunic.subPalEffects) {
            QVERIFY(m_dock->choosePaletteTemplate(effect.key));
            std::vector<QImage> images;
            for (const double shade : {0.0, 0.5, 1.0}) {
                m_dock->setShade(shade);
                QCOMPARE(m_dock->shade(), shade);
                std::vector<SubPalette> expected;
                for (const dat::CloSubPalette& sub : effect.subPalettes) {
                    const auto set = demoRecord<dat::PaletteSet>(demoPortalDat(), sub.paletteSet);
                    for (const dat::CloSubPaletteRange& range : sub.ranges)
                        expected.push_back({paletteFor(set, shade), range.offset, range.numColors});
                }
                QCOMPARE(m_dock->objDesc().subPalettes, expected);
                images.push_back(settled());
            }
            QVERIFY(m_dock->objDesc().subPalettes != std::vector<SubPalette>{});
            // Recoloured parts change colour with the shade; the demo's skin has no palette,
            // so the client recolours nothing on it (docs/appearance.md): then nothing moves.
            const auto look = preview::appearance::compose(m_studio->session()->assets(), kHuman,
                                                           m_dock->objDesc());
            const bool recoloured = std::any_of(look.parts.begin(), look.parts.end(),
                                                [](const auto& p) { return p->recoloured; });
            const qsizetype moved = difference(images.front(), images.back()).pixels;
            if (recoloured)
                QVERIFY2(moved > 50, qPrintable(QString::number(moved)));
            else
                QVERIFY2(moved < 10 && m_dock->statusText().contains("nothing is recoloured"),
                         qPrintable(m_dock->statusText()));
        }
        QVERIFY(m_dock->choosePaletteTemplate(0));
        QVERIFY(m_dock->objDesc().subPalettes.empty());
    }

    // A value typed in the tree re-dresses the human; a wrong one is refused, named.
    void editingTheTreeRedressesLive() {
        QVERIFY(m_dock->chooseClothing(kTunic));
        QVERIFY(difference(m_bare, settled()).pixels > 200);
        QTreeWidgetItem* change = m_dock->tree()->groupItem(ObjDescTree::TextureChanges)->child(0);
        QVERIFY(change);
        const ObjDesc before = m_dock->objDesc();
        change->setText(2, QStringLiteral("0x06000C41")); // a RenderSurface, not a texture
        QVERIFY2(m_dock->statusText().contains("objDesc.textureChanges[0].newTexture"),
                 qPrintable(m_dock->statusText()));
        QCOMPARE(m_dock->objDesc(), before);
        // The new texture set back to the old one: the torso shows its skin again.
        change = m_dock->tree()->groupItem(ObjDescTree::TextureChanges)->child(0);
        change->setText(2, change->text(1));
        QCOMPARE(m_dock->objDesc().textureChanges.at(0).newTexture,
                 before.textureChanges.at(0).oldTexture);
        const qsizetype left = difference(m_bare, settled()).pixels;
        QVERIFY2(left < 10, qPrintable(QString::number(left)));
    }

    // Add puts in an entry that changes nothing (the image stays), Remove takes the selected
    // one out again.
    void addAndRemoveEntries() {
        QVERIFY(m_dock->chooseClothing(kTunic));
        const ObjDesc worn = m_dock->objDesc();
        const QImage dressed = settled();
        QToolButton* add = nullptr;
        QToolButton* remove = nullptr;
        for (QToolButton* button : m_dock->findChildren<QToolButton*>()) {
            if (button->text() == "Add")
                add = button;
            if (button->text() == "Remove")
                remove = button;
        }
        QVERIFY(add && add->menu() && remove);
        QAction* partChange = nullptr;
        for (QAction* action : add->menu()->actions())
            if (action->text() == "Part change")
                partChange = action;
        QVERIFY(partChange);
        partChange->trigger();
        const ObjDesc added = m_dock->objDesc();
        QCOMPARE(added.partChanges.size(), worn.partChanges.size() + 1);
        const auto setup = demoRecord<dat::Setup>(demoPortalDat(), kHuman);
        const auto& fresh = added.partChanges.back(); // the Setup's own GfxObj for that part
        QCOMPARE(fresh.gfxObj, setup.parts.at(fresh.part));
        const qsizetype moved = difference(dressed, settled()).pixels;
        QVERIFY2(moved < 10, qPrintable(QString::number(moved)));

        QTreeWidgetItem* group = m_dock->tree()->groupItem(ObjDescTree::PartChanges);
        QCOMPARE(group->childCount(), int(added.partChanges.size()));
        m_dock->tree()->setCurrentItem(group->child(group->childCount() - 1));
        remove->click();
        QCOMPARE(m_dock->objDesc(), worn);
    }

    void jsonSavedAndLoaded() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(m_dock->chooseClothing(kTunic));
        m_dock->setShade(1);
        const ObjDesc worn = m_dock->objDesc();
        const QString path = dir.filePath("tunic.json");
        QVERIFY(m_dock->saveJson(path));
        m_dock->clearAppearance();
        QVERIFY(m_dock->objDesc().empty());
        QVERIFY(m_dock->loadJson(path));
        QCOMPARE(m_dock->objDesc(), worn);
        QCOMPARE(m_dock->clothing(), 0u); // loaded, not chosen
        QVERIFY(difference(m_bare, settled()).pixels > 200);

        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(
            R"({"subPalettes": [{"palette": "0x04000C41", "offset": 2040, "numColors": 16}]})");
        bad.close();
        QVERIFY(!m_dock->loadJson(bad.fileName()));
        QVERIFY2(m_dock->statusText().contains("objDesc.subPalettes[0].offset"),
                 qPrintable(m_dock->statusText()));
        QCOMPARE(m_dock->objDesc(), worn); // a refused file changes nothing
    }

    // A scenario's object wears its CreateObject's ModelData: the dock shows it (offsets and
    // counts in colours, the wire's eights × 8), read-only, and saves it as JSON.
    void scenarioObjectShownReadOnly() {
        QFile file(PORTALKIT_SCENARIOS "/dressed_human.json");
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject model = QJsonDocument::fromJson(file.readAll())
                                      .object()["messages"][0]["message"]["model"]
                                      .toObject();
        const auto id = [](const QJsonValue& v) { return v["id"].toString().toUInt(nullptr, 16); };
        StudioSession& session = *m_studio->session();
        QVERIFY(session.runScenario(PORTALKIT_SCENARIOS "/dressed_human.json"));
        session.pause();
        session.advanceFrames(3);
        QCOMPARE(m_dock->setupId(), 0u); // nothing to dress
        const ObjDesc worn = m_dock->objDesc();
        QCOMPARE(worn.basePalette, id(model["basePalette"]));
        const QJsonArray subs = model["subPalettes"].toArray();
        QCOMPARE(worn.subPalettes.size(), std::size_t(subs.size()));
        for (qsizetype i = 0; i < subs.size(); ++i) {
            QCOMPARE(worn.subPalettes[i].palette, id(subs[i]));
            QCOMPARE(worn.subPalettes[i].offset, std::uint32_t(subs[i]["offset"].toInt() * 8));
            QCOMPARE(worn.subPalettes[i].numColors,
                     std::uint32_t(subs[i]["colorCount"].toInt() * 8));
        }
        const QJsonValue texture = model["textureChanges"][0];
        QCOMPARE(worn.textureChanges.at(0).newTexture, id(texture["newTexture"]));
        QCOMPARE(worn.textureChanges.at(0).oldTexture, id(texture["oldTexture"]));
        QCOMPARE(m_dock->tree()->groupItem(ObjDescTree::SubPalettes)->childCount(),
                 int(subs.size()));

        // Shown, not edited: a value typed changes nothing.
        QTreeWidgetItem* change = m_dock->tree()->groupItem(ObjDescTree::TextureChanges)->child(0);
        const QString newTexture = change->text(2);
        change->setText(2, change->text(1));
        QCOMPARE(m_dock->objDesc(), worn);
        QCOMPARE(m_dock->tree()->groupItem(ObjDescTree::TextureChanges)->child(0)->text(2),
                 newTexture);
        QTemporaryDir dir;
        QVERIFY(m_dock->saveJson(dir.filePath("captured.json")));
        QFile saved(dir.filePath("captured.json"));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QJsonDocument doc = QJsonDocument::fromJson(saved.readAll());
        QCOMPARE(preview::appearance::fromJson(dat::JsonNode(doc.object(), "objDesc")), worn);

        QVERIFY(m_window->selectEntry(kWisp));
        QVERIFY(showHuman());
        QVERIFY(m_dock->objDesc().empty());
    }

    // Clear takes everything off: the image is the undressed one again. The clothes stay with
    // their Setup while it is shown again, and go when another is.
    void clearRestoresTheUndressedImage() {
        QVERIFY(m_dock->chooseClothing(kTunic));
        QVERIFY(showHuman()); // shown again: still dressed
        QVERIFY(!m_dock->objDesc().empty());
        QVERIFY(difference(m_bare, settled()).pixels > 200);
        m_dock->clearAppearance();
        QVERIFY(m_dock->objDesc().empty());
        QVERIFY(!m_studio->session()->objDesc());
        QCOMPARE(m_dock->clothing(), 0u);
        const qsizetype left = difference(m_bare, settled()).pixels;
        QVERIFY2(left < 10, qPrintable(QString::number(left)));

        QVERIFY(m_dock->chooseClothing(kTunic));
        QVERIFY(m_window->selectEntry(kWisp));
        QVERIFY(showHuman());
        QVERIFY(m_dock->objDesc().empty());
        QCOMPARE(m_dock->clothing(), 0u);
    }
};

QTEST_MAIN(TestStudioAppearance)
#include "tst_studio_appearance.moc"
