// How Node runs the server in production, in one place for the scripts and benchmarks that start it.
// Plain JavaScript: `npm start` and the CI scripts read it with plain node.

/**
 * V8's young generation capped at 4 MB a half (16 MB by default on 64-bit). Reading an import makes many
 * short-lived strings and objects, and the default let the heap grow by about 30 MiB more before collecting
 * them; the server's own requests make few, and collecting a smaller young generation more often costs
 * them nothing measurable (`npm run bench -- api`). Also in package.json's `start`, the Dockerfile's `CMD`
 * and the deployment examples, which cannot import this; scripts/server-node-flags.test.ts checks them.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];
