"""From a job to a build: the Pareto-best servers the catalog can make for a workload and a budget.

`options` enumerates valid-by-construction blocks of builds, `tables` and `vector` score arrays of
them at once, `sweep` keeps each block's best, `search.recommend` takes the front and checks it with
the scalar evaluator and rules, `explain` words why each build is there.
"""

from __future__ import annotations

from .reasons import Reason
from .request import Objective, Request
from .search import Recommendation, Result, recommend

__all__ = ["Objective", "Reason", "Recommendation", "Request", "Result", "recommend"]
