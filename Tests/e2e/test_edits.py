"""Issue 41, items 1–8 and 12: the volunteer's own commands (`new`, `import`, `init`) edit
`Content/` through one locked, confined, all-or-nothing path; every input has a size limit;
`serve` survives running out of descriptors; the messages say what is wrong in words.

Cheap on purpose: one starter site (`sitegen init --bible none`, 15 pages) copied per test.
"""
from __future__ import annotations

import json
import os
import pathlib
import random
import re
import resource
import shutil
import socket
import subprocess
import time
import urllib.request

import pytest

from conftest import run_sitegen, sitegen_binary, tree_digest

MEETINGS = "Content/schedule/meetings.yml"


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> pathlib.Path:
    tmp = tmp_path_factory.mktemp("edits")
    made = run_sitegen("init", "site", "--bible", "none", "--title", "T", "--time-zone", "America/Chicago", cwd=tmp)
    assert made.returncode == 0, made.stderr
    return tmp / "site"


@pytest.fixture
def site(starter, tmp_path) -> pathlib.Path:
    copy = tmp_path / "site"
    shutil.copytree(starter, copy)
    return copy


def sitegen(site: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    return run_sitegen(*args, cwd=site)


def builds(site: pathlib.Path) -> None:
    result = sitegen(site, "check")
    assert result.returncode == 0, result.stderr


def no_cocoa(result: subprocess.CompletedProcess) -> None:
    assert "NSCocoaErrorDomain" not in result.stderr and "Error Domain=" not in result.stderr, result.stderr


# --- 1, 2: read or refuse; one edit at a time ---------------------------------------------------------

def test_new_meeting_never_replaces_a_file_it_cannot_read(site):
    meetings = site / MEETINGS
    latin1 = meetings.read_bytes().replace(b"# Meetings", b"# Meetings caf\xe9", 1)
    meetings.write_bytes(latin1)
    result = sitegen(site, "new", "meeting", "--date", "2027-01-05")
    assert result.returncode != 0
    assert "invalid UTF-8 (byte 0xE9)" in result.stderr and "left as it was" in result.stderr, result.stderr
    assert meetings.read_bytes() == latin1


def test_twenty_new_meetings_at_once_keep_all_twenty(site):
    before = (site / MEETINGS).read_text().count("- id:")
    runs = [subprocess.Popen([str(sitegen_binary()), "new", "meeting", "--date", "2027-03-01"], cwd=site,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(20)]
    assert [run.wait(timeout=600) for run in runs] == [0] * 20
    text = (site / MEETINGS).read_text()
    assert text.count("- id:") == before + 20
    ids = ["2027-03-01-home-church"] + [f"2027-03-01-home-church-{n}" for n in range(2, 21)]
    assert all(f'id: "{i}"' in text for i in ids)
    builds(site)


# --- 3: confinement ---------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["new", "meeting", "--file", "../../x.yml"],
    ["new", "meeting", "--file", "schedule/.hidden.yml"],
    ["new", "meeting", "--file", "schedule/"],
    ["import", "schedule-csv", "CSV", "--name", "../../../x"],
    ["import", "schedule-csv", "CSV", "--name", ".hidden"],
    ["import", "schedule-csv", "CSV", "--name", ""],
    ["import", "schedule-csv", "HIDDEN"],
])
def test_paths_outside_content_empty_or_hidden_are_refused(site, args):
    csv = site.parent / "spring.csv"
    csv.write_text("date,locality\n2027-01-03,home-church\n")
    hidden = site.parent / ".hidden.csv"
    shutil.copy(csv, hidden)
    before = tree_digest(site.parent)
    result = sitegen(site, *[str(csv) if a == "CSV" else str(hidden) if a == "HIDDEN" else a for a in args])
    assert result.returncode != 0 and result.stderr, result.stdout
    assert tree_digest(site.parent) == before


# --- 4: new meeting and the importers write only what the build reads --------------------------------

