#include "datreader/container/dat_patcher.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QDir>
#include <QFile>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

using Model = std::map<std::uint32_t, QByteArray>;

std::vector<std::uint8_t> toVector(const QByteArray& bytes) {
    return {bytes.begin(), bytes.end()};
}

std::span<const std::uint8_t> spanOf(const QByteArray& bytes) {
    return {reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())};
}

// A DAT from our own writer with `count` entries 0x01000000 + 2i (gaps left for inserts) of
// varied sizes; the model gets every entry but the iteration record the writer adds.
QByteArray writerDat(std::uint32_t count, std::uint32_t blockSize, Model& model) {
    DatWriter writer(DatKind::Portal, blockSize);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t id = 0x01000000 + 2 * i;
        WriterEntry e = entry(id, 20 + (i * 37) % 700);
        model[id] = e.data;
        writer.put(std::move(e));
    }
    return writer.build();
}

// Walks the free list from the header by its links, independently of the patcher: returns the
// blocks in order, failing the test if the list does not end where and when the header says.
std::vector<std::uint32_t> walkFreeList(const QByteArray& bytes) {
    const DatHeader header = DatFile::fromBytes(bytes).header();
    std::vector<std::uint32_t> blocks;
    std::set<std::uint32_t> seen;
    for (std::uint32_t block = header.firstFree; block != 0;) {
        if (!seen.insert(block).second || blocks.size() > header.freeCount)
            return {}; // a loop or a list longer than its count: the caller's QCOMPARE fails
        blocks.push_back(block);
        block = peek32(bytes, block) & 0x7FFFFFFF;
    }
    return blocks;
}

// Everything the brief asks to hold after a patch: strict verify, every model entry reads back
// byte for byte (and nothing else is there), and the free list is a real list matching the header.
void checkPatched(DatPatcher& patcher, const Model& model) {
    const auto image = patcher.bytes();
    const QByteArray bytes(reinterpret_cast<const char*>(image.data()), qsizetype(image.size()));
    const VerifyReport report = verifyDat(bytes);
    for (const auto& problem : report.problems)
        qWarning("%s", problem.describe().c_str());
    QVERIFY(report.ok(true));
    const DatFile dat = DatFile::fromBytes(bytes);
    QCOMPARE(dat.entries().size(), model.size() + 1); // + the iteration record
    for (const auto& [id, payload] : model) {
        const auto read = dat.read(id);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(read.data()), qsizetype(read.size())),
                 payload);
    }
    const auto free = walkFreeList(bytes);
    QCOMPARE(free.size(), std::size_t(dat.header().freeCount));
    QCOMPARE(report.freeBlocks, std::size_t(dat.header().freeCount));
    if (!free.empty())
        QCOMPARE(free.back(), dat.header().finalFree);
}

} // namespace

class TestDatPatcher : public QObject {
    Q_OBJECT
  private slots:
    void insertsSplitTheTreeSeveralLevels() {
        // 100 entries fit a two-level tree; 3,900 more pass 62^2 - 1 = 3,843 keys, so the root
        // must split twice over (depth 2 -> 3) and many leaves in between.
        Model model;
        DatPatcher patcher = DatPatcher::fromBytes(toVector(writerDat(100, 256, model)));
        const unsigned startDepth = patcher.directory().depth();
        const std::size_t startNodes = patcher.directory().nodeCount();
        QCOMPARE(startDepth, 2u);
        for (std::uint32_t i = 0; i < 3900; ++i) {
            const std::uint32_t id = 0x02000000 + i * 7;
            model[id] = payloadFor(id, 1 + i % 300);
            patcher.put(id, spanOf(model[id]));
            if (i % 500 == 499)
                checkPatched(patcher, model);
        }
        checkPatched(patcher, model);
        QCOMPARE(patcher.directory().depth(), 3u);
        QVERIFY(patcher.directory().nodeCount() > startNodes + 60);
        // The file grew (no free blocks in a writer DAT) and nothing is left over.
        QCOMPARE(patcher.header().freeCount, 0u);
    }

