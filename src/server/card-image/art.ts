import type { Model } from "../../domain/rules";

/**
 * The pictures of the card, as the web app draws them: the same shapes as src/web/ui/card/QuoteMark.tsx
 * (the quotation mark of each model, viewBox 0 0 48 40) and src/web/layout/Logo.tsx (the wordmark's two
 * marks). They are our own art; copied here as data because the server cannot import the web's JSX, and
 * art.test.ts checks that every shape still matches the web's, so the two cannot drift apart.
 */

export interface Shape {
  type: "path" | "circle";
  attributes: Record<string, string>;
}

/** The model colours: the card's shadow and picture. */
export const MODEL_COLOUR: Record<Model, string> = {
  modelo1: "#154580",
  modelo2: "#6BD1FF",
  modelo3: "#84EEC1",
};

export const PRIMARY = "#154580";
export const TAGLINE = "#6BD1FF";

export const QUOTE_VIEWBOX = { width: 48, height: 40 } as const;

const path = (d: string, fill: string): Shape => ({ type: "path", attributes: { d, fill } });
const circle = (cx: string, cy: string, r: string, fill: string): Shape => ({
  type: "circle",
  attributes: { cx, cy, r, fill },
});

/** Each model's picture, drawn in its colour (modelo3's bubble holds marks in the primary blue). */
export const QUOTE_MARK: Record<Model, readonly Shape[]> = {
  // Square, heavy quotation marks: the classic quote.
  modelo1: [
    path(
      "M2 30C2 19 8 10 18 6v6c-4.5 1.6-7 5-7.4 9H18v15H2zm26 0c0-11 6-20 16-24v6c-4.5 1.6-7 5-7.4 9H44v15H28z",
      MODEL_COLOUR.modelo1,
    ),
  ],
  // Round, comma-like marks: a line of a song.
  modelo2: [
    circle("11", "28", "9", MODEL_COLOUR.modelo2),
    path("M2 28C2 16 8 7 19 3l1.6 4C13.5 10 10.5 16 10.2 22z", MODEL_COLOUR.modelo2),
    circle("35", "28", "9", MODEL_COLOUR.modelo2),
    path("M26 28c0-12 6-21 17-25l1.6 4C37.5 10 34.5 16 34.2 22z", MODEL_COLOUR.modelo2),
  ],
  // A speech bubble holding the marks: an idea said out loud.
  modelo3: [
    path(
      "M4 2h40a2 2 0 0 1 2 2v24a2 2 0 0 1-2 2H19l-11 8v-8H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z",
      MODEL_COLOUR.modelo3,
    ),
    path(
      "M13 23c0-5.5 2.8-9.5 7.5-11v3.2c-2 .8-3.3 2.2-3.6 3.8h3.6v4zm13 0c0-5.5 2.8-9.5 7.5-11v3.2c-2 .8-3.3 2.2-3.6 3.8h3.6v4z",
      PRIMARY,
    ),
  ],
};

/** The wordmark's two marks (Logo.tsx, its viewBox cropped to the marks). */
export const WORDMARK_QUOTES: Shape = path(
  "M2 26c0-8 4-14 11-16v5c-3 1.2-5 3.6-5 6h5v11H2zm15 0c0-8 4-14 11-16v5c-3 1.2-5 3.6-5 6h5v11H17z",
  TAGLINE,
);
export const WORDMARK_VIEWBOX = { x: 1, y: 9, width: 28, height: 24 } as const;
