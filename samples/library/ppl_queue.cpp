// A shared work queue, as the C++ AMP book's Chapter 9 drives several accelerators: a
// concurrent_queue of (start, size) tasks, workers in a parallel_for taking tasks until it is
// empty (amppy runs the workers one after another; the PPL may run them at once: the results do
// not depend on it), a kernel per task on its section, and a critical_section around the shared
// count.
#include <algorithm>
#include <iostream>
#include <utility>
#include <vector>
#include <amp.h>
#include <concurrent_queue.h>
#include <ppl.h>
using namespace concurrency;

typedef std::pair<int, int> Task;          // (first element, number of elements)

struct Stats
{
    int tasks;
    int elements;
};

int main()
{
    const int size = 40, taskSize = 12;
    std::vector<int> data(size);
    for (int i = 0; i < size; ++i)
        data[i] = i;

    concurrent_queue<Task> tasks;
    for (int i = 0; i < size; i += taskSize)
        tasks.push(Task(i, std::min(i + taskSize, size) - i));
    std::cout << "queued " << tasks.unsafe_size() << " tasks" << std::endl;

    Stats stats = {0, 0};
    critical_section statsLock;
    std::vector<accelerator> accls = accelerator::get_all();
    accls.erase(std::remove_if(accls.begin(), accls.end(), [](const accelerator& a) { return a.is_emulated; }),
                accls.end());
    if (accls.empty())                        // no hardware: the default (WARP-like) accelerator
        accls.push_back(accelerator());
    parallel_for(0, int(accls.size()), [&](int w) {
        Task t;
        while (tasks.try_pop(t))
        {
            array_view<int, 1> work(t.second, data.data() + t.first);
            parallel_for_each(accls[w].default_view, work.extent, [=](index<1> i) restrict(amp) {
                work[i] = work[i] * 3 + 1;
            });
            work.synchronize();
            critical_section::scoped_lock hold(statsLock);
            stats.tasks++;
            stats.elements += t.second;
        }
    });

    std::cout << stats.tasks << " tasks, " << stats.elements << " elements, queue empty: " << tasks.empty() << std::endl;
    for (int i = 0; i < size; i += 7)
        std::cout << data[i] << " ";
    std::cout << std::endl;

    concurrent_queue<Stats> history;
    history.push(stats);
    stats.tasks = -1;                       // the queue holds its own copy
    Stats back = {0, 0};
    const bool got = history.try_pop(back);
    std::cout << got << " " << back.tasks << " " << back.elements << " " << history.try_pop(back) << std::endl;
    return 0;
}
