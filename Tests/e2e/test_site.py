"""End-to-end tests of the spine: the bundled site built, validated, and used in a browser."""
from __future__ import annotations

import json
import pathlib
import shutil

import jsonschema
import pytest
from selenium.webdriver.common.by import By

from conftest import (AS_OF, ROOT, axe_violations, emulate_dark, run_sitegen, screenshot,
                      set_viewport, tree_digest, validate_html)
from linkcheck import check_site


def test_every_page_passes_the_nu_html_checker(site):
    errors = validate_html([site])
    assert errors == [], "\n".join(errors[:50])


def test_every_internal_link_and_anchor_resolves(site):
    problems = check_site(site)
    assert problems == [], "\n".join(problems[:50])


def test_home_404_sitemap_robots(site):
    assert (site / "index.html").is_file()
    assert "Page not found" in (site / "404.html").read_text()
    sitemap = (site / "sitemap.xml").read_text()
    assert "<loc>https://example.org/about/</loc>" in sitemap
    assert "404" not in sitemap
    assert "Sitemap: https://example.org/sitemap.xml" in (site / "robots.txt").read_text()
    assert (site / "assets" / "site.css").is_file()


def test_every_snapshot_matches_manifest_and_schema(site):
    api = site / "api" / "v1"
    manifest = json.loads((api / "manifest.json").read_text())
    manifest_schema = json.loads((api / "schemas" / "manifest.schema.json").read_text())
    jsonschema.validate(manifest, manifest_schema, cls=jsonschema.Draft202012Validator)
    assert manifest["asOf"] == AS_OF
    import hashlib
    listed = set()
    for entry in manifest["files"]:
        data = (api / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
        assert len(data) == entry["bytes"], entry["path"]
        schema = json.loads((api / entry["schema"]).read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.validate(json.loads(data), schema, cls=jsonschema.Draft202012Validator)
        listed.add(entry["path"])
    for entry in manifest["schemas"]:
        data = (api / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
    on_disk = {str(p.relative_to(api)) for p in api.rglob("*.json")
               if not str(p.relative_to(api)).startswith("schemas/") and p.name != "manifest.json"}
    assert on_disk == listed, "every JSON data file is listed in the manifest"
    pages = json.loads((api / "pages.json").read_bytes())
    assert {p["path"] for p in pages["pages"]} >= {"", "about/", "contact/", "404.html"}


def test_same_input_builds_byte_identical_output(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        result = run_sitegen("build", "--as-of", AS_OF, "--output", str(out), "--quiet")
        assert result.returncode == 0, result.stderr
    assert tree_digest(first) == tree_digest(second)


def test_source_date_epoch_sets_the_as_of_date(tmp_path):
    out = tmp_path / "out"
    # 2027-03-01T12:00:00Z
    result = run_sitegen("build", "--output", str(out), "--quiet", env={"SOURCE_DATE_EPOCH": "1803902400"})
    assert result.returncode == 0, result.stderr
    assert json.loads((out / "api/v1/manifest.json").read_text())["asOf"] == "2027-03-01"


def test_broken_front_matter_fails_and_leaves_output_untouched(tmp_path, site):
    content = tmp_path / "Content"
    shutil.copytree(ROOT / "Content", content)
    (content / "pages" / "about.md").write_text("---\ntitle: [unclosed\n---\nBody\n")
    (content / "pages" / "extra.md").write_text("---\ntitel: misspelt key\n---\nBody\n")
    out = tmp_path / "Output"
    shutil.copytree(site, out)
    before = tree_digest(out)
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out))
    assert result.returncode != 0
    assert "pages/about.md:2:" in result.stderr and "error:" in result.stderr
    assert "pages/extra.md:2:1: error: unknown key 'titel'" in result.stderr, "all problems reported together"
    assert tree_digest(out) == before


def test_check_writes_nothing(tmp_path):
    result = run_sitegen("check", "--as-of", AS_OF, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "nothing written" in result.stdout


def test_refuses_to_replace_a_folder_it_did_not_create(tmp_path):
    out = tmp_path / "precious"
    out.mkdir()
    (out / "thesis.txt").write_text("do not delete")
    result = run_sitegen("build", "--as-of", AS_OF, "--output", str(out))
    assert result.returncode != 0
    assert "refusing to replace" in result.stderr
    assert (out / "thesis.txt").read_text() == "do not delete"


def _theme(driver) -> str:
    return driver.execute_script(
        "return getComputedStyle(document.documentElement).getPropertyValue('color-scheme').trim()")


def test_theme_toggle_persists_across_pages_and_reload(driver, base_url):
    driver.get(base_url + "about/")
    assert _theme(driver) == "light"
    toggle = driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]")
    assert toggle.is_displayed()
    toggle.click()
    assert _theme(driver) == "dark"
    assert toggle.get_attribute("aria-pressed") == "true"
    driver.get(base_url + "contact/")
    assert _theme(driver) == "dark"
    driver.refresh()
    assert _theme(driver) == "dark"
    driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").click()
    driver.get(base_url)
    assert _theme(driver) == "light"


def test_system_dark_preference_gives_dark_theme(driver, base_url):
    emulate_dark(driver, True)
    driver.get(base_url + "about/")
    assert _theme(driver) == "dark"
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 20, 23)"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_axe_finds_no_serious_violations(driver, base_url, dark):
    emulate_dark(driver, dark)
    for path in ("", "about/", "contact/", "404.html"):
        driver.get(base_url + path)
        assert axe_violations(driver) == [], path


def test_screenshots_phone_and_desktop(driver, base_url):
    for dark in (False, True):
        emulate_dark(driver, dark)
        for (w, h) in ((390, 844), (1280, 800)):
            set_viewport(driver, w, h)
            driver.get(base_url + "about/")
            path = screenshot(driver, f"about-{w}x{h}-{'dark' if dark else 'light'}")
            assert path.stat().st_size > 5000
    # Nothing overflows sideways on a 320 px phone.
    set_viewport(driver, 320, 640)
    driver.get(base_url + "about/")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 320


def test_skip_link_is_first_and_keyboard_reachable(driver, base_url):
    from selenium.webdriver.common.keys import Keys
    driver.get(base_url + "about/")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    assert active.get_attribute("class") == "skip-link"
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
