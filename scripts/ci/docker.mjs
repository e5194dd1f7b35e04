// The Docker daemon as the container test uses it: Debian's client, whose BuildKit is built in (another
// client on PATH may lack buildx), commands that throw with their output, and waits with deadlines.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const DOCKER = "/usr/bin/docker";

/** Runs `docker args`; returns its standard output, trimmed. Throws with its output when it fails. */
export function docker(args, { env, inherit = false } = {}) {
  const result = spawnSync(DOCKER, args, {
    encoding: "utf8",
    env: { ...process.env, ...env },
    stdio: inherit ? "inherit" : "pipe",
  });
  if (result.status !== 0) {
    const output = inherit ? "" : `\n${result.stdout}${result.stderr}`.trimEnd();
    throw new Error(
      `docker ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`})${output}`,
    );
  }
  return (result.stdout ?? "").trim();
}

/** Why no daemon can be used here, or undefined when one answers. */
export function dockerMissing() {
  if (!existsSync(DOCKER)) return `${DOCKER} is not installed (apt-get install docker.io)`;
  const version = spawnSync(DOCKER, ["version", "--format", "{{.Server.Version}}"], { encoding: "utf8" });
  if (version.status !== 0) return `no Docker daemon answers (start dockerd): ${version.stderr.trim()}`;
  return undefined;
}

export const imageExists = (image) =>
  spawnSync(DOCKER, ["image", "inspect", image], { stdio: "ignore" }).status === 0;

/** `docker inspect --format` of a container or image. */
export const inspect = (what, format) => docker(["inspect", "--format", format, what]);

/** Waits until the container's health check passes; throws with its log when it stops or turns unhealthy. */
export async function waitUntilHealthy(container, { withinMs = 60_000 } = {}) {
  const started = performance.now();
  for (;;) {
    const [running, health] = inspect(container, "{{.State.Running}} {{.State.Health.Status}}").split(" ");
    if (health === "healthy") return performance.now() - started;
    const why =
      running !== "true"
        ? "stopped"
        : health === "unhealthy"
          ? "turned unhealthy"
          : performance.now() - started > withinMs
            ? `was not healthy within ${withinMs / 1000} s (${health})`
            : undefined;
    if (why) throw new Error(`container ${container} ${why}:\n${containerLog(container)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the container wrote, standard output and error together (the server logs to both). */
export function containerLog(container, { tail = 30 } = {}) {
  const result = spawnSync(DOCKER, ["logs", "--tail", String(tail), container], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.trimEnd();
}

/**
 * Removes containers (with the anonymous volume VOLUME /data gives one started without its own), volumes
 * or images by name, ignoring the ones that are not there.
 */
export function removeQuietly(kind, names) {
  const args =
    kind === "container" ? ["rm", "--force", "--volumes", ...names] : [kind, "rm", "--force", ...names];
  spawnSync(DOCKER, args, { stdio: "ignore" });
}
