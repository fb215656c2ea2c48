"""A second congregation (issue 30): `sitegen init` in an empty folder, the site built from it
with the built-in theme alone, a site's own Templates/ over it file by file, the warning when a
copied built-in file changes, and `sitegen new`.

Cheap on purpose: the starter site is 15 pages; the KJV variant is the one full Bible build
(it copies the repository's KJV as the "copy sitegen ships", through SITEGEN_SHARE).
"""
from __future__ import annotations

import hashlib
import pathlib
import re
import shutil

import pytest

from conftest import (ROOT, axe_violations, check_screenshot, run_sitegen, screenshot, serve_folder, set_viewport,
                      sitegen_binary, tree_digest, validate_html)

PLACEHOLDER = "warning: base URL 'https://example.org/' is a placeholder"
# Home, a hymn, the schedule, a locality and the search: what a new congregation publishes first.
STARTER_PAGES = ["", "hymns/1/", "schedule/", "localities/home-church/", "search/"]


def init(folder: pathlib.Path, *args: str, env: dict | None = None):
    return run_sitegen("init", str(folder), "--title", "Grace Chapel", "--time-zone", "America/Chicago", *args,
                       cwd=folder.parent, env=env)


def build(site: pathlib.Path, *args: str):
    """As of today, as init dated the meeting (two weeks ahead of today in the site's time zone)."""
    return run_sitegen("build", *args, cwd=site)


def shipped_kjv(tmp: pathlib.Path) -> dict:
    """A share folder as the container image has it: bible/kjv (the repository's KJV)."""
    (tmp / "bible").mkdir(parents=True)
    (tmp / "bible" / "kjv").symlink_to(ROOT / "Content" / "bible" / "kjv")
    return {"SITEGEN_SHARE": str(tmp)}


_STARTERS: dict[str, pathlib.Path] = {}


def made_starter(bible: str, tmp_path_factory) -> pathlib.Path:
    """`sitegen init site --bible X --host none && cd site && sitegen build`, once per test session."""
    if bible in _STARTERS:
        return _STARTERS[bible]
    tmp = tmp_path_factory.mktemp(f"init-{bible}")
    env = shipped_kjv(tmp / "share") if bible == "kjv" else None
    made = init(tmp / "site", "--bible", bible, "--host", "none", env=env)
    assert made.returncode == 0, made.stderr
    site = tmp / "site"
    assert not (site / "Templates").exists()
    built = build(site)
    assert built.returncode == 0, built.stderr
    # Nothing but the placeholder address is worth a warning in a new site.
    assert [l for l in built.stderr.splitlines() if l] == [l for l in built.stderr.splitlines() if PLACEHOLDER in l], built.stderr
    _STARTERS[bible] = site
    return site


@pytest.fixture(params=["none", "kjv"])
def starter(request, tmp_path_factory) -> pathlib.Path:
    return made_starter(request.param, tmp_path_factory)


@pytest.fixture
def plain_starter(tmp_path_factory) -> pathlib.Path:
    """The starter without a Bible, built."""
    return made_starter("none", tmp_path_factory)


def test_init_writes_a_small_site_with_its_readme(starter):
    files = sorted(str(p.relative_to(starter)) for p in starter.rglob("*") if p.is_file() and "Output" not in p.parts)
    own = [f for f in files if not f.startswith("Content/bible/")]
    assert own == ["Content/hymns/001.md", "Content/hymns/002.md", "Content/hymns/hymnal.yml",
                   "Content/localities/home-church.md", "Content/pages/about.md", "Content/pages/index.md",
                   "Content/schedule/meetings.yml", "Content/schedule/services.yml", "Content/site.yml", "README.md"]
    has_bible = (starter / "Content/bible/kjv/translation.yml").is_file()
    assert has_bible == (starter == _STARTERS.get("kjv"))
    site_yml = (starter / "Content/site.yml").read_text()
    assert 'title: "Grace Chapel"' in site_yml and 'time_zone: "America/Chicago"' in site_yml
    assert ("url: /bible/" in site_yml) == has_bible
    readme = (starter / "README.md").read_text()
    for words in ("sitegen serve", "sitegen build", "sitegen theme copy", "Publish"):
        assert words in readme


