#!/usr/bin/env node
// `npm run export`: see scripts/export.ts.
import { runScript } from "./run-script.mjs";

await runScript("export");
