# Memoteca as one image: the compiled server and web app, run with plain node as a non-root user, the data
# in the volume /data. Build:  docker build -t memoteca .   (behind a TLS-inspecting proxy, see docs/docker.md)
# No "# syntax=" line: it would make BuildKit pull its frontend from a registry, and the one built into
# Docker 20.10 and later already knows RUN --mount.

FROM node:22-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
# The CA bundle of a TLS-inspecting proxy, when one is given (--secret id=ca,src=...): only this step reaches
# the registry, and the secret never lands in a layer. better-sqlite3 compiles here when no prebuilt binary
# can be fetched (the full image has python3, make and g++).
RUN --mount=type=secret,id=ca,required=false \
    --mount=type=cache,target=/root/.npm \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund
COPY . .
# What the runtime gets, gathered in /app: the build, the production dependencies, and the launchers of the
# commands compiled beside the server (npm run backup, password and the like), which run-script.mjs finds in
# dist/server. Source maps and better-sqlite3's sources and objects are only of use to whoever builds.
# npm prune may ask the registry too: Lighthouse asks for "legacy-javascript@latest", a tag that only the
# registry can resolve, so this step gets the same CA bundle and cache as npm ci.
RUN --mount=type=secret,id=ca,required=false \
    --mount=type=cache,target=/root/.npm \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p /app/scripts \
 && cp -r package.json dist node_modules /app/ \
 && cp scripts/run-script.mjs /app/scripts/ \
 && for compiled in dist/server/*.js; do \
      launcher="scripts/$(basename "$compiled" .js).mjs"; \
      if [ -f "$launcher" ]; then cp "$launcher" /app/scripts/; fi; \
    done \
 && find /app -name '*.map' -delete \
 && rm -rf /app/node_modules/.cache /app/node_modules/better-sqlite3/deps /app/node_modules/better-sqlite3/src \
 && find /app/node_modules/better-sqlite3/build -mindepth 1 -maxdepth 2 ! -path '*/Release' ! -name better_sqlite3.node -exec rm -rf {} +

FROM node:22-bookworm-slim
# A fixed uid, so a folder mounted from the host can be given to it: chown 10001 /path/to/data
RUN /usr/sbin/groupadd --system --gid 10001 memoteca \
 && /usr/sbin/useradd --system --uid 10001 --gid memoteca --create-home --shell /usr/sbin/nologin memoteca \
 && mkdir /data && chown memoteca:memoteca /data
WORKDIR /app
# Owned by root: the server cannot rewrite its own code.
COPY --from=build /app /app
# The server gives up on requests that never end after 8 s, before `docker stop` kills it at 10 s.
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/memoteca.db \
    SHUTDOWN_TIMEOUT_MS=8000
USER memoteca
VOLUME /data
EXPOSE 3000
# No curl in the slim image: node asks. 127.0.0.1 is always a name the server answers to.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (graceful close, exit 0), so `docker stop` needs no init process.
CMD ["node", "dist/server/main.js"]
