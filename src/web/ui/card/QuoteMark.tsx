import type { Model } from "../../../domain/rules";

const colour: Record<Model, string> = { modelo1: "#154580", modelo2: "#6BD1FF", modelo3: "#84EEC1" };

/** Our own art, one picture per model, each drawn in its model's colour. */
const pictures: Record<Model, (fill: string) => React.ReactNode> = {
  // Square, heavy quotation marks: the classic quote.
  modelo1: (fill) => (
    <path
      d="M2 30C2 19 8 10 18 6v6c-4.5 1.6-7 5-7.4 9H18v15H2zm26 0c0-11 6-20 16-24v6c-4.5 1.6-7 5-7.4 9H44v15H28z"
      fill={fill}
    />
  ),
  // Round, comma-like marks: a line of a song.
  modelo2: (fill) => (
    <g fill={fill}>
      <circle cx="11" cy="28" r="9" />
      <path d="M2 28C2 16 8 7 19 3l1.6 4C13.5 10 10.5 16 10.2 22z" />
      <circle cx="35" cy="28" r="9" />
      <path d="M26 28c0-12 6-21 17-25l1.6 4C37.5 10 34.5 16 34.2 22z" />
    </g>
  ),
  // A speech bubble holding the marks: an idea said out loud.
  modelo3: (fill) => (
    <>
      <path
        d="M4 2h40a2 2 0 0 1 2 2v24a2 2 0 0 1-2 2H19l-11 8v-8H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill={fill}
      />
      <path
        d="M13 23c0-5.5 2.8-9.5 7.5-11v3.2c-2 .8-3.3 2.2-3.6 3.8h3.6v4zm13 0c0-5.5 2.8-9.5 7.5-11v3.2c-2 .8-3.3 2.2-3.6 3.8h3.6v4z"
        fill="#154580"
      />
    </>
  ),
};

/** The picture at the top of a card; decorative, since the card's text says everything. */
export function QuoteMark({ model }: { model: Model }) {
  return (
    <svg viewBox="0 0 48 40" width="48" height="40" aria-hidden="true" focusable="false">
      {pictures[model](colour[model])}
    </svg>
  );
}
