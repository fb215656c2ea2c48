# The two set-up commands (see README):
#   make site   build the bundled site into Output/
#   make test   run every test: unit tests, then end-to-end tests in a real browser
.PHONY: site test unit e2e deps test-deps clean

site: deps
	swift build -c release --product sitegen
	.build/release/sitegen build

test: test-deps unit e2e

unit:
	swift build --build-tests
	swift test

e2e:
	swift build --product sitegen
	SITEGEN=.build/debug/sitegen python3 -m pytest -q Tests/e2e

deps:
	scripts/install-deps build

test-deps:
	scripts/install-deps test

clean:
	rm -rf .build test-artifacts
