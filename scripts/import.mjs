#!/usr/bin/env node
// `npm run import`: see scripts/import.ts.
import { runScript } from "./run-script.mjs";

await runScript("import");
