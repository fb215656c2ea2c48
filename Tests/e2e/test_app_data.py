"""The apps' offline data as an app developer meets it: `sitegen sync` mirroring the served
site's api/v1/, and the SQLite bundle read with Python's sqlite3 (another SQLite than the one
that wrote it). The Swift side (models, SnapshotSync's failures) is in Tests/AppDataTests."""
import gzip
import hashlib
import json
import sqlite3

from conftest import run_sitegen


def files_of(folder):
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_sync_mirrors_api_v1_and_then_is_up_to_date(site, base_url, tmp_path):
    mirror = tmp_path / "mirror"
    first = run_sitegen("sync", base_url, str(mirror))
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"Synced {base_url}api/v1/ into {mirror}/current")
    api = site / "api" / "v1"
    manifest = json.loads((api / "manifest.json").read_text())
    listed = {e["path"] for e in manifest["files"] + manifest["schemas"] + manifest["bundles"]} | {"manifest.json"}
    current = mirror / "current"
    assert current.is_symlink() and current.resolve().parent == (mirror / "versions").resolve()
    assert files_of(current) == {path: digest for path, digest in files_of(api).items() if path in listed}
    assert set(files_of(current)) == listed
    second = run_sitegen("sync", base_url, str(mirror))
    assert second.returncode == 0 and second.stdout.startswith("Up to date:"), second.stdout + second.stderr


def test_sync_says_what_is_wrong(tmp_path, base_url):
    bad = run_sitegen("sync", "ftp://example.org/", str(tmp_path / "m"))
    assert bad.returncode != 0 and "sitegen sync: error: 'ftp://example.org/' is not an http(s) address" in bad.stderr
    missing = run_sitegen("sync", base_url + "nothing-here/", str(tmp_path / "m"))
    assert missing.returncode != 0
    assert f"sitegen sync: error: {base_url}nothing-here/api/v1/manifest.json: HTTP status 404" in missing.stderr
    assert not (tmp_path / "m" / "current").exists()


DIVISIONS = ("law", "history", "wisdom", "prophets", "gospels", "letters")


def open_bundle(site, main, parts, table):
    """Bundle files as an app opens them (read-only), one connection per subject: `main`, each
    file of `parts` ({alias: file}) attached, and a temporary view `all_<table>` over the parts."""
    folder = site / "api" / "v1" / "bundle"
    db = sqlite3.connect(f"file:{folder / main}.sqlite?mode=ro", uri=True)
    for alias, name in parts.items():
        db.execute("ATTACH DATABASE ? AS " + alias, (f"file:{folder / name}.sqlite?mode=ro",))
    db.execute(f"CREATE TEMP VIEW all_{table} AS " + " UNION ALL ".join(f"SELECT * FROM {a}.{table}" for a in parts))
    return db


def open_translation(site, translation):
    """The Bible's books and plan with one translation's divisions attached."""
    names = [d for d in DIVISIONS + ("deuterocanon",) if (site / f"api/v1/bundle/bible-{translation}-{d}.sqlite").exists()]
    return open_bundle(site, "bible", {d: f"bible-{translation}-{d}" for d in names}, "verses")


def search_sql(table, aliases):
    """AppSearch.sql(searching:in:) of SitegenSnapshots: the ids of a table's rows that match ?1, over every attached part."""
    return " UNION ALL ".join(f'SELECT f.rowid AS id FROM "{a}"."{table}_fts" AS f WHERE f."{table}_fts" MATCH ?1'
                              for a in aliases) + " ORDER BY id"


def test_bundle_tables_and_search_as_an_app_queries_them(site):
    # Every verse of each translation, in its own files (the id's first digits are its position: kjv, rv1909, web).
    per_translation = [open_translation(site, t).execute("SELECT t.id, count(*) FROM all_verses v JOIN translations t "
                                                         "ON t.position = v.id / 100000000 GROUP BY t.id").fetchone()
                       for t in ("kjv", "rv1909", "web")]
    assert per_translation == [("kjv", 31102), ("rv1909", 31102), ("web", 37617)]
    hymns = open_bundle(site, "hymns", {f"h{n}": f"hymns-{n}-{n + 49}" for n in range(1, 352, 50)}, "hymn_parts")
    assert hymns.execute("SELECT count(*) FROM hymns WHERE NOT removed").fetchone()[0] > 300
    db = open_translation(site, "kjv")
    assert db.execute("SELECT text FROM wisdom.verses WHERE id = 19023001").fetchone() == ("The LORD is my shepherd; I shall not want.",)
    # The FTS tables hold words folded by the site's rules; an app folds its query the same way
    # (AppSearch.query in SitegenSnapshots gives '"whateer"' for "Whate’er") and searches every part.
    found = hymns.execute(f"SELECT DISTINCT p.hymn FROM ({search_sql('hymn_parts', [f'h{n}' for n in range(1, 352, 50)])}) f "
                          "JOIN all_hymn_parts p ON p.id = f.id ORDER BY p.hymn", ('"whateer"',)).fetchall()
    assert (123,) in found and len({h // 50 for (h,) in found}) > 1, found
    verses = db.execute(f"SELECT b.osis, v.id / 1000 % 1000, v.id % 1000 FROM ({search_sql('verses', DIVISIONS)}) f "
                        "JOIN all_verses v ON v.id = f.id JOIN bible_books b ON b.translation = 'kjv' AND b.position = v.id / 1000000 % 100",
                        ('"shepherd"',)).fetchall()
    assert {("Gen", 46, 34), ("Ps", 23, 1), ("John", 10, 11)} <= set(verses), "found in the law, the wisdom books and the gospels"
    # Red letters and italics as runs over the text: John 3:16 is all words of Jesus; in
    # Genesis 1:2 "was" is supplied by the translators.
    text, styles = db.execute("SELECT text, styles FROM all_verses WHERE id = 43003016").fetchone()
    assert json.loads(styles) == [[0, len(text.encode("utf-16-le")) // 2, 2]]
    text, styles = db.execute("SELECT text, styles FROM law.verses WHERE id = 1001002").fetchone()
    start, length, style = json.loads(styles)[0]
    assert (text[start:start + length], style) == ("was", 1)
    today = db.execute("SELECT label FROM plan_readings WHERE day = '11-22' ORDER BY reading, passage").fetchall()
    assert len(today) == 4


def test_bundle_size(site):
    """That the bundle's files are the same for the same input is checked with the rest of the
    site's files by test_site.py::test_same_input_builds_byte_identical_output_with_any_jobs (a
    second full build, compared byte for byte)."""
    sizes = {p.stem: len(gzip.compress(p.read_bytes(), 9)) for p in (site / "api/v1/bundle").glob("*.sqlite")}
    print("bundle, gzipped:", sizes)
    divisions = {f"bible-{t}-{d}" for t in ("kjv", "rv1909", "web") for d in DIVISIONS} | {"bible-web-deuterocanon"}
    hymns = {f"hymns-{n}-{n + 49}" for n in range(1, 352, 50)}
    assert set(sizes) == {"bible", "hymns", "schedule"} | divisions | hymns
    # A verse edit fetches one division of one translation (the largest, the histories, about
    # 0.7 MB gzipped), a hymn edit one range of fifty hymns (about 40 kB): an app downloads only
    # the files an edit changed.
    assert all(sizes[name] <= 800_000 for name in divisions)
    assert sum(sizes[f"bible-kjv-{d}"] for d in DIVISIONS) <= 3_400_000
    assert all(sizes[name] <= 50_000 for name in hymns)
    assert sizes["schedule"] <= 50_000 and sizes["hymns"] <= 50_000 and sizes["bible"] <= 50_000
