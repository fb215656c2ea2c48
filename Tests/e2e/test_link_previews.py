"""Link previews and structured data as the programs that read them see them: `extruct` reads
Open Graph and JSON-LD from built pages (a hymn, a chapter, the schedule, a locality — a
meeting's page: the home page links each coming visit to its place's page, which holds its
Event —, the home page) and `pyld` expands the JSON-LD with a local
copy of the schema.org context (Tests/Fixtures/jsonld/, never fetched). Values are compared
with the site's own snapshots."""
from __future__ import annotations

import datetime
import json
import pathlib
import struct
import zlib

import extruct
import pytest
from pyld import jsonld

from conftest import AS_OF, ROOT, run_sitegen

PUBLISHED = "https://hymns.test/church/"
CONTEXT = json.loads((ROOT / "Tests/Fixtures/jsonld/schema.org.jsonld").read_text())
TAGS = {"og:title", "og:description", "og:type", "og:locale", "og:site_name", "og:url", "og:image"}


def local_loader(url, options=None):
    """pyld's document loader: the schema.org context from the fixtures, anything else refused."""
    if url.rstrip("/") in ("https://schema.org", "http://schema.org"):
        return {"contextUrl": None, "documentUrl": url, "document": CONTEXT}
    raise AssertionError(f"pyld asked for {url}: nothing may be fetched")


@pytest.fixture(scope="module")
def published(tmp_path_factory, small_content):
    out = tmp_path_factory.mktemp("previews") / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(small_content), "--output", str(out),
                         "--quiet", "--base-url", PUBLISHED)
    assert result.returncode == 0, result.stderr
    return out


def read(site: pathlib.Path, path: str) -> dict:
    html = (site / path / "index.html").read_text()
    return extruct.extract(html, base_url=PUBLISHED + path, syntaxes=["opengraph", "json-ld"])


def og(data: dict) -> dict:
    """The page's Open Graph properties, each given once."""
    assert len(data["opengraph"]) == 1
    properties = data["opengraph"][0]["properties"]
    assert len({k for k, _ in properties}) == len(properties), properties
    return dict(properties)


def expands_without_loss(item: dict) -> list:
    """Expanded with the local context and compacted back: the same object, every key known."""
    expanded = jsonld.expand(item, {"documentLoader": local_loader})
    assert expanded, item
    again = jsonld.compact(expanded, CONTEXT, {"documentLoader": local_loader})
    again.pop("@context")
    original = {k: v for k, v in item.items() if k != "@context"}
    assert again == single_lists_unwrapped(original)
    return expanded


def single_lists_unwrapped(value):
    """JSON-LD compaction writes a one-item list as the item: the same data."""
    if isinstance(value, list):
        return single_lists_unwrapped(value[0]) if len(value) == 1 else [single_lists_unwrapped(v) for v in value]
    if isinstance(value, dict):
        return {k: single_lists_unwrapped(v) for k, v in value.items()}
    return value


PAGES = {"": "website", "hymns/23/": "article", "bible/john/3/": "article", "schedule/": "article",
         "localities/aberdeen/": "article"}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_kind_has_every_tag(published, path):
    tags = og(read(published, path))
    assert TAGS <= set(tags), TAGS - set(tags)
    assert tags["og:url"] == PUBLISHED + path and tags["og:type"] == PAGES[path]
    assert tags["og:locale"] == "en_US" and tags["og:site_name"] == "Hymns, Bible & Meetings"
    assert tags["og:image"] == PUBLISHED + "preview.png"
    html = (published / path / "index.html").read_text()
    assert '<meta name="twitter:card" content="summary_large_image">' in html
    assert f'<meta name="twitter:image" content="{PUBLISHED}preview.png">' in html