@pytest.mark.parametrize("layout", [
    'title: "M"\nevents:\n    - id: "a"\n      date: 2027-02-01\n      locality: "home-church"\n'
    '      sessions:\n        - { name: "E", start: "19:00", end: "21:00" }\n',
    'events:\n  - id: "a"\n    date: 2027-02-01\n    locality: "home-church"\n'
    '    sessions:\n      - { name: "E", start: "19:00", end: "21:00" }\n\ntitle: "M"\n',
])
def test_new_meeting_keeps_a_file_the_build_reads(site, layout):
    (site / "Content/schedule/other.yml").write_text(layout)
    for _ in range(2):   # twice on one day at one locality: two ids
        result = sitegen(site, "new", "meeting", "--file", "schedule/other.yml", "--date", "2027-02-01")
        assert result.returncode == 0, result.stderr
    text = (site / "Content/schedule/other.yml").read_text()
    assert text.count("- id:") == 3 and '"2027-02-01-home-church-2"' in text
    builds(site)


def test_new_meeting_refuses_rather_than_break_a_file(site):
    odd = 'title: "M"\nevents: []\n'
    (site / "Content/schedule/odd.yml").write_text(odd)
    result = sitegen(site, "new", "meeting", "--file", "schedule/odd.yml")
    assert result.returncode != 0 and "no 'events:' line" in result.stderr
    assert (site / "Content/schedule/odd.yml").read_text() == odd


def test_localities_import_refuses_what_the_build_would(site):
    data = {"localities": {
        "far": {"name": "Far", "locationAddress": ["x"], "locationLatitude": 1e300, "locationLongitude": 1.0, "summary": "s"},
        "long": {"name": "Long", "locationAddress": ["x"], "locationLatitude": 1.0, "locationLongitude": 1.0,
                 "summary": "word " * 300_000},
        "fine": {"name": "Fine", "locationAddress": ["x"], "locationLatitude": 1.0, "locationLongitude": 1.0, "summary": "s"},
    }}
    source = site.parent / "localities.json"
    source.write_text(json.dumps(data))
    before = tree_digest(site)
    result = sitegen(site, "import", "localities-json", str(source))
    assert result.returncode != 0
    assert "Content/localities/far.md:5:11: error: 'latitude' must be from -90.0 to 90.0" in result.stderr, result.stderr
    assert "Content/localities/long.md:1:1: error: a locality file has" in result.stderr
    assert "nothing was written" in result.stderr
    assert tree_digest(site) == before   # not even fine.md: all or nothing


# --- 5: init, all or nothing ------------------------------------------------------------------------

def test_init_into_a_file_says_so(tmp_path):
    target = tmp_path / "afile"
    target.write_text("x")
    result = run_sitegen("init", str(target), cwd=tmp_path)
    assert result.returncode != 0 and "is a file, not a folder" in result.stderr
    no_cocoa(result)


