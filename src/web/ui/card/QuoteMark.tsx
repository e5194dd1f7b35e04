import type { Model } from "../../../domain/rules";

const colour: Record<Model, string> = { modelo1: "#154580", modelo2: "#6BD1FF", modelo3: "#84EEC1" };

/** Our own quotation-mark picture, in the colour of the card's model. */
export function QuoteMark({ model }: { model: Model }) {
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false" data-model={model}>
      <path
        d="M2 22C2 11 8 4 18 2v6c-4.5 1.6-7 5-7.4 9H18v15H2zm26 0C28 11 34 4 44 2v6c-4.5 1.6-7 5-7.4 9H44v15H28z"
        fill={colour[model]}
      />
    </svg>
  );
}
