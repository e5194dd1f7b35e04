#!/usr/bin/env node
// `npm run backup`: see scripts/backup.ts.
import { runScript } from "./run-script.mjs";

await runScript("backup");
