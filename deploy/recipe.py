#!/usr/bin/env python3
"""Runs the Dockerfile's recipe without Docker, to prove it where `docker build` is not available.

    deploy/recipe.py check         parse the Dockerfile: one stage on debian:bookworm-slim that ADDs
                                   dist/'s release tarball (named by the VERSION file), puts its bin/
                                   on PATH and runs sitegen; nothing compiled, nothing RUN
    deploy/recipe.py image DIST    the image's file system without Docker: DIST's tarball unpacked
                                   where ADD unpacks it, below a folder standing for the image's
                                   root; then, with only the ENV the Dockerfile sets (`env -i`),
                                   `sitegen --version` and `sitegen init` + `sitegen build` in WORKDIR.
                                   scripts/dist-smoke runs it (make test, make dist)

A path in the image is a path below the folder standing for its root. The base image's own files
(Debian's C library) are this machine's: the tarball's program needs nothing else from it.
"""
from __future__ import annotations

import pathlib
import re
import shlex
import subprocess
import sys
import tarfile
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
BASE = "debian:bookworm-slim"


def parse(path: pathlib.Path = DOCKERFILE) -> list[tuple[str, str, int]]:
    """(keyword, argument, line) of each instruction, continuation lines joined."""
    steps, pending, start = [], "", 0
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
        steps.append((keyword.upper(), argument.strip(), start))
    return steps


def expand(text: str, args: dict[str, str]) -> str:
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args.get(m.group(1) or m.group(2), m.group(0)), text)


def build_args() -> dict[str, str]:
    return {"SITEGEN_VERSION": (ROOT / "VERSION").read_text().strip()}


def check(path: pathlib.Path = DOCKERFILE) -> list[str]:
    """Problems of the recipe, as 'Dockerfile:line: message' (empty when it is sound)."""
    problems, args = [], build_args()
    steps = parse(path)
    froms = [(a, line) for k, a, line in steps if k == "FROM"]
    if len(froms) != 1 or froms[0][0] != BASE:
        problems.append(f"{path.name}:{froms[0][1] if froms else 1}: expected one stage FROM {BASE}, found {[a for a, _ in froms]}")
    for keyword, argument, line in steps:
        if keyword == "ARG" and argument.split("=")[0] not in args:
            problems.append(f"{path.name}:{line}: ARG {argument}: only SITEGEN_VERSION (the VERSION file) is given")
        if keyword in ("RUN", "COPY"):
            problems.append(f"{path.name}:{line}: {keyword}: the image is the release tarball as ADD unpacks it, nothing else")
        if keyword == "ADD":
            source, destination = shlex.split(expand(argument, args))
            if not re.fullmatch(rf"dist/sitegen-{re.escape(args['SITEGEN_VERSION'])}-linux-x86_64\.tar\.gz", source):
                problems.append(f"{path.name}:{line}: ADD {source}: not dist/'s release tarball of this VERSION")
    if not any(k == "ENTRYPOINT" and "sitegen" in a for k, a, _ in steps):
        problems.append(f"{path.name}: the ENTRYPOINT is not sitegen")
    return problems


def image_root(dist: pathlib.Path, root: pathlib.Path) -> dict[str, str]:
    """Unpacks DIST's tarball as ADD does into ROOT (the image's /); returns the image's ENV."""
    args, env = build_args(), {}
    for keyword, argument, _ in parse():
        if keyword == "ADD":
            source, destination = shlex.split(expand(argument, args))
            with tarfile.open(dist / pathlib.Path(source).name) as archive:
                if hasattr(tarfile, "data_filter"):   # Python's safe extraction, where it has it
                    archive.extraction_filter = tarfile.data_filter
                archive.extractall(root / destination.lstrip("/"))
        if keyword == "ENV":
            name, _, value = expand(argument, args).partition("=")
            env[name] = ":".join(str(root) + p if p.startswith("/") else p for p in value.split(":"))
        if keyword == "WORKDIR":
            (root / argument.lstrip("/")).mkdir(parents=True, exist_ok=True)
            env["(workdir)"] = str(root / argument.lstrip("/"))
    return env


def run_image(dist: pathlib.Path) -> str:
    """`sitegen --version`, `init` and `build` in the image's file system; returns --version's line."""
    with tempfile.TemporaryDirectory(prefix="sitegen-image.") as scratch:
        root = pathlib.Path(scratch)
        env = image_root(dist, root)
        workdir = pathlib.Path(env.pop("(workdir)"))
        # PATH as the image sets it, below its root, and this machine's /usr/bin for env, ldd and the shell.
        scrubbed = ["/usr/bin/env", "-i", f"PATH={env['PATH']}:/usr/bin:/bin", f"HOME={scratch}"]
        def sitegen(*words: str, cwd: pathlib.Path = workdir) -> str:
            done = subprocess.run([*scrubbed, "sitegen", *words], cwd=cwd, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"recipe: image: sitegen {' '.join(words)} failed:\n{done.stdout}{done.stderr}")
            return done.stdout
        version = sitegen("--version").strip()
        sitegen("init", ".", "--bible", "kjv", "--host", "none", "--title", "Image")
        sitegen("build")
        if not (workdir / "Output/index.html").is_file():
            raise SystemExit("recipe: image: sitegen build wrote no Output/index.html")
        return version


def main() -> int:
    if sys.argv[1:] == ["check"]:
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        print("recipe: the Dockerfile is sound" if not problems else f"recipe: {len(problems)} problem(s)")
        return 1 if problems else 0
    if len(sys.argv) == 3 and sys.argv[1] == "image":
        problems = check()
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        print(f"recipe: image: {run_image(pathlib.Path(sys.argv[2]).resolve())}: init and build ran from the tarball as ADD unpacks it")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
