"""The standard library's other containers on the host, with C++'s semantics: ``std::list`` and
``forward_list`` here, with what every node-based container shares (nodes, iterators, element
conversion); ``map``, ``multimap``, ``set``, ``multiset`` and their ``unordered_`` forms in
associative.py; ``deque``, ``queue``, ``stack``, ``priority_queue`` in adaptors.py.

- Elements are values: what goes in is converted to the element type (integers wrap, a
  ``float`` is a float32) or copied (a struct, a vector, another container); copying a container
  copies its elements.
- The node-based containers (maps, sets, lists) keep their elements in a doubly-linked chain of
  nodes, so an iterator (a node) stays valid while other elements come and go, ``++it`` is one
  step, and erasing returns the iterator that followed.  The ordered ones also keep the nodes in
  key order for lookups (bisection): iteration is in ``std::less`` order, or the comparator's; an
  element equal to others goes after them, as C++ inserts it.
- The unordered ones look keys up in a dict; their iteration order is the order keys were first
  inserted (C++ leaves it to the implementation: a program that prints it does not print the
  same on two compilers).
- ``priority_queue`` is a heap kept by the standard's ``push_heap``/``pop_heap`` (the algorithm
  both the Microsoft and GNU libraries use), so equal-priority elements leave in C++'s order.
"""

import numpy as np

from .containers import HostObject, _Iter, _copied, _plain, _store, np_type, vector, vector_type
from .stdexcept import std_out_of_range

__all__ = ["std_list", "std_forward_list", "container_type", "std_less_key", "std_array"]


# ---- element values ---------------------------------------------------------------------------
def _converter(t):
    """The function that makes a stored value of element type `t` from a given one."""
    t = np_type(t)
    if isinstance(t, type) and issubclass(t, np.generic):
        cell = np.zeros((), t)

        def conv(v):
            _store(cell, (), v)             # C++'s conversion: wrapped, truncated, rounded to float32
            return cell[()]
        return conv
    if t is str or t is object:
        return lambda v: v
    return _copied                          # a struct, vector or container: its own copy


def _default(t):
    """A value-initialised element of type `t` (`m[k]` of a missing key)."""
    t = np_type(t)
    if isinstance(t, type) and issubclass(t, np.generic):
        return t(0)
    if t is str:
        return ""
    if t is object:
        return None
    if isinstance(t, (vector_type, container_type)):
        return t()
    if isinstance(t, type) and issubclass(t, HostObject):
        ctor = getattr(t, "new", None)
        return ctor() if ctor is not None else t()
    return t()


class container_type:  # noqa: N801 - C++ name
    """The element type of a container of containers: `container_type(std_set, np.int32)` makes an
    empty `std::set<int>` when called."""

    __slots__ = ("cls", "args")

    def __init__(self, cls, *args):
        self.cls, self.args = cls, args

    def __call__(self):
        return self.cls(*self.args)

    def __eq__(self, other):
        return isinstance(other, container_type) and (other.cls, other.args) == (self.cls, self.args)

    def __hash__(self):
        return hash((self.cls, self.args))


def std_less_key(t):
    """`std::less` of a struct key: its `operator<`, or a pair's or tuple's field-by-field order."""
    lt = getattr(t, "op_lt", None)
    if lt is not None:
        return lambda x, y: bool(x.op_lt(y))
    fields = getattr(t, "_fields", ())
    return lambda x, y: tuple(getattr(x, f) for f in fields) < tuple(getattr(y, f) for f in fields)


def _callable(compare):
    """A comparator given as a function, a lambda or a function object (its `operator()`)."""
    if compare is None:
        return None
    return getattr(compare, "op_call", compare)


class _By:
    """A sort key ordered by a comparator `less(x, y)`."""

    __slots__ = ("k", "less")

    def __init__(self, k, less):
        self.k, self.less = k, less

    def __lt__(self, other):
        return bool(self.less(self.k, other.k))


# ---- the chain of nodes and its iterators --------------------------------------------------------
class _Node:
    __slots__ = ("value", "prev", "next")

    def __init__(self, value):
        self.value, self.prev, self.next = value, None, None


