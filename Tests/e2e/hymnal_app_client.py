"""A client that reads the Hymnal app's files by the app's own rules (github.com/jemartti/Hymnal,
the version that fetched from hymnal-server: `ScheduleLine.swift`, `Locality.swift`,
`MarttinenClient.swift`, `MarttinenConvenience.swift`, `ScheduleViewController.swift`, `Hymn.swift`,
`Hymnal.swift`), written from its source, not from sitegen's.

- `dictionary[key] as! T` crashes the app when the key is missing or of another type: raised here
  as AppCrash naming the Swift line that would crash.
- `dictionary[key] as? T` gives nil when the key is missing or mistyped: the app shows nothing,
  silently. A missing optional key is fine; a mistyped one is a mistake of the site, raised as
  Mistyped (the app would hide data the site meant to show).
- The response must be `{"schedule": [[String: AnyObject]], "localities": [String: [String: AnyObject]]}`
  (`guard let … as? …` else "Cannot find key … in results": the screen's "Data download failed").
"""
from __future__ import annotations

import json
import urllib.request


class AppCrash(AssertionError):
    """What the app would do: a force cast failed (EXC_BREAKPOINT in the named initialiser)."""


class Mistyped(AssertionError):
    """An optional key of the wrong type: the app drops it without a word."""


class DownloadFailed(AssertionError):
    """The app's `sendError`: the schedule screen shows that the download failed."""


# Swift's JSONSerialization types as the app casts them: a JSON true/false is an NSNumber that
# `as? Bool` accepts, and so is a number (`as? Float`); Python's bool is an int, so keep them apart.
def _is(value, swift_type: str) -> bool:
    if swift_type == "String":
        return isinstance(value, str)
    if swift_type == "Bool":
        return isinstance(value, bool)
    if swift_type == "Float":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if swift_type == "[String]":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    raise ValueError(swift_type)


def _force(d: dict, key: str, swift_type: str, where: str):
    if key not in d or not _is(d[key], swift_type):
        found = "missing" if key not in d else f"a {type(d[key]).__name__}"
        raise AppCrash(f"{where}: `dictionary[\"{key}\"] as! {swift_type}` crashes the app ({found})")
    return d[key]


def _optional(d: dict, key: str, swift_type: str, where: str):
    if key not in d:
        return None
    if not _is(d[key], swift_type):
        raise Mistyped(f"{where}: `{key}` is a {type(d[key]).__name__}; the app's `as? {swift_type}` drops it")
    return d[key]


def schedule_line(d: dict, where: str) -> dict:
    """ScheduleLine(dictionary:)."""
    line = {"dateString": _force(d, "dateString", "String", f"ScheduleLine.init {where}"),
            "isSunday": _force(d, "isSunday", "Bool", f"ScheduleLine.init {where}")}
    for key, swift_type in (("status", "String"), ("comment", "String"), ("locality", "String"),
                            ("localityPretty", "String"), ("AM", "Bool"), ("PM", "Bool")):
        line[key] = _optional(d, key, swift_type, f"ScheduleLine {where}")
    line["with"] = _optional(d, "with", "[String]", f"ScheduleLine {where}") or []
    return line


def locality(d: dict, where: str) -> dict:
    """Locality(dictionary:)."""
    place = {key: _force(d, key, "String", f"Locality.init {where}")
             for key in ("name", "contactName", "contactPhone", "contactEmail")}
    for key, swift_type in (("photoURL", "String"), ("locationLatitude", "Float"), ("locationLongitude", "Float"),
                            ("churchPhone", "String")):
        place[key] = _optional(d, key, swift_type, f"Locality {where}")
    for key in ("locationAddress", "mailingAddress"):
        place[key] = _optional(d, key, "[String]", f"Locality {where}") or []
    # ScheduleViewController: the map (LocalityViewController) only with all three, else the contact view.
    place["hasLocationDetails"] = None not in (place["locationLatitude"], place["locationLongitude"], place["photoURL"])
    return place


def read_schedule(data: bytes) -> tuple[list[dict], dict[str, dict]]:
    """MarttinenClient.getSchedule: JSONSerialization, the two guards, then every line and locality."""
    try:
        results = json.loads(data)
    except ValueError as error:
        raise DownloadFailed(f"Could not parse the data as JSON: {error}")
    schedule = results.get("schedule") if isinstance(results, dict) else None
    if not isinstance(schedule, list) or not all(isinstance(x, dict) for x in schedule):
        raise DownloadFailed("Cannot find key 'schedule' in results")
    places = results.get("localities")
    if not isinstance(places, dict) or not all(isinstance(x, dict) for x in places.values()):
        raise DownloadFailed("Cannot find key 'localities' in results")
    lines = [schedule_line(d, f"schedule[{i}]") for i, d in enumerate(schedule)]
    return lines, {key: locality(d, f"localities[{key!r}]") for key, d in places.items()}


def read_localities(data: bytes) -> dict[str, dict]:
    """getLocalities (the app before the merged endpoint): the bare `[String: [String: AnyObject]]`."""
    results = json.loads(data)
    if not isinstance(results, dict) or not all(isinstance(x, dict) for x in results.values()):
        raise DownloadFailed("Could not parse getLocalities")
    return {key: locality(d, f"[{key!r}]") for key, d in results.items()}


def read_hymnal(data: bytes) -> dict:
    """Hymnal(dictionary:) and Hymn(dictionary:) over the bundled hymns.json."""
    d = json.loads(data)
    language = _force(d, "language", "String", "Hymnal.init")
    hymns = d.get("hymns")
    if not isinstance(hymns, list) or not all(isinstance(h, dict) for h in hymns):
        raise AppCrash("Hymnal.init: `dictionary[\"hymns\"] as! [[String:AnyObject]]` crashes the app")
    return {"language": language, "hymns": [
        {"verses": _force(h, "verses", "[String]", f"Hymn.init hymns[{i}]"),
         "chorus": _optional(h, "chorus", "String", f"Hymn hymns[{i}]"),
         "refrain": _optional(h, "refrain", "String", f"Hymn hymns[{i}]")} for i, h in enumerate(hymns)]}


def fetch(scheme_host: str, api_path: str, method: str) -> bytes:
    """marttinenURLFromParameters: scheme + host, then ApiPath + method, and an empty query."""
    with urllib.request.urlopen(f"{scheme_host}{api_path}{method}?", timeout=30) as response:
        assert 200 <= response.status <= 299, response.status
        return response.read()


def open_locality(line: dict, localities: dict[str, dict]) -> str | None:
    """ScheduleViewController's didSelectRow: nothing without `locality`; "Missing locality" when
    the key is not among the localities; else the map or the contact view."""
    key = line["locality"]
    if key is None:
        return None
    if key not in localities:
        raise AssertionError(f"{line['dateString']}: locality {key!r} is not in localities (the app says 'Missing locality')")
    return "map" if localities[key]["hasLocationDetails"] else "contact"
