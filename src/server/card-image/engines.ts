import type { CardNode } from "./layout";

/**
 * satori (element tree to SVG) and resvg (SVG to PNG), loaded on the first card rather than at start-up:
 * satori instantiates two WebAssembly modules, a few hundred milliseconds that the server's start should not
 * pay for a feature most visits never use.
 *
 * satori is imported by a name TypeScript does not follow, and typed here with the part of its API the card
 * uses (satori 0.63, see its README): its own declarations import React's, whose global stubs (an empty
 * Element, HTMLElement, SVGElement) would enter the server's type program and break the Playwright specs
 * that type DOM nodes without the DOM library. render.test.ts draws through the real satori with it.
 */

export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

export interface SatoriOptions {
  width: number;
  height: number;
  fonts: CardFont[];
  /** Pictures for some graphemes (emoji), drawn the size of the text: a grapheme to an image source. */
  graphemeImages?: Record<string, string>;
  /** Called for text no given font draws; an empty list means "none to add". */
  loadAdditionalAsset?: (languageCode: string, segment: string) => Promise<string | CardFont[]>;
}

export type Satori = (element: CardNode, options: SatoriOptions) => Promise<string>;

const SATORI: string = "satori";

export interface Engines {
  satori: Satori;
  renderAsync: typeof import("@resvg/resvg-js").renderAsync;
}

let loading: Promise<Engines> | undefined;

export function engines(): Promise<Engines> {
  loading ??= Promise.all([import(SATORI) as Promise<{ default: Satori }>, import("@resvg/resvg-js")]).then(
    ([satori, resvg]) => ({ satori: satori.default, renderAsync: resvg.renderAsync }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
