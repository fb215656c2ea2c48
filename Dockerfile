# sitegen in a container, for CI hosts that run jobs in images (docs/publishing.md).
#
#   docker build -t sitegen .
#   docker run --rm -v "$PWD:/site" sitegen build --base-url https://hymns.example.net/
#   docker run --rm -v "$PWD:/site" sitegen init . --bible kjv --host github
#
# It builds any congregation's repository mounted at /site (Content/, and Templates/ only for the
# files it changes: the theme is built into the binary); the pipelines in deploy/ run in it.
#
# Stage 1 builds a release sitegen on the official Swift image with exactly the C libraries
# `scripts/install-deps build` installs; stage 2 is Debian slim with the binary and the shared
# libraries it links (Swift's runtime and Foundation from the toolchain, libcmark-gfm, libxml2, libsqlite3, libcrypto and
# theirs), collected by `deploy/collect-runtime` from what `ldd` reports, and the KJV text
# (9 MB) for `sitegen init`. Nothing else: no
# compiler, no headers: about 240 MB uncompressed (75 MB base + 30 MB sitegen + 135 MB libraries).
# `make docker-recipe` runs these same steps in a fresh folder without Docker.
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN scripts/install-deps build
RUN swift build -c release --product sitegen
RUN deploy/collect-runtime .build/release/sitegen runtime
# The King James text `sitegen init --bible kjv` copies (share/sitegen beside bin/, see StarterBible).
RUN mkdir -p runtime/usr/local/share/sitegen/bible && cp -R Content/bible/kjv runtime/usr/local/share/sitegen/bible/kjv

FROM debian:bookworm-slim
# bin/sitegen and lib/sitegen/*.so* below /usr/local; tzdata (zone names) is part of bookworm-slim.
COPY --from=build /src/runtime/ /
ENV LD_LIBRARY_PATH=/usr/local/lib/sitegen
WORKDIR /site
ENTRYPOINT ["sitegen"]
CMD ["build"]
