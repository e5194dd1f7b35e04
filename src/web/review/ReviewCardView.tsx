import { type PointerEvent, useRef } from "react";
import type { ReviewCard, Thought } from "../../domain/contract";
import styles from "./ReviewPage.module.css";

interface ReviewCardViewProps {
  card: ReviewCard;
  /** The thought as it stands now (an edit made from the review comes back with its new text). */
  thought: Thought;
  /** A memorise card's hidden words or author, shown after 'Mostrar'. */
  revealed: boolean;
  /** A swipe to the side ('Próximo'), on a resurfacing card only. */
  onSwipe?: () => void;
}

/** How far a finger must travel sideways, and more than up or down, to count as a swipe. */
const SWIPE_PX = 60;

/**
 * One card of the review: the text large, in its own direction (dir="auto"), the author and the source,
 * and the line that says why it came. A cloze hides its chosen words behind blanks and 'Quem disse?'
 * its author until 'Mostrar'.
 */
export function ReviewCardView({ card, thought, revealed, onSwipe }: ReviewCardViewProps) {
  const start = useRef<{ x: number; y: number; id: number }>(undefined);
  const mark = card.tipo === "memorizar" ? card.memorizar : null;
  const hiddenAuthor = mark?.modo === "quem" && !revealed;

  const onPointerDown = (event: PointerEvent) => {
    if (!onSwipe || event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = undefined;
    if (!onSwipe || !from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) onSwipe();
  };

  return (
    <figure
      className={`${styles.card} ${styles[thought.modelo]} ${onSwipe ? styles.swipeable : ""}`}
      aria-label={`Pensamento de ${hiddenAuthor ? "autoria oculta" : thought.autoria}`}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = undefined;
      }}
    >
      <p className={styles.reason}>{card.motivo}</p>
      <blockquote className={styles.text} dir="auto">
        {mark?.modo === "lacuna" ? (
          <ClozeText text={thought.conteudo} hidden={mark.ocultas} revealed={revealed} />
        ) : (
          thought.conteudo
        )}
      </blockquote>
      <figcaption className={styles.byline}>
        {hiddenAuthor ? (
          <span className={styles.who}>Quem disse?</span>
        ) : (
          <span className={`${styles.author} ${mark?.modo === "quem" ? styles.shown : ""}`} dir="auto">
            {thought.autoria}
          </span>
        )}
        {thought.fonte && !hiddenAuthor ? (
          <cite className={styles.source} dir="auto">
            {thought.fonte}
            {thought.local ? `, ${thought.local}` : ""}
          </cite>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * The text with the chosen words (their indexes among the runs of non-space characters, as the server counts
 * them) as blanks of their length, or, revealed, marked.
 */
function ClozeText({
  text,
  hidden,
  revealed,
}: {
  text: string;
  hidden: readonly number[];
  revealed: boolean;
}) {
  const chosen = new Set(hidden);
  let index = -1;
  return (
    <>
      {text.split(/(\s+)/u).map((part, at) => {
        if (part === "" || /^\s+$/u.test(part)) return part;
        index += 1;
        if (!chosen.has(index)) return part;
        const key = `${at}-${part}`;
        return revealed ? (
          <mark key={key} className={styles.revealed}>
            {part}
          </mark>
        ) : (
          <span key={key} className={styles.blank}>
            <span aria-hidden="true">{"_".repeat(Math.min([...part].length, 24))}</span>
            <span className="visually-hidden">(palavra oculta)</span>
          </span>
        );
      })}
    </>
  );
}
