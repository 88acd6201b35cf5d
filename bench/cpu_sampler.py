"""Run the bot with a sampler of its own CPU time: `python bench/cpu_sampler.py OUT -m bot`.

py-spy samples wall-clock time, so a process that waits for a core (three busy processes on two
cores, as in the load runs) shows its waits wherever it happened to stand, and a cheap system call
can look costly. This sampler is driven by ITIMER_PROF, which counts the process's own CPU time:
each expiry takes the running Python stack in a signal handler. SIGUSR1 starts it, SIGUSR2 stops it
and writes the stacks to OUT, one line each, `frame;frame;... count` (the form py-spy's `raw`
output has, innermost frame last). The kernel's tick bounds the rate (a few hundred a second).
"""

from __future__ import annotations

import collections
import runpy
import signal
import sys
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
EVERY = 0.001  # seconds of CPU time between samples (the tick rounds it up)


class Sampler:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.stacks: collections.Counter[str] = collections.Counter()

    def install(self) -> None:
        signal.signal(signal.SIGPROF, self.sample)
        signal.signal(signal.SIGUSR1, lambda *_: signal.setitimer(signal.ITIMER_PROF, EVERY, EVERY))
        signal.signal(signal.SIGUSR2, lambda *_: self.stop())

    def sample(self, signum: int, frame: FrameType | None) -> None:
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{code.co_qualname} ({where(code.co_filename)}:{frame.f_lineno})")
            frame = frame.f_back
        self.stacks[";".join(reversed(names))] += 1

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        self.out.write_text("".join(f"{stack} {n}\n" for stack, n in self.stacks.items()))


def where(filename: str) -> str:
    """A source file as the profile names it: within the repository or a package, else as is."""
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1]
    if "/lib/python3" in filename:  # the standard library: from its package on
        return filename.split("/lib/python3", 1)[1].split("/", 1)[-1]
    path = Path(filename)
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else filename


def main() -> None:
    if len(sys.argv) != 4 or sys.argv[2] != "-m":
        sys.exit(__doc__)
    out, module = Path(sys.argv[1]), sys.argv[3]
    Sampler(out).install()
    sys.argv = [module]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
