#!/usr/bin/env node
// `npm run password`: see scripts/password.ts.
import { runScript } from "./run-script.mjs";

await runScript("password");
