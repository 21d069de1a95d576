#pragma once
// runInParallel: a small pool of worker threads, one per core, pulling task indices in order. The
// first exception a task throws stops the hand-out of further tasks and is rethrown to the caller once
// every worker has finished (so no task outlives the data it reads).
#include <cstddef>
#include <functional>

namespace fp::plan {

// Threads a parallel stage uses: the machine's cores (at least 1). FABRICPLAN_THREADS=N overrides it
// (1 = plan everything on the calling thread, as before).
int workerCount();

// Calls task(0) .. task(count - 1), each exactly once unless a task throws, on up to workerCount()
// threads (the calling thread is one of them). Called from a task while every core runs one, it calls
// them in order on the calling thread, until a core idles: the tasks left then get helpers.
void runInParallel(std::size_t count, const std::function<void(std::size_t)>& task);

// Held by the task on a plan's critical path (the compute fabric beside its networks): its stages get their
// helpers even while every core is busy, so the OS shares the cores two to one in its favour instead of
// leaving it one core until the other task ends.
class CriticalPath {
public:
    CriticalPath();
    ~CriticalPath();
    CriticalPath(const CriticalPath&) = delete;
    CriticalPath& operator=(const CriticalPath&) = delete;

private:
    bool was_;
};

// Held by a task while it blocks on another task's result: its core counts as idle meanwhile, so a
// runInParallel called elsewhere (the other task's own stages) may start a helper on it instead of
// running inline because every core looks busy. Nothing on a thread that is not a task.
class CoreLent {
public:
    CoreLent();
    ~CoreLent();
    CoreLent(const CoreLent&) = delete;
    CoreLent& operator=(const CoreLent&) = delete;

private:
    bool lent_;
};

} // namespace fp::plan
