# sitegen in a container, for CI hosts that run jobs in images (docs/publishing.md). Built from the
# release tarball (`make dist` writes it into dist/), nothing compiled here:
#
#   make dist
#   docker build --build-arg SITEGEN_VERSION=$(cat VERSION) -t sitegen .
#   docker run --rm -v "$PWD:/site" sitegen build --base-url https://hymns.example.net/
#   docker run --rm -v "$PWD:/site" sitegen init . --bible kjv --host github
#
# It builds any congregation's repository mounted at /site (Content/, and Templates/ only for the
# files it changes: the theme is built into the binary). The tarball holds bin/sitegen (Swift's
# runtime and Foundation linked in), lib/ with the C libraries it loads (found through its own run
# path, $ORIGIN/../lib) and share/sitegen/ with the King James text for `sitegen init`; ADD
# unpacks it into /opt. Debian slim plus the tarball: no compiler, no headers, no second stage.
# `deploy/recipe.py image dist` lays out the same file system without Docker and runs it.
FROM debian:bookworm-slim
ARG SITEGEN_VERSION
ADD dist/sitegen-${SITEGEN_VERSION}-linux-x86_64.tar.gz /opt/
ENV PATH=/opt/sitegen-${SITEGEN_VERSION}-linux-x86_64/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
WORKDIR /site
ENTRYPOINT ["sitegen"]
CMD ["build"]
