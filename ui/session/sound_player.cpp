#include "ui/session/sound_player.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"
#include "datreader/records/wave.h"
#include "preview/core/assets.h"
#include "preview/core/events.h"
#include "ui/session/studio_session.h"

#include <QAudioDevice>
#include <QAudioOutput>
#include <QDir>
#include <QMediaDevices>
#include <QMediaPlayer>
#include <QSaveFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QUrl>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {

namespace {

const QString kMutedKey = QStringLiteral("audio/muted");

QSettings studioSettings() {
    return QSettings(QStringLiteral("PortalKit"), QStringLiteral("Studio"));
}

} // namespace

SoundPlayer::SoundPlayer(StudioSession* session, QObject* parent)
    : QObject(parent), m_session(session),
      m_muted(studioSettings().value(kMutedKey, false).toBool()) {
    m_startTimer.setSingleShot(true);
    m_startTimer.setInterval(0);
    connect(&m_startTimer, &QTimer::timeout, this, &SoundPlayer::startPending);
    connect(m_session, &StudioSession::eventPublished, this, &SoundPlayer::onEvent);
    connect(m_session, &StudioSession::sceneReset, this, &SoundPlayer::stopAll);
    connect(m_session, &StudioSession::playingChanged, this, [this](bool playing) {
        if (!playing)
            stopAll();
    });
}

SoundPlayer::~SoundPlayer() = default;

bool SoundPlayer::hasAudioOutput() const {
    return !QMediaDevices::audioOutputs().isEmpty();
}

void SoundPlayer::setMuted(bool muted) {
    if (muted == m_muted)
        return;
    m_muted = muted;
    studioSettings().setValue(kMutedKey, muted);
    if (muted)
        stopAll();
    Q_EMIT mutedChanged(muted);
}

void SoundPlayer::stopAll() {
    m_pending.clear();
    m_startTimer.stop();
    while (!m_voices.empty())
        endVoice(m_voices.front());
}

void SoundPlayer::onEvent(const preview::Event& event) {
    const auto* sound = event.as<preview::SoundPlayed>();
    if (!sound || m_muted || m_session->isReplaying() || !sound->played)
        return;
    // A SoundTable that chose nothing names no wave (and is not played).
    if (!sound->wave)
        return;
    start(*sound->wave, sound->volume.value_or(1.0f));
}

bool SoundPlayer::playWave(quint32 waveId, double volume) {
    return !m_muted && start(waveId, volume);
}

bool SoundPlayer::start(std::uint32_t waveId, double gain) {
    const QString path = waveFile(waveId);
    if (path.isEmpty())
        return false;
    // A linear gain; a non-finite volume plays at full volume.
    const double volume = std::isfinite(gain) ? std::clamp(gain, 0.0, 1.0) : 1.0;
    ++m_startedCount;
    Q_EMIT soundStarted(waveId, volume);
    if (hasAudioOutput()) {
        m_pending.push_back({waveId, path, volume});
        m_startTimer.start();
    }
    return true;
}

QString SoundPlayer::waveFile(std::uint32_t waveId) {
    const auto [slot, added] = m_files.try_emplace(waveId);
    if (!added)
        return slot->second;
    const preview::Assets& assets = m_session->assets();
    const dat::Wave* wave = assets.get<dat::Wave>(waveId);
    if (!wave) {
        report(waveId, assets.whyMissing<dat::Wave>(waveId));
        return {};
    }
    QByteArray bytes;
    try {
        bytes = wave->fileBytes();
    } catch (const dat::DatError& error) {
        report(waveId, QString::fromStdString(error.what()));
        return {};
    }
    if (bytes.isEmpty()) {
        report(waveId, tr("no sound data"));
        return {};
    }
    if (!m_fileDir)
        m_fileDir = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                    QStringLiteral("/portalkit-sound-XXXXXX"));
    if (!m_fileDir->isValid()) {
        report(waveId, tr("no temporary directory: %1").arg(m_fileDir->errorString()));
        return {};
    }
    QSaveFile file(m_fileDir->filePath(dat::didJson(waveId) + '.' + wave->fileExtension()));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) < 0 || !file.commit()) {
        report(waveId, tr("cannot write %1: %2").arg(file.fileName(), file.errorString()));
        return {};
    }
    slot->second = file.fileName();
    return slot->second;
}

void SoundPlayer::report(std::uint32_t waveId, const QString& why) {
    if (!m_reported.insert(waveId).second)
        return;
    Q_EMIT errorOccurred(tr("Wave %1 cannot be played: %2").arg(dat::didJson(waveId), why));
}

void SoundPlayer::startPending() {
    std::vector<PendingVoice> pending;
    pending.swap(m_pending);
    // Only the newest kMaxVoices would still be sounding once all have started.
    const std::size_t skip =
        pending.size() > std::size_t(kMaxVoices) ? pending.size() - kMaxVoices : 0;
    for (std::size_t i = skip; i < pending.size(); ++i)
        startVoice(pending[i]);
}

void SoundPlayer::startVoice(const PendingVoice& voice) {
    while (int(m_voices.size()) >= kMaxVoices)
        endVoice(m_voices.front());
    auto* player = new QMediaPlayer(this);
    auto* output = new QAudioOutput(player);
    output->setVolume(float(voice.volume));
    player->setAudioOutput(output);
    connect(player, &QMediaPlayer::mediaStatusChanged, this,
            [this, player](QMediaPlayer::MediaStatus status) {
                if (status == QMediaPlayer::EndOfMedia || status == QMediaPlayer::InvalidMedia)
                    endVoice(player);
            });
    connect(player, &QMediaPlayer::errorOccurred, this,
            [this, player, waveId = voice.waveId](QMediaPlayer::Error, const QString& why) {
                report(waveId, why);
                endVoice(player);
            });
    m_voices.push_back(player);
    player->setSource(QUrl::fromLocalFile(voice.path));
    player->play();
}

void SoundPlayer::endVoice(QMediaPlayer* player) {
    const auto found = std::find(m_voices.begin(), m_voices.end(), player);
    if (found == m_voices.end())
        return; // an error and InvalidMedia both end a voice
    m_voices.erase(found);
    player->disconnect(this);
    player->stop();
    // It may be signalling right now.
    player->deleteLater();
}

} // namespace portalkit::ui
