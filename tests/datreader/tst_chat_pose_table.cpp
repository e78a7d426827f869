#include "datreader/records/chat_pose_table.h"
#include "datreader/records/record.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"
#include "support/record_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::dat;
using portalkit::testing::Bytes;
using portalkit::testing::errorFrom;
using portalkit::testing::jsonRoundTrips;
using portalkit::testing::mentions;

namespace {

constexpr std::uint32_t kDid = 0x0E000007;

Bytes& text(Bytes& b, const char* s) {
    for (; *s; ++s)
        b.u8(std::uint8_t(*s));
    return b;
}

// One pose (its name followed by odd fill), one emote whose onlooker text is empty.
Bytes handWritten() {
    Bytes b;
    b.u32(kDid);                        // 0x00 id
    b.u16(1).u16(0x0B);                 // 0x04 one pose, 11 buckets
    text(b.u16(4), "wave").u16(0);      // 0x08 command "wave", fill
    text(b.u16(4), "Wave").u16(0xCDCD); // 0x10 pose "Wave", fill that is not zero
    b.u16(1).u16(0);                    // 0x18 one emote, 0 buckets
    text(b.u16(4), "Wave").u16(0);      // 0x1C pose
    text(b.u16(9), "You wave.").u8(0);  // 0x24 myEmote, one fill byte
    b.u16(0).u16(0);                    // 0x30 otherEmote empty, fill
    return b;                           // 0x34
}

} // namespace

class TestChatPoseTable : public QObject {
    Q_OBJECT

  private slots:
    void decodesHandWrittenBytes() {
        const Bytes bytes = handWritten();
        const ChatPoseTable table = ChatPoseTable::decode(bytes.data, kDid);
        QCOMPARE(table.poses.buckets, std::uint16_t(0x0B));
        QCOMPARE(table.poses.entries.at(0).command.text, std::string("wave"));
        QCOMPARE(table.poses.entries.at(0).pose.text, std::string("Wave"));
        QCOMPARE(table.poses.entries.at(0).pose.pad, 0xCDCDu);
        QCOMPARE(table.emotes.buckets, std::uint16_t(0));
        const ChatEmote& emote = table.emotes.entries.at(0);
        QCOMPARE(emote.pose.text, std::string("Wave"));
        QCOMPARE(emote.myEmote.text, std::string("You wave."));
        QVERIFY(emote.otherEmote.text.empty());
        QCOMPARE(table.encode(), bytes.data);
    }

    void decodesThroughTheRegistry() {
        portalkit::testing::checkThroughRegistry<ChatPoseTable>(DatKind::Portal, kDid,
                                                                handWritten().data);
    }

    void keepsTrailingBytes() {
        Bytes b = handWritten();
        b.u32(0xCDCDCDCD);
        const ChatPoseTable table = ChatPoseTable::decode(b.data, kDid);
        QCOMPARE(table.trailing.size(), std::size_t(4));
        QCOMPARE(table.encode(), b.data);
        if (!jsonRoundTrips(table, kDid, "chatPoseTable"))
            return;
    }

    void roundTripsThroughJson() {
        const ChatPoseTable table = ChatPoseTable::decode(handWritten().data, kDid);
        if (!jsonRoundTrips(table, kDid, "chatPoseTable"))
            return;
        const QJsonObject emote = table.toJson()["emotes"].toArray()[0].toObject();
        QCOMPARE(emote["myEmote"].toString(), QString("You wave."));
    }

    void jsonErrorsNameThePath_data() {
        portalkit::testing::addJsonErrorColumns();
        QTest::newRow("pose not text")
            << QJsonObject{{"poses", QJsonArray{QJsonObject{{"command", "wave"}, {"pose", 3}}}}}
            << "chatPoseTable.poses[0].pose"
            << "";
        QTest::newRow("buckets not a number")
            << QJsonObject{{"emotesBuckets", "many"}} << "chatPoseTable.emotesBuckets"
            << "";
    }
    void jsonErrorsNameThePath() {
        portalkit::testing::checkJsonErrorRow<ChatPoseTable>("chatPoseTable", kDid);
    }

    void truncationNamesFieldAndOffset() {
        const Bytes bytes = handWritten();
        portalkit::testing::checkTruncation<ChatPoseTable>(bytes.data, 0x02, "id", 0x00, kDid);
        portalkit::testing::checkTruncation<ChatPoseTable>(bytes.data, 0x0A, "chatPoseTable.poses",
                                                           0x04, kDid);
        portalkit::testing::checkTruncation<ChatPoseTable>(
            bytes.data, 0x2A, "chatPoseTable.emote.myEmote", 0x26, kDid);
    }

    void countBeyondTheBytesLeftIsRejected() {
        Bytes b;
        b.u32(kDid).u16(0x4000).u16(0);
        const auto error = errorFrom([&] { ChatPoseTable::decode(b.data, kDid); });
        QVERIFY(error && mentions(*error, "cannot fit"));
    }
};

QTEST_APPLESS_MAIN(TestChatPoseTable)
#include "tst_chat_pose_table.moc"
