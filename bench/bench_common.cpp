#include "bench/bench_common.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLocale>
#include <QProcess>
#include <QSaveFile>
#include <QThread>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace portalkit::bench {

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double best(const std::vector<double>& runs) {
    return *std::min_element(runs.begin(), runs.end());
}

double median(std::vector<double> runs) {
    std::sort(runs.begin(), runs.end());
    return runs.empty() ? 0 : runs[runs.size() / 2];
}

QString cpuModel() {
    QFile cpuinfo("/proc/cpuinfo");
    if (cpuinfo.open(QIODevice::ReadOnly))
        for (const QByteArray& line : cpuinfo.readAll().split('\n'))
            if (line.startsWith("model name"))
                return QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
    return "unknown";
}

QString coresAndCpu() {
    return QStringLiteral("%1 cores, %2").arg(QThread::idealThreadCount()).arg(cpuModel());
}

QString count(double value) {
    return QLocale(QLocale::English).toString(qlonglong(std::llround(value)));
}

QString fixed(double value, int decimals) {
    return QString::number(value, 'f', decimals);
}

void printOut(const QString& text) {
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

void printError(const QString& message) {
    std::fprintf(stderr, "portalkit: %s\n", message.toLocal8Bit().constData());
}

GeneratedDats::~GeneratedDats() {
    if (!m_keep)
        for (const QString& path : m_paths)
            QFile::remove(path);
}

bool GeneratedDats::prepare() const {
    if (QDir().mkpath(m_dir))
        return true;
    printError("cannot create " + m_dir);
    return false;
}

QString GeneratedDats::add(const QString& fileName) {
    m_paths << QDir(m_dir).filePath(fileName);
    return m_paths.back();
}

std::optional<ProcessRun> runProcess(const QString& program, const QStringList& arguments,
                                     bool keepOutput, std::vector<int> okCodes) {
    QProcess process;
    if (!keepOutput)
        process.setStandardOutputFile(QProcess::nullDevice());
    const auto start = Clock::now();
    process.start(program, arguments);
    const bool finished = process.waitForFinished(-1);
    ProcessRun run{secondsSince(start), keepOutput ? process.readAllStandardOutput() : ""};
    if (finished && process.exitStatus() == QProcess::NormalExit &&
        std::find(okCodes.begin(), okCodes.end(), process.exitCode()) != okCodes.end())
        return run;
    printError(program + " " + arguments.join(' ') + " failed: " + process.errorString() + " " +
               QString::fromLocal8Bit(process.readAllStandardError()).trimmed());
    return std::nullopt;
}

std::optional<MeasuredRun> runProcessMeasured(const QString& program,
                                              const QStringList& arguments) {
    // fork, exec and wait4 rather than QProcess: the rusage is this child's alone, where
    // getrusage(RUSAGE_CHILDREN) would give the largest of every child waited for so far. Not
    // posix_spawn: its child shares our memory until exec, and Linux keeps that memory's peak
    // as the child's ru_maxrss. A forked child starts from the resident pages we hold at the
    // fork, so the figure is an upper bound; the suite frees its DAT pools before this.
    std::vector<QByteArray> storage{QFile::encodeName(program)};
    for (const QString& argument : arguments)
        storage.push_back(argument.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& item : storage)
        argv.push_back(item.data());
    argv.push_back(nullptr);
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 1);
        execv(argv[0], argv.data());
        _exit(127);
    }
    if (pid < 0) {
        printError(program + " could not start: " + QString::fromLocal8Bit(std::strerror(errno)));
        return std::nullopt;
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        // 127: the exec failed
        printError(program + " " + arguments.join(' ') + " failed (status " +
                   QString::number(status) + ")");
        return std::nullopt;
    }
    return MeasuredRun{secondsSince(start), double(usage.ru_maxrss) / 1024.0}; // ru_maxrss: KiB
}

QJsonArray toJsonArray(const std::vector<double>& values) {
    QJsonArray array;
    for (double value : values)
        array.append(value);
    return array;
}

QJsonObject report(const QString& suite, std::optional<std::uint64_t> seed, QJsonObject figures) {
    figures["suite"] = suite;
    figures["version"] = PORTALKIT_VERSION;
    figures["cores"] = QThread::idealThreadCount();
    figures["cpu"] = cpuModel();
    if (seed)
        figures["seed"] = QString::number(*seed);
    return figures;
}

bool writeReport(const QString& path, const QJsonObject& report) {
    if (path.isEmpty())
        return true;
    const QByteArray bytes = QJsonDocument(report).toJson();
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    printError("cannot write " + path + ": " + file.errorString());
    return false;
}

Outcome failed(const std::exception& error) {
    printError(QString::fromUtf8(error.what()));
    return Outcome::Error;
}

} // namespace portalkit::bench
