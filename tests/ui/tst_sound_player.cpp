// The studio's sound: which Waves the session's live sound events start, at what volume, and
// what stays silent (mute, seeks and replays, missing Waves). The decision is checked through
// soundStarted, which needs no audio device; the last test hears the output when one exists.

#include "datreader/container/dat_file.h"
#include "datreader/records/animation.h"
#include "datreader/records/common.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/wave.h"
#include "preview/core/events.h"
#include "ui/session/sound_player.h"
#include "ui/session/studio_session.h"

#include <QList>
#include <QObject>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <optional>

using namespace portalkit;
using portalkit::ui::SoundPlayer;
using portalkit::ui::StudioSession;

namespace {

constexpr std::uint32_t kHuman = 0x02000001;
constexpr std::uint32_t kRecallAnimation = 0x030009BF; // resources/demo/human.json
constexpr std::uint32_t kMissingWave = 0x0A0000FF;
constexpr std::uint32_t kShortHeaderWave = 0x0A0000FE;
constexpr std::uint32_t kMp3Wave = 0x0A0000FD;
constexpr std::uint32_t kTestScript = 0x33FFFF01;

std::shared_ptr<const dat::DatFile> demoDat() {
    static auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT));
    return dat;
}

std::shared_ptr<const preview::Assets> demoAssets() {
    static auto assets = std::make_shared<const preview::Assets>(demoDat());
    return assets;
}

struct ExpectedSound {
    std::uint32_t wave = 0;
    float volume = 0;
};

// The SoundTweaked hook the DAT's recall animation carries on this frame.
ExpectedSound recallSound(int frame) {
    const auto* animation = demoAssets()->get<dat::Animation>(kRecallAnimation);
    if (!animation || frame >= int(animation->partFrames.size()))
        return {};
    for (const dat::AnimationHook& hook : animation->partFrames[std::size_t(frame)].hooks)
        if (const auto* tweak = std::get_if<dat::hooks::SoundTweaked>(&hook.payload))
            return {tweak->waveId, tweak->volume};
    return {};
}

// The played sound events the session hands out, replayed or live.
struct SoundEvents {
    explicit SoundEvents(StudioSession& session) {
        QObject::connect(&session, &StudioSession::eventPublished,
                         [this](const preview::Event& event) {
                             const auto* sound = event.as<preview::SoundPlayed>();
                             if (sound && sound->played)
                                 waves << sound->wave.value_or(0);
                         });
    }
    QList<std::uint32_t> waves;
};

// Steps live until the session publishes a played sound; its wave, or 0 after `limit`.
std::uint32_t stepToNextSound(StudioSession& session, const SoundEvents& events, int limit = 200) {
    const qsizetype before = events.waves.size();
    for (int i = 0; i < limit && events.waves.size() == before; ++i)
        session.step();
    return events.waves.size() > before ? events.waves.at(before) : 0;
}

dat::PhysicsScript soundScript(std::uint32_t id, const std::vector<std::uint32_t>& waves) {
    dat::PhysicsScript script;
    script.id = id;
    for (std::uint32_t wave : waves) {
        dat::PhysicsScript::Entry entry;
        entry.hook.payload = dat::hooks::Sound{wave};
        entry.storedIndex = std::uint32_t(script.entries.size());
        script.entries.push_back(entry);
    }
    return script;
}

// Two MPEG-1 Layer III frames of silence (128 kbit/s, 44.1 kHz; empty side information).
dat::Wave silentMp3(std::uint32_t id) {
    dat::Wave wave;
    wave.id = id;
    // WAVEFORMATEX with the MPEG Layer 3 tag, 2 channels, 44100 Hz, 16000 bytes/s.
    wave.header = {0x55, 0x00, 0x02, 0x00, 0x44, 0xAC, 0x00, 0x00, 0x80,
                   0x3E, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00};
    for (int frame = 0; frame < 40; ++frame) {
        std::vector<std::uint8_t> bytes(417, 0);
        bytes[0] = 0xFF;
        bytes[1] = 0xFB;
        bytes[2] = 0x90;
        bytes[3] = 0x44;
        wave.data.insert(wave.data.end(), bytes.begin(), bytes.end());
    }
    return wave;
}

