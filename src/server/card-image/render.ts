import { engines } from "./engines";
import { cardFonts } from "./fonts";
import { type CardThought, cardTree, IMAGE } from "./layout";

/**
 * A thought's card as PNG bytes: satori lays the element tree out into an SVG (the text as paths), and
 * resvg draws that SVG, on libuv's thread pool (renderAsync) rather than on the event loop. Both, and the
 * fonts, are loaded on the first card (see engines.ts and fonts.ts).
 */
export async function renderCardPng(thought: CardThought): Promise<Buffer> {
  const [{ satori, renderAsync }, fonts] = await Promise.all([engines(), cardFonts()]);
  const svg = await satori(cardTree(thought, fonts.covers), {
    ...IMAGE,
    fonts: fonts.fonts,
    // Nothing to fetch: characters no loaded font draws were already replaced (text-fit.ts), and this
    // answer (no font) keeps satori from looking any further should one slip through.
    loadAdditionalAsset: async () => [],
  });
  // The text is already paths: resvg needs no fonts, and scanning the system's would only cost time.
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return image.asPng();
}
