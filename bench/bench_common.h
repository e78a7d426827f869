#pragma once

// What every benchmark suite shares: the clock and units, picking the best or median run, the
// machine line, numbers as the tables print them, messages in the CLI's form, the DATs a suite
// writes, and the JSON report.

#include "bench/suites.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <vector>

namespace portalkit::bench {

using Clock = std::chrono::steady_clock;

constexpr double kMiB = 1024.0 * 1024.0; // MiB = 2^20 bytes in every figure

double secondsSince(Clock::time_point start);

// The fastest of a non-empty list of runs.
double best(const std::vector<double>& runs);
// The middle of the sorted runs (the upper one of an even count); 0 for no runs.
double median(std::vector<double> runs);

// The CPU model from /proc/cpuinfo, "unknown" without it.
QString cpuModel();
// "N cores, MODEL", as every table's heading names the machine.
QString coresAndCpu();

// An integer with thousands separators ("1,234,567"), and a fixed-point number.
QString count(double value);
QString fixed(double value, int decimals);

// Progress and tables on stdout; one line on stderr, "portalkit: <message>", as the CLI's own.
void printOut(const QString& text);
void printError(const QString& message);

// The DATs a suite writes into `dir`: the directory is made on prepare(), and every file added
// is removed on every way out unless the DATs are to be kept.
class GeneratedDats {
  public:
    GeneratedDats(QString dir, bool keep) : m_dir(std::move(dir)), m_keep(keep) {}
    GeneratedDats(const GeneratedDats&) = delete;
    GeneratedDats& operator=(const GeneratedDats&) = delete;
    ~GeneratedDats();

    // Makes the directory; prints why and returns false when it cannot.
    bool prepare() const;
    // The path of `fileName` in the directory, removed later unless kept.
    QString add(const QString& fileName);

  private:
    QString m_dir;
    bool m_keep;
    QStringList m_paths;
};

// A process run to its end: wall seconds from its start, and what it wrote on stdout.
struct ProcessRun {
    double seconds = 0;
    QByteArray out;
};
// Runs `program` with `arguments`, its stdout kept when `keepOutput` and thrown into /dev/null
// otherwise; nothing (and one line on stderr saying why) when it cannot start, crashes or
// exits with a code not in `okCodes`.
std::optional<ProcessRun> runProcess(const QString& program, const QStringList& arguments,
                                     bool keepOutput, std::vector<int> okCodes = {0});

// A process run to its end with what the kernel counted for it alone (wait4): wall seconds and
// its peak resident set, MiB. Its stdout goes to /dev/null. Nothing (said on stderr) when it
// cannot start, is killed or exits with a code other than 0.
struct MeasuredRun {
    double seconds = 0;
    double peakRssMiB = 0;
};
std::optional<MeasuredRun> runProcessMeasured(const QString& program, const QStringList& arguments);

QJsonArray toJsonArray(const std::vector<double>& values);
// A suite's report: its `figures` and the fields every report has: suite, version, cores, cpu,
// and the seed (as a string, since JSON numbers lose 64-bit seeds) when the suite has one.
QJsonObject report(const QString& suite, std::optional<std::uint64_t> seed, QJsonObject figures);
// Writes `report` to `path` through a temporary file renamed into place; nothing when `path` is
// empty. Prints why and returns false when it cannot.
bool writeReport(const QString& path, const QJsonObject& report);

// A suite stopped by an exception (a DAT it could not write or read): one line on stderr.
Outcome failed(const std::exception& error);
// The end of a suite that measured into `figures`: its table on stdout, then the JSON report
// when one was asked for. printTable and toJson are the suite's own, found beside Figures.
template <typename Figures> Outcome finishSuite(const QString& jsonPath, const Figures& figures) {
    printTable(figures);
    return writeReport(jsonPath, toJson(figures)) ? Outcome::Success : Outcome::Error;
}

} // namespace portalkit::bench