// The demo DAT with a script that sounds `waves`, a Wave whose header is too short to play and
// an MP3 Wave.
std::shared_ptr<const preview::Assets> assetsWithScript(const std::vector<std::uint32_t>& waves) {
    auto assets = std::make_shared<preview::Assets>(demoDat());
    assets->add(soundScript(kTestScript, waves));
    dat::Wave shortHeader;
    shortHeader.id = kShortHeaderWave;
    shortHeader.header = {0x01, 0x00, 0x01, 0x00};
    shortHeader.data = {0, 0, 0, 0};
    assets->add(shortHeader);
    assets->add(silentMp3(kMp3Wave));
    return assets;
}

} // namespace

class TestSoundPlayer : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        // As portalkit-studio does: Debian's Qt 6.4 plays through its FFmpeg backend.
        qputenv("QT_MEDIA_BACKEND", "ffmpeg");
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
    }
    void init() { QSettings("PortalKit", "Studio").clear(); }

    void recallPlaysTheWavesItsHooksName() {
        const ExpectedSound first = recallSound(16);
        const ExpectedSound second = recallSound(46);
        QCOMPARE(first.wave, 0x0A000005u);
        QCOMPARE(second.wave, 0x0A000004u);

        StudioSession session(demoAssets());
        SoundPlayer sound(&session);
        SoundEvents events(session);
        QSignalSpy started(&sound, &SoundPlayer::soundStarted);
        QVERIFY(!sound.isMuted());
        QVERIFY(session.showSetup(kHuman));
        QVERIFY(session.performMotion(StudioSession::kRecall));

        // Step: nothing until the recall reaches its frame 16 (1.72 s).
        QCOMPARE(stepToNextSound(session, events), first.wave);
        QVERIFY(std::abs(session.time() - 1.72) < 1e-9);
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.at(0).at(0).value<quint32>(), first.wave);
        QCOMPARE(float(started.at(0).at(1).toDouble()), first.volume);
        QCOMPARE(sound.startedCount(), 1);

        // Play: the timer's path sounds frame 46 (4.72 s) as well.
        session.play();
        session.tick(3.1);
        session.pause();
        QCOMPARE(events.waves.size(), 2);
        QCOMPARE(started.size(), 2);
        QCOMPARE(started.at(1).at(0).value<quint32>(), second.wave);
        QCOMPARE(sound.startedCount(), 2);
    }

    void muteSilencesUntilUnmutedAndIsRemembered() {
        StudioSession session(demoAssets());
        SoundPlayer sound(&session);
        SoundEvents events(session);
        QSignalSpy started(&sound, &SoundPlayer::soundStarted);
        QSignalSpy muted(&sound, &SoundPlayer::mutedChanged);

        sound.setMuted(true);
        QVERIFY(sound.isMuted());
        QCOMPARE(muted.size(), 1);
        QCOMPARE(muted.at(0).at(0).toBool(), true);
        QCOMPARE(QSettings("PortalKit", "Studio").value("audio/muted").toBool(), true);
        sound.setMuted(true);
        QCOMPARE(muted.size(), 1); // no change, no signal
        {
            StudioSession other(demoAssets());
            QVERIFY(SoundPlayer(&other).isMuted()); // the next studio starts muted
        }

        QVERIFY(session.showSetup(kHuman));
        QVERIFY(session.performMotion(StudioSession::kRecall));
        QCOMPARE(stepToNextSound(session, events), recallSound(16).wave);
        QCOMPARE(started.size(), 0);
        QCOMPARE(sound.startedCount(), 0);

        sound.setMuted(false);
        QCOMPARE(QSettings("PortalKit", "Studio").value("audio/muted").toBool(), false);
        QCOMPARE(stepToNextSound(session, events), recallSound(46).wave);
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.at(0).at(0).value<quint32>(), recallSound(46).wave);
    }

    void seeksAndReplaysMakeNoSound() {
        StudioSession session(demoAssets());
        SoundPlayer sound(&session);
        SoundEvents events(session);
        QSignalSpy started(&sound, &SoundPlayer::soundStarted);
        QVERIFY(session.showSetup(kHuman));
        QVERIFY(session.performMotion(StudioSession::kRecall));

        session.seek(8.0); // forward over frames 16, 46 and 76 (1.72, 4.72 and 7.76 s)
        QCOMPARE(events.waves.size(), 3);
        QVERIFY(!session.isReplaying());
        session.seek(5.0); // back: a replay from 0 over frames 16 and 46
        QCOMPARE(events.waves.size(), 5);
        session.setSeed(7); // a replay to the same time
        QCOMPARE(events.waves.size(), 7);
        QCOMPARE(started.size(), 0);

        // Live again from before the first sound: it plays once.
        session.seek(1.0);
        const qsizetype replayed = events.waves.size();
        QCOMPARE(stepToNextSound(session, events), recallSound(16).wave);
        QCOMPARE(events.waves.size(), replayed + 1);
        QCOMPARE(started.size(), 1);
    }

    void unplayableWavesAreReportedOnceByTheirDid() {
        StudioSession session(assetsWithScript(
            {kMissingWave, kShortHeaderWave, 0x0A000001, kMissingWave, kShortHeaderWave}));
        SoundPlayer sound(&session);
        QSignalSpy started(&sound, &SoundPlayer::soundStarted);
        QSignalSpy errors(&sound, &SoundPlayer::errorOccurred);
        QVERIFY(session.showSetup(kHuman));
        QVERIFY(session.playScript(kTestScript));
        session.step();

        QCOMPARE(errors.size(), 2);
        const QString missing = errors.at(0).at(0).toString();
        const QString shortHeader = errors.at(1).at(0).toString();
        QVERIFY2(missing.contains("0x0A0000FF") && missing.contains("not in the DAT"),
                 qPrintable(missing));
        QVERIFY2(shortHeader.contains("0x0A0000FE") && shortHeader.contains("16 fixed"),
                 qPrintable(shortHeader));
        // The playable Wave between them still sounds, at the Sound hook's full volume.
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.at(0).at(0).value<quint32>(), 0x0A000001u);
        QCOMPARE(started.at(0).at(1).toDouble(), 1.0);
    }

    // Heard only where Qt Multimedia finds an audio output (not under CI's Xvfb).
    void voicesPlayToTheirEndAndStopOnPause() {
        StudioSession session(assetsWithScript({0x0A000001, kMp3Wave}));
        SoundPlayer sound(&session);
        if (!sound.hasAudioOutput())
            QSKIP("no audio output device");
        QSignalSpy errors(&sound, &SoundPlayer::errorOccurred);
        QVERIFY(session.showSetup(kHuman));

        // A PCM and an MP3 Wave play to their end.
        QVERIFY(session.playScript(kTestScript));
        session.step();
        QTRY_COMPARE(sound.voiceCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(sound.voiceCount(), 0, 10000);
        QCOMPARE(errors.size(), 0);

        // More sounds at once than voices: the oldest give way; pausing silences them all.
        auto crowded = std::make_shared<preview::Assets>(demoDat());
        crowded->add(soundScript(kTestScript, std::vector<std::uint32_t>(12, 0x0A000005)));
        StudioSession busy(crowded);
        SoundPlayer busySound(&busy);
        QVERIFY(busy.showSetup(kHuman));
        busy.play();
        QVERIFY(busy.playScript(kTestScript));
        busy.tick(busy.frameStep());
        QCOMPARE(busySound.startedCount(), 12);
        QTRY_COMPARE(busySound.voiceCount(), SoundPlayer::kMaxVoices);
        busy.pause();
        QCOMPARE(busySound.voiceCount(), 0);
    }

  private:
    QTemporaryDir m_settingsDir;
};

QTEST_MAIN(TestSoundPlayer)
#include "tst_sound_player.moc"
