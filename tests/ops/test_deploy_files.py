"""The Dockerfile and docker-compose.yml, checked offline (no Docker daemon here): hadolint,
the compose-spec schema, and that what the stack runs is what the app reads: its CLI, its
settings, its port, and the one nginx config file CI runs too."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from app.core.config import Settings
from app.server.cli import build_parser
from app.server.startup import OPERATOR_CONNECTIONS
from tests.ops.nginx import PLACEHOLDERS, Nginx
from tests.servers import ROOT

BIN = Path(sys.executable).parent
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "docker-compose.yml"
APP_SERVICES = ("app-a", "app-b")
SETTING_NAMES = {f"FOXDEN_{name.upper()}" for name in Settings.model_fields}
SUPERUSER_RESERVED = 3  # Postgres's default superuser_reserved_connections


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    return loaded


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = compose["services"]
    return found


def _tool(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(arg) for arg in args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_hadolint_passes_the_dockerfile() -> None:
    result = _tool(BIN / "hadolint", DOCKERFILE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_compose_file_follows_the_compose_spec() -> None:
    result = _tool(BIN / "check-jsonschema", "--builtin-schema", "vendor.compose-spec", COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_is_multi_stage_slim_non_root_with_a_healthcheck() -> None:
    lines = [line.strip() for line in DOCKERFILE.read_text(encoding="utf-8").splitlines()]
    stages = [line for line in lines if line.startswith("FROM ")]
    assert len(stages) >= 2 and "-slim" in stages[-1]
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1].split(":")[0] not in {"0", "root"}
    assert any(line.startswith("HEALTHCHECK ") for line in lines)
    assert 'ENTRYPOINT ["foxden"]' in lines


def _environment(service: dict[str, Any]) -> dict[str, str]:
    return {key: str(value) for key, value in (service.get("environment") or {}).items()}


def test_two_app_replicas_wait_for_one_migration(services: dict[str, Any]) -> None:
    assert services["migrate"]["command"] == ["migrate"]
    for name in APP_SERVICES:
        depends = services[name]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully"
        assert depends["postgres"]["condition"] == "service_healthy"
        assert depends["redis"]["condition"] == "service_healthy"


def test_every_long_running_service_has_a_health_check(services: dict[str, Any]) -> None:
    for name, service in services.items():
        if name == "migrate":  # a one-shot job: it is done when it exits 0
            continue
        check = service.get("healthcheck", {})
        assert check.get("test") and not check.get("disable"), name


def test_postgres_keeps_its_data_in_a_volume(compose: dict[str, Any]) -> None:
    (volume,) = compose["services"]["postgres"]["volumes"]
    assert volume.split(":")[0] in compose["volumes"]


def test_app_commands_are_commands_of_the_cli(services: dict[str, Any]) -> None:
    parser = build_parser()
    for name in (*APP_SERVICES, "migrate"):
        parsed = parser.parse_args(services[name]["command"])  # exits on an unknown command
        assert parsed.command in {"serve", "migrate"}


def test_app_environment_names_are_settings_of_the_app(services: dict[str, Any]) -> None:
    for name in (*APP_SERVICES, "migrate"):
        environment = _environment(services[name])
        unknown = {key for key in environment if key.startswith("FOXDEN_")} - SETTING_NAMES
        assert not unknown, f"{name} sets what the app never reads: {unknown}"
        assert environment["FOXDEN_DATABASE_URL"].startswith("postgresql+asyncpg://")
        assert environment["FOXDEN_REDIS_URL"].startswith("redis://")


def _server_options(command: list[str]) -> dict[str, str]:
    """`postgres -c name=value ...` as {name: value}."""
    pairs = (command[at + 1] for at, word in enumerate(command) if word == "-c")
    return dict(pair.split("=", 1) for pair in pairs)


def test_postgres_holds_every_connection_the_replicas_may_open(services: dict[str, Any]) -> None:
    for name in APP_SERVICES:
        assert _environment(services[name])["FOXDEN_DB_PROCESSES"] == str(len(APP_SERVICES))
    each = [int(_environment(services[name])["FOXDEN_DB_CONNECTIONS"]) for name in APP_SERVICES]
    opened = sum(each)
    allowed = int(_server_options(services["postgres"]["command"])["max_connections"])
    assert opened <= allowed - SUPERUSER_RESERVED - OPERATOR_CONNECTIONS


def test_ports_agree_between_app_healthcheck_image_and_nginx(services: dict[str, Any]) -> None:
    dockerfile = DOCKERFILE.read_text(encoding="utf-8")
    (exposed,) = re.findall(r"^EXPOSE (\d+)$", dockerfile, re.MULTILINE)
    nginx = _environment(services["nginx"])
    for name in APP_SERVICES:
        service = services[name]
        port = _environment(service)["FOXDEN_PORT"]
        assert port == exposed
        assert f"127.0.0.1:{port}/readyz" in " ".join(service["healthcheck"]["test"])
        address = service["networks"]["foxden"]["ipv4_address"]
        assert f"{address}:{port}" in {nginx["NGINX_UPSTREAM_A"], nginx["NGINX_UPSTREAM_B"]}
    assert nginx["NGINX_UPSTREAM_A"] != nginx["NGINX_UPSTREAM_B"]
    published = [mapping.split(":") for mapping in services["nginx"]["ports"]]
    assert [container for _host, container in published] == [nginx["NGINX_PORT"]]


def test_nginx_runs_the_repo_config_with_every_placeholder_filled(
    services: dict[str, Any],
) -> None:
    nginx = services["nginx"]
    (mount,) = nginx["volumes"]
    source, target, _mode = mount.split(":")
    assert (ROOT / source).resolve() == ROOT / "deploy" / "nginx.conf"
    script = " ".join(nginx["command"])
    assert target in script
    assert set(_environment(nginx)) == set(PLACEHOLDERS)
    for placeholder in PLACEHOLDERS:
        assert f"$${{{placeholder}}}" in script, f"envsubst does not fill {placeholder}"
        assert f"${{{placeholder}}}" in (ROOT / "deploy" / "nginx.conf").read_text()


def test_the_app_trusts_only_nginx_for_forwarded_addresses(services: dict[str, Any]) -> None:
    proxy = services["nginx"]["networks"]["foxden"]["ipv4_address"]
    for name in APP_SERVICES:
        assert _environment(services[name])["FOXDEN_TRUSTED_PROXIES"] == proxy


def test_debians_nginx_accepts_the_rendered_config(tmp_path: Path) -> None:
    Nginx(tmp_path, ("127.0.0.1:8001", "127.0.0.1:8002")).check()
