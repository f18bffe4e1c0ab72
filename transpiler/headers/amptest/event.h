// amptest/event.h (amppy): the harness's event, which a continuation (`copy_async(...).then`)
// sets and the test waits on.  amppy's copies finish before `then` returns, so the
// continuation has run, and set the event, before the test waits.
#pragma once

namespace Concurrency
{
    namespace Test
    {
        class event
        {
        public:
            event() : flag(false) {}
            void set() { flag = true; }
            void reset() { flag = false; }
            bool is_set() const { return flag; }
            void wait() { while (!flag) {} }

        private:
            bool flag;
        };
    }
}
