"""The small outputs the acceptance script collects: link speeds, `ipmitool sdr type`, sysbench,
ib_write_bw. The lines follow each tool's printed layout (ipmitool: `name | id | status | entity |
reading`; sysbench: `N MiB transferred (R MiB/sec)`; perftest: `#bytes #iterations BW peak BW
average MsgRate`)."""

from __future__ import annotations

import pytest

from configurator.formats.importers.acceptance import host_tools

SDR_PSU = """PS1 Status       | C8h | ok  | 10.1 | Presence detected
PS2 Status       | C9h | ok  | 10.2 | Presence detected, Power Supply AC lost
PS3 Status       | CAh | ok  | 10.3 | Presence detected, Failure detected
PS4 Status       | CBh | ns  | 10.4 | No Reading
"""
SDR_FAN = """FAN1             | 30h | ok  | 29.1 | 5400 RPM
FAN2             | 31h | cr  | 29.2 | 0 RPM
FAN3             | 32h | ns  | 29.3 | No Reading
"""


def test_link_speeds_leave_out_links_that_are_down():
    speeds = host_tools.link_speeds("eth0 25000\nib0 -1\nmlx5_0/1 400000\nlo\n")
    assert speeds == {"eth0": 25.0, "mlx5_0/1": 400.0}
    assert host_tools.links_at_least(speeds)[400] == 1 and host_tools.links_at_least(speeds)[25] == 2


def test_psus_present_without_a_failure_and_fans_not_ok():
    assert host_tools.psus_present(SDR_PSU) == 2
    assert host_tools.fans_ok(SDR_FAN) == (False, ["FAN2"])
    assert host_tools.fans_ok(SDR_FAN.replace("| cr ", "| ok "))[0]


def test_sysbench_and_ib_write_bw_in_gb_per_second():
    assert host_tools.sysbench_gbs("102400.00 MiB transferred (20285.05 MiB/sec)\n") == pytest.approx(21.27, abs=0.01)
    out = (" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
           " 1048576    5000             392.51             392.37               0.046775\n")
    assert host_tools.ib_write_bw_gbs(out) == pytest.approx(49.05, abs=0.01)
    with pytest.raises(ValueError):
        host_tools.ib_write_bw_gbs("Couldn't connect to 10.0.0.2:18515\n")
