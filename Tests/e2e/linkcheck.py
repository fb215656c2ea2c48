"""Checks that every internal link and #anchor of a built site resolves to a file and an id.

A static host maps /a/b/ to a/b/index.html; links are resolved the same way. External links
(other schemes or hosts) are not followed: CI has no network.
"""
from __future__ import annotations

import lxml.etree
import lxml.html
import pathlib
import urllib.parse


class _Collector:
    """The ids and the links (href, src) of one page, parsed by libxml2's HTML parser (lxml): the
    Python parser took 25 s of CPU for the bundled site's 7,000 pages, this takes a few."""

    def __init__(self, page: pathlib.Path):
        self.links: list[tuple[str, int, bool]] = []   # (link, line, is the canonical link)
        self.ids: set[str] = set()
        root = lxml.html.parse(str(page), parser=_PARSER).getroot()
        for element in root.iter(tag=lxml.etree.Element):
            values = element.attrib
            for name in ("id", "name") if element.tag == "a" else ("id",):
                if values.get(name):
                    self.ids.add(values[name])
            for name in ("href", "src"):
                if values.get(name):
                    canonical = element.tag == "link" and values.get("rel") == "canonical"
                    self.links.append((values[name], element.sourceline or 0, canonical))


_PARSER = lxml.html.HTMLParser(encoding="utf-8", remove_comments=True)


def _target_file(site: pathlib.Path, path: str) -> pathlib.Path | None:
    candidate = site / path.lstrip("/")
    if path.endswith("/") or path == "":
        candidate = candidate / "index.html"
    if candidate.is_file():
        return candidate
    if (candidate / "index.html").is_file():
        return candidate / "index.html"
    return None


def _resolve(page_url: str, link: str) -> urllib.parse.SplitResult:
    """urljoin + urlsplit, with a fast path for the site's own relative and absolute paths (the
    bundled site has 360,000 links; urljoin alone took 24 s of CPU). Dot segments are removed as
    RFC 3986 section 5.2.4 says, which is what urljoin does."""
    head = link.split("#", 1)[0].split("?", 1)[0]
    if link.startswith("//") or ":" in head.split("/", 1)[0]:
        return urllib.parse.urlsplit(urllib.parse.urljoin(page_url, link))
    path, _, fragment = link.partition("#")
    path, _, query = path.partition("?")
    if path == "":
        path = page_url
    elif not path.startswith("/"):
        path = page_url[:page_url.rfind("/") + 1] + path
    return urllib.parse.SplitResult("", "", _without_dot_segments(path), query, fragment)


def _without_dot_segments(path: str) -> str:
    out: list[str] = []
    segments = path.split("/")
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == ".":
            if last:
                out.append("")
        elif segment == "..":
            if len(out) > 1:
                out.pop()
            if last:
                out.append("")
        else:
            out.append(segment)
    return "/".join(out)


def check_site(site: pathlib.Path, base_path: str = "/", origin: str | None = None) -> list[str]:
    """Problems of every page below site, published at base_path ('/' or '/church/'): each page
    is resolved at its own address under base_path, as a browser resolves its links. With origin
    ('https://example.org'), absolute links to that host are checked as internal ones too."""
    assert base_path.startswith("/") and base_path.endswith("/"), base_path
    pages = sorted(site.rglob("*.html"))
    parsed: dict[pathlib.Path, _Collector] = {}
    for page in pages:
        parsed[page] = _Collector(page)
    problems = []
    targets: dict[str, pathlib.Path | None] = {}
    for page, collector in parsed.items():
        relative = page.relative_to(site).as_posix()
        page_url = base_path + (relative[:-len("index.html")] if relative.endswith("index.html") else relative)
        for link, line, canonical in collector.links:
            if canonical and origin is None:
                continue  # absolute, at the published host
            url = _resolve(page_url, link)
            if (url.scheme or url.netloc) and f"{url.scheme}://{url.netloc}" != origin:
                continue  # external, geo:, mailto:, data:, …
            path = urllib.parse.unquote(url.path)
            if not path.startswith(base_path):
                problems.append(f"{page}:{line}: link outside the site base path: {link}")
                continue
            site_path = path[len(base_path) - 1:]
            if site_path not in targets:
                targets[site_path] = _target_file(site, site_path)
            target = targets[site_path]
            if target is None:
                problems.append(f"{page}:{line}: broken link: {link}")
                continue
            if url.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else set()
                if url.fragment not in ids:
                    problems.append(f"{page}:{line}: missing anchor #{url.fragment} in {target.relative_to(site)}")
    return problems
