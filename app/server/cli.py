"""The `foxden` command: serve, migrate, admin create NAME, vapid-keys."""

from __future__ import annotations

import argparse
import asyncio

from app.core.config import get_settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="foxden", description="Run and operate Foxden.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate the database, then serve the app")
    serve.add_argument("--host", default=None)
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument("--workers", type=int, default=1, help="processes (needs Postgres+Redis)")
    serve.add_argument(
        "--fd", type=int, default=None, help="serve on this inherited listening socket"
    )
    commands.add_parser("migrate", help="upgrade the database to the newest schema")
    admin = commands.add_parser("admin", help="manage admins")
    admin_commands = admin.add_subparsers(dest="admin_command", required=True)
    create = admin_commands.add_parser("create", help="create an admin and print its token")
    create.add_argument("name")
    keys = commands.add_parser(
        "vapid-keys", help="print a new VAPID key pair for Web Push, as the settings to set"
    )
    keys.add_argument(
        "--subject", default="mailto:admin@example.org", help="your contact (mailto: or https:)"
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    if args.command == "vapid-keys":
        _print_vapid_keys(args.subject)  # needs no settings: it is how they are made
        return
    _check_settings()
    if args.command == "serve":
        _configure_logging()
        _warn_of_deprecations()
        _refuse_unworkable(args.workers)
        _serve(args.host, args.port, args.workers, args.fd)
    elif args.command == "migrate":
        _migrate()
    else:
        asyncio.run(_create_admin(args.name))


def _check_settings() -> None:
    """A bad setting stops the command with the reason, not a traceback (values not shown)."""
    from pydantic import ValidationError

    try:
        get_settings()
    except ValidationError as invalid:
        reasons = "; ".join(str(error["msg"]) for error in invalid.errors())
        raise SystemExit(f"foxden: invalid configuration: {reasons}") from invalid


def _warn_of_deprecations() -> None:
    import logging

    for deprecation in get_settings().deprecations():
        logging.getLogger("app.core.config").warning(deprecation)


def _refuse_unworkable(workers: int) -> None:
    from app.server.startup import StartupRefused, check_connections, check_workers

    try:
        check_workers(get_settings(), workers)
        check_connections(get_settings(), workers)
    except StartupRefused as refused:
        raise SystemExit(f"foxden: {refused}") from refused


def _migrate() -> None:
    from app.server.migrate import upgrade

    upgrade(get_settings().database_url)


def _serve(host: str | None, port: int | None, workers: int, fd: int | None) -> None:
    import signal

    import uvicorn

    from app.ops.nodelay import no_delay_on_fd
    from app.realtime.wsprotocol import SPEC as WS_PROTOCOL

    settings = get_settings()
    if fd is not None:
        no_delay_on_fd(fd)  # uvicorn takes an inherited socket for AF_UNIX and keeps Nagle on
    _migrate()
    _share_metrics(workers)
    # After its graceful shutdown uvicorn raises the signal again with the handler it found;
    # this one makes a SIGTERM stop exit 0, which supervisors read as a clean stop.
    signal.signal(signal.SIGTERM, lambda _signal, _frame: None)
    uvicorn.run(
        "app.server.asgi:app",
        host=host or settings.host,
        port=port or settings.port,
        fd=fd,
        workers=workers,
        ws=WS_PROTOCOL,
        ws_max_size=settings.max_body_bytes,
        ws_per_message_deflate=settings.ws_deflate,
        # The app decides whom to believe (FOXDEN_TRUSTED_PROXIES), not uvicorn's default.
        proxy_headers=False,
        log_config=None,  # the app's structured logs (app/ops/logs.py), in every process
    )


def _share_metrics(workers: int) -> None:
    """Several workers answer /metrics for all of them: set up before they start."""
    from app.ops.workers import share_metrics

    share_metrics(workers)


def _configure_logging() -> None:
    """The supervising process writes the same lines as its workers (a worker's death, say)."""
    from app.ops.logs import configure_logging

    configure_logging(get_settings())


def _print_vapid_keys(subject: str) -> None:
    from app.notifications.vapid import env_lines

    print("# Web Push keys: set these in every Foxden process's environment (keep the private")
    print("# key secret; a new pair makes every browser subscribe again).")
    for line in env_lines(subject):
        print(line)


async def _create_admin(name: str) -> None:
    from pydantic import TypeAdapter, ValidationError

    from app.accounts.service import create_player
    from app.core.db import Database
    from app.core.names import DisplayName

    try:
        clean = TypeAdapter(DisplayName).validate_python(name)
    except ValidationError as invalid:
        raise SystemExit("A name has 1 to 32 printable characters.") from invalid
    _migrate()
    database = Database(get_settings().database_url)
    async with database.sessions() as session:
        player, token = await create_player(session, clean, is_admin=True)
    await database.dispose()
    print(f"Admin {player.name} ({player.id}) created. Token (shown once):")
    print(token)


if __name__ == "__main__":
    main()
