#include "audit/digest.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::audit;

class TestDigest : public QObject {
    Q_OBJECT
  private slots:
    void knownAnswers() {
        // FIPS 180-2 examples.
        QCOMPARE(sha256Hex({}),
                 QString("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        const std::string abc = "abc";
        QCOMPARE(sha256Hex({reinterpret_cast<const std::uint8_t*>(abc.data()), abc.size()}),
                 QString("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        const std::vector<std::uint8_t> million(1000000, 'a');
        QCOMPARE(sha256Hex(million),
                 QString("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
        QCOMPARE(sha256(million).size(), 32);
    }
};

QTEST_APPLESS_MAIN(TestDigest)
#include "tst_digest.moc"
