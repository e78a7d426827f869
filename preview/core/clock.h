#pragma once

namespace portalkit::preview {

// Simulation time is explicit: nothing in preview/ reads the wall clock. Whoever drives the
// simulation advances this clock; everything else asks it.
class Clock {
  public:
    double now() const { return m_now; }
    // Moves time forward; a negative step is ignored, so time never runs backwards.
    void advance(double seconds) {
        if (seconds > 0)
            m_now += seconds;
    }
    void reset(double start = 0.0) { m_now = start; }

  private:
    double m_now = 0.0;
};

} // namespace portalkit::preview
