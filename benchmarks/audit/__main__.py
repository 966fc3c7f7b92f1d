"""``make audit``: run every attack of benchmarks/audit/cases.py and print each release's lower bound on
epsilon against the epsilon its record claims.

    python -m benchmarks.audit [RUNS] [NAME_FILTER]
"""

import sys
import time

from .auditing import audit
from .cases import attacks


def main(argv):
    runs = int(argv[1]) if len(argv) > 1 else 20_000
    only = argv[2] if len(argv) > 2 else ""
    print(f"Empirical privacy audit: {runs} fresh unseeded runs per neighbour (plus 20% held out to choose the "
          "event); Clopper-Pearson at alpha 0.05.")
    header = f"{'release':44} {'unit of privacy':22} {'claimed eps':>11} {'delta':>7} {'lower bound':>11} {'s':>5}"
    print(header)
    print("-" * len(header))
    failed = []
    for attack in attacks():
        if only not in attack.release:
            continue
        started = time.perf_counter()
        result = audit(attack, runs)
        print(f"{attack.release:44} {attack.unit:22} {attack.epsilon:11.4g} {attack.delta:7.0e} "
              f"{result.lower_bound:11.3f} {time.perf_counter() - started:5.0f}", flush=True)
        if result.lower_bound > attack.epsilon:
            failed.append(attack)
    if failed:
        print(f"{len(failed)} release(s) do not keep their claimed epsilon: "
              + ", ".join(f"{a.release} ({a.unit})" for a in failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