def test_starter_pages_are_served_and_pass_the_nu_checker_and_axe(starter, driver):
    output = starter / "Output"
    pages = [output / p / "index.html" for p in STARTER_PAGES]
    if (starter / "Content/bible").exists():
        pages.append(output / "bible/john/3/index.html")
    assert validate_html(pages) == []
    url, server = serve_folder(output)
    try:
        set_viewport(driver, 390, 844)
        for page in pages:
            path = str(page.parent.relative_to(output)).replace(".", "") + "/"
            driver.get(url + path.lstrip("/"))
            assert "Grace Chapel" in driver.title, (path, driver.title)
            assert axe_violations(driver) == [], path
        driver.get(url)
        # The meeting init dated two weeks ahead is still to come, and the weekly service with it.
        text = driver.find_element("css selector", "main").text
        assert "Mission meeting · Our church" in text and "Service · Our church" in text, text
        if starter == _STARTERS.get("none"):
            shot = screenshot(driver, "starter-home-390")
            check_screenshot(driver, shot, 390, 844, dark=False)
    finally:
        server.shutdown()


def test_init_never_writes_over_a_site_and_checks_its_answers(tmp_path):
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    refused = init(site, "--bible", "none")
    assert refused.returncode != 0 and "there is already a site here" in refused.stderr
    assert list((site / "Content").iterdir()) == []
    bad = init(tmp_path / "other", "--bible", "none", "--time-zone", "Mars/Olympus", "--base-url", "ftp://x")
    assert bad.returncode != 0
    assert "Mars/Olympus" in bad.stderr and "ftp://x" in bad.stderr
    assert not (tmp_path / "other" / "Content").exists()


@pytest.mark.parametrize("host,files", [("github", [".github/sitegen-problem-matcher.json", ".github/workflows/pages.yml"]),
                                        ("gitlab", [".gitlab-ci.yml"])])
def test_init_host_writes_the_pipeline_from_deploy(tmp_path, host, files):
    made = init(tmp_path / "site", "--bible", "none", "--host", host)
    assert made.returncode == 0, made.stderr
    written = sorted(str(p.relative_to(tmp_path / "site")) for p in (tmp_path / "site").rglob("*")
                     if p.is_file() and not str(p.relative_to(tmp_path / "site")).startswith(("Content", "README")))
    assert written == files
    pipeline = {"github": "deploy/github-pages.yml", "gitlab": "deploy/gitlab-ci.yml"}[host]
    # deploy/'s pipeline with this sitegen pinned: its VERSION and the SHA-256 of this very program
    # (a release's wheel and tarball hold the same bin/sitegen), nothing else changed.
    digest = hashlib.sha256(pathlib.Path(sitegen_binary()).read_bytes()).hexdigest()
    version = (ROOT / "VERSION").read_text().strip()
    expected = (ROOT / pipeline).read_text().replace("@SITEGEN_VERSION@", version).replace("@SITEGEN_SHA256@", digest)
    assert (tmp_path / "site" / files[-1]).read_text() == expected
    assert "@SITEGEN" not in expected
    # The tests' sitegen is a debug build, no release: its SHA-256 is no published one's, and init says so.
    assert "is not a release build" in made.stderr and f"pip install sitegen-bin=={version}" in made.stderr


def test_kjv_without_a_shipped_copy_or_importer_is_a_clear_error(tmp_path):
    made = init(tmp_path / "site", "--bible", "kjv", env={"SITEGEN_SHARE": str(tmp_path / "empty"), "SWORD_MODS_D": str(tmp_path)})
    assert made.returncode != 0
    assert "no King James Bible" in made.stderr and "--bible none" in made.stderr
    assert not (tmp_path / "site" / "Content").exists()


@pytest.fixture
def copied(plain_starter, tmp_path) -> pathlib.Path:
    """A fresh copy of the starter site without a Bible, not built."""
    site = tmp_path / "site"
    shutil.copytree(plain_starter, site, ignore=shutil.ignore_patterns("Output"))
    return site


