"""`std::set`, `multiset`, `map`, `multimap` and their `unordered_` forms (stdcontainers.py has
what every node-based container shares)."""
import bisect


from .containers import np_type
from .stdcontainers import ITERATORS, _By, _Chain, _Node, _NodeIter, _callable, _converter, _default, _range, \
    std_less_key
from .stdexcept import std_out_of_range

__all__ = ["std_map", "std_multimap", "std_set", "std_multiset", "std_unordered_map", "std_unordered_multimap",
           "std_unordered_set", "std_unordered_multiset"]


# ---- the ordered and unordered associative containers ---------------------------------------------
class _Associative(_Chain):
    """What set, multiset, map, multimap and their unordered forms share.  `multi`: equal keys
    may repeat; `mapped`: a map (the nodes hold `pair_cls(key, value)` objects)."""

    multi = False
    ordered = True

    def __init__(self, key_type, mapped_type=None, pair_cls=None, compare=None, init=None):
        self.key_type, self.mapped_type, self.pair_cls, self.compare = key_type, mapped_type, pair_cls, compare
        self._key_conv = _converter(key_type)
        self._mapped_conv = _converter(mapped_type) if mapped_type is not None else None
        less = _callable(compare)
        if less is None and hasattr(np_type(key_type), "_fields"):
            less = std_less_key(key_type)
        self._less = less
        self._clear()
        if init is not None:
            for v in (_range(*init) if isinstance(init, tuple) else init):
                self.insert(v)

    @property
    def elem_type(self):
        """What iterating gives: a set's key, a map's pair class."""
        return self.key_type if self.pair_cls is None else self.pair_cls

    # the index
    def _clear(self):
        self._init_chain()
        self._keys, self._sorted = [], []       # ordered: sort keys and nodes, in order
        self._index = {}                        # unordered: key -> its nodes

    def clear(self):
        self._clear()

    def _key_of(self, node):
        return node.value.first if self.pair_cls is not None else node.value

    def _sort_key(self, k):
        return k if self._less is None else _By(k, self._less)

    def _equal_keys(self, a, b):
        if not self.ordered:
            return a == b
        if self._less is None:
            return not (a < b or b < a)
        return not (self._less(a, b) or self._less(b, a))

    def _range_of(self, k):
        """(first, end) positions in the order of the nodes whose key is equivalent to `k`."""
        sk = self._sort_key(k)
        return bisect.bisect_left(self._keys, sk), bisect.bisect_right(self._keys, sk)

    def _find(self, k):
        if self.ordered:
            i, j = self._range_of(k)
            return self._sorted[i] if i < j else None
        nodes = self._index.get(k)
        return nodes[0] if nodes else None

    def _add(self, value, k):
        """Insert `value` (of key `k`): (its node, whether it went in)."""
        if not self.multi:
            found = self._find(k)
            if found is not None:
                return found, False
        node = _Node(value)
        if self.ordered:
            sk = self._sort_key(k)
            i = bisect.bisect_right(self._keys, sk)   # after the equal keys
            at = self._sorted[i] if i < len(self._sorted) else None
            self._keys.insert(i, sk)
            self._sorted.insert(i, node)
        else:
            group = self._index.setdefault(k, [])
            at = group[-1].next if group else None    # equal keys stay together
            group.append(node)
        self._link_before(node, at)
        return node, True

    def _remove(self, node):
        k = self._key_of(node)
        if self.ordered:
            i, j = self._range_of(k)
            i += next(d for d, n in enumerate(self._sorted[i:j]) if n is node)
            del self._keys[i], self._sorted[i]
        else:
            group = self._index[k]
            group.remove(node)
            if not group:
                del self._index[k]
        return self._unlink(node)

    def _make(self, v):
        if self.pair_cls is None:
            return self._key_conv(v)
        return self.pair_cls(self._key_conv(v.first), self._mapped_conv(v.second))

    # members
    def copy(self):
        out = type(self)(self.key_type, self.mapped_type, self.pair_cls, self.compare)
        for v in self:
            out.insert(v)
        return out

    def assign(self, other):
        values = [self._make(v) for v in other]
        self._clear()
        for v in values:
            self._add(v, self._key_of(_Node(v)))
        return self

    def insert(self, *args):
        """`insert(value)` of a multi container, `insert(hint, value)` (the element's iterator),
        `insert(first, last)`."""
        if len(args) == 2 and isinstance(args[0], ITERATORS) and \
                isinstance(args[1], type(args[0])):
            for v in list(_range(*args)):
                self.insert_unique(v, None)
            return None
        return self.insert_unique(args[-1], None)

    def insert_unique(self, v, result):
        """`insert(value)`: `result(iterator, inserted)` (a `pair<iterator, bool>` class), or the
        iterator when `result` is None."""
        value = self._make(v)
        node, added = self._add(value, self._key_of(_Node(value)))
        it = _NodeIter(self, node)
        return result(it, added) if result is not None else it

    def erase(self, first, last=None):
        """`erase(pos)`, `erase(first, last)` (the iterator that followed), `erase(key)` (how many)."""
        if isinstance(first, _NodeIter):
            stop = first.node.next if last is None else last.node
            node = first.node
            while node is not stop:
                node = self._remove(node)
            return _NodeIter(self, stop)
        n = self.count(first)
        for _ in range(n):
            self._remove(self._find(first))
        return n

    def find(self, k):
        return _NodeIter(self, self._find(k))

    def count(self, k):
        if self.ordered:
            i, j = self._range_of(k)
            return j - i
        return len(self._index.get(k, ()))

    def contains(self, k):
        return self._find(k) is not None

    def lower_bound(self, k):
        i = bisect.bisect_left(self._keys, self._sort_key(k))
        return _NodeIter(self, self._sorted[i] if i < len(self._sorted) else None)

    def upper_bound(self, k):
        i = bisect.bisect_right(self._keys, self._sort_key(k))
        return _NodeIter(self, self._sorted[i] if i < len(self._sorted) else None)

    def equal_range(self, k, result):
        if self.ordered:
            return result(self.lower_bound(k), self.upper_bound(k))
        group = self._index.get(k)
        if not group:
            return result(self.end(), self.end())
        return result(_NodeIter(self, group[0]), _NodeIter(self, group[-1].next))

    # a map's element access
    def __getitem__(self, k):
        """`m[k]`: the mapped value of `k`, inserted value-initialised if missing."""
        node = self._find(k)
        if node is None:
            node, _ = self._add(self.pair_cls(self._key_conv(k), _default(self.mapped_type)), k)
        return node.value.second

    def __setitem__(self, k, v):
        node = self._find(k)
        if node is None:
            node, _ = self._add(self.pair_cls(self._key_conv(k), _default(self.mapped_type)), k)
        node.value.second = self._mapped_conv(v)

    def checked_key(self, k):
        """`m.at(k)`'s key: `k`, or `std::out_of_range` with the Microsoft library's message."""
        if self._find(k) is None:
            raise std_out_of_range("invalid map<K, T> key" if self.ordered else "invalid unordered_map<K, T> key")
        return k

    def at(self, k):
        return self[self.checked_key(k)]

    # unordered containers' bucket interface (amppy keeps no buckets: the numbers C++ allows)
    def bucket_count(self):
        return max(8, 1 << max(0, (self._n - 1)).bit_length())

    def load_factor(self):
        return self._n / self.bucket_count()

    def max_load_factor(self, *_):
        return 1.0

    def reserve(self, n):
        pass

    rehash = reserve


class std_set(_Associative):  # noqa: N801 - C++ name
    def __init__(self, key_type, compare=None, init=None):
        super().__init__(key_type, None, None, compare, init)

    def copy(self):
        out = type(self)(self.key_type, self.compare)
        for v in self:
            out.insert(v)
        return out


class std_multiset(std_set):  # noqa: N801 - C++ name
    multi = True


class std_unordered_set(std_set):  # noqa: N801 - C++ name
    ordered = False


class std_unordered_multiset(std_unordered_set):  # noqa: N801 - C++ name
    multi = True


class std_map(_Associative):  # noqa: N801 - C++ name
    pass


class std_multimap(std_map):  # noqa: N801 - C++ name
    multi = True


class std_unordered_map(std_map):  # noqa: N801 - C++ name
    ordered = False


class std_unordered_multimap(std_unordered_map):  # noqa: N801 - C++ name
    multi = True
