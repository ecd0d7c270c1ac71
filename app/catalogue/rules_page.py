"""The HTML of a rules page: the site's header, a way back, and the rulebook from app/rules.

The page is a site page like the others (same stylesheet, same header), readable on a phone.
`from` names the page the player came from (their lobby or match): only such local paths are
believed, so the link cannot be pointed at another site.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

import markdown

from app.catalogue.rules_table import data_block
from app.core.packaged import RULES
from app.web.page_head import APP_HEAD_TAGS

# /lobby/{id} or /match/{id}: ids are URL-safe tokens (app/accounts/tokens.py).
CAME_FROM = re.compile(r"/(lobby|match)/[A-Za-z0-9_-]{1,64}")
BACK_WORDS = {"lobby": "Back to the table", "match": "Back to the match"}

# The Foxden mark of the pages' header (frontend/js/ui.js draws the same one).
FOX_MARK = (
    '<span class="brand-mark" aria-hidden="true"><svg viewBox="0 0 32 32" width="28" height="28">'
    '<path d="M3 4 L12 12 L20 12 L29 4 L27 18 L16 29 L5 18 Z" fill="#c2521c"/>'
    '<path d="M9 19 L16 27 L23 19 L16 22 Z" fill="#fff6e8"/>'
    '<circle cx="11.5" cy="16" r="1.6" fill="#1f2a24"/>'
    '<circle cx="20.5" cy="16" r="1.6" fill="#1f2a24"/></svg></span>'
)


def rules_file(game_id: str) -> Path:
    return RULES / f"{game_id}.md"


def back_link(came_from: str | None) -> tuple[str, str]:
    """(href, words) of the way back: the player's lobby or match, else the home page."""
    if came_from and CAME_FROM.fullmatch(came_from):
        return came_from, BACK_WORDS[came_from.split("/")[1]]
    return "/", "Back to Foxden"


def render(game_id: str, title: str, came_from: str | None) -> str:
    href, words = back_link(came_from)
    header_back = _link(href, words, ' id="rules-back"')
    back = _link(href, words, "")
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}: rules - Foxden</title>"
        f"{''.join(APP_HEAD_TAGS)}"
        # Stylesheet files, not a <style> block: the pages' CSP allows no inline style.
        "<link rel='stylesheet' href='/static/css/foxden.css'>"
        "<link rel='stylesheet' href='/static/css/rules.css'>"
        # The pictures: the game's own renderer draws its table into the page's placeholders.
        "<script type='module' src='/static/js/rules-pictures.js'></script></head>"
        "<body class='page-rules'><a class='skip-link' href='#main'>Skip to the rules</a>"
        "<header class='site-header'>"
        f"<a class='brand' href='/'>{FOX_MARK}<span>Foxden</span></a>"
        f"<div class='site-header-right'>{header_back}</div></header>"
        f"<main id='main' tabindex='-1' data-game='{escape(game_id)}'>"
        f"<article class='panel prose rules'>{_with_contents(game_id)}</article>"
        f"<p class='rules-foot'>{back}</p></main>{data_block(game_id)}</body></html>"
    )


def _link(href: str, words: str, extra: str) -> str:
    return f'<a class="button small back-link"{extra} href="{escape(href)}">{words}</a>'


def _with_contents(game_id: str) -> str:
    """The rulebook with its table of contents right under its title."""
    body = _rendered(game_id)[0]
    title_end = body.find("</h1>") + len("</h1>") if "</h1>" in body else 0
    return body[:title_end] + _contents(game_id) + body[title_end:]


def _contents(game_id: str) -> str:
    """The table of contents: a link to every section (## and ###) of the rulebook."""
    toc = _rendered(game_id)[1]
    if "<li>" not in toc:
        return ""
    return (
        "<nav class='rules-toc' id='rules-toc' aria-labelledby='rules-toc-title'>"
        f"<h2 id='rules-toc-title'>Contents</h2>{toc}</nav>"
    )


@cache
def _rendered(game_id: str) -> tuple[str, str]:
    """(the rulebook's HTML, its table of contents' HTML). The toc extension gives every
    heading an id, which is what the contents link to."""
    text = rules_file(game_id).read_text(encoding="utf-8")
    md = markdown.Markdown(
        extensions=["tables", "fenced_code", "toc"], extension_configs={"toc": {"toc_depth": "2-3"}}
    )
    html = md.convert(text)
    toc: str = getattr(md, "toc", "")
    return html, toc
