"""CI keeps the contract true: clients generated from /openapi.json with the tools third parties
use compile strictly with no warning and no dropped schema, and the document passes Redocly's
recommended rules. Everything is generated into temporary folders."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.api_contract.document import openapi_document
from tests.api_contract.tools import npm_bin, python_client, run, write_document

USES_THE_TYPES = """\
import type { components } from "./schema";

type Schemas = components["schemas"];

/** What a bot reads: the envelope narrows by game to that game's actions. */
export function firstTreeMove(envelope: Schemas["Envelope"]): Schemas["FoxOnTheTreeAction"] | null {
  if (envelope.game !== "fox-on-the-tree") return null;
  return envelope.legal_actions[0] ?? null;
}

export function describe(action: Schemas["FoxInTheForestAction"]): string {
  switch (action.type) {
    case "play":
      return action.card;
    case "name_suit":
      return action.suit;
    default:
      return action.type;
  }
}

const play: Schemas["FoxInTheForestPlayAction"] = { type: "play", card: "bells-7" };
export const request: Schemas["ActionRequest"] = { action: play, version: 3 };
// @ts-expect-error: a play names its card
export const cardless: Schemas["FoxInTheForestPlayAction"] = { type: "play" };
export const noSuit: Schemas["FoxInTheForestNameSuitAction"] = {
  type: "name_suit",
  // @ts-expect-error: only the three suits can be named
  suit: "hearts",
};
export const code: Schemas["ErrorBodyPublic"]["code"] = "action/stale_version";
"""


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_document(openapi_document(), tmp_path_factory.mktemp("contract"))


def test_the_python_client_generates_without_a_warning_and_passes_mypy_strict(
    document: Path, tmp_path: Path
) -> None:
    package = tmp_path / "foxden_client"
    generated = python_client(document, package)
    assert generated.returncode == 0, generated.stdout
    assert "Warning" not in generated.stdout, generated.stdout
    models = {path.stem for path in (package / "models").glob("*.py")}
    for kept in ("fox_on_the_tree_view", "oh_fox_view", "fox_in_the_forest_duet_card_view"):
        assert kept in models
    checked = run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(package)])
    assert checked.returncode == 0, checked.stdout


def test_the_typescript_types_compile_under_strict_tsc(document: Path, tmp_path: Path) -> None:
    tools = npm_bin()
    generate = [str(tools / "openapi-typescript"), str(document), "-o", "schema.d.ts"]
    generated = run(generate, tmp_path)
    assert generated.returncode == 0, generated.stdout
    (tmp_path / "bot.ts").write_text(USES_THE_TYPES)
    strict = ["--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes"]
    compiled = run([str(tools / "tsc"), "--noEmit", *strict, "bot.ts"], tmp_path)
    assert compiled.returncode == 0, compiled.stdout


def test_the_document_passes_redoclys_recommended_rules(document: Path) -> None:
    lint = [str(npm_bin() / "redocly"), "lint", str(document), "--extends", "recommended"]
    linted = run([*lint, "--format", "stylish"])
    assert linted.returncode == 0, linted.stdout
    assert "error" not in linted.stdout.split("validated in")[-1].lower(), linted.stdout
