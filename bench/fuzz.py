"""Run the fuzz targets (tests/hostile/fuzz_targets.py) for N minutes and report what they found.

The minutes are shared among the targets in turns of ``--batch`` examples each, every turn with
fresh randomness. A failure is printed as found, with the draws that made it and its
reproduction blob (``@reproduce_failure``); commit it as a regression test.

    python bench/fuzz.py                 # 10 minutes
    python bench/fuzz.py --minutes 1 --targets loader
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.hostile.fuzz_targets import TARGETS  # noqa: E402 - after the repository is on the path


#: Minutes go to new examples: a finding is printed as found (with its blob), not shrunk.
PHASES = (Phase.generate,)


def run(name: str, examples: int) -> str | None:
    """One batch of a target: None when it found nothing, else the failure as text."""
    batch = settings(max_examples=examples, deadline=None, database=None, print_blob=True, phases=PHASES,
                     suppress_health_check=list(HealthCheck))(given(st.data())(TARGETS[name]))
    try:
        batch()
    except Exception:  # noqa: BLE001 - a fuzz finding, whatever it is, is reported
        return traceback.format_exc()
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--batch", type=int, default=200, help="examples per turn of a target")
    parser.add_argument("--targets", nargs="*", default=sorted(TARGETS), choices=sorted(TARGETS))
    args = parser.parse_args()
    end = time.monotonic() + args.minutes * 60
    examples = {name: 0 for name in args.targets}
    findings: list[tuple[str, str]] = []
    while time.monotonic() < end:
        for name in args.targets:
            if time.monotonic() >= end:
                break
            found = run(name, args.batch)
            examples[name] += args.batch
            if found:
                findings.append((name, found))
                print(f"FOUND in {name}:\n{found}", flush=True)
    for name, count in examples.items():
        print(f"{name}: about {count:,} examples", flush=True)
    print(f"{args.minutes:g} minutes, {len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
