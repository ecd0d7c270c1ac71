"""axe-core, the accessibility rules engine, run inside a Playwright page.

axe-core is pinned in package.json / package-lock.json and installed with the other npm tools
(tests/api_contract/tools.py: `npm ci` into a cache folder, nothing inside the repository). The
standard the pages are held to: no violation axe rates serious or critical.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tests.api_contract.tools import npm_bin

BLOCKING = ("serious", "critical")
# JS: run axe over the whole document; every violation with its nodes' selectors and summary.
RUN_AXE = """async () => {
  const result = await window.axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary || '' })),
  }));
}"""


@cache
def axe_source() -> str:
    """axe.min.js of the pinned axe-core."""
    return (npm_bin().parent / "axe-core" / "axe.min.js").read_text()


def violations(page: Any) -> list[dict[str, Any]]:
    """Every axe violation on the page as it is now."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(content=axe_source())
    return list(page.evaluate(RUN_AXE))


def blocking(page: Any) -> list[str]:
    """The serious and critical violations, one readable line per element (empty: none)."""
    lines = []
    for violation in violations(page):
        if violation["impact"] not in BLOCKING:
            continue
        for node in violation["nodes"][:5]:
            summary = " ".join(node["summary"].split())[:200]
            lines.append(f"{violation['id']} ({violation['impact']}) {node['target']}: {summary}")
        if len(violation["nodes"]) > 5:
            lines.append(f"{violation['id']}: and {len(violation['nodes']) - 5} more elements")
    return lines


def assert_accessible(page: Any, where: str) -> None:
    found = blocking(page)
    assert not found, f"{where}: " + "\n".join(found)