def test_descriptions_say_what_the_page_holds(published):
    hymn = json.loads((published / "api/v1/hymns/1-50.json").read_text())["hymns"][22]
    # A hymn's first two sung lines (as a member knows it), not only its title.
    stanza = hymn["stanzas"][0]["lines"]
    opening = " ".join("".join(segment["text"] for segment in line) for line in stanza[:2]).rstrip(",;: ")
    assert og(read(published, "hymns/23/"))["og:description"] == f"Hymn 23: {opening}"
    assert len(stanza) > 1 and opening != hymn["firstLine"]
    assert "There was a man of the Pharisees, named Nicodemus" in og(read(published, "bible/john/3/"))["og:description"]
    schedule = json.loads((published / "api/v1/schedule.json").read_text())
    events = {e["uid"]: e for e in schedule["events"]}
    first = next(o for o in schedule["occurrences"] if o["status"] == "meeting" and "recurrence" not in events[o["uid"]])
    names = {p["slug"]: p["name"] for p in json.loads((published / "api/v1/localities.json").read_text())["localities"]}
    assert og(read(published, "schedule/"))["og:description"].startswith(f"Next mission meeting: ")
    assert names[first["locality"]] in og(read(published, "schedule/"))["og:description"]


def test_the_placeholder_address_writes_no_absolute_tag(site):
    html = (site / "hymns/23/index.html").read_text()
    assert 'property="og:title"' in html and 'property="og:url"' not in html and 'og:image' not in html
    assert '<meta name="twitter:card" content="summary">' in html


def visits(schedule: dict) -> list[list[dict]]:
    """The snapshot's one-off meeting days grouped as the site counts visits: the days in a row
    (or the same day) with the same team, place, places joining, category, title and note."""
    events = {e["uid"]: e for e in schedule["events"]}
    groups, open_ = [], {}
    for o in schedule["occurrences"]:
        e = events[o["uid"]]
        if o["status"] != "meeting" or "recurrence" in e:
            continue
        key = (e["uid"].split("/")[0], e.get("team"), e.get("locality"), tuple(e["with"]), tuple(e["withOthers"]),
               e["category"], e.get("title"), e.get("comment"))
        day = datetime.date.fromisoformat(o["date"])
        if key in open_ and (day - datetime.date.fromisoformat(groups[open_[key]][-1]["date"])).days in (0, 1):
            groups[open_[key]].append(o)
        else:
            open_[key] = len(groups)
            groups.append([o])
    return groups


def test_events_on_the_locality_pages_equal_the_snapshot(published):
    """Each upcoming mission visit is an Event on the page of the locality that hosts it."""
    schedule = json.loads((published / "api/v1/schedule.json").read_text())
    places = {p["slug"]: p for p in json.loads((published / "api/v1/localities.json").read_text())["localities"]}
    all_visits = visits(schedule)
    assert len(all_visits) > 10 and any(len(v) > 1 for v in all_visits)
    seen = 0
    for slug, place in places.items():
        [page] = read(published, f"localities/{slug}/")["json-ld"]
        graph = page.get("@graph", [page])
        wanted = [v for v in all_visits if v[0].get("locality") == slug]
        found = [i for i in graph if i["@type"] == "Event"]
        assert [i["@type"] for i in graph] == ["Church"] + ["Event"] * len(wanted), slug
        for item, days in zip(found, wanted):
            first, last = days[0], days[-1]
            assert item["name"] == first["title"]
            if first["sessions"]:
                assert (item["startDate"], item["endDate"]) == (first["sessions"][0]["start"], last["sessions"][-1]["end"])
                assert item["startDate"][-6] in "+-" and item["endDate"][-6] in "+-"
            else:
                assert (item["startDate"], item["endDate"]) == (first["date"], last["date"])
            assert item["eventStatus"] == "https://schema.org/EventScheduled"
            assert item["eventAttendanceMode"] == "https://schema.org/OfflineEventAttendanceMode"
            assert item["location"]["@type"] == "Place" and item["location"]["name"] == place["name"]
            if "latitude" in place:
                assert item["location"]["geo"] == {"@type": "GeoCoordinates", "latitude": place["latitude"], "longitude": place["longitude"]}
            if place.get("address"):
                address = item["location"]["address"]
                assert address["@type"] == "PostalAddress" and address["streetAddress"].startswith(place["address"][0])
            else:
                assert "address" not in item["location"]
            seen += 1
        if found:
            expands_without_loss(page)
    assert seen == len([v for v in all_visits if v[0].get("locality") in places])


