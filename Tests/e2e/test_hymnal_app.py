"""The OALC Hymnal app's API as files (`Output/api/hymnal-app/`), read by a client that follows
the app's own rules (hymnal_app_client.py), on the bundled site at the root and on a copy
published under a sub-path; its content checked against the site's own snapshots; the hymnal
imported back with `sitegen import hymnal-json`.
"""
from __future__ import annotations

import datetime
import json
import pathlib
import re
import shutil

import jsonschema
import pytest

import hymnal_app_client as app
from conftest import AS_OF, ROOT, run_sitegen, serve_folder

PUBLISHED = "https://hymns.test/church/"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
STATUS = {"travel": "Travel", "arrive": "Arrive", "rest": "Rest", "meeting": None}


@pytest.fixture(scope="module")
def published(tmp_path_factory, small_content):
    """The small copy built for a published address under a sub-path (photo URLs, Open Graph)."""
    root = tmp_path_factory.mktemp("published")
    content = shutil.copytree(small_content, root / "Content")
    # A photo of Lake Norden's church: the app shows the map only with a photo and coordinates.
    (content / "static/photos").mkdir(parents=True)
    shutil.copyfile(ROOT / "Templates/assets/icons/icon-192.png", content / "static/photos/lake_norden.png")
    page = content / "localities/lake_norden.md"
    page.write_text(page.read_text().replace("region: SD\n", "region: SD\nphoto: photos/lake_norden.png\n", 1))
    out = root / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out),
                         "--quiet", "--base-url", PUBLISHED)
    assert result.returncode == 0, result.stderr
    return out


def expected_lines(site: pathlib.Path) -> list[dict]:
    """The app's lines from api/v1/schedule.json: the one-off events from the as-of date on, in date order."""
    snapshot = json.loads((site / "api/v1/schedule.json").read_text())
    names = {p["slug"]: p["name"] for p in json.loads((site / "api/v1/localities.json").read_text())["localities"]}
    events = sorted((e for e in snapshot["events"] if "recurrence" not in e and e["date"] >= snapshot["asOf"]),
                    key=lambda e: (e["date"], e["uid"].split("/")[0], e["uid"].split("/", 1)[1]))
    lines = []
    for e in events:
        day = datetime.date.fromisoformat(e["date"])
        meeting = e["status"] == "meeting"
        starts = [int(s["start"][:2]) for s in e["sessions"]]
        lines.append({
            "dateString": f"{MONTHS[day.month - 1]} {day.day}", "isSunday": day.weekday() == 6,
            "status": STATUS[e["status"]], "comment": e.get("comment"), "locality": e.get("locality"),
            "localityPretty": (names.get(e.get("locality")) or e.get("title")) if meeting else None,
            "with": [names.get(s, s) for s in e["with"]] + e["withOthers"] if meeting else [],
            "AM": any(h < 12 for h in starts) if meeting and starts else None,
            "PM": any(h >= 12 for h in starts) if meeting and starts else None,
        })
    return lines


def check_against_snapshots(site: pathlib.Path, scheme_host: str, api_path: str, published: bool):
    lines, places = app.read_schedule(app.fetch(scheme_host, api_path, "/schedule"))
    assert lines == expected_lines(site)
    assert len(lines) > 20 and {l["status"] for l in lines} >= {None, "Travel"}
    assert app.read_localities(app.fetch(scheme_host, api_path, "/localities")) == places
    snapshot = {p["slug"]: p for p in json.loads((site / "api/v1/localities.json").read_text())["localities"]}
    assert set(places) == set(snapshot)
    for slug, place in places.items():
        s = snapshot[slug]
        assert (place["name"], place["locationAddress"]) == (s["name"], s["address"])
        assert (place["locationLatitude"], place["locationLongitude"]) == (s.get("latitude"), s.get("longitude"))
        assert place["churchPhone"] == s.get("phone") and place["contactEmail"] == s.get("email", "")
        assert place["contactName"] == place["contactPhone"] == ""
        if published and "photo" in s:
            assert place["photoURL"] == PUBLISHED + s["photo"].removeprefix("/church/")
        else:
            assert place["photoURL"] is None
    opened = {app.open_locality(line, places) for line in lines}
    assert "contact" in opened and (not published or "map" in opened)
    return lines


