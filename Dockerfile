# Memoteca as one image: the compiled server and web app, run with plain node as a non-root user, the data
# in the volume /data. Build:  docker build -t memoteca .   (behind a TLS-inspecting proxy, see docs/docker.md)
# No "# syntax=" line: it would make BuildKit pull its frontend from a registry, and the one built into
# Docker 20.10 and later already knows RUN --mount.

# The Node release: a line (24, 26: its newest) or an exact one, as Docker Hub tags node:<it>-bookworm.
#   docker build --build-arg NODE_VERSION=26 -t memoteca .
# Node 26 works too, but its binary is 26 MB larger, which takes the image past 200 MB.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
# The CA bundle of a TLS-inspecting proxy, when one is given (--secret id=ca,src=...): only this step reaches
# the registry, and the secret never lands in a layer. Nothing compiles: SQLite is Node's own node:sqlite.
RUN --mount=type=secret,id=ca,required=false \
    --mount=type=cache,target=/root/.npm \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund
COPY . .
# What the runtime gets, gathered in /app: the build, the production dependencies, and the launchers of the
# commands compiled beside the server (npm run backup, password and the like), which run-script.mjs finds in
# dist/server. Source maps, the dependencies' TypeScript (declarations and sources: node runs none of it
# in node_modules), their READMEs, changelogs and other Markdown (not their licences) are only of use to whoever
# builds or reads them: 10 MB. So are the font packages' files other than those the card image reads (the
# WOFF2 files of weight 400, and Roboto Mono's and Inter's bold: src/server/card-image/fonts.ts and
# fallback-fonts.ts), and their CSS, which the web build has already bundled: 81 MB, most of it the CJK
# font's other weights and formats. And so are the builds of satori that the server does not import (it
# loads dist/index.js), and harfbuzzjs's test fonts: 9 MB. npm prune may ask the registry too, so this step
# gets the same CA bundle and cache as npm ci.
RUN --mount=type=secret,id=ca,required=false \
    --mount=type=cache,target=/root/.npm \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p /app/scripts \
 && cp -r package.json dist node_modules /app/ \
 && cp scripts/run-script.mjs scripts/node-runtime.mjs /app/scripts/ \
 && for compiled in dist/server/*.js; do \
      launcher="scripts/$(basename "$compiled" .js).mjs"; \
      if [ -f "$launcher" ]; then cp "$launcher" /app/scripts/; fi; \
    done \
 && find /app -name '*.map' -delete \
 && find /app/node_modules -type f \( -name '*.ts' -o -name '*.[cm]ts' -o -iname 'readme*' -o -iname 'changelog*' \
      -o \( -iname '*.md' ! -iname 'licen[cs]e*' ! -iname 'copying*' \) \) -delete \
 && find /app/node_modules/@fontsource -type f \( -path '*/files/*' ! -name '*-400-normal.woff2' \
      ! -name 'roboto-mono-*-700-normal.woff2' ! -name 'inter-latin-700-normal.woff2' \
      -o -name '*.css' -o -path '*/scss/*' \) -delete \
 && rm -rf /app/node_modules/harfbuzzjs/test /app/node_modules/satori/layout.wasm \
      /app/node_modules/satori/dist/index.cjs /app/node_modules/satori/dist/standalone.* \
      /app/node_modules/satori/dist/experimental.* \
 && rm -rf /app/node_modules/.cache
# The runtime's whole system, gathered in /rootfs from this image's Debian: no distribution, package manager
# or Node headers, only what runs. node; npm, for `npm run backup` and `npm run password` (docs/docker.md),
# with /usr/bin/env for its #! line and sh to run the scripts; tar and gzip, for the volume's tarball
# (docs/docker.md); the shared libraries ldd says these and the app's native addons load (the build stops if
# one is missing); CA certificates (Node has its own, this is for NODE_EXTRA_CA_CERTS and the like); the
# user memoteca (uid 10001) in /etc/passwd; /data and a home for it, and /tmp. The same /usr merge as here.
RUN set -eu \
 && mkdir -p /rootfs/usr/bin /rootfs/usr/lib /rootfs/usr/local/bin /rootfs/usr/local/lib/node_modules /rootfs/etc \
 && for dir in bin lib lib64; do \
      if [ -L "/$dir" ]; then mkdir -p "/rootfs/$(readlink "/$dir")" && ln -s "$(readlink "/$dir")" "/rootfs/$dir"; fi; \
    done \
 && programs="/usr/local/bin/node $(command -v sh) $(command -v env) $(command -v tar) $(command -v gzip)" \
 && ldd_of() { for file in "$@"; do ldd "$file" 2>/dev/null || true; done; } \
 && if ldd_of $programs $(find /app -name '*.node') | grep 'not found'; then exit 1; fi \
 && libraries=$(ldd_of $programs $(find /app -name '*.node') \
      | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | sort -u) \
 && for file in $programs $libraries /etc/nsswitch.conf /etc/ssl/certs/ca-certificates.crt; do \
      mkdir -p "/rootfs$(dirname "$file")" && cp -L "$file" "/rootfs$file" || exit 1; \
    done \
 && cp -r /usr/local/lib/node_modules/npm /rootfs/usr/local/lib/node_modules/ \
 && rm -rf /rootfs/usr/local/lib/node_modules/npm/docs /rootfs/usr/local/lib/node_modules/npm/man \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /rootfs/usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /rootfs/usr/local/bin/npx \
 && printf '%s\n' 'root:x:0:0:root:/root:/usr/sbin/nologin' \
      'memoteca:x:10001:10001:Memoteca:/home/memoteca:/usr/sbin/nologin' > /rootfs/etc/passwd \
 && printf '%s\n' 'root:x:0:' 'memoteca:x:10001:' > /rootfs/etc/group \
 && mkdir -m 1777 /rootfs/tmp \
 && mkdir -p /rootfs/root /rootfs/data /rootfs/home/memoteca \
 && chown 10001:10001 /rootfs/data /rootfs/home/memoteca \
 && /usr/sbin/chroot /rootfs sh -c 'node -e "process.exit(0)" && npm --version && tar --version && gzip --version' >/dev/null \
 && rm -rf /rootfs/tmp/* /rootfs/root/.npm

FROM scratch
# Two layers: the system, the same from one version of the app to the next, and the app. Everything is
# owned by root, so the server cannot rewrite its own code, but /data and the user's home.
COPY --from=build /rootfs /
COPY --from=build /app /app
WORKDIR /app
# The server gives up on requests that never end after 8 s, before `docker stop` kills it at 10 s.
ENV PATH=/usr/local/bin:/usr/bin:/bin \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/memoteca.db \
    SHUTDOWN_TIMEOUT_MS=8000
# memoteca, by number: a fixed uid, so a folder mounted from the host can be given to it (chown 10001
# /path/to/data), and one that Kubernetes' runAsNonRoot can check.
USER 10001:10001
VOLUME /data
EXPOSE 3000
# No curl: node asks, without a shell. 127.0.0.1 is always a name the server answers to.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (graceful close, exit 0), so `docker stop` needs no init process.
# --optimize-for-size: what npm start runs with (scripts/server-node-flags.mjs says why).
CMD ["node", "--optimize-for-size", "dist/server/main.js"]
