"""`python -m engine scenario PATH...`: run scenario files and report pass/fail per scenario."""

from __future__ import annotations

import argparse

from engine import scenario as scenarios_lib

HELP = "run YAML rules scenarios (files or directories); exit 1 if any fails"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="scenario file or directory")
    parser.add_argument("-k", dest="match", default="", help="only scenarios whose id contains this text")
    parser.add_argument("-q", "--quiet", action="store_true", help="print failures and the summary only")


def run(args: argparse.Namespace) -> int:
    try:
        scenarios = scenarios_lib.collect(args.paths)
    except scenarios_lib.ScenarioError as exc:
        print(f"ERROR {exc}")
        return 2
    scenarios = [s for s in scenarios if args.match in s.id]
    failed = 0
    for scenario in scenarios:
        outcome = scenarios_lib.run(scenario)
        if outcome.passed:
            if not args.quiet:
                print(f"PASS {scenario.id}")
            continue
        failed += 1
        print(f"FAIL {scenario.id}")
        for failure in outcome.failures:
            print(f"     {failure}")
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return 1 if failed or not scenarios else 0
