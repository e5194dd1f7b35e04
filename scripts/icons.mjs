#!/usr/bin/env node
// `node scripts/icons.mjs`: draws the installed app's icons (src/web/public/icons/) from the favicon, so
// they stay our own art and match it. Run again after changing favicon.svg, and commit the PNGs: the build
// copies them as they are and needs no renderer.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

const publicDir = fileURLToPath(new URL("../src/web/public/", import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, "utf8");

/**
 * A maskable icon may be cropped to any shape inside the central 80% circle, so the quotation marks are
 * shrunk to 60% around the centre while the blue background still fills the whole square.
 */
function maskable(svg) {
  const mark = svg.match(/<path[^>]*\/>/)?.[0];
  if (!mark) throw new Error("favicon.svg has no <path> to place on the maskable icon");
  return svg.replace(mark, `<g transform="translate(6.4 6.4) scale(0.6)">${mark}</g>`);
}

function render(svg, size, file) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(`${publicDir}icons/${file}`, png);
  console.log(`icons/${file}: ${size}×${size}, ${png.length} bytes`);
}

// The tab's icon, in PNG: Chrome fetches and decodes the page's icon again after every change of address
// (each key of a search changes it), in the page's own thread, and an SVG icon is decoded as a document of its
// own: 25–46 ms of that thread at 4x CPU each time, which a key typed then waited for. A 32-pixel PNG decodes
// in well under a millisecond.
render(favicon, 32, "favicon-32.png");
render(favicon, 192, "icon-192.png");
render(favicon, 512, "icon-512.png");
render(favicon, 180, "apple-touch-icon.png");
render(maskable(favicon), 512, "maskable-512.png");
