#include "datreader/container/map_guard.h"

#include "datreader/io/dat_error.h"

#include <array>
#include <atomic>
#include <csignal>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace portalkit::dat {
namespace {

// One guarded map. The handler reads these with plain atomic loads, so it takes no lock. A slot
// is published by storing `end` before `begin` and retired by clearing `begin` first, so a
// handler that sees a begin also sees its end.
struct Slot {
    std::atomic<bool> taken{false};
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};    // rounded up to a whole page
    std::atomic<std::uint64_t> missing{0}; // offset of the first missing page + 1; 0 for none
};

std::array<Slot, MapGuard::kSlots> g_slots;

std::mutex g_installMutex; // guards the three below; never taken in the handler
std::size_t g_guards = 0;
struct sigaction g_previous {};
std::uintptr_t g_pageSize = 4096; // read once at install: sysconf is not async-signal-safe

// Records `offset` as missing unless an earlier page already is.
void noteMissing(Slot& slot, std::uint64_t offset) {
    std::uint64_t seen = slot.missing.load(std::memory_order_relaxed);
    while ((seen == 0 || seen > offset + 1) &&
           !slot.missing.compare_exchange_weak(seen, offset + 1, std::memory_order_release))
        ;
}

// Hands a SIGBUS that is not ours to whoever had it before. The default action (and "ignore",
// which the kernel does not honour for a fault) is restored and the signal raised again, so the
// process ends with SIGBUS as it would have without us.
void forward(int signal, siginfo_t* info, void* context) {
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(signal, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, nullptr);
    raise(signal); // delivered when the handler returns; a fault would also recur
}

// Only async-signal-safe work: atomic loads and stores, mmap, sigaction, raise.
void onSigbus(int signal, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    if (info->si_code > 0) { // a fault; kill() and raise() give codes <= 0
        for (Slot& slot : g_slots) {
            const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
            if (begin == 0 || address < begin)
                continue;
            const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
            if (address >= end)
                continue;
            // Every page from here on is past the file's end too: zero pages over all of them
            // spare one fault per page.
            const std::uintptr_t page = address & ~(g_pageSize - 1);
            void* zeros = mmap(reinterpret_cast<void*>(page), end - page, PROT_READ,
                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (zeros == MAP_FAILED)
                break;
            noteMissing(slot, page - begin);
            return; // the faulting read runs again and sees zeros
        }
    }
    forward(signal, info, context);
}

void install() {
    g_pageSize = std::uintptr_t(sysconf(_SC_PAGESIZE));
    struct sigaction action {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &g_previous);
}

// Puts the previous handler back, unless somebody replaced ours meanwhile.
void uninstall() {
    struct sigaction current {};
    sigaction(SIGBUS, nullptr, &current);
    if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == onSigbus)
        sigaction(SIGBUS, &g_previous, nullptr);
}

} // namespace

MapGuard::MapGuard(const void* begin, std::size_t size) {
    const std::lock_guard lock(g_installMutex);
    std::size_t slot = 0;
    for (bool expected = false; slot < kSlots; ++slot, expected = false)
        if (g_slots[slot].taken.compare_exchange_strong(expected, true))
            break;
    if (slot == kSlots)
        throw DatError("file",
                       "more than " + std::to_string(kSlots) + " DAT files are open at once", 0);
    if (g_guards++ == 0)
        install();
    m_slot = slot;
    const auto first = reinterpret_cast<std::uintptr_t>(begin);
    Slot& s = g_slots[slot];
    s.missing.store(0, std::memory_order_relaxed);
    s.end.store(first + (size + g_pageSize - 1) / g_pageSize * g_pageSize,
                std::memory_order_release);
    s.begin.store(first, std::memory_order_release);
}

MapGuard::~MapGuard() {
    const std::lock_guard lock(g_installMutex);
    Slot& s = g_slots[m_slot];
    s.begin.store(0, std::memory_order_release);
    s.end.store(0, std::memory_order_release);
    s.taken.store(false, std::memory_order_release);
    if (--g_guards == 0)
        uninstall();
}

bool MapGuard::damaged() const {
    return g_slots[m_slot].missing.load(std::memory_order_acquire) != 0;
}

void MapGuard::noteMissing(std::uint64_t offset) {
    portalkit::dat::noteMissing(g_slots[m_slot], offset);
}

std::optional<std::uint64_t> MapGuard::firstMissing() const {
    const std::uint64_t missing = g_slots[m_slot].missing.load(std::memory_order_acquire);
    if (missing == 0)
        return std::nullopt;
    return missing - 1;
}

} // namespace portalkit::dat
