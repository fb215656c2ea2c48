#!/usr/bin/env python3
"""Runs the Dockerfile's recipe without Docker, to prove it where `docker build` is not available.

    deploy/recipe.py check                 parse the Dockerfile; check its images, the paths its COPY
                                           steps copy and the scripts its RUN steps call exist
    deploy/recipe.py runtime BINARY        the runtime stage only: run the library-collection step on
                                           BINARY (e.g. the debug build) and run the collected program
                                           with only the collected libraries
    deploy/recipe.py full                  every step, in order, in a fresh copy of the build context
                                           (release build included: many minutes), then the runtime
                                           stage, and report sizes; `make docker-recipe`

The build stage's WORKDIR becomes a fresh folder holding the build context (the repository's
files less .dockerignore); each RUN line runs there with bash, exactly as written. The runtime
stage's `COPY --from=build` becomes a copy into a folder standing for the image's root.
"""
from __future__ import annotations

import fnmatch
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
# Uncompressed size of debian:bookworm-slim (amd64), the runtime stage's base, in MB.
BASE_IMAGE_MB = 74.8
ALLOWED_BASES = re.compile(r"^(swift:6\.3-bookworm(-slim)?|debian:bookworm-slim)$")


class Stage:
    def __init__(self, base: str, name: str | None):
        self.base, self.name, self.steps = base, name, []  # steps: (keyword, argument text, line)


def parse(path: pathlib.Path = DOCKERFILE) -> list[Stage]:
    stages: list[Stage] = []
    pending, start = "", 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        text, pending = (pending + line).strip(), ""
        keyword, _, argument = text.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            words = argument.split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append(Stage(words[0], name))
        elif not stages:
            raise ValueError(f"{path}:{start}: {keyword} before FROM")
        else:
            stages[-1].steps.append((keyword, argument.strip(), start))
    return stages


def copy_args(argument: str) -> tuple[str | None, list[str], str]:
    words = shlex.split(argument)
    origin = None
    while words and words[0].startswith("--"):
        if words[0].startswith("--from="):
            origin = words[0].split("=", 1)[1]
        words.pop(0)
    return origin, words[:-1], words[-1]


def check(path: pathlib.Path = DOCKERFILE) -> list[str]:
    """Problems of the recipe, as 'Dockerfile:line: message' (empty when it is sound)."""
    problems = []
    where = lambda line: f"{path.name}:{line}"
    stages = parse(path)
    names = {s.name for s in stages if s.name}
    if len(stages) != 2:
        problems.append(f"{path.name}:1: expected a build stage and a runtime stage, found {len(stages)} stages")
    for stage in stages:
        if not ALLOWED_BASES.match(stage.base):
            problems.append(f"{path.name}: image {stage.base} is not an official Swift 6.3 or Debian bookworm image")
    build, runtime = stages[0], stages[-1]
    made = set()
    for keyword, argument, line in build.steps:
        if keyword == "COPY":
            origin, sources, _ = copy_args(argument)
            for source in sources:
                if origin is None and not (ROOT / source).exists():
                    problems.append(f"{where(line)}: COPY {source}: no such path in the repository")
        if keyword == "RUN":
            words = shlex.split(argument)
            program = words[0]
            if "/" in program and not program.startswith("/") and not os.access(ROOT / program, os.X_OK):
                problems.append(f"{where(line)}: RUN {program}: not an executable file in the repository")
            if program == "scripts/install-deps" and words[1:] != ["build"]:
                problems.append(f"{where(line)}: the build stage installs exactly what `scripts/install-deps build` does")
            if program == "deploy/collect-runtime":
                made.add(words[2].rstrip("/"))
            if program == "apt-get":
                problems.append(f"{where(line)}: install packages through scripts/install-deps, not apt-get")
    workdir = next((a for k, a, _ in build.steps if k == "WORKDIR"), "/")
    for keyword, argument, line in runtime.steps:
        if keyword == "COPY":
            origin, sources, _ = copy_args(argument)
            if origin not in names:
                problems.append(f"{where(line)}: the runtime stage copies only from the build stage")
            for source in sources:
                relative = os.path.relpath(source.rstrip("/"), workdir)
                if relative not in made:
                    problems.append(f"{where(line)}: COPY {source}: no build step makes it (collect-runtime makes {sorted(made)})")
        if keyword == "RUN":
            problems.append(f"{where(line)}: the runtime stage runs nothing at build time")
    if not any(k == "ENTRYPOINT" and "sitegen" in a for k, a, _ in runtime.steps):
        problems.append(f"{path.name}: the runtime stage's ENTRYPOINT is not sitegen")
    return problems


