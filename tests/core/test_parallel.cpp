// plan::runInParallel's accounting of busy cores (core/plan/parallel.h): a task's nested runInParallel runs
// inline while every core is busy, gets a helper while another task lends its core (CoreLent) or when it is
// on the critical path (CriticalPath), and gets one for the tasks left once another task finishes. Each case is a rendezvous of two nested tasks that can
// only meet when they run at the same time; run inline, the first waits out its deadline instead.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <future>
#include <mutex>
#include <thread>

#include "plan/parallel.h"

using namespace fp;

namespace {

// Two parties; wait() returns true when both arrived before the deadline.
class Rendezvous {
public:
    bool arriveAndWait(std::chrono::milliseconds deadline)
    {
        std::unique_lock lock(m_);
        ++arrived_;
        cv_.notify_all();
        return cv_.wait_for(lock, deadline, [&] { return arrived_ >= 2; });
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    int arrived_ = 0;
};

constexpr std::chrono::milliseconds kMet{5000}, kApart{300};

} // namespace

class TestParallel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("FABRICPLAN_THREADS", "2"); }
    void cleanupTestCase() { qunsetenv("FABRICPLAN_THREADS"); }

    // Both cores busy with the outer tasks: the nested tasks run one after the other on task 0's thread,
    // so they never meet (the first waits out its short deadline).
    void nestedTasksRunInlineWhileEveryCoreIsBusy()
    {
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        bool met = true;
        std::atomic<bool> running{false};
        plan::runInParallel(2, [&](std::size_t outer) {
            if (outer == 1) {
                running = true;
                released.wait();  // busy, holding its core
                return;
            }
            while (!running) std::this_thread::yield();  // both workers counted busy
            Rendezvous r;
            bool first = true;
            plan::runInParallel(2, [&](std::size_t) {
                const bool m = r.arriveAndWait(kApart);
                if (first) met = m, first = false;
            });
            release.set_value();
        });
        QVERIFY(!met);
    }

    // The same while task 1 waits holding a CoreLent: the nested tasks get a helper and meet.
    void aLentCoreTakesNestedTasks()
    {
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        std::atomic<bool> lent{false};
        std::atomic<int> met{0};
        plan::runInParallel(2, [&](std::size_t outer) {
            if (outer == 1) {
                const plan::CoreLent lend;
                lent = true;
                released.wait();
                return;
            }
            while (!lent) std::this_thread::yield();
            Rendezvous r;
            plan::runInParallel(2, [&](std::size_t) { met += r.arriveAndWait(kMet); });
            release.set_value();
        });
        QCOMPARE(met.load(), 2);
    }

    // The same with task 0 on the critical path (CriticalPath, the compute fabric beside its networks): its
    // nested tasks get a helper although both cores are busy, and meet.
    void theCriticalPathKeepsItsHelpers()
    {
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        std::atomic<bool> running{false};
        std::atomic<int> met{0};
        plan::runInParallel(2, [&](std::size_t outer) {
            if (outer == 1) {
                running = true;
                released.wait();
                return;
            }
            const plan::CriticalPath longer;
            while (!running) std::this_thread::yield();
            Rendezvous r;
            plan::runInParallel(2, [&](std::size_t) { met += r.arriveAndWait(kMet); });
            release.set_value();
        });
        QCOMPARE(met.load(), 2);
    }

    // Task 1 finishes while task 0 runs its nested tasks inline: the tasks left get a helper, and the
    // last two of three meet. (Task 1's thread leaves the pool microseconds after its task returns; the
    // first nested task gives it 300 ms.)
    void aCoreFreedMidwayTakesTheTasksLeft()
    {
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        std::atomic<int> met{0};
        std::atomic<bool> running{false};
        Rendezvous r;
        plan::runInParallel(2, [&](std::size_t outer) {
            if (outer == 1) {
                running = true;
                released.wait();
                return;
            }
            while (!running) std::this_thread::yield();  // both workers counted busy
            plan::runInParallel(3, [&](std::size_t inner) {
                if (inner == 0) {  // inline, both cores busy: let task 1 end
                    release.set_value();
                    std::this_thread::sleep_for(std::chrono::milliseconds(300));
                    return;
                }
                met += r.arriveAndWait(kMet);
            });
        });
        QCOMPARE(met.load(), 2);
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "test_parallel.moc"
