"""Publishing from CI: the container recipe, the CI pipelines, the PDF meetings sheet and the
base-URL warning (docs/publishing.md)."""
from __future__ import annotations

import html
import importlib.util
import os
import pathlib
import re
import shlex
import shutil
import subprocess

import pytest
import yaml

from conftest import AS_OF, ROOT, run_in_copy, run_sitegen, sitegen_binary

REAL_BASE = "https://www.gracechapel.org/church/"


def recipe():
    spec = importlib.util.spec_from_file_location("recipe", ROOT / "deploy" / "recipe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the container image recipe -------------------------------------------------------------

def test_dockerfile_steps_name_paths_and_scripts_that_exist():
    r = recipe()
    assert r.check() == []
    build, runtime = r.parse()
    assert build.base == "swift:6.3-bookworm" and build.name == "build"
    assert runtime.base == "debian:bookworm-slim"
    runs = [a for k, a, _ in build.steps if k == "RUN"]
    assert runs[:3] == ["scripts/install-deps build", "swift build -c release --product sitegen",
                        "deploy/collect-runtime .build/release/sitegen runtime"]
    # The KJV `sitegen init --bible kjv` copies, where StarterBible looks: share/sitegen beside bin/.
    assert runs[3:] == ["mkdir -p runtime/usr/local/share/sitegen/bible && "
                        "cp -R Content/bible/kjv runtime/usr/local/share/sitegen/bible/kjv"]


def test_recipe_check_catches_a_missing_script(tmp_path):
    r = recipe()
    broken = tmp_path / "Dockerfile"
    broken.write_text((ROOT / "Dockerfile").read_text().replace("deploy/collect-runtime", "deploy/collect-libs"))
    problems = r.check(broken)
    assert any("RUN deploy/collect-libs: not an executable file" in p for p in problems), problems


def test_runtime_stage_runs_sitegen_with_only_the_collected_libraries(tmp_path, small_content):
    """The runtime stage's library-collection step, as the Dockerfile writes it, on the debug
    binary; the collected program then builds a site (the few-books copy: Markdown, XML, SQLite,
    every kind) with only the collected libraries. `make docker-recipe` builds the whole site."""
    result = recipe().runtime_only(sitegen_binary(), tmp_path, small_content)
    assert result["version"] == "0.1.0"
    assert result["summary"].startswith("Built ") and "for https://hymns.example.net/" in result["summary"]
    names = {p.name for p in (tmp_path / "image/usr/local/lib/sitegen").iterdir()}
    for needed in ("libswiftCore.so", "libFoundation.so", "libcmark-gfm.so", "libxml2.so"):
        assert any(n.startswith(needed) for n in names), (needed, sorted(names))
    assert not any(n.startswith(("libc.so", "libm.so", "ld-linux")) for n in names)


# --- the CI pipelines ------------------------------------------------------------------------

def pipeline_commands() -> dict[str, list[str]]:
    github = yaml.safe_load((ROOT / "deploy/github-pages.yml").read_text())
    gitlab = yaml.safe_load((ROOT / "deploy/gitlab-ci.yml").read_text())
    commands = {"github": [], "gitlab": []}
    for job in github["jobs"].values():
        for step in job["steps"]:
            if "run" in step:
                commands["github"] += [l for l in step["run"].splitlines() if l.strip()]
    for name, job in gitlab.items():
        if isinstance(job, dict):
            for key in ("before_script", "script", "after_script"):
                commands["gitlab"] += job.get(key, [])
    return commands


def sitegen_help(subcommand: str) -> str:
    return run_sitegen(subcommand, "--help").stdout


def test_pipelines_are_yaml_with_the_triggers_caches_and_base_url():
    github = yaml.safe_load((ROOT / "deploy/github-pages.yml").read_text())
    triggers = github.get("on", github.get(True))   # YAML 1.1 reads a bare `on` as true
    assert "push" in triggers and triggers["schedule"][0]["cron"]
    steps = github["jobs"]["build"]["steps"]
    assert any(s.get("uses", "").startswith("actions/upload-pages-artifact@") and s["with"]["path"] == "Output" for s in steps)
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in github["jobs"]["deploy"]["steps"])
    # A released sitegen (its image), never a clone compiled in the job: the repository is only the site.
    assert github["jobs"]["build"]["container"] == "${{ vars.SITEGEN_IMAGE }}"

    gitlab = yaml.safe_load((ROOT / "deploy/gitlab-ci.yml").read_text())
    pages = gitlab["pages"]
    assert pages["image"] == {"name": "$SITEGEN_IMAGE", "entrypoint": [""]}
    assert "cache" not in pages and pages["artifacts"]["paths"] == ["public"]
    commands = pipeline_commands()
    assert any("--base-url" in c and "--print-sheet" in c for c in commands["github"])
    assert any("--base-url" in c and "--output public" in c for c in commands["gitlab"])
    assert any("CI_PAGES_URL" in c for c in commands["gitlab"])
    assert any("steps.pages.outputs.base_url" in str(s.get("env", {})) for s in steps)