class _NodeIter:
    """An iterator of a node-based container: the node it points at (None: the end); `rev`: a
    reverse_iterator, which moves toward the front."""

    __slots__ = ("c", "node", "rev")

    def __init__(self, c, node, rev=False):
        self.c, self.node, self.rev = c, node, rev

    def _step(self, k):
        node, back = self.node, (k < 0) != self.rev
        if node is _BEFORE:                 # forward_list's before_begin()
            node, k = self.c._head, k - 1
        for _ in range(abs(int(k))):
            if back:
                node = self.c._tail if node is None else node.prev
            else:
                node = self.c._head if node is None else node.next
        return node

    def __add__(self, k):
        return _NodeIter(self.c, self._step(k), self.rev)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, _NodeIter):    # std::distance(other, self)
            n, it = 0, other
            while it != self:
                it, n = it + 1, n + 1
            return n
        return _NodeIter(self.c, self._step(-int(other)), self.rev)

    def __eq__(self, other):
        return isinstance(other, _NodeIter) and other.c is self.c and other.node is self.node

    __hash__ = None

    def __getitem__(self, k):
        node = self._step(k) if k else self.node
        if node is None:
            raise std_out_of_range("cannot dereference end iterator")
        return node.value

    def __setitem__(self, k, v):
        node = self._step(k) if k else self.node
        node.value = self.c._conv(v)

    def deref(self):
        return self[0]

    def copy(self):
        return self

    def __repr__(self):
        return f"<iterator {'end' if self.node is None else self.node.value!r}>"


#: the iterators a range may be given by: a vector's (or deque's) and a node container's
ITERATORS = (_Iter, _NodeIter)


class _Chain:
    """Nodes in a doubly-linked chain: what every node-based container shares."""

    def _init_chain(self):
        self._head = self._tail = None
        self._n = 0

    def _link_before(self, node, at):
        """Put `node` before node `at` (None: at the end)."""
        prev = self._tail if at is None else at.prev
        node.prev, node.next = prev, at
        if prev is None:
            self._head = node
        else:
            prev.next = node
        if at is None:
            self._tail = node
        else:
            at.prev = node
        self._n += 1
        return node

    def _unlink(self, node):
        nxt = node.next
        if node.prev is None:
            self._head = nxt
        else:
            node.prev.next = nxt
        if nxt is None:
            self._tail = node.prev
        else:
            nxt.prev = node.prev
        self._n -= 1
        return nxt

    def _nodes(self):
        node = self._head
        while node is not None:
            yield node
            node = node.next

    def __iter__(self):
        return (node.value for node in self._nodes())

    def size(self):
        return self._n

    __len__ = size

    def empty(self):
        return self._n == 0

    def max_size(self):
        return (1 << 63) // 64

    def begin(self):
        return _NodeIter(self, self._head)

    def end(self):
        return _NodeIter(self, None)

    def rbegin(self):
        return _NodeIter(self, self._tail, True)

    def rend(self):
        return _NodeIter(self, None, True)

    def front(self):
        return self._head.value

    def back(self):
        return self._tail.value

    def __eq__(self, other):
        return type(other) is type(self) and self._n == other._n and \
            all(_equal(x, y) for x, y in zip(self, other))

    def __ne__(self, other):
        return not self == other

    def __lt__(self, other):                # std::lexicographical_compare
        for x, y in zip(self, other):
            if x < y:
                return True
            if y < x:
                return False
        return self._n < other._n

    def __gt__(self, other):
        return other < self

    def __le__(self, other):
        return not other < self

    def __ge__(self, other):
        return not self < other

    def swap(self, other):
        self.__dict__, other.__dict__ = other.__dict__, self.__dict__

    def __copy__(self):
        return self.copy()


def _equal(x, y):
    eq = getattr(x, "op_eq", None)
    return bool(eq(y)) if eq is not None else bool(x == y)