def test_a_site_with_one_template_gets_it_and_the_built_in_rest(copied, plain_starter):
    copy = run_sitegen("theme", "copy", "hymn", cwd=copied)
    assert copy.returncode == 0, copy.stderr
    hymn = copied / "Templates/hymn.mustache"
    hymn.write_text(hymn.read_text().replace("{{$main}}", '{{$main}}<p class="our-own">Our own hymn page</p>', 1))
    (copied / "Templates/assets").mkdir()
    (copied / "Templates/assets/custom.css").write_text(".our-own { font-weight: bold; }\n")
    built = build(copied)
    assert built.returncode == 0, built.stderr
    out, before = copied / "Output", plain_starter / "Output"
    assert '<p class="our-own">Our own hymn page</p>' in (out / "hymns/1/index.html").read_text()
    # The built-in rest: every other page is the built-in theme's, but for the link to custom.css.
    link = '<link rel="stylesheet" href="/assets/custom.css">\n'
    for page in ("index.html", "about/index.html", "schedule/index.html", "search/index.html"):
        ours = (out / page).read_text()
        assert link in ours, page
        assert ours.replace(link, "") == (before / page).read_text(), page
    assert (out / "assets/custom.css").read_text() == ".our-own { font-weight: bold; }\n"
    assert (out / "assets/site.css").read_bytes() == (before / "assets/site.css").read_bytes()
    listed = run_sitegen("theme", "list", cwd=copied).stdout
    assert re.search(r"^\* hymn\.mustache .*built-in unchanged", listed, re.M), listed
    assert re.search(r"^\+ assets/custom\.css .*yours only", listed, re.M), listed
    assert re.search(r"^  page\.mustache$", listed, re.M), listed


def test_check_warns_when_a_copied_built_in_file_has_changed(copied):
    assert run_sitegen("theme", "copy", "hymn.mustache", cwd=copied).returncode == 0
    quiet = run_sitegen("check", cwd=copied)
    assert quiet.returncode == 0 and "theme diff" not in quiet.stderr
    # As if copied from an older sitegen: its built-in hymn.mustache had one line different.
    record = copied / "Templates/theme.yml"
    record.write_text(re.sub(r'sitegen: "[^"]*", sha256: "[0-9a-f]+"', 'sitegen: "0.0.9", sha256: "' + "0" * 64 + '"',
                             record.read_text()))
    base = copied / "Templates/.theme-base/hymn.mustache"
    lines = base.read_text().split("\n")
    old_line = lines[2]
    lines[2] = "{{! the line as sitegen 0.0.9 had it }}"
    base.write_text("\n".join(lines))
    warned = run_sitegen("check", cwd=copied)
    assert warned.returncode == 0
    assert ("Templates/hymn.mustache:1:1: warning: the built-in hymn.mustache has changed since it was copied here "
            "from sitegen 0.0.9; see what changed: sitegen theme diff hymn.mustache") in warned.stderr
    diff = run_sitegen("theme", "diff", "hymn.mustache", cwd=copied)
    assert diff.returncode == 0
    assert "-{{! the line as sitegen 0.0.9 had it }}\n+" + old_line + "\n" in diff.stdout
    assert "CHANGED since" in run_sitegen("theme", "list", cwd=copied).stdout


def test_theme_copy_refuses_unknown_names_and_overwriting(copied):
    unknown = run_sitegen("theme", "copy", "hymns-page", cwd=copied)
    assert unknown.returncode != 0 and "'hymns-page' is not a file of the built-in theme" in unknown.stderr
    assert run_sitegen("theme", "copy", "site.css", cwd=copied).returncode == 0
    (copied / "Templates/assets/site.css").write_text("/* ours */")
    again = run_sitegen("theme", "copy", "assets/site.css", cwd=copied)
    assert again.returncode != 0 and "--force" in again.stderr
    assert (copied / "Templates/assets/site.css").read_text() == "/* ours */"


def test_new_hymn_page_and_meeting_make_files_the_build_accepts(copied):
    for args in (["new", "hymn", "--title", "Abide with Me"], ["new", "page", "contact-us"],
                 ["new", "meeting", "--date", "2026-12-19"]):
        made = run_sitegen(*args, cwd=copied)
        assert made.returncode == 0, (args, made.stderr)
    assert "count: 3" in (copied / "Content/hymns/hymnal.yml").read_text()
    again = run_sitegen("new", "page", "contact-us", cwd=copied)
    assert again.returncode != 0 and "never overwrites" in again.stderr
    built = build(copied)
    assert built.returncode == 0, built.stderr
    out = copied / "Output"
    assert "Abide with Me" in (out / "hymns/3/index.html").read_text()
    assert "Contact us" in (out / "contact-us/index.html").read_text()
    assert "2026-12-19" in (out / "schedule/index.html").read_text()


