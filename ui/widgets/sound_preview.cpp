#include "ui/widgets/sound_preview.h"

#include "datreader/records/common.h"
#include "datreader/records/sound_table.h"
#include "datreader/records/wave.h"
#include "ui/session/sound_player.h"
#include "ui/widgets/waveform_view.h"
#include "ui/widgets/widget_helpers.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace portalkit::ui {
namespace {

QString waveDetails(const dat::Wave& wave, const WaveSamples& samples) {
    if (wave.isMp3())
        return QObject::tr("MP3, %1 bytes of frames").arg(wave.data.size());
    const auto format = wave.format();
    if (!format)
        return QObject::tr("%1 bytes of data; %2").arg(wave.data.size()).arg(samples.why);
    QString text = QObject::tr("Format tag 0x%1, %2 channel(s), %3 Hz, %4-bit")
                       .arg(format->formatTag, 4, 16, QLatin1Char('0'))
                       .arg(format->channels)
                       .arg(format->samplesPerSec)
                       .arg(format->bitsPerSample);
    if (samples.frames() > 0)
        text += QObject::tr(", %1 s (%2 samples)")
                    .arg(samples.seconds(), 0, 'f', 3)
                    .arg(samples.frames());
    return text;
}

} // namespace

SoundPreview::SoundPreview(QWidget* parent)
    : QWidget(parent), m_title(wrappedLabel()), m_details(wrappedLabel()),
      m_entries(new QTreeWidget), m_play(new QPushButton(tr("Play"))),
      m_stop(new QPushButton(tr("Stop"))), m_status(new QLabel), m_waveform(new WaveformView),
      m_error(wrappedLabel()) {
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_entries->setHeaderLabels(
        {tr("Sound"), tr("Wave"), tr("Probability"), tr("Volume"), tr("Priority")});
    m_entries->setRootIsDecorated(true);
    m_entries->setToolTip(tr("Double-click an entry to play its Wave"));
    connect(m_entries, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* item) { entryChosen(item); });
    connect(m_entries, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        entryChosen(item);
        play();
    });
    m_play->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    m_stop->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-stop")));
    connect(m_play, &QPushButton::clicked, this, [this] { play(); });
    connect(m_stop, &QPushButton::clicked, this, &SoundPreview::stop);
    m_error->setStyleSheet(QStringLiteral("color: #B00020"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_play);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_status, 1);
    auto* lower = new QWidget;
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addLayout(buttons);
    lowerLayout->addWidget(m_waveform, 1);
    // The entry list and the waveform share the height; a Wave alone hides the list.
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_entries);
    split->addWidget(lower);
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
    layout->addWidget(m_error);
    layout->addWidget(split, 1);
}

void SoundPreview::setSoundPlayer(SoundPlayer* player) {
    if (m_player)
        m_player->disconnect(this);
    m_player = player;
    if (player)
        connect(player, &SoundPlayer::errorOccurred, this,
                [this](const QString& message) { m_lastPlayerError = message; });
}

void SoundPreview::reset(const AssetSource& source, const QString& title) {
    m_source = source;
    m_title->setText(title);
    m_details->clear();
    m_status->clear();
    m_errorText.clear();
    m_error->hide();
    m_entries->clear();
    m_entries->hide();
    m_waveId = 0;
    m_volume = 1;
    m_play->setEnabled(false);
    m_waveform->setMessage({});
}

void SoundPreview::fail(const QString& text) {
    m_errorText = text;
    m_error->setText(tr("Cannot read it: %1").arg(text));
    m_error->show();
}

void SoundPreview::showWave(const AssetSource& source, std::uint32_t id) {
    reset(source, tr("Wave %1").arg(dat::didJson(id)));
    try {
        const auto wave = source.read<dat::Wave>(id);
        m_waveform->setWave(wave);
        m_details->setText(waveDetails(wave, m_waveform->samples()));
        m_waveId = id;
        m_play->setEnabled(true);
    } catch (const std::exception& error) {
        fail(QString::fromStdString(error.what()));
        m_waveform->setMessage(tr("Nothing to draw"));
    }
}