    void removalsMergeAndBorrowDownToOneNode() {
        Model model;
        DatPatcher patcher = DatPatcher::fromBytes(toVector(writerDat(4000, 256, model)));
        QCOMPARE(patcher.directory().depth(), 3u);
        // Remove from the left end (borrows from right siblings, then merges), then every other
        // key in the middle (merges of inner nodes), checking the tree as it shrinks.
        std::vector<std::uint32_t> order;
        for (const auto& [id, payload] : model)
            order.push_back(id);
        std::mt19937 rng(7);
        std::shuffle(order.begin() + 1000, order.end(), rng);
        std::size_t nodesBefore = patcher.directory().nodeCount();
        for (std::size_t i = 0; i + 20 < order.size(); ++i) {
            QVERIFY(patcher.remove(order[i]));
            model.erase(order[i]);
            if (i % 400 == 0)
                checkPatched(patcher, model);
        }
        checkPatched(patcher, model);
        QCOMPARE(patcher.directory().depth(), 1u); // 21 keys: the root is a leaf again
        QVERIFY(patcher.directory().nodeCount() < nodesBefore);
        QVERIFY(!patcher.remove(0x7FFFFFFF));
        // Everything freed went to the list: entries' blocks and dropped nodes' blocks.
        QVERIFY(patcher.header().freeCount > 4000);
    }

    void replaceWithLargerAndSmallerPayloads() {
        Model model;
        DatPatcher patcher = DatPatcher::fromBytes(toVector(writerDat(200, 1024, model)));
        const std::uint32_t id = 0x01000000 + 2 * 50;
        const EntryInfo before = *patcher.directory().find(id);
        // Larger: its own blocks are reused first, the rest come from the end of the file.
        model[id] = payloadFor(id + 1, 5000);
        patcher.put(id, spanOf(model[id]));
        checkPatched(patcher, model);
        EntryInfo after = *patcher.directory().find(id);
        QCOMPARE(after.offset, before.offset);
        QCOMPARE(after.size, 5000u);
        QCOMPARE(after.flags, before.flags);
        QCOMPARE(after.date, before.date);
        QCOMPARE(after.iteration, before.iteration);
        // Smaller: one block stays, the other four join the free list.
        model[id] = payloadFor(id + 2, 100);
        patcher.put(id, spanOf(model[id]));
        checkPatched(patcher, model);
        QCOMPARE(patcher.header().freeCount, 4u);
        after = *patcher.directory().find(id);
        QCOMPARE(after.offset, before.offset);
    }

    void freedBlocksAreReusedBeforeTheFileGrows() {
        Model model;
        DatPatcher patcher = DatPatcher::fromBytes(toVector(writerDat(200, 1024, model)));
        const std::uint32_t victim = 0x01000000 + 2 * 10;
        const EntryInfo old = *patcher.directory().find(victim);
        QVERIFY(patcher.remove(victim));
        model.erase(victim);
        checkPatched(patcher, model);
        const std::size_t freed = patcher.freeBlocks().size();
        QVERIFY(freed >= 1);
        QCOMPARE(patcher.freeBlocks().front(), old.offset);
        const std::size_t sizeBefore = patcher.bytes().size();
        // A one-block entry takes the freed head block; the file does not grow.
        const std::uint32_t fresh = 0x01000000 + 2 * 10 + 1;
        model[fresh] = payloadFor(fresh, 300);
        patcher.put(fresh, spanOf(model[fresh]));
        checkPatched(patcher, model);
        QCOMPARE(patcher.directory().find(fresh)->offset, old.offset);
        QCOMPARE(patcher.freeBlocks().size(), freed - 1);
        QCOMPARE(patcher.bytes().size(), sizeBefore);
    }

