// The Appearance dock's edits (appearance_dock.h): a value typed in the tree, entries added and
// removed, and the ObjDesc loaded from and saved to JSON.

#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "preview/appearance/compose.h"
#include "ui/session/studio_session.h"
#include "ui/studio/appearance_dock.h"
#include "ui/studio/obj_desc_tree.h"

#include <QFile>
#include <QFileDialog>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTreeWidgetItem>
#include <algorithm>

namespace portalkit::ui {

namespace appearance = preview::appearance;
using appearance::ObjDesc;

void AppearanceDock::treeEdited(const QJsonObject& form) {
    if (!m_setup) { // a scenario object's ObjDesc is shown, not edited
        m_tree->setDesc(objDesc());
        return;
    }
    try {
        // The clothing controls stay as they are: moving one builds the ObjDesc again.
        dress(
            std::make_shared<const ObjDesc>(appearance::fromJson(dat::JsonNode(form, "objDesc"))));
    } catch (const dat::DatError& error) {
        m_tree->setDesc(objDesc()); // the value typed is refused: back to what is worn
        showStatus({tr("Not applied: %1").arg(QString::fromUtf8(error.what()))});
    }
}

void AppearanceDock::addEntry(int group) {
    if (!m_session || !m_setup)
        return;
    ObjDesc desc = objDesc();
    // New rows start as changes that change nothing (the Setup's own values), to be edited.
    const appearance::Appearance look = appearance::compose(m_session->assets(), m_setup, desc);
    const appearance::PartLook* first = look.parts.empty() ? nullptr : look.parts.front().get();
    switch (group) {
    case ObjDescTree::SubPalettes: {
        const auto* last = desc.subPalettes.empty() ? nullptr : &desc.subPalettes.back();
        const std::uint32_t offset =
            last && last->offset + last->numColors < appearance::kFullPalette
                ? last->offset + last->numColors
                : 0;
        desc.addSubPalette({last ? last->palette : desc.basePalette, offset, 8});
        break;
    }
    case ObjDescTree::TextureChanges: {
        std::uint32_t texture = 0;
        if (first)
            for (const appearance::SurfaceSwap& s : first->surfaces)
                if (s.texture && !texture)
                    texture = s.texture;
        desc.addTextureChange({0, texture, texture});
        break;
    }
    case ObjDescTree::PartChanges: {
        std::uint32_t part = 0;
        while (part < look.parts.size() &&
               std::any_of(desc.partChanges.begin(), desc.partChanges.end(),
                           [&](const auto& c) { return c.part == part; }))
            ++part;
        if (part < look.parts.size())
            desc.addPartChange({part, look.parts[part]->setupGfxObj});
        break;
    }
    default:
        return;
    }
    dress(std::make_shared<const ObjDesc>(std::move(desc)));
}

void AppearanceDock::removeEntry() {
    QTreeWidgetItem* item = m_tree->currentItem();
    const int group = ObjDescTree::groupOf(item);
    if (group < 0)
        return;
    const auto row = std::size_t(item->parent()->indexOfChild(item));
    ObjDesc desc = objDesc();
    const auto erase = [row](auto& list) {
        if (row < list.size())
            list.erase(list.begin() + std::ptrdiff_t(row));
    };
    if (group == ObjDescTree::BasePalette)
        desc.basePalette = 0;
    else if (group == ObjDescTree::SubPalettes)
        erase(desc.subPalettes);
    else if (group == ObjDescTree::TextureChanges)
        erase(desc.textureChanges);
    else if (group == ObjDescTree::PartChanges)
        erase(desc.partChanges);
    dress(std::make_shared<const ObjDesc>(std::move(desc)));
}

void AppearanceDock::chooseLoad() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load ObjDesc"), {},
                                                      tr("ObjDesc JSON (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadJson(path);
}

void AppearanceDock::chooseSave() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save ObjDesc"), QStringLiteral("objdesc.json"), tr("ObjDesc JSON (*.json)"));
    if (!path.isEmpty())
        saveJson(path);
}

bool AppearanceDock::loadJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        showStatus({tr("%1: %2").arg(path, file.errorString())});
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        showStatus({tr("%1: offset %2: %3")
                        .arg(path)
                        .arg(parseError.offset)
                        .arg(parseError.errorString())});
        return false;
    }
    try {
        const QJsonValue root = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
        return applyObjDesc(appearance::fromJson(dat::JsonNode(root, "objDesc")));
    } catch (const dat::DatError& error) {
        showStatus({tr("%1: %2").arg(path, QString::fromUtf8(error.what()))});
        return false;
    }
}

bool AppearanceDock::saveJson(const QString& path) {
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(QJsonDocument(appearance::toJson(objDesc())).toJson(QJsonDocument::Indented));
        if (file.commit()) {
            showStatus({tr("Saved to %1").arg(path)});
            return true;
        }
    }
    showStatus({tr("%1: %2").arg(path, file.errorString())});
    return false;
}

} // namespace portalkit::ui
