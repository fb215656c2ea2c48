# The two set-up commands (see README):
#   make site   build the bundled site into Output/
#   make test   run every test: unit tests, then end-to-end tests in a real browser
# And one more for the container image (docs/publishing.md):
#   make docker-recipe   run the Dockerfile's steps without Docker, in a fresh copy (release build: slow)
.PHONY: site test unit e2e deps test-deps docker-recipe clean

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

docker-recipe: deps
	python3 deploy/recipe.py full

clean:
	rm -rf .build test-artifacts
