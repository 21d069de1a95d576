#pragma once
// Drops `p` on a worker thread: freeing a 1,000,000-GPU plan (3 M links, their media and lengths; four
// of them in a comparison) is tens of milliseconds the UI thread need not spend. Whoever else still
// holds it (a view not yet refreshed, a running export) keeps it alive as usual.
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

namespace fp::gui {

template <class T>
void releaseOffUiThread(std::shared_ptr<const T> p)
{
    if (!p || p.use_count() > 1) return;  // not ours to free
    (void)QtConcurrent::run([p = std::move(p)]() mutable { p.reset(); });
}

} // namespace fp::gui
