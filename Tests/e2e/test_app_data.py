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


def open_bundle(site):
    """The bundle's files as an app opens them: the Bible's books and plan, with the hymns, the
    schedule and each translation's verses attached (read-only)."""
    folder = site / "api" / "v1" / "bundle"
    db = sqlite3.connect(f"file:{folder / 'bible.sqlite'}?mode=ro", uri=True)
    for name, alias in [("hymns", "hymns"), ("schedule", "schedule"), ("bible-kjv", "kjv"), ("bible-rv1909", "rv1909"), ("bible-web", "web")]:
        db.execute("ATTACH DATABASE ? AS " + alias, (f"file:{folder / name}.sqlite?mode=ro",))
    return db


def test_bundle_tables_and_search_as_an_app_queries_them(site):
    db = open_bundle(site)
    # Every verse of each translation, in its own file (the id's first digits are its position: kjv, rv1909, web).
    per_translation = [db.execute(f"SELECT t.id, count(*) FROM {alias}.verses v JOIN translations t ON t.position = v.id / 100000000 "
                                  "GROUP BY t.id").fetchone() for alias in ("kjv", "rv1909", "web")]
    assert per_translation == [("kjv", 31102), ("rv1909", 31102), ("web", 37617)]
    assert db.execute("SELECT count(*) FROM hymns WHERE NOT removed").fetchone()[0] > 300
    assert db.execute("SELECT text FROM verses WHERE id = 19023001").fetchone() == ("The LORD is my shepherd; I shall not want.",)
    # The FTS tables hold words folded by the site's rules; an app folds its query the same way
    # (AppSearch.query in SitegenSnapshots gives '"whateer"' for "Whate’er").
    hymns = db.execute("SELECT DISTINCT p.hymn FROM hymn_parts_fts f JOIN hymn_parts p ON p.id = f.rowid "
                       "WHERE hymn_parts_fts MATCH '\"whateer\"' ORDER BY p.hymn").fetchall()
    assert (123,) in hymns
    ranked = db.execute("SELECT b.osis, v.id / 1000 % 1000, v.id % 1000 FROM verses_fts f JOIN verses v ON v.id = f.rowid "
                        "JOIN bible_books b ON b.translation = 'kjv' AND b.position = v.id / 1000000 % 100 "
                        "WHERE verses_fts MATCH '\"lord\" \"shepherd\"' ORDER BY bm25(verses_fts) LIMIT 5").fetchall()
    assert ("Ps", 23, 1) in ranked
    # Red letters and italics as runs over the text: John 3:16 is all words of Jesus; in
    # Genesis 1:2 "was" is supplied by the translators.
    text, styles = db.execute("SELECT text, styles FROM verses WHERE id = 43003016").fetchone()
    assert json.loads(styles) == [[0, len(text.encode("utf-16-le")) // 2, 2]]
    text, styles = db.execute("SELECT text, styles FROM verses WHERE id = 1001002").fetchone()
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
    assert set(sizes) == {"bible", "bible-kjv", "bible-rv1909", "bible-web", "hymns", "schedule"}
    # About 2.9 MB gzipped per translation (its verses and their index; the WEB has the
    # deuterocanon too: 3.3 MB), and what changes every week small: an app downloads only the
    # file an edit changed.
    assert all(sizes[f"bible-{t}"] <= 3_400_000 for t in ("kjv", "rv1909", "web"))
    assert sizes["schedule"] <= 50_000 and sizes["hymns"] <= 300_000 and sizes["bible"] <= 50_000
