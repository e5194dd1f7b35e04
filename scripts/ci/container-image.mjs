// The image as docs/docker.md builds it, from the repository's Dockerfile, and what must not be in
// it. Where no container registry is reachable, the image the Dockerfile builds from (node:<its
// NODE_VERSION>-bookworm) is a local stand-in made from Debian's packages and the npm registry
// (local-node-images.sh, 5 to 7 minutes, once).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { docker, imageExists, inspect } from "./docker.mjs";
import { cleanEnv, root, run } from "./workspace.mjs";

/** The Node release of the Dockerfile's ARG NODE_VERSION, and the one image its stages build from. */
function baseImage() {
  const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
  const version = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1];
  const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image);
  const image = `node:\${NODE_VERSION}-bookworm`;
  if (!version || froms.some((from) => from !== image && from !== "scratch")) {
    throw new Error(
      `the Dockerfile no longer builds FROM ${image} (ARG NODE_VERSION ${version}) and scratch only`,
    );
  }
  return { version, image: `node:${version}-bookworm` };
}
/** What docs/docker.md promises: the image as `docker image inspect` reports it, uncompressed. */
const MAX_BYTES = 200e6;
/** The CA bundle handed to the build as the secret `ca`, for npm behind a TLS-inspecting proxy. */
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

export function ensureBaseImages() {
  const { version, image } = baseImage();
  if (imageExists(image)) return `${image} present`;
  // Without the compilers of the official image: nothing in this build compiles (SQLite is Node's own
  // node:sqlite), a dependency that started to would fail this test loudly, and debootstrap spends a
  // third less CPU beside the other steps of `npm test` (55 → 34 s of a core, 581 → 219 MB).
  run("bash", [join(root, "scripts/ci/local-node-images.sh")], {
    env: cleanEnv({ NODE_VERSION: version, WITHOUT_COMPILERS: "1" }),
  });
  return `${image} made locally`;
}

/** `docker build` from the repository's root; returns the ms it took. */
export function buildImage(tag) {
  const secret = existsSync(CA_BUNDLE) ? ["--secret", `id=ca,src=${CA_BUNDLE}`] : [];
  const started = performance.now();
  docker(["build", "--progress=plain", "--network", "host", ...secret, "--tag", tag, root], {
    env: { DOCKER_BUILDKIT: "1" },
    inherit: true,
  });
  return performance.now() - started;
}

/** Runs in the image, with its node: whatever of the build's leftovers /app holds. */
const LEFTOVERS = `
const { existsSync, readdirSync } = require("node:fs");
const { join } = require("node:path");
const found = [];
for (const name of JSON.parse(process.argv[1])) {
  if (existsSync(join("/app/node_modules", name))) found.push("dev dependency " + name);
}
for (const folder of ["src", "e2e", "test-support", "bench", "docs"]) {
  if (existsSync(join("/app", folder))) found.push("/app/" + folder);
}
for (const entry of readdirSync("/app", { recursive: true, withFileTypes: true })) {
  const file = join(entry.parentPath, entry.name);
  if (entry.name.endsWith(".map")) found.push(file);
  else if (!file.includes("/node_modules/") && /[.](test|spec)[.][cm]?[jt]sx?$/.test(entry.name)) found.push(file);
}
console.log(JSON.stringify(found));
`;

/**
 * Throws when the image holds a dev dependency, sources, tests or source maps, or is over 200 MB; returns its
 * size.
 */
export function checkLean(tag) {
  const { devDependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const output = docker([
    "run",
    "--rm",
    "--entrypoint",
    "node",
    tag,
    "-e",
    LEFTOVERS,
    JSON.stringify(Object.keys(devDependencies)),
  ]);
  const found = JSON.parse(output);
  if (found.length > 0)
    throw new Error(`the image holds what production does not need:\n  ${found.slice(0, 20).join("\n  ")}`);
  const size = Number(inspect(tag, "{{.Size}}"));
  const node = Number(
    docker([
      "run",
      "--rm",
      "--entrypoint",
      "node",
      tag,
      "-p",
      "require('node:fs').statSync(process.execPath).size",
    ]),
  );
  const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  if (size > MAX_BYTES) throw new Error(`the image is ${megabytes(size)}, more than ${megabytes(MAX_BYTES)}`);
  return `${megabytes(size)} (at most ${megabytes(MAX_BYTES)}), of which ${megabytes(node)} is the node binary`;
}
