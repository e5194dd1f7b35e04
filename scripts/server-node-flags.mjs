// How Node runs the server in production, in one place for the scripts and benchmarks that start it.
// Plain JavaScript: `npm start` and the CI scripts read it with plain node.

/**
 * V8 tuned for memory over speed. Reading an import makes many short-lived strings and objects; with V8's
 * defaults an import of 100,000 thoughts (24.8 MiB) grew the compiled server by 120-150 MiB, garbage the old
 * generation let pile up before collecting it (--max-semi-space-size=4 helped only when run from the
 * sources); with this flag by 58-63 MiB, and the server starts about 5 MiB smaller. `npm run bench -- api`
 * holds every budget with it. Also in package.json's `start`, the Dockerfile's `CMD` and the deployment
 * examples, which cannot import this; scripts/server-node-flags.test.ts checks them.
 */
export const SERVER_NODE_FLAGS = ["--optimize-for-size"];