# ---- list, forward_list ---------------------------------------------------------------------------
class std_list(_Chain):  # noqa: N801 - C++ name
    """`std::list<T>`: `std_list(T)`, `(T, n[, value])`, `(T, first, last)` iterators, `(T, [values])`."""

    def __init__(self, elem_type, n=0, value=None):
        self.elem_type = elem_type
        self._conv = _converter(elem_type)
        self._init_chain()
        if isinstance(n, ITERATORS) or hasattr(n, "__iter__") and not isinstance(n, str):
            self._extend(_range(n, value) if isinstance(n, ITERATORS) else n)
        elif n:
            self.resize(int(n), value)

    def _extend(self, values, at=None):
        first = None
        for v in values:
            node = self._link_before(_Node(self._conv(v)), at)
            first = first or node
        return first

    def copy(self):
        out = type(self)(self.elem_type)
        out._extend(iter(self))
        return out

    def assign(self, other):
        """`*this = other`."""
        values = list(other)
        self.clear()
        self._extend(values)
        return self

    def assign_n(self, n, value):
        self.clear()
        self.resize(int(n), value)

    def assign_range(self, first, last):
        values = list(_range(first, last))
        self.clear()
        self._extend(values)

    def clear(self):
        self._init_chain()

    def push_back(self, v):
        self._link_before(_Node(self._conv(v)), None)

    def push_front(self, v):
        self._link_before(_Node(self._conv(v)), self._head)

    emplace_back, emplace_front = push_back, push_front

    def pop_back(self):
        self._unlink(self._tail)

    def pop_front(self):
        self._unlink(self._head)

    def resize(self, n, value=None):
        while self._n > n:
            self._unlink(self._tail)
        while self._n < n:
            self.push_back(_default(self.elem_type) if value is None else value)

    def insert(self, pos, *args):
        """`insert(pos, value)`, `(pos, n, value)`, `(pos, first, last)`: before `pos`; the
        iterator of the first element inserted (`pos` when none is)."""
        if len(args) == 1:
            values = [args[0]]
        elif isinstance(args[0], ITERATORS):
            values = list(_range(args[0], args[1]))
        else:
            values = [args[1]] * int(args[0])
        first = self._extend(values, pos.node)
        return pos if first is None else _NodeIter(self, first)

    emplace = insert

    def erase(self, first, last=None):
        """`erase(pos)`, `erase(first, last)`: the iterator that followed them."""
        stop = first.node.next if last is None else last.node
        node = first.node
        while node is not stop:
            node = self._unlink(node)
        return _NodeIter(self, stop)

    def remove(self, value):
        return self.remove_if(lambda v: _equal(v, value))

    def remove_if(self, pred):
        n = self._n
        node = self._head
        while node is not None:
            node = self._unlink(node) if pred(node.value) else node.next
        return n - self._n

    def unique(self, same=None):
        same = same or _equal
        node = self._head
        while node is not None and node.next is not None:
            if same(node.value, node.next.value):
                self._unlink(node.next)
            else:
                node = node.next

    def reverse(self):
        values = list(self)
        self.clear()
        self._extend(reversed(values))

    def sort(self, less=None):
        """A stable sort (`std::list::sort` is), by `<` or `less`; the nodes keep their values."""
        less = _callable(less)
        nodes = list(self._nodes())
        key = (lambda n: n.value) if less is None else (lambda n: _By(n.value, less))
        nodes.sort(key=key)
        self._init_chain()
        for node in nodes:
            self._link_before(node, None)

    def merge(self, other, less=None):
        """Both sorted: `other`'s elements move in, each after this list's equal ones."""
        less = _callable(less) or (lambda x, y: x < y)
        node = self._head
        for value in list(other):
            while node is not None and not less(value, node.value):
                node = node.next
            self._link_before(_Node(value), node)
        other.clear()

    def splice(self, pos, other, first=None, last=None):
        """`other`'s elements (all, the one at `first`, or [first, last)) move before `pos`."""
        if first is None:
            first, last = other.begin(), other.end()
        elif last is None:
            last = first + 1
        values = list(_range(first, last))
        other.erase(first, last)
        self._extend(values, pos.node)


class std_forward_list(std_list):  # noqa: N801 - C++ name
    """`std::forward_list<T>`: a list whose positions are "the element after": `before_begin()`,
    `insert_after`, `erase_after`."""

    def before_begin(self):
        return _NodeIter(self, _BEFORE)

    def _after(self, pos):
        return self._head if pos.node is _BEFORE else pos.node.next

    def insert_after(self, pos, *args):
        at = self._after(pos)
        values = [args[0]] if len(args) == 1 else [args[1]] * int(args[0])
        first = self._extend(values, at)
        last = first
        for _ in range(len(values) - 1):
            last = last.next
        return pos if first is None else _NodeIter(self, last)

    emplace_after = insert_after

    def erase_after(self, pos, last=None):
        node = self._after(pos)
        stop = node.next if last is None else last.node
        while node is not stop:
            node = self._unlink(node)
        return _NodeIter(self, stop)


class _Before:
    """forward_list's position before the first element."""

    next = None


_BEFORE = _Before()


def _range(first, last):
    """The values of [first, last): iterators of any container, or pointers into an array."""
    if isinstance(first, _NodeIter):
        it = first
        while it != last:
            yield it[0]
            it = it + 1
        return
    if isinstance(first, np.ndarray):
        from .memory import ptr_diff
        yield from first[:ptr_diff(last, first)]
        return
    for k in range(last - first):
        yield first[k]


class std_array(vector):  # noqa: N801 - C++ name
    """``std::array<T, N>``: a vector of N elements that never changes size (a value, like
    the vector: copies are copies).  ``std_array(T, N)`` is zero-filled; ``std_array(T, N,
    [items])`` takes the leading elements from a brace list."""

    def __init__(self, elem_type, n=0, init=None):
        if isinstance(elem_type, std_array):
            super().__init__(elem_type)
            return
        super().__init__(elem_type, int(n))
        for i, v in enumerate(init or ()):
            _store(self._buf, i, v)

    def copy(self):
        return std_array(self)

    __copy__ = copy

    def fill(self, value):
        for i in range(self._n):
            _store(self._buf, i, value)

    def __repr__(self):
        name = getattr(self.elem_type, "__name__", str(self.elem_type))
        return f"std_array<{name}, {self._n}>({[_plain(x) for x in self]!r})"
