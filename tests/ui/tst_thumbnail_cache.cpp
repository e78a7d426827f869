// The Gallery's headless core (issue 24): DAT identity, the disk cache (hits, misses, keys,
// corrupt files), texture thumbnails, contact sheet layout, and the ThumbnailService answering
// texture requests from workers and from its cache. No GL: models are drawn in tst_gallery.

#include "datreader/container/dat_file.h"
#include "preview/core/assets.h"
#include "ui/render/thumbnail_cache.h"
#include "ui/render/thumbnail_service.h"
#include "ui/render/thumbnail_sheet.h"

#include <QFile>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <set>

using namespace portalkit;
using namespace portalkit::render;

namespace {

QByteArray demoBytes() {
    QFile file(PORTALKIT_DEMO_DAT);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QImage solid(int w, int h, QColor color) {
    QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
    image.fill(color);
    return image;
}

// Requests every id and waits until the service is idle; the images by id.
std::map<std::uint32_t, QImage> requestAll(ThumbnailService& service,
                                           const std::vector<std::uint32_t>& ids) {
    std::map<std::uint32_t, QImage> out;
    QObject::connect(&service, &ThumbnailService::ready,
                     [&out](std::uint32_t id, const QImage& image) { out[id] = image; });
    QSignalSpy idle(&service, &ThumbnailService::idle);
    for (std::uint32_t id : ids)
        service.request(id);
    while (out.size() < ids.size() && idle.wait(20000)) {
    }
    return out;
}

} // namespace

class TestThumbnailCache : public QObject {
    Q_OBJECT
  private slots:
    void identityFollowsTheDirectory() {
        const QByteArray bytes = demoBytes();
        QVERIFY(!bytes.isEmpty());
        const auto a = dat::DatFile::fromBytes(bytes);
        const auto b = dat::DatFile::fromBytes(bytes);
        QCOMPARE(datIdentity(a), datIdentity(b));
        QCOMPARE(datIdentity(a).size(), 32);
        // One entry's date in the directory changed: another DAT as far as the cache is concerned.
        const auto& entry = a.entries()[0];
        const QByteArray needle(reinterpret_cast<const char*>(&entry), sizeof entry);
        const qsizetype at = bytes.indexOf(needle);
        QVERIFY(at > 0);
        QByteArray edited = bytes;
        edited[at + 16] = char(edited[at + 16] ^ 0x5a); // EntryInfo::date
        const auto c = dat::DatFile::fromBytes(edited);
        QVERIFY(datIdentity(c) != datIdentity(a));
    }

    void cacheHitsMissesAndKeys() {
        QTemporaryDir dir;
        const ThumbnailCache cache(dir.path());
        const ThumbnailKey key{"0123456789abcdef0123456789abcdef", 0x02000001, 64};
        QVERIFY(!cache.load(key));
        const QImage image = solid(64, 64, QColor(200, 30, 40));
        QVERIFY(cache.store(key, image));
        const auto hit = cache.load(key);
        QVERIFY(hit);
        QCOMPARE(hit->pixelColor(10, 10), QColor(200, 30, 40));
        QVERIFY(!cache.load({key.dat, key.id, 128}));                           // another size
        QVERIFY(!cache.load({key.dat, 0x02000002, 64}));                        // another id
        QVERIFY(!cache.load({"ffffffffffffffffffffffffffffffff", key.id, 64})); // another DAT
        QVERIFY(cache.pathFor(key).startsWith(dir.path()));
    }

    void corruptFileIsRemovedAndMadeAgain() {
        QTemporaryDir dir;
        const ThumbnailCache cache(dir.path());
        const ThumbnailKey key{"00000000000000000000000000000000", 0x02000001, 32};
        QVERIFY(cache.store(key, solid(32, 32, Qt::green)));
        {
            QFile file(cache.pathFor(key));
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write("\x89PNG\r\n\x1a\n truncated");
        }
        QVERIFY(!cache.load(key));
        QVERIFY(!QFile::exists(cache.pathFor(key)));
        // A PNG of the wrong size is not this key's either.
        QVERIFY(cache.store(key, solid(16, 16, Qt::green)));
        QVERIFY(!cache.load(key));
        QVERIFY(cache.store(key, solid(32, 32, Qt::green)));
        QVERIFY(cache.load(key));
    }

    void fitKeepsTheAspect() {
        const QImage wide = fitThumbnail(solid(64, 32, Qt::red), 128);
        QCOMPARE(wide.size(), QSize(128, 128));
        QCOMPARE(wide.pixelColor(64, 10).alpha(), 0); // above the band
        QCOMPARE(wide.pixelColor(64, 64), QColor(Qt::red));
        QVERIFY(fitThumbnail(QImage(), 128).isNull());
    }

    void textureThumbnailsOfTheDemo() {
        const auto dat = dat::DatFile::fromBytes(demoBytes());
        const auto ids = thumbnailIds(dat, ThumbnailKind::Texture);
        QVERIFY(ids.size() > 10);
        QVERIFY(std::is_sorted(ids.begin(), ids.end()));
        std::set<QByteArray> distinct;
        for (std::uint32_t id : ids) {
            QVERIFY(thumbnailKindOf(dat, id) == ThumbnailKind::Texture);
            const QImage image = textureThumbnail(dat, id, 48);
            QCOMPARE(image.size(), QSize(48, 48));
            distinct.insert(
                QByteArray(reinterpret_cast<const char*>(image.constBits()), image.sizeInBytes()));
        }
        QVERIFY(distinct.size() > ids.size() / 2); // not one picture for all
        for (std::uint32_t id : thumbnailIds(dat, ThumbnailKind::Setup))
            QCOMPARE(id >> 24, 0x02u);
    }