    void freeListIsWalkedNotAssumedContiguous() {
        // Free blocks scattered in reverse order (as a client leaves them): the patcher must take
        // them in link order, not as a run from the head.
        Model model;
        DatPatcher seed = DatPatcher::fromBytes(toVector(writerDat(200, 1024, model)));
        for (std::uint32_t i : {150u, 20u, 90u}) {
            QVERIFY(seed.remove(0x01000000 + 2 * i));
            model.erase(0x01000000 + 2 * i);
        }
        const auto image = seed.bytes();
        const QByteArray bytes(reinterpret_cast<const char*>(image.data()),
                               qsizetype(image.size()));
        const auto links = walkFreeList(bytes);
        QVERIFY(links.size() >= 3);
        QVERIFY(links[1] < links[0]); // entry 20's blocks come after entry 150's
        DatPatcher patcher = DatPatcher::fromBytes(toVector(bytes));
        QCOMPARE(
            std::vector<std::uint32_t>(patcher.freeBlocks().begin(), patcher.freeBlocks().end()),
            links);
        std::vector<std::uint32_t> taken;
        for (std::uint32_t i = 0; i < links.size(); ++i) {
            const std::uint32_t id = 0x03000000 + i;
            model[id] = payloadFor(id, 200);
            patcher.put(id, spanOf(model[id]));
            taken.push_back(patcher.directory().find(id)->offset);
        }
        QCOMPARE(taken, links);
        checkPatched(patcher, model);
    }

    void handMadeScatteredFreeListIsTakenInLinkOrder() {
        // A list made outside our writer: four appended blocks linked 3, 1, 4, 2 with plain links
        // (no bit 31) ending in 0. The patcher must follow the links, and its own rewrite of the
        // list must read back the same way.
        Model model;
        QByteArray bytes = writerDat(100, 1024, model);
        const std::uint32_t base = std::uint32_t(bytes.size());
        bytes.append(QByteArray(4 * 1024, '\0'));
        const std::uint32_t b[] = {base, base + 1024, base + 2048, base + 3072};
        poke32(bytes, b[2], b[0]);
        poke32(bytes, b[0], b[3]);
        poke32(bytes, b[3], b[1]);
        poke32(bytes, b[1], 0);
        poke32(bytes, 0x148, std::uint32_t(bytes.size()));
        poke32(bytes, 0x154, b[2]);
        poke32(bytes, 0x158, b[1]);
        poke32(bytes, 0x15C, 4);
        QVERIFY(verifyDat(bytes).ok(true));
        DatPatcher patcher = DatPatcher::fromBytes(toVector(bytes));
        const std::vector<std::uint32_t> expected{b[2], b[0], b[3], b[1]};
        QCOMPARE(
            std::vector<std::uint32_t>(patcher.freeBlocks().begin(), patcher.freeBlocks().end()),
            expected);
        checkPatched(patcher, model);
        // A three-block entry takes the first three in link order, not three adjacent blocks.
        model[0x05000000] = payloadFor(0x05000000, 3000);
        patcher.put(0x05000000, spanOf(model[0x05000000]));
        checkPatched(patcher, model);
        const auto image = patcher.bytes();
        const QByteArray patched(reinterpret_cast<const char*>(image.data()),
                                 qsizetype(image.size()));
        const DatFile dat = DatFile::fromBytes(patched);
        std::vector<std::uint32_t> chain;
        dat.chains().walk(dat.find(0x05000000)->offset, 3000, 0x05000000, 0, "entry.offset",
                          [&](std::uint32_t block, std::size_t, std::size_t) {
                              chain.push_back(block);
                              return true;
                          });
        QCOMPARE(chain, (std::vector<std::uint32_t>{b[2], b[0], b[3]}));
        QCOMPARE(walkFreeList(patched), (std::vector<std::uint32_t>{b[1]}));
        QCOMPARE(std::size_t(patched.size()), std::size_t(base + 4 * 1024)); // did not grow
    }

