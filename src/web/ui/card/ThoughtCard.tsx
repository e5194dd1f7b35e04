import type { ReactNode } from "react";
import type { Model } from "../../../domain/rules";
import { isWide } from "../../../domain/rules";
import { AddedOn } from "./AddedOn";
import { CardNote } from "./CardNote";
import { CardSource } from "./CardSource";
import { ClampedText } from "./ClampedText";
import { LinkedText } from "./LinkedText";
import { QuoteMark } from "./QuoteMark";
import styles from "./ThoughtCard.module.css";

export interface ThoughtCardProps {
  conteudo: string;
  autoria: string;
  modelo: Model;
  /** The content as nodes (say, with search matches marked); the text with its links when absent. */
  content?: ReactNode;
  author?: ReactNode;
  /** Where the quote comes from (a book, an album, a site) and where in it; none is "". */
  fonte?: string;
  local?: string;
  /** The source's page: the source is a link there (not in a preview or the trash). */
  sourceHref?: string;
  /** The reader's own note, behind 'Nota'; none is "". */
  nota?: string;
  /** When the thought was added (an ISO 8601 instant), shown quietly. */
  criadoEm?: string;
  /** The labels (chips), drawn under the author. */
  labels?: ReactNode;
  /** Controls shown at the foot of the card (favorite, edit, delete on the wall). */
  children?: ReactNode;
  label?: string;
  /**
   * `figure` for a thought shown on its own (the day's, a draw), so that the wall's articles stay the wall's
   * list, one per thought of the page, for readers and tests alike.
   */
  as?: "article" | "figure";
  /** Marked a moment (a card just brought back by 'Desfazer'), so the eye finds it. */
  marked?: boolean;
  /** A long text is cut at `--clamp-lines` lines (12 by default), with 'Ver mais' (see ClampedText). */
  clamp?: boolean;
}

/**
 * A thought as a card: the model's picture and shadow, the text with its line breaks, the author in bold,
 * quietly beside it the day it was added, the source in italics under it, its labels, and the reader's note
 * behind 'Nota'. The text and the author each take the direction of their own first letter (dir="auto"):
 * Hebrew or Arabic reads from the right, aligned there, with its full stop at its end.
 */
export function ThoughtCard({
  conteudo,
  autoria,
  modelo,
  content,
  author,
  fonte,
  local,
  sourceHref,
  nota,
  criadoEm,
  labels,
  children,
  label,
  as: Element = "article",
  marked = false,
  clamp = false,
}: ThoughtCardProps) {
  const wide = isWide(conteudo);
  return (
    <Element
      className={`${styles.card} ${styles[modelo]} ${wide ? styles.wide : styles.narrow} ${marked ? styles.marked : ""}`}
      aria-label={label}
    >
      <QuoteMark model={modelo} />
      {clamp ? (
        <ClampedText text={conteudo} className={styles.content}>
          {content ?? <LinkedText text={conteudo} />}
        </ClampedText>
      ) : (
        <p className={styles.content} dir="auto">
          {content ?? <LinkedText text={conteudo} />}
        </p>
      )}
      <div className={styles.byline}>
        <p className={styles.author} dir="auto">
          {author ?? autoria}
        </p>
        {criadoEm ? <AddedOn instant={criadoEm} className={styles.added} /> : null}
        <CardSource fonte={fonte} local={local} href={sourceHref} />
      </div>
      {labels}
      {nota ? <CardNote nota={nota} /> : null}
      {children ? <div className={styles.controls}>{children}</div> : null}
    </Element>
  );
}