def test_failed_init_leaves_nothing_and_a_rerun_works(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    (root / ".github").write_text("a file where the pipeline's folder goes")
    args = ("init", "site", "--bible", "none", "--host", "github", "--title", "T", "--time-zone", "UTC")
    failed = run_sitegen(*args, cwd=tmp_path)
    assert failed.returncode != 0
    no_cocoa(failed)
    assert sorted(p.name for p in root.iterdir()) == [".github"]   # no README, no Content/, no staging folder
    (root / ".github").unlink()
    again = run_sitegen(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert (root / ".github/workflows/pages.yml").is_file() and (root / "Content/site.yml").is_file()
    assert not [p for p in root.iterdir() if ".sitegen-init-" in p.name]


# --- kills at random points: as before or as after ---------------------------------------------------

def killed_at_random(args: list[str], cwd: pathlib.Path, duration: float, rng: random.Random) -> bool:
    """Runs sitegen, kills it after a random part of `duration`; True if it was still running."""
    process = subprocess.Popen([str(sitegen_binary()), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0, duration))
    process.kill()
    return process.wait() == -9


def timed(args: list[str], cwd: pathlib.Path) -> float:
    start = time.monotonic()
    subprocess.run([str(sitegen_binary()), *args], cwd=cwd, capture_output=True, check=False)
    return time.monotonic() - start


def settled(site: pathlib.Path) -> dict[str, str]:
    """The content as the next build reads it (which first finishes an edit a kill cut short)."""
    if (site / "Content/.sitegen-edit").exists():
        builds(site)
    return tree_digest(site / "Content")


# A kill at random mostly lands in start-up or reading; `ContentEditTests.stoppedAtEveryStep`
# stops a commit after each of its steps in turn. These prove the same of the real commands.

def test_kills_of_new_and_import_leave_files_as_before_or_after(site):
    rng = random.Random(41)
    rows = "date,locality\n" + "".join(f"2027-01-{d:02d},home-church\n" for d in range(1, 29))
    (site.parent / "jan.csv").write_text(rows)
    pristine = site.parent / "pristine"
    shutil.copytree(site / "Content", pristine)
    before = tree_digest(pristine)
    interrupted = 0
    for args in (["new", "meeting", "--date", "2027-04-01"], ["new", "hymn"],
                 ["import", "schedule-csv", str(site.parent / "jan.csv")]):
        after_site = site.parent / "after"   # the site as it would be after the whole command
        shutil.rmtree(after_site, ignore_errors=True)
        shutil.copytree(site, after_site, ignore=shutil.ignore_patterns("Content"))
        shutil.copytree(pristine, after_site / "Content")
        duration = timed(args, after_site)
        after = settled(after_site)
        assert after != before
        for _ in range(6):
            shutil.rmtree(site / "Content")
            shutil.copytree(pristine, site / "Content")
            interrupted += killed_at_random(args, site, duration, rng)
            state = settled(site)
            assert state in (before, after), (args, sorted(set(state.items()) ^ set(before.items())))
    assert interrupted > 0


def test_kills_of_init_leave_no_site_or_a_whole_one(tmp_path):
    rng = random.Random(5)
    args = ["init", "site", "--bible", "none", "--title", "T", "--time-zone", "UTC"]
    whole = tmp_path / "whole"
    whole.mkdir()
    duration = timed(args, whole)
    expected = tree_digest(whole / "site")
    interrupted = 0
    for n in range(8):
        folder = tmp_path / f"k{n}"
        folder.mkdir()
        interrupted += killed_at_random(args, folder, duration, rng)
        site = folder / "site"
        was_made = site.exists()
        if was_made:
            assert tree_digest(site) == expected
        # A rerun after a kill works (or says the site is there), and leaves no staging folder.
        rerun = run_sitegen(*args, cwd=folder)
        assert rerun.returncode == (1 if was_made else 0), rerun.stderr
        assert tree_digest(site) == expected
        assert [p.name for p in folder.iterdir()] == ["site"]
    assert interrupted > 0


# --- 6: size limits ---------------------------------------------------------------------------------

def test_a_million_row_csv_is_refused_before_it_is_read(site):
    csv = site.parent / "huge.csv"
    with csv.open("w") as f:
        f.write("date,locality\n")
        f.write("2027-01-01,home-church\n" * 1_000_000)
    result = sitegen(site, "import", "schedule-csv", str(csv))
    assert result.returncode != 0
    assert f"{csv}:1:1: error: a schedule CSV has {csv.stat().st_size} bytes, more than the limit of 1048576" in result.stderr
    assert not (site / "Content/schedule/huge.yml").exists()


def test_new_meeting_names_a_broken_locality_not_the_schedule(site):
    """A locality that does not build stops `new meeting` with the locality's own error, never
    "the file would not build" about a schedule file that is fine."""
    broken = site / "Content/localities/broken.md"
    broken.write_text("---\nname: Broken\nlatitude: 999\nlongitude: 0\n---\n")
    try:
        before = tree_digest(site / "Content")
        result = sitegen(site, "new", "meeting", "--date", "2027-02-06")
        assert result.returncode != 0
        assert "localities/broken.md:3:11: error:" in result.stderr and "the localities do not build" in result.stderr
        assert "the file would not build" not in result.stderr
        assert tree_digest(site / "Content") == before
    finally:
        broken.unlink()


def test_an_import_through_a_link_or_from_a_pipe_is_held_to_the_limit(site, tmp_path):
    """The limit is the file's, not a link's: a link to a large CSV is refused by the target's
    size, and a FIFO (or /dev/zero), which has no size and no end, is refused unread."""
    big = tmp_path / "big.csv"
    big.write_text("date,locality\n" + "2027-01-01,home-church\n" * 60_000)
    link = tmp_path / "small.csv"
    link.symlink_to(big)
    linked = sitegen(site, "import", "schedule-csv", str(link))
    assert linked.returncode != 0 and f"has {big.stat().st_size} bytes, more than the limit" in linked.stderr
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for command in (["import", "schedule-json", str(fifo), "--year", "2027"], ["import", "hymnal-json", str(fifo)],
                    ["import", "localities-json", "/dev/zero"]):
        result = sitegen(site, *command)   # would block forever on the FIFO before the fix
        assert result.returncode != 0 and "not a regular file" in result.stderr, result.stderr
    assert not (site / "Content/schedule/big.yml").exists() and not (site / "Content/schedule/small.yml").exists()


# --- 8: serve runs out of descriptors and goes on --------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_outlives_more_connections_than_descriptors(site):
    """300 idle connections under `ulimit -n 128` used to end `serve` for good ("cannot listen")."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))  # noqa: E731
    log = site.parent / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen([str(sitegen_binary()), "serve", "--port", str(port)], cwd=site, stdout=out,
                                  stderr=subprocess.STDOUT, preexec_fn=limit)
    try:
        for _ in range(3000):
            assert server.poll() is None, log.read_text()
            try:
                urllib.request.urlopen(url + "_sitegen/status", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(300)]
        # One more request is queued behind them; the server is still there.
        assert server.poll() is None, log.read_text()
        for connection in idle:
            connection.close()
        with urllib.request.urlopen(url, timeout=60) as response:
            assert response.status == 200
        assert server.poll() is None, log.read_text()
    finally:
        server.terminate()
        server.wait(timeout=30)


# --- 12: messages -----------------------------------------------------------------------------------

def test_messages_name_the_option_and_the_problem(site, tmp_path):
    bad_date = sitegen(site, "new", "meeting", "--date", "2027-13-05")
    assert bad_date.returncode != 0 and "--date must be a date" in bad_date.stderr and "--as-of" not in bad_date.stderr

    count = (site / "Content/hymns/hymnal.yml").read_text()
    far = sitegen(site, "new", "hymn", "9999")
    assert far.returncode != 0 and "without a file after count" in far.stderr
    assert (site / "Content/hymns/hymnal.yml").read_text() == count and not (site / "Content/hymns/9999.md").exists()
    # One past the next: the gap the build would refuse, so refused here too; the next one is fine.
    number = int(re.search(r"(?m)^count:\s*(\d+)", count).group(1))
    gap = sitegen(site, "new", "hymn", str(number + 2))
    assert gap.returncode != 0 and f"hymn {number + 1} without a file" in gap.stderr
    assert sitegen(site, "new", "hymn", str(number + 1)).returncode == 0
    assert sitegen(site, "check").returncode == 0

    hymnal = json.loads((pathlib.Path(__file__).parents[1] / "Fixtures/hymnal/hymns.json").read_text())
    hymnal["year"] = 1e30
    source = tmp_path / "hymns.json"
    source.write_text(json.dumps(hymnal))
    big = sitegen(site, "import", "hymnal-json", str(source), "--content", str(tmp_path / "Content"))
    assert big.returncode != 0 and "year: the number 1e+30 is out of range" in big.stderr, big.stderr
    assert "not valid JSON" not in big.stderr

    csv = tmp_path / "dup.csv"
    csv.write_text("date,locality\n" + "2027-01-01,home-church\n" * 3000)
    dup = sitegen(site, "import", "schedule-csv", str(csv))
    lines = dup.stderr.splitlines()
    assert dup.returncode != 0 and len(lines) <= 60, len(lines)
    assert "sitegen: and 2949 more problems like these" in lines

    readonly = sitegen(site, "build", "--output", "/proc/sitegen-out")
    assert readonly.returncode != 0 and "/proc/" in readonly.stderr
    no_cocoa(readonly)


# --- 5: scripts/import-sword takes turns ------------------------------------------------------------

@pytest.mark.skipif(shutil.which("mod2imp") is None, reason="libsword-utils is not installed: run scripts/install-deps test")
def test_import_sword_waits_for_a_run_in_progress_and_leaves_its_work_alone(tmp_path):
    """A second run used to take the first's working folder for a leftover and delete it. Here the
    test holds the lock as a first run would, beside that run's working folder."""
    import fcntl
    first = tmp_path / ".kjv.import-first"
    (first / "deep").mkdir(parents=True)
    holder = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(holder, fcntl.LOCK_EX)
    root = pathlib.Path(__file__).parents[2]
    second = subprocess.Popen([str(root / "scripts/import-sword"), "engKJV2006eb", str(tmp_path / "kjv")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        waiting = second.stderr.readline()   # after it has read the module
        assert "waiting for another import-sword" in waiting, waiting
        assert (first / "deep").is_dir()
    finally:
        second.terminate()
        second.wait(timeout=60)
        os.close(holder)
    assert (first / "deep").is_dir() and not (tmp_path / "kjv").exists()