    void randomOperationsMatchAModel() {
        Model model;
        DatPatcher patcher = DatPatcher::fromBytes(toVector(writerDat(300, 256, model)));
        std::mt19937 rng(20261206);
        std::uniform_int_distribution<std::uint32_t> pickId(0x01000000, 0x01000000 + 1400);
        std::uniform_int_distribution<int> pickOp(0, 9);
        std::uniform_int_distribution<std::size_t> pickSize(0, 2500);
        std::size_t inserts = 0, replaces = 0, removes = 0;
        for (int op = 0; op < 2000; ++op) {
            const std::uint32_t id = pickId(rng);
            if (pickOp(rng) < 6) {
                const QByteArray payload = payloadFor(id ^ std::uint32_t(op), pickSize(rng));
                (model.count(id) ? replaces : inserts)++;
                model[id] = payload;
                patcher.put(id, spanOf(payload));
            } else {
                const bool had = model.erase(id) != 0;
                removes += had;
                QCOMPARE(patcher.remove(id), had);
            }
            QCOMPARE(patcher.directory().size(), model.size() + 1);
            checkPatched(patcher, model);
            if (op % 250 == 249) {
                // Start over from the bytes written so far: the free list and nodes as saved
                // must read back into the same state.
                const auto image = patcher.bytes();
                const std::vector<std::uint8_t> copy(image.begin(), image.end());
                const std::deque<std::uint32_t> free = patcher.freeBlocks();
                patcher = DatPatcher::fromBytes(copy);
                QCOMPARE(patcher.freeBlocks(), free);
            }
            if (QTest::currentTestFailed()) {
                qWarning("failed after operation %d on %s", op, formatDid(id).c_str());
                return;
            }
        }
        // The mix exercised every path.
        QVERIFY(inserts > 300 && replaces > 300 && removes > 300);
    }

