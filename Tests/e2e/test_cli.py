"""The command line's promises (README, "The command line"): the summary line, --verbose,
--quiet, --jobs (see test_site's determinism test), serve's --host, rebuild-timings, and
raw_html: true through a full build."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import (copy_previous_output, copy_small_content, AS_OF, ROOT, run_in_copy, run_sitegen, sitegen_binary,
                      tree_digest, validate_html)

SUMMARY = re.compile(r"^Built ([\d,]+) pages, ([\d,]+) files \((\d+\.\d) MB\) into (.+)/ for (\S+) as of (\d{4}-\d\d-\d\d) in (\d+\.\d\d) s$")
STAGES = ["load", "settings", "read", "pages", "render", "snapshots", "home", "search", "bundle", "offline", "my", "manifest", "sitemap",
          "preview", "features", "check", "write"]


def number(text: str) -> int:
    return int(text.replace(",", ""))


def test_summary_line_says_what_was_built(site_build):
    """One line on stdout whose figures are those of the written folder."""
    out, result = site_build
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    match = SUMMARY.match(lines[0])
    assert match, lines[0]
    pages, files, megabytes, folder, base_url, as_of, seconds = match.groups()
    written = [p for p in out.rglob("*") if p.is_file() and p.name != ".sitegen-output"]
    assert number(pages) == len([p for p in written if p.suffix == ".html"]) > 1600
    assert number(files) == len(written)
    assert float(megabytes) == round(sum(p.stat().st_size for p in written) / 1_000_000, 1)
    assert folder == str(out) and as_of == AS_OF and base_url == "https://example.org/"
    assert float(seconds) > 0   # the time it took: printed, not bounded


def test_verbose_prints_the_time_of_each_stage(site_build):
    _, result = site_build
    timings = re.findall(r"^  (\w+) +(\d+\.\d{3}) s$", result.stderr, re.M)
    assert [stage for stage, _ in timings] == STAGES, result.stderr
    assert all(float(seconds) >= 0 for _, seconds in timings)
    assert SUMMARY.match(result.stdout.strip())


def test_quiet_prints_nothing_but_errors(tmp_path, site, small_content):
    out = tmp_path / "Output"
    copy_previous_output(site, out)
    result = run_in_copy(small_content, "check", "--as-of", AS_OF, "--quiet")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    content = tmp_path / "Content"
    copy_small_content(content)
    (content / "pages" / "extra.md").write_text("---\ntitel: misspelt\n---\nBody\n")
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out), "--quiet")
    assert result.returncode != 0 and result.stdout == ""
    assert "pages/extra.md:2:1: error: unknown key 'titel'" in result.stderr
    assert "sitegen: 1 error;" in result.stderr


def test_raw_html_true_lets_markup_through_a_full_build_but_never_scripts(tmp_path):
    content = tmp_path / "Content"
    copy_small_content(content)
    site_yml = content / "site.yml"
    site_yml.write_text(site_yml.read_text().replace("raw_html: false", "raw_html: true"))
    (content / "pages" / "notes.md").write_text(
        "---\ntitle: Notes\n---\n"
        "Before.\n\n"
        '<aside class="note">An <em>aside</em> in raw HTML.</aside>\n\n'
        "<script>alert(1)</script>\n\n"
        '<iframe src="https://example.com/"></iframe>\n\n'
        "After, with <kbd>Ctrl</kbd>.\n")
    out = tmp_path / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    html = (out / "notes" / "index.html").read_text()
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    assert '<aside class="note">An <em>aside</em> in raw HTML.</aside>' in main
    assert "<kbd>Ctrl</kbd>" in main
    assert "<script" not in main and "<iframe" not in main
    assert "Before." in main and "After, with" in main
    assert validate_html([out / "notes" / "index.html"]) == []
    # With raw_html: false (the bundled setting) such markup is text: test_schedule's
    # test_a_script_name_is_text_everywhere and test_hymns' test_hymn_text_is_shown_as_text_never_run.


def test_rebuild_timings_reports_figures_and_edits_only_its_scratch_copy(tmp_path, small_content):
    before = tree_digest(small_content), tree_digest(ROOT / "Templates")
    out = tmp_path / "timings-out"
    result = subprocess.run([str(sitegen_binary()), "rebuild-timings", "--content", str(small_content), "--output", str(out),
                             "--runs", "1", "--as-of", AS_OF, "--json"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert set(figures) >= {"hymn", "chapter", "schedule", "template"}, figures
    assert all(isinstance(v, (int, float)) and 0 < v < 60 for v in figures.values()), figures
    assert (tree_digest(small_content), tree_digest(ROOT / "Templates")) == before
    assert not (tmp_path / ".timings-out-sources").exists(), "the scratch copy of the sources is removed"
    print(f"rebuild-timings (debug build, median s): {figures}")


# ---- serve --host ------------------------------------------------------------------------------

def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def can_connect(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def test_serve_listens_only_on_the_host_it_is_given(tmp_path, small_content):
    """--host 127.0.0.2 (another loopback address): the site answers there, not on 127.0.0.1."""
    host = "127.0.0.2"
    port = free_port(host)
    log = tmp_path / "serve.log"
    env = dict(os.environ)
    env.pop("SOURCE_DATE_EPOCH", None)
    with open(log, "wb") as sink:
        process = subprocess.Popen([str(sitegen_binary()), "serve", "--as-of", AS_OF, "--content", str(small_content),
                                    "--output", str(tmp_path / "Output"),
                                    "--host", host, "--port", str(port)], cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        deadline, status = time.monotonic() + 300, None
        while time.monotonic() < deadline and status is None:
            assert process.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(f"http://{host}:{port}/_sitegen/status", timeout=2) as r:
                    if json.load(r)["version"] >= 1:
                        status = r.status
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        assert status == 200, f"serve did not answer on {host}:{port}:\n{log.read_text()}"
        with urllib.request.urlopen(f"http://{host}:{port}/hymns/12/", timeout=5) as r:
            assert r.status == 200 and b"Hymn 12" in r.read()
        assert not can_connect("127.0.0.1", port), "serve must not listen on 127.0.0.1 when --host says 127.0.0.2"
        assert f"http://{host}:{port}/" in log.read_text()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