void SoundPreview::showSoundTable(const AssetSource& source, std::uint32_t id) {
    reset(source, tr("SoundTable %1").arg(dat::didJson(id)));
    m_entries->show();
    m_waveform->setMessage(tr("Choose an entry to draw its Wave"));
    try {
        const auto table = source.read<dat::SoundTable>(id);
        int entries = 0;
        for (const dat::SoundTable::Sound& sound : table.sounds) {
            auto* item = new QTreeWidgetItem(m_entries);
            item->setText(SoundColumn, tr("Sound 0x%1 (%2)")
                                           .arg(sound.soundType, 2, 16, QLatin1Char('0'))
                                           .arg(sound.soundType));
            item->setText(WaveColumn, tr("%1 wave(s)").arg(sound.entries.size()));
            for (const dat::SoundTable::Entry& entry : sound.entries) {
                auto* child = new QTreeWidgetItem(item);
                child->setText(WaveColumn, dat::didJson(entry.waveId));
                child->setText(ProbabilityColumn, QString::number(entry.probability));
                child->setText(VolumeColumn, QString::number(entry.volume));
                child->setText(PriorityColumn, QString::number(entry.priority));
                child->setData(0, kWaveRole, entry.waveId);
                child->setData(0, kVolumeRole, double(entry.volume));
                ++entries;
            }
        }
        m_entries->expandAll();
        for (int column = 0; column <= PriorityColumn; ++column)
            m_entries->resizeColumnToContents(column);
        m_details->setText(tr("%1 sound(s), %2 entries, %3 hash record(s)")
                               .arg(table.sounds.size())
                               .arg(entries)
                               .arg(table.hashes.size()));
    } catch (const std::exception& error) {
        fail(QString::fromStdString(error.what()));
    }
}

void SoundPreview::entryChosen(QTreeWidgetItem* item) {
    if (!item || !item->data(0, kWaveRole).isValid()) { // a sound's row, not an entry's
        m_waveId = 0;
        m_play->setEnabled(false);
        m_waveform->setMessage(tr("Choose an entry to draw its Wave"));
        return;
    }
    chooseWave(item->data(0, kWaveRole).toUInt(), item->data(0, kVolumeRole).toDouble());
}

void SoundPreview::chooseWave(std::uint32_t waveId, double volume) {
    m_waveId = waveId;
    m_volume = volume;
    m_play->setEnabled(true);
    try {
        m_waveform->setWave(m_source.read<dat::Wave>(waveId));
    } catch (const std::exception& error) {
        m_waveform->setMessage(QString::fromStdString(error.what()));
    }
}

bool SoundPreview::play() {
    if (!m_waveId) {
        m_status->setText(tr("Choose an entry first"));
        return false;
    }
    if (!m_player) {
        m_status->setText(tr("No sound: open a portal DAT"));
        return false;
    }
    if (m_player->isMuted()) {
        m_status->setText(tr("Muted: press M to hear it"));
        return false;
    }
    m_lastPlayerError.clear();
    if (!m_player->playWave(m_waveId, m_volume)) {
        m_status->setText(m_lastPlayerError.isEmpty()
                              ? tr("%1 cannot be played").arg(dat::didJson(m_waveId))
                              : m_lastPlayerError);
        return false;
    }
    m_status->setText(m_player->hasAudioOutput()
                          ? tr("Playing %1 at volume %2").arg(dat::didJson(m_waveId)).arg(m_volume)
                          : tr("No audio output: %1 plays unheard").arg(dat::didJson(m_waveId)));
    return true;
}

void SoundPreview::stop() {
    if (m_player)
        m_player->stopAll();
    m_status->clear();
}

} // namespace portalkit::ui