    void commitReplacesTheFileAtomically() {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath("client_portal.dat");
        Model model;
        DatWriter writer(DatKind::Portal, 1024);
        for (std::uint32_t i = 0; i < 80; ++i) {
            writer.put(entry(0x06000000 + i, 900 + i));
            model[0x06000000 + i] = entry(0x06000000 + i, 900 + i).data;
        }
        writer.save(path);
        DatPatcher patcher = DatPatcher::open(path);
        model[0x06000100] = payloadFor(0x06000100, 4321);
        patcher.put(0x06000100, spanOf(model[0x06000100]));
        QVERIFY(patcher.remove(0x06000005));
        model.erase(0x06000005);
        patcher.commit();
        // Only the DAT is left in the folder: the temporary copy was renamed over it.
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files), QStringList{"client_portal.dat"});
        QVERIFY(verifyDatFile(path).ok(true));
        DatPatcher reopened = DatPatcher::open(path);
        checkPatched(reopened, model);
    }

    void failedSaveLeavesTheTargetAlone() {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        Model model;
        DatPatcher patcher = DatPatcher::fromBytes(toVector(writerDat(10, 1024, model)));
        patcher.put(0x01000001, spanOf(payloadFor(1, 10)));
        const QString missing = folder.filePath("no/such/folder/x.dat");
        QVERIFY_THROWS_EXCEPTION(DatError, patcher.saveAs(missing));
        QVERIFY(!QFile::exists(missing));
        QVERIFY_THROWS_EXCEPTION(DatError, patcher.commit()); // from memory: no path to commit to
    }

    void loopingFreeListIsAnError() {
        Model model;
        DatPatcher seed = DatPatcher::fromBytes(toVector(writerDat(100, 1024, model)));
        for (std::uint32_t i : {10u, 20u, 30u})
            QVERIFY(seed.remove(0x01000000 + 2 * i));
        const auto image = seed.bytes();
        QByteArray bytes(reinterpret_cast<const char*>(image.data()), qsizetype(image.size()));
        const auto links = walkFreeList(bytes);
        QVERIFY(links.size() >= 3);
        // The second free block links back to the first.
        poke32(bytes, links[1], links[0] | 0x80000000u);
        try {
            DatPatcher::fromBytes(toVector(bytes));
            QFAIL("a looping free list was accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("free.next"));
            QCOMPARE(error.offset(), std::uint64_t(links[1]));
            QVERIFY(QString::fromStdString(error.message()).contains("loop"));
        }
    }

    void treeTheEditsCannotKeepIsRefused() {
        // A leaf emptied by hand: readers accept it (its entries just vanish, verify warns), but
        // the patcher refuses it, naming the count's offset.
        Model model;
        QByteArray bytes = writerDat(200, 1024, model);
        const auto map = mapDirectory(bytes);
        const auto leaf = std::find_if(map.nodes.begin(), map.nodes.end(),
                                       [](const auto& node) { return node.depth == 1; });
        QVERIFY(leaf != map.nodes.end());
        const std::uint64_t countAt = leaf->offset + 4 + DirectoryNode::kCountPosition;
        poke32(bytes, countAt, 0);
        QCOMPARE(verifyDat(bytes).errorCount(), std::size_t(0));
        try {
            DatPatcher::fromBytes(toVector(bytes));
            QFAIL("an empty non-root node was accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("node.count"));
            QCOMPARE(error.offset(), countAt);
        }
        // An inner node turned into a leaf (branch[0] = 0): its leaf sits above the others.
        QByteArray deep = writerDat(4000, 1024, model);
        const auto deepMap = mapDirectory(deep);
        std::vector<std::uint32_t> inner;
        for (const auto& node : deepMap.nodes)
            if (node.depth == 1)
                inner.push_back(node.offset);
        QVERIFY(inner.size() >= 2);
        poke32(deep, inner[1] + 4, 0);
        QCOMPARE(verifyDat(deep).errorCount(), std::size_t(0));
        try {
            DatPatcher::fromBytes(toVector(deep));
            QFAIL("leaves at two depths were accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("node.depth"));
            QCOMPARE(error.offset(), std::uint64_t(inner[1]));
        }
        // An inner root with no keys (only its first child is reachable) is refused too.
        QByteArray root = writerDat(200, 1024, model);
        const std::uint64_t rootCountAt =
            DatFile::fromBytes(root).header().rootOffset + 4 + DirectoryNode::kCountPosition;
        poke32(root, rootCountAt, 0);
        QCOMPARE(verifyDat(root).errorCount(), std::size_t(0));
        try {
            DatPatcher::fromBytes(toVector(root));
            QFAIL("an empty inner root was accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("node.count"));
            QCOMPARE(error.offset(), rootCountAt);
        }
    }

    void freeListOutsideTheFileIsAnError() {
        Model model;
        DatPatcher seed = DatPatcher::fromBytes(toVector(writerDat(100, 1024, model)));
        QVERIFY(seed.remove(0x01000000 + 2 * 10));
        QVERIFY(seed.remove(0x01000000 + 2 * 11));
        const auto image = seed.bytes();
        QByteArray bytes(reinterpret_cast<const char*>(image.data()), qsizetype(image.size()));
        const auto links = walkFreeList(bytes);
        QVERIFY(links.size() >= 2);
        poke32(bytes, links[0], 0x7FFFF000u | 0x80000000u);
        try {
            DatPatcher::fromBytes(toVector(bytes));
            QFAIL("a free link outside the file was accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("free.next"));
            QCOMPARE(error.offset(), std::uint64_t(links[0]));
            QVERIFY(QString::fromStdString(error.message()).contains("outside the file"));
        }
        // The head itself outside the file, and a count the list cannot hold.
        QByteArray head = bytes;
        poke32(head, links[0], links[1] | 0x80000000u);
        poke32(head, 0x154, 0x7FFFF000u);
        try {
            DatPatcher::fromBytes(toVector(head));
            QFAIL("a free head outside the file was accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("header.firstFree"));
            QCOMPARE(error.offset(), std::uint64_t(0x154));
        }
        QByteArray counted = bytes;
        poke32(counted, links[0], links[1] | 0x80000000u);
        poke32(counted, 0x15C, 0x00FFFFFF);
        try {
            DatPatcher::fromBytes(toVector(counted));
            QFAIL("a free count past the file's blocks was accepted");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("header.freeCount"));
            QCOMPARE(error.offset(), std::uint64_t(0x15C));
        }
    }
};

QTEST_GUILESS_MAIN(TestDatPatcher)
#include "tst_dat_patcher.moc"
