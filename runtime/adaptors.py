"""`std::deque` and the adaptors `queue`, `stack`, `priority_queue`."""

from .containers import _copied, np_type, vector
from .stdcontainers import _By, _callable, _converter, _range, std_less_key  # noqa: F401

__all__ = ["std_deque", "std_queue", "std_stack", "std_priority_queue"]


# ---- deque and the adaptors ----------------------------------------------------------------------
class std_deque(vector):  # noqa: N801 - C++ name
    """`std::deque<T>`: a vector that also grows and shrinks at the front."""

    def push_front(self, v):
        self.insert(self.begin(), v)

    emplace_front = push_front

    def pop_front(self):
        self.erase(self.begin())

    def copy(self):
        out = std_deque(self.elem_type)
        out._extend(self.data())
        return out


class std_queue:  # noqa: N801 - C++ name
    """`std::queue<T>`: first in, first out (over a deque, as C++'s default)."""

    def __init__(self, elem_type, init=None):
        self.elem_type = elem_type
        self.c = std_deque(elem_type) if init is None else _as_deque(elem_type, init)

    def push(self, v):
        self.c.push_back(v)

    emplace = push

    def pop(self):
        self.c.pop_front()

    def front(self):
        return self.c.front()

    def back(self):
        return self.c.back()

    def size(self):
        return self.c.size()

    __len__ = size

    def empty(self):
        return self.c.empty()

    def swap(self, other):
        self.__dict__, other.__dict__ = other.__dict__, self.__dict__

    def copy(self):
        out = type(self).__new__(type(self))
        out.__dict__ = dict(self.__dict__, c=self.c.copy())
        return out

    def assign(self, other):
        self.c = other.c.copy()
        return self

    def __eq__(self, other):
        return list(self.c) == list(other.c)


def _as_deque(elem_type, init):
    d = std_deque(elem_type)
    d._extend(list(init))
    return d


class std_stack(std_queue):  # noqa: N801 - C++ name
    """`std::stack<T>`: last in, first out."""

    def pop(self):
        self.c.pop_back()

    def top(self):
        return self.c.back()


class std_priority_queue:  # noqa: N801 - C++ name
    """`std::priority_queue<T, Container, Compare>`: `top()` is the greatest by `less` (the
    smallest with `std::greater`), kept by push_heap/pop_heap as the standard library does."""

    def __init__(self, elem_type, compare=None, init=None):
        self.elem_type, self.compare = elem_type, compare
        self._conv = _converter(elem_type)
        less = _callable(compare)
        if less is None and hasattr(np_type(elem_type), "_fields"):
            less = std_less_key(elem_type)
        self._less = less or (lambda x, y: x < y)
        self.h = [self._conv(v) for v in (_range(*init) if isinstance(init, tuple) else init or ())]
        for hole in range(len(self.h) // 2 - 1, -1, -1):     # std::make_heap
            self._adjust(hole, self.h[hole])

    def push(self, v):                      # std::push_heap: the new value sifts up
        self.h.append(self._conv(v))
        self._sift_up(len(self.h) - 1, 0, self.h[-1])

    emplace = push

    def pop(self):                          # std::pop_heap: the last value goes where the top was
        last = self.h.pop()
        if self.h:
            self._adjust(0, last)

    def _adjust(self, hole, value):
        """The standard's heap adjustment (both libraries'): the hole at `hole` goes down to a leaf
        by the greater child, then `value` sifts up from there."""
        h, less, n = self.h, self._less, len(self.h)
        top, child = hole, 2 * hole + 2
        while child < n:
            if less(h[child], h[child - 1]):
                child -= 1
            h[hole] = h[child]
            hole = child
            child = 2 * hole + 2
        if child == n:
            h[hole] = h[child - 1]
            hole = child - 1
        self._sift_up(hole, top, value)

    def _sift_up(self, hole, top, value):
        """`value` into the hole at `hole`, moved up past the parents it is greater than (not above `top`)."""
        h, less = self.h, self._less
        while hole > top:
            parent = (hole - 1) // 2
            if not less(h[parent], value):
                break
            h[hole] = h[parent]
            hole = parent
        h[hole] = value

    def top(self):
        return self.h[0]

    def size(self):
        return len(self.h)

    __len__ = size

    def empty(self):
        return not self.h

    def swap(self, other):
        self.__dict__, other.__dict__ = other.__dict__, self.__dict__

    def copy(self):
        out = type(self).__new__(type(self))
        out.__dict__ = dict(self.__dict__, h=[_copied(v) for v in self.h])
        return out

    def assign(self, other):
        self.h = [_copied(v) for v in other.h]
        return self