@pytest.mark.parametrize("host", ["github", "gitlab"])
def test_pipelines_name_only_commands_and_options_that_exist(host):
    commands = pipeline_commands()[host]
    assert commands
    for line in commands:
        if line.startswith("echo \"::add-matcher::"):
            # `sitegen init --host github` writes the matcher there, from deploy/.
            assert line.split("::add-matcher::")[1].rstrip('"') == ".github/sitegen-problem-matcher.json", line
            assert (ROOT / "deploy/sitegen-problem-matcher.json").is_file()
            continue
        if re.match(r"^[A-Z_]+=", line):   # a shell variable assignment
            continue
        words = shlex.split(line.replace("${BASE_URL%/}/", "https://x/"))
        program = words[0]
        if program == "sitegen" and words[1:] == ["--version"]:
            continue
        if program == "sitegen":
            subcommand = words[1]
            text = sitegen_help(subcommand)
            assert "USAGE" in text, f"no sitegen {subcommand}: {line}"
            for option in (w for w in words[2:] if w.startswith("--")):
                assert option in text, f"sitegen {subcommand} has no {option}: {line}"
        else:
            assert (ROOT / program).is_file() and os.access(ROOT / program, os.X_OK), f"{program} not in the repository: {line}"
            if program == "scripts/install-deps":
                assert words[1] in (ROOT / program).read_text(), line


# --- the PDF meetings sheet -------------------------------------------------------------------

def pdfinfo(path: pathlib.Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return {k.strip(): v.strip() for k, _, v in (l.partition(":") for l in out.splitlines())}


def first_row(print_page: pathlib.Path) -> tuple[str, str]:
    """(place, date) of the sheet's first meeting, as the print page shows them."""
    page = print_page.read_text()
    row = re.search(r"<tr data-print-item[^>]*>(.*?)</tr>", page, re.S).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    date = html.unescape(re.search(r"<span>(.*?)</span>", cells[0]).group(1))
    place = html.unescape(re.sub(r"<[^>]+>", "", cells[1].split("<br>")[0]))
    return place, date


@pytest.fixture(scope="module")
def printed(tmp_path_factory, small_content):
    if not shutil.which("chromium"):
        pytest.skip("Chromium is not installed (scripts/install-deps test installs it)")
    out = tmp_path_factory.mktemp("printed") / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(small_content), "--output", str(out), "--base-url", REAL_BASE, "--print-sheet")
    assert result.returncode == 0, result.stderr
    return out, result


def test_build_print_sheet_writes_letter_and_a4_pdfs(printed):
    out, result = printed
    letter, a4 = out / "schedule/meetings.pdf", out / "schedule/meetings-a4.pdf"
    assert "Printed schedule/meetings.pdf (Letter" in result.stdout and "schedule/meetings-a4.pdf (A4" in result.stdout
    info_letter, info_a4 = pdfinfo(letter), pdfinfo(a4)
    assert info_letter["Page size"].startswith("612 x 792"), info_letter
    assert info_a4["Page size"].startswith("59"), info_a4          # 594.96 x 841.92 pts (A4)
    assert "A4" in info_a4["Page size"]
    assert int(info_letter["Pages"]) >= 2 and int(info_a4["Pages"]) >= 2
    # Dated with the build's as-of date, not the moment of printing.
    assert info_letter["CreationDate"].startswith("Sun Nov 22 00:00:00 2026"), info_letter["CreationDate"]
    place, date = first_row(out / "schedule/print/index.html")
    for pdf in (letter, a4):
        text = " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                                       check=True).stdout.split())
        assert place in text and date in text, (place, date, text[:600])
        assert "meetings schedule" in text


def test_schedule_page_links_the_pdfs_only_when_printed(printed, site):
    out, _ = printed
    page = (out / "schedule/index.html").read_text()
    assert 'href="/church/schedule/meetings.pdf"' in page and 'href="/church/schedule/meetings-a4.pdf"' in page
    plain = (site / "schedule/index.html").read_text()
    assert "meetings.pdf" not in plain and "meetings-a4.pdf" not in plain


def test_pdfs_are_the_same_bytes_every_time(printed):
    out, _ = printed
    before = {p.name: p.read_bytes() for p in (out / "schedule").glob("*.pdf")}
    again = run_sitegen("print-sheet", "--output", str(out))
    assert again.returncode == 0, again.stderr
    after = {p.name: p.read_bytes() for p in (out / "schedule").glob("*.pdf")}
    assert sorted(before) == ["meetings-a4.pdf", "meetings.pdf"]
    assert before == after


