"""The release's version follows its frontend's content, and only what pages load is precached
(app/web/release.py); tests/browser/test_app_release.py sees a browser meet a new release."""

from __future__ import annotations

from pathlib import Path

from app.web.release import integrity, scan


def frontend(folder: Path) -> Path:
    for path, text in {
        "index.html": "<!doctype html>",
        "offline.html": "<!doctype html><h1>You are offline</h1>",
        "css/foxden.css": "body { color: black; }",
        "js/home.js": "export {};",
        "js/service-worker.js": "self;",
        "vendor/lib.d.ts": "export {};",
        "games/help/oh-fox.json": "{}",
    }.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    return folder


def test_only_what_pages_load_is_precached_with_its_hash(tmp_path: Path) -> None:
    release = scan(frontend(tmp_path))
    urls = {asset.url: asset.integrity for asset in release.assets}
    assert set(urls) == {
        "/static/css/foxden.css",
        "/static/js/home.js",
        "/static/games/help/oh-fox.json",
        "/offline",
    }
    assert urls["/offline"] == integrity((tmp_path / "offline.html").read_bytes())
    assert release.extensions == ()


def test_any_change_of_content_is_a_new_version(tmp_path: Path) -> None:
    folder = frontend(tmp_path)
    first = scan(folder).version
    assert scan(folder).version == first  # the same files: the same version
    (folder / "css" / "foxden.css").write_text("body { color: navy; }")
    second = scan(folder).version
    assert second != first
    (folder / "index.html").write_text("<!doctype html><title>Foxden</title>")
    assert scan(folder).version != second  # a page is not precached, but it is the release


def test_a_worker_extension_is_imported_not_precached(tmp_path: Path) -> None:
    folder = frontend(tmp_path)
    (folder / "js" / "sw-push.js").write_text("self.addEventListener('push', () => {});")
    (folder / "js" / "sw-badge.js").write_text("self;")
    release = scan(folder)
    assert release.extensions == ("/static/js/sw-badge.js", "/static/js/sw-push.js")
    assert not [a for a in release.assets if a.url.startswith("/static/js/sw-")]
    assert release.worker_data()["extensions"] == list(release.extensions)
