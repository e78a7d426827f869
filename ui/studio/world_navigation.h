#pragma once

// Getting around the world in the studio (docs/studio.md#moving-around-the-world): View → Go To…
// (Ctrl+G) takes a landblock, a cell or map coordinates (world/location.h) and shows that place
// with the camera standing there; a permanent status bar field says where the camera is — its
// landblock, cell (or the EnvCell it stands in), the map coordinates and height — and the fly
// camera's speed while flying.

#include <QObject>
#include <QString>
#include <QVector3D>
#include <cstdint>

class QAction;
class QLabel;

namespace portalkit::ui {

class Studio;

// Where a camera eye at `eye` (scene coordinates: landblock-local metres of `origin`, which the
// world is drawn around) is, as the status bar says it; `envCell` is the EnvCell the view stands
// in or 0. Empty when no world is shown (origin 0).
QString cameraPlaceText(std::uint32_t origin, QVector3D eye, std::uint32_t envCell);

class WorldNavigation : public QObject {
    Q_OBJECT
  public:
    explicit WorldNavigation(Studio* studio);

    QAction* goToAction() const { return m_goTo; }
    QLabel* placeLabel() const { return m_place; }

    // Shows the place `text` names (world/location.h); false, with the reason on the status bar
    // and in lastError(), when it names none or there is no cell DAT.
    bool goTo(const QString& text);
    QString lastError() const { return m_error; }

    // Refreshes the status bar field from the viewport's camera.
    void updatePlace();

  private:
    void askWhere();

    Studio* m_studio;
    QAction* m_goTo;
    QLabel* m_place;
    QString m_error;
    QString m_lastAnswer; // offered again the next time the dialog opens
};

} // namespace portalkit::ui
