"""The API documentation page works offline and under the pages' CSP (no inline script)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.servers import Server


def test_the_api_docs_render_with_nothing_from_elsewhere(site: Server, page_factory: Any) -> None:
    page = page_factory(csp=True)
    elsewhere: list[str] = []

    def only_this_server(route: Any) -> None:
        if route.request.url.startswith(site.url):
            route.continue_()
        else:  # as if offline: anything from another host fails
            elsewhere.append(route.request.url)
            route.abort()

    page.context.route("**/*", only_this_server)
    page.goto(site.url + "/docs")
    path = page.locator(".opblock-summary-path").get_by_text("/api/v1/players/me", exact=True)
    expect(path).to_be_visible()
    expect(page.locator(".scheme-container .authorize")).to_be_visible()  # the bearer scheme
    assert elsewhere == []
    page.errors.check()  # a CSP violation is a console error
