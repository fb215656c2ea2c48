# The two set-up commands (see README):
#   make site   build the bundled site into Output/
#   make test   run every test: unit tests, then end-to-end tests in a real browser
#   make fuzz       fuzz every content parser (FUZZ_SECONDS per target, default 60; see docs/reliability.md)
#   make artifact-test  the artifact smoke test only: the debug build packed as make dist packs (scripts/run-tests)
#   make js-test    the browser scripts' unit tests only (Tests/js/, in headless Chromium; seconds, no site build)
#   make kill-test  kill -9 at random points of 200 small and 20 full builds (make test runs 10 and 2)
#   make oracle-long  the incremental oracle with 2,000 random edit sequences (make test runs 200;
#                   ORACLE_SEQUENCES=N for another count; docs/testing.md)
# The release (docs/publishing.md):
#   make dist            dist/: sitegen-<VERSION>-linux-x86_64.tar.gz, the wheel sitegen_bin-<VERSION>-…whl
#                        and SHA256SUMS, from a release build with Swift's runtime linked in; then the
#                        artifact smoke test on them (release build: minutes)
#   make docker-recipe   the container image's file system from dist/'s tarball, run without Docker
.PHONY: site test unit e2e artifact-test js-test deps test-deps dist-deps clean fuzz kill-test oracle-long dist docker-recipe

site: deps
	swift build -c release --product sitegen
	.build/release/sitegen build

# scripts/run-tests runs what `unit` and `e2e` run, the Swift tests beside the end-to-end suite
# (at nice 19, in the cores it leaves idle) rather than before it: docs/testing.md.
test: test-deps
	scripts/run-tests

# Skipped tests are listed with their reasons; with CI set (CI=true) any skipped test fails the
# run: scripts/check-skips reads swift test's report, Tests/e2e/conftest.py does it for pytest.
# The tests that hold a wall-clock bound run in a swift test process of their own, after the
# others (scripts/run-tests names them). The end-to-end suite runs the debug binary with three
# pytest-xdist workers, one file each at a time (docs/testing.md says why).
unit:
	scripts/run-tests unit

e2e:
	scripts/run-tests e2e

artifact-test: test-deps
	scripts/run-tests artifacts

js-test:
	python3 -m pytest -q Tests/e2e/test_js_units.py

fuzz:
	scripts/fuzz

kill-test: test-deps
	swift build --product sitegen
	SITEGEN=.build/debug/sitegen SITEGEN_KILLS_SMALL=200 SITEGEN_KILLS_FULL=20 python3 -m pytest -q Tests/e2e/test_hardening.py -k kill

# The edits and builds are CPU only (no wall clock): about 0.3 s of CPU a sequence in a debug build.
ORACLE_SEQUENCES ?= 2000
oracle-long:
	swift build --build-tests
	SITEGEN_ORACLE_SEQUENCES=$(ORACLE_SEQUENCES) swift test --skip-build --filter IncrementalOracleTests/randomEditSequences

deps:
	scripts/install-deps build

test-deps:
	scripts/install-deps test

# The same two scripts make test runs on the debug build (scripts/run-tests): the packing and the
# smoke test are one code for both. SOURCE_DATE_EPOCH (the commit's time unless set) makes two runs
# give the same bytes.
dist: dist-deps
	program=$$(scripts/build-static release) && scripts/dist-pack "$$program" dist
	scripts/dist-smoke dist

dist-deps:
	scripts/install-deps dist

docker-recipe: dist
	python3 deploy/recipe.py image dist

clean:
	rm -rf .build test-artifacts dist
