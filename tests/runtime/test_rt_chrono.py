"""amppy.runtime.chrono: std::chrono durations, casts and the Microsoft STL's clocks."""
import time

import numpy as np
import pytest

from amppy.runtime import chrono as C


def test_named_durations_and_count():
    assert C.milliseconds(5).count() == 5
    assert C.milliseconds(5).period == (1, 1000)
    assert C.hours(2).period == (3600, 1)
    d = C.duration(3, 2, 4)                     # ratio<2, 4> is ratio<1, 2>
    assert d.period == (1, 2) and d.count() == 3
    assert C.duration(1.5, rep="double").count() == 1.5
    f = C.duration(0.1, rep="float")
    assert isinstance(f.count(), np.float32) and f.count() == np.float32(0.1)


def test_sum_and_difference_use_the_finer_common_period():
    d = C.seconds(1) + C.milliseconds(250)
    assert (d.count(), d.period) == (1250, (1, 1000))
    d = C.minutes(1) - C.seconds(1)
    assert (d.count(), d.period) == (59, (1, 1))
    # common_type<ratio<1,3>, ratio<1,2>> = ratio<1,6>;  <ratio<6>, ratio<4>> = ratio<2>
    d = C.duration(1, 1, 3) + C.duration(1, 1, 2)
    assert (d.count(), d.period) == (5, (1, 6))
    d = C.duration(1, 6) + C.duration(1, 4)
    assert (d.count(), d.period) == (5, (2, 1))
    # int + double rep: double
    d = C.milliseconds(1) + C.duration(0.5, rep="double")
    assert d.rep == "double" and d.count() == 501.0
    assert (-C.seconds(3)).count() == -3


def test_scaling_division_and_modulo_truncate_like_cpp():
    assert (C.seconds(7) * 3).count() == 21
    assert (3 * C.seconds(7)).count() == 21
    assert (C.seconds(7) / 2).count() == 3
    assert (C.seconds(-7) / 2).count() == -3           # toward zero
    assert (C.seconds(7) / 2.0).count() == 3.5
    assert C.seconds(7) / C.milliseconds(2000) == 3
    assert C.seconds(-7) / C.seconds(2) == -3
    assert (C.seconds(-7) % C.seconds(2)).count() == -1
    assert (C.milliseconds(1234) % 1000).count() == 234
    assert (C.seconds(1) * 2.5).rep == "double"


def test_comparisons_in_the_common_type():
    assert C.seconds(1) == C.milliseconds(1000)
    assert C.seconds(1) < C.milliseconds(1001)
    assert C.minutes(2) > C.seconds(119)
    assert C.seconds(2) != C.seconds(3)
    assert C.duration(0.5, rep="double") == C.milliseconds(500)
    assert sorted([C.seconds(2), C.milliseconds(3), C.minutes(1)]) == [C.milliseconds(3), C.seconds(2), C.minutes(1)]


def test_duration_cast_truncates_toward_zero_exactly():
    assert C.duration_cast(C.milliseconds(1999), 1).count() == 1
    assert C.duration_cast(C.milliseconds(-1999), 1).count() == -1
    assert C.duration_cast(C.milliseconds(1999), C.seconds).count() == 1
    assert C.duration_cast(C.nanoseconds(123456789), C.microseconds).count() == 123456
    assert C.duration_cast(C.seconds(3), C.nanoseconds).count() == 3 * 10**9
    # exact integer arithmetic: no double rounding of large counts
    big = C.nanoseconds(2**62 + 1)
    assert C.duration_cast(big, 1, 1000).count() == (2**62 + 1) // 10**6
    # to a double rep: count * num / den in double
    d = C.duration_cast(C.nanoseconds(1500), 1, 10**6, "double")
    assert d.rep == "double" and d.count() == 1500 / 1000
    # double -> integer: truncation
    assert C.duration_cast(C.duration(2.99, rep="double"), C.seconds).count() == 2
    assert C.duration_cast(C.duration(-2.99, rep="double"), C.seconds).count() == -2
    # float target: computed in float (common_type<float, long long, intmax_t> is float)
    f = C.duration_cast(C.nanoseconds(123456789), 1, 1, "float")
    assert isinstance(f.count(), np.float32)
    assert f.count() == np.float32(np.float32(123456789) / np.float32(10**9))
    # ratio<1,3> -> ratio<1,2>: factor 2/3
    assert C.duration_cast(C.duration(7, 1, 3), 1, 2).count() == 4     # 14 / 3 truncated


def test_time_points():
    t0 = C.time_point(C.seconds(10), C.system_clock)
    t1 = t0 + C.milliseconds(1500)
    assert (t1 - t0) == C.milliseconds(1500)
    assert (t1 - t0).period == (1, 1000)
    assert t1 > t0 and (t1 - C.milliseconds(1500)) == t0
    assert t1.time_since_epoch().count() == 11500
    tc = C.time_point_cast(t1, C.seconds)
    assert tc.time_since_epoch().count() == 11
    assert C.time_point(clock=C.steady_clock).time_since_epoch() == C.nanoseconds(0)


def test_clocks_follow_msstl():
    assert C.high_resolution_clock is C.steady_clock
    assert C.steady_clock.period == (1, 10**9) and C.steady_clock.is_steady
    assert C.system_clock.period == (1, 10**7) and not C.system_clock.is_steady
    a = C.steady_clock.now()
    time.sleep(0.01)
    b = C.high_resolution_clock.now()
    el = b - a
    assert el.period == (1, 10**9)
    assert 5 <= C.duration_cast(el, C.milliseconds).count() < 5000
    now = C.system_clock.now()
    assert now.time_since_epoch().period == (1, 10**7)
    assert abs(C.system_clock.to_time_t(now) - time.time()) < 5
    t = C.system_clock.from_time_t(1_000_000_000)
    assert t.time_since_epoch().count() == 10**16 and C.system_clock.to_time_t(t) == 1_000_000_000
    with pytest.raises(TypeError):
        C.steady_clock.now() - C.system_clock.now()


def test_stream_suffixes_are_msstls():
    assert str(C.milliseconds(5)) == "5ms"
    assert str(C.microseconds(5)) == "5us"
    assert str(C.minutes(2)) == "2min"
    assert str(C.duration(3, 1, 3)) == "3[1/3]s"
    assert str(C.duration(1.5, rep="double")) == "1.5s"
