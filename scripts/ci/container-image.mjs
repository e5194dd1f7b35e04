// The image as docs/docker.md builds it, from the repository's Dockerfile, and what must not be in
// it. Where no container registry is reachable, node:22-bookworm and node:22-bookworm-slim are local
// stand-ins made from Debian's packages and the npm registry (local-node-images.sh, 2 to 4 minutes, once).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { docker, imageExists, inspect } from "./docker.mjs";
import { root, run } from "./workspace.mjs";

const BASE_IMAGES = ["node:22-bookworm", "node:22-bookworm-slim"];
/** The CA bundle handed to the build as the secret `ca`, for npm behind a TLS-inspecting proxy. */
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

export function ensureBaseImages() {
  if (BASE_IMAGES.every(imageExists)) return "present";
  run("bash", [join(root, "scripts/ci/local-node-images.sh")]);
  return "made locally";
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

/** Throws when the image holds a dev dependency, sources, tests or source maps; returns its size. */
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
  const megabytes = (image) => Math.round(Number(inspect(image, "{{.Size}}")) / 1e6);
  return `${megabytes(tag)} MB, of which ${megabytes(BASE_IMAGES[1])} MB is ${BASE_IMAGES[1]}`;
}
