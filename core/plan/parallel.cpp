#include "plan/parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace fp::plan {

int workerCount()
{
    if (const char* env = std::getenv("FABRICPLAN_THREADS"); env && *env) {
        const int n = std::atoi(env);
        if (n >= 1) return std::min(n, 256);
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// Threads of runInParallel now running tasks. A call from a task (a plan's stages inside the comparison)
// runs its own tasks inline while every core is busy: more threads would only share the cores, each
// with its own malloc arena of freshly faulted pages. Once a core idles (the comparison's last plans),
// it gets helpers again.
std::atomic<int> busyThreads{0};
thread_local bool onWorker = false;
thread_local bool critical = false;  // CriticalPath held on this thread

// Tasks first .. count - 1. Inline while every core is busy; when one idles meanwhile (the other task of a
// cluster plan has finished its networks), the tasks left get helpers again.
void runFrom(std::size_t first, std::size_t count, const std::function<void(std::size_t)>& task)
{
    if (onWorker && !critical && busyThreads >= workerCount()) {
        for (std::size_t i = first; i < count; ++i) {
            if (i + 1 < count && busyThreads < workerCount()) return runFrom(i, count, task);
            task(i);
        }
        return;
    }
    std::atomic<std::size_t> next{first};
    std::atomic<bool> failed{false};
    std::exception_ptr firstError;
    std::mutex errorMutex;
    auto work = [&] {
        const bool nested = onWorker;  // this thread is counted already
        onWorker = true;
        if (!nested) ++busyThreads;
        for (std::size_t i; !failed && (i = next++) < count;) {
            try {
                task(i);
            } catch (...) {
                std::lock_guard lock(errorMutex);
                if (!firstError) firstError = std::current_exception();
                failed = true;
            }
        }
        if (!nested) --busyThreads;
        onWorker = nested;
    };
    const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(workerCount()), count - first);
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
    work();
    for (auto& h : helpers) h.join();
    if (firstError) std::rethrow_exception(firstError);
}

} // namespace

void runInParallel(std::size_t count, const std::function<void(std::size_t)>& task) { runFrom(0, count, task); }

CriticalPath::CriticalPath() : was_(critical) { critical = true; }

CriticalPath::~CriticalPath() { critical = was_; }

CoreLent::CoreLent() : lent_(onWorker)
{
    if (lent_) --busyThreads;
}

CoreLent::~CoreLent()
{
    if (lent_) ++busyThreads;
}

} // namespace fp::plan
