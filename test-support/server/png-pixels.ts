import { decode } from "fast-png";

/** A rectangle of an image: left and top included, right and bottom not. */
export interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Pixels {
  width: number;
  height: number;
  /** Red, green, blue (0 to 255) of one pixel. */
  rgb(x: number, y: number): [number, number, number];
}

/** A PNG's pixels, whatever its colour type (resvg writes RGBA). */
export function pixelsOf(png: Uint8Array): Pixels {
  const image = decode(png);
  const { width, height, channels } = image;
  const data = image.data;
  return {
    width,
    height,
    rgb(x, y) {
      const i = (y * width + x) * channels;
      return channels >= 3
        ? [Number(data[i]), Number(data[i + 1]), Number(data[i + 2])]
        : [Number(data[i]), Number(data[i]), Number(data[i])];
    },
  };
}

function count(pixels: Pixels, area: Area, test: (rgb: [number, number, number]) => boolean): number {
  let found = 0;
  for (let y = area.top; y < area.bottom; y++) {
    for (let x = area.left; x < area.right; x++) if (test(pixels.rgb(x, y))) found++;
  }
  return found;
}

/** Pixels of ink: dark, as the card's text is. */
export const inkIn = (pixels: Pixels, area: Area) => count(pixels, area, ([r, g, b]) => r + g + b < 3 * 128);

/** Pixels of colour, not grey: far apart channels, as in an emoji and never in the card's grey text. */
export const colourIn = (pixels: Pixels, area: Area) =>
  count(pixels, area, (rgb) => Math.max(...rgb) - Math.min(...rgb) > 80);

/** Pixels that differ between two images of the same size. */
export function differencesIn(a: Pixels, b: Pixels, area: Area): number {
  let found = 0;
  for (let y = area.top; y < area.bottom; y++) {
    for (let x = area.left; x < area.right; x++) {
      const [p, q] = [a.rgb(x, y), b.rgb(x, y)];
      if (p.some((channel, i) => Math.abs(channel - (q[i] ?? 0)) > 48)) found++;
    }
  }
  return found;
}
