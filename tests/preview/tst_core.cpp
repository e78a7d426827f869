#include "preview/core/clock.h"
#include "preview/core/rng.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace portalkit::preview;

class TestCore : public QObject {
    Q_OBJECT
  private slots:
    void clockOnlyMovesForward() {
        Clock clock;
        QCOMPARE(clock.now(), 0.0);
        clock.advance(0.25);
        clock.advance(-1.0);
        clock.advance(0.5);
        QCOMPARE(clock.now(), 0.75);
        clock.reset(10.0);
        QCOMPARE(clock.now(), 10.0);
    }

    void sameSeedSameSequence() {
        Rng a(42), b(42), c(43);
        std::vector<std::uint64_t> first, second, third;
        for (int i = 0; i < 100; ++i) {
            first.push_back(a.next());
            second.push_back(b.next());
            third.push_back(c.next());
        }
        QCOMPARE(first, second);
        QVERIFY(first != third);
    }

    void splitMixReferenceValues() {
        // SplitMix64 seeded with 0 (Vigna's reference implementation).
        Rng rng(0);
        QCOMPARE(rng.next(), 0xE220A8397B1DCDAFull);
        QCOMPARE(rng.next(), 0x6E789E6AA1B965F4ull);
    }

    void rangesStayInBounds() {
        Rng rng(7);
        double low = 1.0, high = 0.0;
        std::array<int, 6> counts{};
        for (int i = 0; i < 60000; ++i) {
            const double unit = rng.unit();
            low = std::min(low, unit);
            high = std::max(high, unit);
            QVERIFY(unit >= 0.0 && unit < 1.0);
            const double between = rng.between(-2.0, 3.0);
            QVERIFY(between >= -2.0 && between < 3.0);
            ++counts[rng.below(6)];
        }
        QVERIFY(low < 0.01 && high > 0.99);
        for (int count : counts)
            QVERIFY2(count > 9000 && count < 11000, qPrintable(QString::number(count)));
        QCOMPARE(rng.below(0), std::uint64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestCore)
#include "tst_core.moc"
