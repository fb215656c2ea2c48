"""Checks that every internal link and #anchor of a built site resolves to a file and an id.

A static host maps /a/b/ to a/b/index.html; links are resolved the same way. External links
(other schemes or hosts) are not followed: CI has no network.
"""
from __future__ import annotations

import html.parser
import pathlib
import urllib.parse


class _Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, int, bool]] = []   # (link, line, is the canonical link)
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            if values.get(name):
                self.ids.add(values[name])
        for name in ("href", "src"):
            if values.get(name):
                canonical = tag == "link" and values.get("rel") == "canonical"
                self.links.append((values[name], self.getpos()[0], canonical))


def _target_file(site: pathlib.Path, path: str) -> pathlib.Path | None:
    candidate = site / path.lstrip("/")
    if path.endswith("/") or path == "":
        candidate = candidate / "index.html"
    if candidate.is_file():
        return candidate
    if (candidate / "index.html").is_file():
        return candidate / "index.html"
    return None


def check_site(site: pathlib.Path, base_path: str = "/", origin: str | None = None) -> list[str]:
    """Problems of every page below site, published at base_path ('/' or '/church/'): each page
    is resolved at its own address under base_path, as a browser resolves its links. With origin
    ('https://example.org'), absolute links to that host are checked as internal ones too."""
    assert base_path.startswith("/") and base_path.endswith("/"), base_path
    pages = sorted(site.rglob("*.html"))
    parsed: dict[pathlib.Path, _Collector] = {}
    for page in pages:
        collector = _Collector()
        collector.feed(page.read_text(encoding="utf-8"))
        parsed[page] = collector
    problems = []
    for page, collector in parsed.items():
        relative = page.relative_to(site).as_posix()
        page_url = base_path + (relative[:-len("index.html")] if relative.endswith("index.html") else relative)
        for link, line, canonical in collector.links:
            if canonical and origin is None:
                continue  # absolute, at the published host
            url = urllib.parse.urlsplit(urllib.parse.urljoin(page_url, link))
            if (url.scheme or url.netloc) and f"{url.scheme}://{url.netloc}" != origin:
                continue  # external, geo:, mailto:, data:, …
            path = urllib.parse.unquote(url.path)
            if not path.startswith(base_path):
                problems.append(f"{page}:{line}: link outside the site base path: {link}")
                continue
            target = _target_file(site, path[len(base_path) - 1:])
            if target is None:
                problems.append(f"{page}:{line}: broken link: {link}")
                continue
            if url.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else set()
                if url.fragment not in ids:
                    problems.append(f"{page}:{line}: missing anchor #{url.fragment} in {target.relative_to(site)}")
    return problems
