import { engines } from "./engines";
import { cardGlyphs } from "./glyphs";
import { type CardThought, cardTree, fitCard, IMAGE } from "./layout";

/**
 * A thought's card as PNG bytes: satori lays the element tree out into an SVG (the text as paths, emoji as
 * pictures), and resvg draws that SVG, on libuv's thread pool (renderAsync) rather than on the event loop.
 * Both, and the fonts, are loaded on the first card (see engines.ts and glyphs.ts); a fallback font file or
 * an emoji picture, on the first card that shows one of its characters.
 */
export async function renderCardPng(thought: CardThought): Promise<Buffer> {
  const [{ satori, renderAsync }, glyphs] = await Promise.all([engines(), cardGlyphs()]);
  const card = fitCard(thought, glyphs);
  const { fonts, images } = await glyphs.assets([...card.text.lines, card.author]);
  const svg = await satori(cardTree(thought, card, glyphs.fontFamily), {
    ...IMAGE,
    fonts,
    graphemeImages: images,
    // Nothing to fetch: the fonts and pictures of every character drawn are already given, and a character
    // none has was replaced (text-fit.ts); this answer (none) keeps satori from looking any further (why the
    // hook chooses no font here: glyphs.ts).
    loadAdditionalAsset: async () => [],
  });
  // The text is already paths: resvg needs no fonts, and scanning the system's would only cost time.
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return image.asPng();
}