    void sheetLayout() {
        const SheetLayout layout = SheetLayout::make(13, 100, 14);
        QCOMPARE(layout.columns, 4); // about square
        QCOMPARE(layout.rows, 4);
        const int cellW = 100 + 2 * SheetLayout::kMargin;
        const int cellH = 100 + 14 + 2 * SheetLayout::kMargin;
        QCOMPARE(layout.sheetSize(), QSize(4 * cellW, 4 * cellH));
        QCOMPARE(layout.imageRect(5),
                 QRect(cellW + SheetLayout::kMargin, cellH + SheetLayout::kMargin, 100, 100));
        QCOMPARE(layout.labelRect(5).top(), layout.imageRect(5).bottom() + 1);
        for (int i = 0; i < 13; ++i)
            for (int j = i + 1; j < 13; ++j)
                QVERIFY(!layout.imageRect(i).intersects(layout.imageRect(j)));
        const SheetLayout five = SheetLayout::make(13, 100, 14, 5);
        QCOMPARE(five.rows, 3);
        QCOMPARE(SheetLayout::make(3, 100, 14, 10).columns, 3); // no empty columns
        QCOMPARE(SheetLayout::make(400, 10, 5).columns, 16);
    }

    void contactSheetPutsEachThumbnailInItsCell() {
        const std::vector<std::pair<std::uint32_t, QImage>> thumbs{
            {1, solid(40, 40, Qt::red)}, {2, solid(40, 40, Qt::blue)}, {3, QImage()}};
        const QImage sheet = contactSheet(thumbs, 40);
        QFont font;
        font.setPixelSize(9);
        const SheetLayout layout = SheetLayout::make(3, 40, QFontMetrics(font).height() + 2);
        QCOMPARE(sheet.size(), layout.sheetSize());
        QCOMPARE(sheet.pixelColor(layout.imageRect(0).center()), QColor(Qt::red));
        QCOMPARE(sheet.pixelColor(layout.imageRect(1).center()), QColor(Qt::blue));
        const QColor empty = sheet.pixelColor(layout.imageRect(2).center());
        QVERIFY(empty != QColor(Qt::red) && empty != QColor(Qt::blue));
        // The label is drawn: its strip is not all background.
        const QRect label = layout.labelRect(0);
        const QColor background = sheet.pixelColor(label.topLeft());
        bool drawn = false;
        for (int x = label.left(); x <= label.right() && !drawn; ++x)
            for (int y = label.top(); y <= label.bottom() && !drawn; ++y)
                drawn = sheet.pixelColor(x, y) != background;
        QVERIFY(drawn);
    }

    void serviceMakesThenReadsTheCache() {
        QTemporaryDir dir;
        auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::fromBytes(demoBytes()));
        const auto ids = thumbnailIds(*dat, ThumbnailKind::Texture);
        ThumbnailService service;
        service.setSize(64);
        service.setCacheRoot(dir.path());
        service.setAssets(std::make_shared<preview::Assets>(dat));
        const auto made = requestAll(service, ids);
        QCOMPARE(made.size(), ids.size());
        QCOMPARE(service.stats().decoded, int(ids.size()));
        QCOMPARE(service.stats().cacheHits, 0);
        for (const auto& [id, image] : made)
            QCOMPARE(image.size(), QSize(64, 64));

        // Another service (the studio started again): every one from the cache, the same pixels,
        // except a file spoilt since, which is made again.
        const ThumbnailKey spoilt{service.datIdentity(), ids.front(), 64};
        QFile file(service.cache().pathFor(spoilt));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("not a png");
        file.close();
        ThumbnailService again;
        again.setSize(64);
        again.setCacheRoot(dir.path());
        again.setAssets(std::make_shared<preview::Assets>(dat));
        const auto cached = requestAll(again, ids);
        QCOMPARE(cached.size(), ids.size());
        QCOMPARE(again.stats().cacheHits, int(ids.size()) - 1);
        QCOMPARE(again.stats().decoded, 1);
        for (const auto& [id, image] : cached)
            QCOMPARE(image.convertToFormat(QImage::Format_ARGB32),
                     made.at(id).convertToFormat(QImage::Format_ARGB32));
        QVERIFY(again.cache().load(spoilt)); // rebuilt on disk
    }

    void serviceAtAnotherSizeMissesTheCache() {
        QTemporaryDir dir;
        auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::fromBytes(demoBytes()));
        const auto ids = thumbnailIds(*dat, ThumbnailKind::Texture);
        const std::vector<std::uint32_t> few(ids.begin(), ids.begin() + 3);
        ThumbnailService service;
        service.setCacheRoot(dir.path());
        service.setSize(32);
        service.setAssets(std::make_shared<preview::Assets>(dat));
        QCOMPARE(requestAll(service, few).size(), few.size());
        service.setSize(40);
        service.resetStats();
        const auto bigger = requestAll(service, few);
        QCOMPARE(service.stats().cacheHits, 0);
        QCOMPARE(bigger.begin()->second.size(), QSize(40, 40));
    }

    void aNonThumbnailIdFails() {
        auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::fromBytes(demoBytes()));
        QTemporaryDir dir;
        ThumbnailService service;
        service.setCacheRoot(dir.path());
        service.setAssets(std::make_shared<preview::Assets>(dat));
        QSignalSpy ready(&service, &ThumbnailService::ready);
        service.request(0x0A000001); // a Wave, or nothing: never a thumbnail
        QVERIFY(ready.wait(10000));
        QVERIFY(ready.at(0).at(1).value<QImage>().isNull());
        QVERIFY(!ready.at(0).at(2).toString().isEmpty());
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv); // fonts for the contact sheet's labels
    TestThumbnailCache test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_thumbnail_cache.moc"
