# The two set-up commands (see README):
#   make site   build the bundled site into Output/
#   make test   run every test: unit tests, then end-to-end tests in a real browser
#   make fuzz       fuzz every content parser (FUZZ_SECONDS per target, default 60; see docs/reliability.md)
#   make js-test    the browser scripts' unit tests only (Tests/js/, in headless Chromium; seconds, no site build)
#   make kill-test  kill -9 at random points of 200 small and 20 full builds (make test runs 30 and 2)
# And one more for the container image (docs/publishing.md):
#   make docker-recipe   run the Dockerfile's steps without Docker, in a fresh copy (release build: slow)
.PHONY: site test unit e2e js-test deps test-deps clean fuzz kill-test docker-recipe

site: deps
	swift build -c release --product sitegen
	.build/release/sitegen build

test: test-deps unit e2e

# Skipped tests are listed with their reasons; with CI set (CI=true) any skipped test fails the
# run: scripts/check-skips reads swift test's report, Tests/e2e/conftest.py does it for pytest.
# Suites that time a server or a sync against the wall clock run in a process of their own:
# beside the suites that build whole sites (CPU-bound work on the same 2-thread concurrency
# pool) their watchdogs and servers wait tens of seconds for a thread.
TIMED_SUITES = SyncHardeningTests|BoundedServerTests
unit:
	swift build --build-tests
	mkdir -p .build/test-results && rm -f .build/test-results/swift*.xml
	swift test --skip-build --skip '$(TIMED_SUITES)' --xunit-output .build/test-results/swift.xml
	swift test --skip-build --filter '$(TIMED_SUITES)' --xunit-output .build/test-results/swift-timed.xml
	scripts/check-skips .build/test-results/swift-swift-testing.xml .build/test-results/swift-timed-swift-testing.xml

# The debug binary `unit` built: a release build would cost more than it saves (docs/testing.md).
# Three workers, one file each at a time (pytest-xdist, --dist loadfile): much of the suite waits on
# Chromium, servers and timers, so files side by side overlap those waits; the whole-site build
# is made once for all workers (conftest.py, made_once). See docs/testing.md.
e2e:
	swift build --product sitegen
	SITEGEN=.build/debug/sitegen python3 -m pytest -q -rs -n 3 --dist loadfile --durations=10 Tests/e2e

js-test:
	python3 -m pytest -q Tests/e2e/test_js_units.py

fuzz:
	scripts/fuzz

kill-test: test-deps
	swift build --product sitegen
	SITEGEN=.build/debug/sitegen SITEGEN_KILLS_SMALL=200 SITEGEN_KILLS_FULL=20 python3 -m pytest -q Tests/e2e/test_hardening.py -k kill

deps:
	scripts/install-deps build

test-deps:
	scripts/install-deps test

docker-recipe: deps
	python3 deploy/recipe.py full

clean:
	rm -rf .build test-artifacts