def test_a_sheet_without_a_published_address_carries_no_loopback_address(tmp_path_factory, small_content):
    """Issue 41, item 13: built with the example.org placeholder, the sheet printed the address
    print-sheet served it from (http://127.0.0.1:<port>/schedule/), so the PDF changed every run.
    With no published address the paper names none, and two prints are the same bytes."""
    if not shutil.which("chromium"):
        pytest.skip("Chromium is not installed (scripts/install-deps test installs it)")
    out = tmp_path_factory.mktemp("unpublished") / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(small_content), "--output", str(out), "--print-sheet")
    assert result.returncode == 0, result.stderr
    pdfs = sorted((out / "schedule").glob("*.pdf"))
    assert [p.name for p in pdfs] == ["meetings-a4.pdf", "meetings.pdf"]
    before = {p.name: p.read_bytes() for p in pdfs}
    for pdf in pdfs:
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert "Travel, arrival and rest days" not in text and "meetings schedule" in text, text[-400:]
        for loopback in ("127.0.0.1", "localhost", "[::1]"):
            assert loopback not in text, (pdf.name, loopback)
    page = (out / "schedule/print/index.html").read_text()
    assert '<p class="print-foot" hidden>' in page and "127.0.0.1" not in page and "localhost" not in page
    again = run_sitegen("print-sheet", "--output", str(out))
    assert again.returncode == 0, again.stderr
    assert {p.name: p.read_bytes() for p in pdfs} == before


def test_without_chromium_print_sheet_says_it_skipped_and_succeeds(site, tmp_path, small_content):
    env = {k: v for k, v in os.environ.items() if k not in ("CHROMIUM", "SOURCE_DATE_EPOCH")}
    env["PATH"] = str(tmp_path)   # no chromium here
    result = subprocess.run([str(sitegen_binary()), "print-sheet", "--output", str(site)], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "skipped the meetings sheet PDFs" in result.stderr and "Chromium is not installed" in result.stderr
    assert not list((site / "schedule").glob("*.pdf"))

    out = tmp_path / "Output"
    build = subprocess.run([str(sitegen_binary()), "build", "--as-of", AS_OF, "--content", str(small_content), "--output", str(out), "--print-sheet"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr
    assert "skipped the meetings sheet PDFs" in build.stderr
    assert "meetings.pdf" not in (out / "schedule/index.html").read_text()
    assert not list((out / "schedule").glob("*.pdf"))


# --- the base URL -----------------------------------------------------------------------------

def small_site(tmp_path: pathlib.Path, base_url: str) -> pathlib.Path:
    content = tmp_path / "Content"
    (content / "pages").mkdir(parents=True)
    (content / "site.yml").write_text(f"title: Test\ntime_zone: America/Chicago\nbase_url: {base_url}\n")
    (content / "pages/index.md").write_text("Hello.\n")
    return content


def test_check_warns_when_base_url_is_the_bundled_example(small_content):
    result = run_in_copy(small_content, "check", "--as-of", AS_OF)
    assert result.returncode == 0, result.stderr
    line = int(next(n for n, l in enumerate((ROOT / "Content/site.yml").read_text().splitlines(), 1)
                    if l.startswith("base_url:")))
    assert f"Content/site.yml:{line}:11: warning: base URL 'https://example.org/' is a placeholder" in result.stderr
    assert "would be built for https://example.org/ as of 2026-11-22" in result.stdout


def test_no_warning_for_a_real_base_url(tmp_path, small_content):
    overridden = run_in_copy(small_content, "check", "--as-of", AS_OF, "--base-url", REAL_BASE)
    assert overridden.returncode == 0 and "warning: base URL" not in overridden.stderr, overridden.stderr
    assert f"for {REAL_BASE} as of" in overridden.stdout

    content = small_site(tmp_path, "https://www.gracechapel.org/")
    real = run_sitegen("check", "--content", str(content), "--as-of", AS_OF)
    assert real.returncode == 0 and "warning" not in real.stderr, real.stderr
    example = small_site(tmp_path / "b", "https://example.com/church/")
    warned = run_sitegen("check", "--content", str(example), "--as-of", AS_OF)
    assert f"{example}/site.yml:3:11: warning: base URL 'https://example.com/church/' is a placeholder" in warned.stderr \
        or "site.yml:3:11: warning: base URL 'https://example.com/church/'" in warned.stderr, warned.stderr


def test_build_summary_names_the_base_url(printed):
    out, result = printed   # a build with --base-url REAL_BASE
    assert "warning: base URL" not in result.stderr, result.stderr
    assert re.search(rf"^Built [\d,]+ pages, [\d,]+ files \([\d.]+ MB\) into {re.escape(str(out))}/ for "
                     rf"{re.escape(REAL_BASE)} as of 2026-11-22 in [\d.]+ s$", result.stdout.splitlines()[0]), result.stdout