def context_files() -> list[pathlib.Path]:
    """The build context: the repository's files (tracked and new, not git-ignored) less .dockerignore."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    patterns = [p.strip().rstrip("/") for p in (ROOT / ".dockerignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    def ignored(name: str) -> bool:
        return any(fnmatch.fnmatch(name, p) or name.startswith(p + "/") or fnmatch.fnmatch(name, p + "/*")
                   for p in patterns)
    return [pathlib.Path(f) for f in listed if f and not ignored(f) and (ROOT / f).is_file()]


def copy_context(into: pathlib.Path, sources: list[str], destination: str) -> None:
    files = context_files()
    for source in sources:
        for f in files:
            if source in (".", "./") or str(f) == source or str(f).startswith(source.rstrip("/") + "/"):
                relative = f if source in (".", "./") else f.relative_to(pathlib.Path(source).parent)
                target = into / destination / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / f, target)


def runtime_env(runtime: Stage, image_root: pathlib.Path) -> dict[str, str]:
    env = dict(os.environ)
    for keyword, argument, _ in runtime.steps:
        if keyword == "ENV":
            name, _, value = argument.partition("=")
            # A path in the image is a path below the folder standing for its root.
            env[name] = ":".join(str(image_root) + p if p.startswith("/") else p for p in value.split(":"))
    return env


def prove_runtime(runtime: Stage, image_root: pathlib.Path, work: pathlib.Path,
                  content: pathlib.Path | None = None) -> dict:
    """Runs the collected program with only the collected libraries; returns sizes in bytes.
    It builds the repository's site, or CONTENT (a smaller site that still uses every library)."""
    program = image_root / "usr/local/bin/sitegen"
    env = runtime_env(runtime, image_root)
    libs = pathlib.Path(env["LD_LIBRARY_PATH"].split(":")[0])
    # Every library the loader picks, other than the C library's own, comes from the collected folder.
    ldd = subprocess.run(["ldd", str(program)], env=env, capture_output=True, text=True, check=True).stdout
    for line in ldd.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "=>":
            name, where = parts[0], parts[2]
            glibc = re.match(r"^(libc|libm|libpthread|libdl|librt|libresolv|libutil)\.so|^ld-linux", name)
            if not glibc and not where.startswith(str(libs) + "/"):
                raise AssertionError(f"{name} is loaded from {where}, not from the collected {libs}")
    version = subprocess.run([str(program), "--version"], env=env, capture_output=True, text=True, timeout=60)
    assert version.returncode == 0, version.stderr
    out = work / "site"
    out.mkdir()
    chosen = ["--content", str(content), "--templates", str(ROOT / "Templates")] if content else []
    built = subprocess.run([str(program), "build", "--as-of", "2026-11-22", "--output", str(out / "Output"),
                            "--base-url", "https://hymns.example.net/", *chosen],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stderr
    binary = program.stat().st_size
    lib_bytes = sum(p.stat().st_size for p in libs.iterdir())
    return {"version": version.stdout.strip(), "summary": built.stdout.strip(), "binary": binary,
            "libraries": lib_bytes, "library_count": len(list(libs.iterdir()))}


def run_step(command: str, cwd: pathlib.Path) -> float:
    print(f"RUN {command}", flush=True)
    started = time.monotonic()
    subprocess.run(["bash", "-euo", "pipefail", "-c", command], cwd=cwd, check=True)
    return time.monotonic() - started


def runtime_only(binary: pathlib.Path, work: pathlib.Path, content: pathlib.Path | None = None) -> dict:
    """The runtime stage against an existing binary: the collect step as written, on BINARY
    (building CONTENT, when given, instead of the repository's site)."""
    stages = parse()
    build, runtime = stages[0], stages[-1]
    src = work / "src"
    src.mkdir(parents=True)
    collect = next(a for k, a, _ in build.steps if k == "RUN" and a.startswith("deploy/collect-runtime"))
    words = shlex.split(collect)
    words[0], words[1] = str(ROOT / words[0]), str(binary)
    run_step(shlex.join(words), src)
    image_root = assemble_runtime(runtime, build, src, work)
    return prove_runtime(runtime, image_root, work, content)


def assemble_runtime(runtime: Stage, build: Stage, src: pathlib.Path, work: pathlib.Path) -> pathlib.Path:
    workdir = next((a for k, a, _ in build.steps if k == "WORKDIR"), "/")
    image_root = work / "image"
    image_root.mkdir()
    for keyword, argument, _ in runtime.steps:
        if keyword == "COPY":
            _, sources, destination = copy_args(argument)
            for source in sources:
                shutil.copytree(src / os.path.relpath(source, workdir), image_root / destination.lstrip("/"),
                                dirs_exist_ok=True, symlinks=True)
    return image_root


def full(work: pathlib.Path) -> dict:
    stages = parse()
    build, runtime = stages[0], stages[-1]
    src = None
    timings = []
    started = time.monotonic()
    for keyword, argument, _ in build.steps:
        if keyword == "WORKDIR":
            src = work / "src"
            src.mkdir(parents=True, exist_ok=True)
        elif keyword == "COPY":
            _, sources, destination = copy_args(argument)
            copy_context(src, sources, "" if destination in (".", "./") else destination)
            print(f"COPY {argument}: {sum(1 for p in src.rglob('*') if p.is_file())} files", flush=True)
        elif keyword == "RUN":
            timings.append((argument, run_step(argument, src)))
    image_root = assemble_runtime(runtime, build, src, work)
    result = prove_runtime(runtime, image_root, work)
    result["steps"] = timings
    result["seconds"] = time.monotonic() - started
    return result


def report(result: dict) -> None:
    mb = lambda n: n / 1_000_000
    total = result["binary"] + result["libraries"]
    for command, seconds in result.get("steps", []):
        print(f"  {seconds:7.1f} s  RUN {command}")
    if "seconds" in result:
        print(f"recipe: {result['seconds']:.0f} s in all")
    print(f"runtime: {result['version']}; {result['summary']}")
    print(f"runtime: sitegen {mb(result['binary']):.1f} MB + {result['library_count']} libraries "
          f"{mb(result['libraries']):.1f} MB = {mb(total):.1f} MB")
    print(f"expected image: debian:bookworm-slim {BASE_IMAGE_MB} MB + {mb(total):.1f} MB "
          f"= about {BASE_IMAGE_MB + mb(total):.0f} MB uncompressed")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("check", "runtime", "full"):
        print(__doc__, file=sys.stderr)
        return 2
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems or argv[0] == "check":
        print(f"{DOCKERFILE.name}: {len(problems)} problems")
        return 1 if problems else 0
    with tempfile.TemporaryDirectory(prefix="sitegen-recipe-") as folder:
        work = pathlib.Path(folder)
        result = runtime_only(pathlib.Path(argv[1]).resolve(), work) if argv[0] == "runtime" else full(work)
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