def test_the_app_reads_the_bundled_site_at_the_root(site):
    url, server = serve_folder(site)
    try:
        check_against_snapshots(site, url.rstrip("/"), "/api/hymnal-app", published=False)
    finally:
        server.shutdown()


def test_the_app_reads_a_site_published_under_a_sub_path(published):
    url, server = serve_folder(published, "/church/")
    try:
        check_against_snapshots(published, url.rstrip("/").removesuffix("/church"), "/church/api/hymnal-app", published=True)
    finally:
        server.shutdown()


def test_the_files_follow_their_schemas_listed_in_the_manifest(site):
    api = site / "api/v1"
    listed = {s["path"] for s in json.loads((api / "manifest.json").read_text())["schemas"]}
    for name, path in (("schedule", "schedule"), ("localities", "localities"), ("hymns", "hymns.json")):
        schema = f"schemas/hymnal-app-{name}.schema.json"
        assert schema in listed
        jsonschema.Draft202012Validator(json.loads((api / schema).read_text())).validate(
            json.loads((site / "api/hymnal-app" / path).read_bytes()))


@pytest.mark.parametrize("key,where", [("dateString", "ScheduleLine.init schedule[0]"), ("isSunday", "ScheduleLine.init schedule[0]"),
                                       ("contactEmail", "Locality.init localities['aberdeen']")])
def test_a_missing_force_cast_key_is_the_apps_crash(site, key, where):
    data = json.loads((site / "api/hymnal-app/schedule").read_bytes())
    del (data["schedule"][0] if where.startswith("ScheduleLine") else data["localities"]["aberdeen"])[key]
    with pytest.raises(app.AppCrash, match=re.escape(f'{where}: `dictionary["{key}"] as!')):
        app.read_schedule(json.dumps(data).encode())


def test_a_mistyped_optional_key_and_an_unknown_locality_are_caught(site):
    data = json.loads((site / "api/hymnal-app/schedule").read_bytes())
    data["schedule"][0]["AM"] = "yes"
    with pytest.raises(app.Mistyped, match="`AM` is a str"):
        app.read_schedule(json.dumps(data).encode())
    lines, places = app.read_schedule((site / "api/hymnal-app/schedule").read_bytes())
    line = next(l for l in lines if l["locality"])
    del places[line["locality"]]
    with pytest.raises(AssertionError, match="Missing locality"):
        app.open_locality(line, places)


def test_the_hymnal_has_the_sites_hymns_line_by_line(site):
    hymnal = app.read_hymnal((site / "api/hymnal-app/hymns.json").read_bytes())
    snapshot = [h for part in sorted((site / "api/v1/hymns").glob("*.json"))
                for h in json.loads(part.read_text())["hymns"]]
    snapshot.sort(key=lambda h: h["number"])
    assert [h["number"] for h in snapshot] == list(range(1, len(hymnal["hymns"]) + 1))
    plain = lambda line: re.sub("</?b>", "", line)
    for hymn, entry in zip(snapshot, hymnal["hymns"]):
        if hymn["removed"]:
            assert entry == {"verses": [], "chorus": None, "refrain": None}
            continue
        assert [[plain(l) for l in v.split("\n")] for v in entry["verses"]] == \
               [[" ".join(filter(None, [plain_line(l)])) for l in s["lines"]] for s in hymn["stanzas"]], hymn["number"]
    assert any(len(v.split("\n")) > 2 for e in hymnal["hymns"] for v in e["verses"])


def plain_line(segments: list[dict]) -> str:
    """A line of the snapshot as the app shows it without bold: each run, its repeat sign after it."""
    return "".join((s["text"] + " " if s["text"] else "") + s["repeatSign"] if s.get("repeatSign") else s["text"]
                   for s in segments)


def test_import_hymnal_json_gives_back_the_sites_hymns(site, small_content, tmp_path):
    content = tmp_path / "Content"
    result = run_sitegen("import", "hymnal-json", str(site / "api/hymnal-app/hymns.json"), "--content", str(content))
    assert result.returncode == 0, result.stderr
    for original in sorted((small_content / "hymns").glob("*.md")):
        imported = (content / "hymns" / original.name).read_text()
        assert body(imported) == body(original.read_text()), original.name


def body(text: str) -> list[str]:
    """A hymn file's text after its front matter, lines stripped of trailing spaces."""
    parts = text.split("---\n", 2)
    return [line.rstrip() for line in (parts[2] if len(parts) == 3 else text).strip().splitlines()]