def test_a_locality_is_a_church_with_its_services(published):
    [page] = read(published, "localities/aberdeen/")["json-ld"]
    church = page.get("@graph", [page])[0]
    place = next(p for p in json.loads((published / "api/v1/localities.json").read_text())["localities"] if p["slug"] == "aberdeen")
    assert church["@type"] == "Church" and church["name"] == place["name"]
    assert church["geo"] == {"@type": "GeoCoordinates", "latitude": place["latitude"], "longitude": place["longitude"]}
    assert church["address"] == {"@type": "PostalAddress", "streetAddress": "1223 4th Ave SW", "addressLocality": "Aberdeen",
                                 "addressRegion": "SD", "postalCode": "57401-3721", "addressCountry": "US"}
    hours = church["openingHoursSpecification"]
    assert {(h["dayOfWeek"], h["opens"]) for h in hours} == {("https://schema.org/Sunday", "11:00:00"), ("https://schema.org/Sunday", "10:00:00")}
    assert church["url"] == PUBLISHED + "localities/aberdeen/"
    expanded = expands_without_loss(page)
    assert ["https://schema.org/Church"] in [node["@type"] for node in expanded]


def test_the_home_page_is_a_website_with_a_search_action(published):
    [site] = read(published, "")["json-ld"]
    assert site["@type"] == "WebSite" and site["url"] == PUBLISHED
    action = site["potentialAction"]
    assert action["@type"] == "SearchAction"
    assert action["target"]["urlTemplate"] == PUBLISHED + "search/?q={search_term_string}"
    expands_without_loss(site)


def test_a_title_cannot_break_out_of_the_script_or_the_tag(tmp_path, small_content, published):
    import shutil
    content = shutil.copytree(small_content, tmp_path / "Content")
    page = content / "localities/aberdeen.md"
    page.write_text(page.read_text().replace('name: "Aberdeen, SD"', 'name: "Aberdeen</script><b>\\" x=\\"1"', 1))
    out = tmp_path / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out), "--quiet", "--base-url", PUBLISHED)
    assert result.returncode == 0, result.stderr
    html = (out / "localities/aberdeen/index.html").read_text()
    assert "</script><b>" not in html
    [page] = read(out, "localities/aberdeen/")["json-ld"]
    church = page.get("@graph", [page])[0]
    assert church["name"] == 'Aberdeen</script><b>" x="1'
    assert og(read(out, "localities/aberdeen/"))["og:title"] == 'Aberdeen</script><b>" x="1'
    # The same title and icon in another build: the same preview, byte for byte.
    assert (out / "preview.png").read_bytes() == (published / "preview.png").read_bytes()


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of the preview (8-bit RGB, each row "Up"-filtered, as sitegen writes it)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (depth, colour) == (8, 2)
    idat, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    raw, rows, previous = zlib.decompress(idat), [], bytes(width * 3)
    for y in range(height):
        line = raw[y * (width * 3 + 1):(y + 1) * (width * 3 + 1)]
        assert line[0] == 2
        row = bytes((a + b) & 0xFF for a, b in zip(line[1:], previous))
        rows.append(row)
        previous = row
    return width, height, rows


def test_the_preview_image_is_the_icon_and_the_title(published):
    data = (published / "preview.png").read_bytes()
    width, height, rows = read_png(data)
    assert (width, height) == (1200, 630)
    pixel = lambda x, y: tuple(rows[y][x * 3:x * 3 + 3])
    assert pixel(5, 5) == pixel(1190, 620) == (0x1d, 0x4f, 0x91)
    book = sum(1 for y in range(165, 465, 2) for x in range(80, 380, 2) if pixel(x, y) != (0x1d, 0x4f, 0x91))
    assert book > 5000                                           # the icon's open book, in a 300 px square
    white = sum(1 for y in range(200, 430) for x in range(440, 1120, 2) if pixel(x, y) == (255, 255, 255))
    assert white > 5000                                          # the title's letters
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    (ROOT / "test-artifacts/link-preview.png").write_bytes(data)