def test_the_bundled_content_without_templates_is_the_same_site_byte_for_byte(small_content, tmp_path):
    """The theme compiled into the binary is this repository's Templates/: the bundled content (the
    few-books copy) built with no Templates/ folder gives the same bytes as with the repository's."""
    site = small_content.parent
    assert not (site / "Templates").exists()
    common = ("build", "--as-of", "2026-11-22", "--quiet")
    built_in = run_sitegen(*common, "--output", str(tmp_path / "built-in"), cwd=site)
    assert built_in.returncode == 0, built_in.stderr
    folder = run_sitegen(*common, "--templates", str(ROOT / "Templates"), "--output", str(tmp_path / "folder"), cwd=site)
    assert folder.returncode == 0, folder.stderr
    assert tree_digest(tmp_path / "built-in") == tree_digest(tmp_path / "folder")


def test_kjv_without_a_shipped_copy_comes_from_the_installed_sword_module(tmp_path):
    """The other way `--bible kjv` finds the text: import-sword (beside sitegen, as a release
    installs it) on the SWORD module scripts/install-deps test installs."""
    share = tmp_path / "share"
    share.mkdir()
    (share / "import-sword").symlink_to(ROOT / "scripts" / "import-sword")
    made = init(tmp_path / "site", "--bible", "kjv", env={"SITEGEN_SHARE": str(share)})
    assert made.returncode == 0, made.stderr
    kjv = tmp_path / "site" / "Content" / "bible" / "kjv"
    books = sorted(p.name for p in kjv.glob("*.osis.xml"))
    assert books == sorted(p.name for p in (ROOT / "Content/bible/kjv").glob("*.osis.xml"))
    assert (kjv / "01-Gen.osis.xml").read_bytes() == (ROOT / "Content/bible/kjv/01-Gen.osis.xml").read_bytes()
    assert 'name: "King James Version"' in (kjv / "translation.yml").read_text()
    assert not list((tmp_path / "site").glob(".sitegen-init-*"))


@pytest.mark.parametrize("language, meeting, title", [("fi", "Iltakokous", "Kokoukset"), ("es", None, None)])
def test_new_meeting_speaks_the_sites_language(tmp_path, language, meeting, title):
    """`new meeting` on a Finnish (Spanish) site names the session and a new schedule file in the
    site's language, the starter's words (what readers then see), never "Evening meeting"."""
    site = tmp_path / "s"
    assert init(site, "--language", language, "--bible", "none").returncode == 0
    result = run_sitegen("new", "meeting", "--file", "schedule/more.yml", "--date", "2027-02-06", cwd=site)
    assert result.returncode == 0, result.stderr
    text = (site / "Content/schedule/more.yml").read_text()
    words = (ROOT / "Starter" / language / "init.yml").read_text()
    expected_meeting = meeting or re.search(r'(?m)^meeting: "(.*)"', words).group(1)
    expected_title = title or re.search(r'(?m)^meetings: "(.*)"', words).group(1)
    assert f'name: "{expected_meeting}"' in text and f'title: "{expected_title}"' in text, text
    assert "Evening meeting" not in text and '"Meetings"' not in text
    assert run_sitegen("check", cwd=site).returncode == 0


@pytest.mark.parametrize("language", ["fi", "es"])
def test_new_page_and_hymn_write_their_placeholders_in_the_sites_language(tmp_path, language):
    """What `new page` and `new hymn` write for the volunteer to replace (the page's description
    and text, the hymn's stanza and chorus) is in the site's language, the starter's words, and
    the site still builds with them; no English placeholder is left."""
    site = tmp_path / "s"
    assert init(site, "--language", language, "--bible", "none").returncode == 0
    assert run_sitegen("new", "page", "contact", cwd=site).returncode == 0
    made = run_sitegen("new", "hymn", cwd=site)
    assert made.returncode == 0, made.stderr
    words = (ROOT / "Starter" / language / "init.yml").read_text()

    def word(key):
        return re.search(rf'(?m)^{key}: "(.*)"', words).group(1)
    page = (site / "Content/pages/contact.md").read_text()
    assert f'description: "{word("page_description")}"' in page and word("page_text") in page, page
    assert "One line about this page" not in page and "Write the page here" not in page
    written = re.search(r"Wrote (\S+\.md)", made.stdout).group(1)
    hymn = (site / written).read_text()
    stanza = re.search(r'(?m)^hymn_stanza: \["(.*)", "(.*)"\]', words).groups()
    assert "\n".join(stanza) in hymn and word("hymn_chorus") in hymn, hymn
    assert "The first stanza" not in hymn and "A chorus, if" not in hymn
    assert run_sitegen("check", cwd=site).returncode == 0
