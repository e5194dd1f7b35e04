import type { ReviewCard, Thought } from "../../domain/contract";
import type { PendingAnswer } from "../api/review-day";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import styles from "./ReviewPage.module.css";
import { memoriseActions, resurfacingActions } from "./review-texts";

interface ReviewFeedbackProps {
  card: ReviewCard;
  thought: Thought;
  revealed: boolean;
  onReveal: () => void;
  onAnswer: (answer: PendingAnswer["resposta"]) => void;
  onEdit: () => void;
}

/**
 * The card's feedback, as buttons (a tap, a click) with their keys: on a resurfacing card 'Próximo' first,
 * then the ways to bring it back later or never; on a memorise card 'Mostrar', then how well it was
 * remembered.
 */
export function ReviewFeedback({ card, thought, revealed, onReveal, onAnswer, onEdit }: ReviewFeedbackProps) {
  if (card.tipo === "memorizar") {
    return (
      <div className={styles.feedback}>
        {revealed ? (
          <fieldset className={styles.grades}>
            <legend className={styles.legend}>Como você se lembrou?</legend>
            {memoriseActions.map(({ answer, label, key }) => (
              <button
                key={answer}
                type="button"
                className={buttons.secondary}
                aria-keyshortcuts={key}
                onClick={() => onAnswer(answer)}
              >
                {label}
                <span className={styles.key} aria-hidden="true">
                  {key}
                </span>
              </button>
            ))}
          </fieldset>
        ) : (
          <button
            type="button"
            className={`${buttons.primary} ${styles.next}`}
            aria-keyshortcuts="Enter Space"
            onClick={onReveal}
          >
            Mostrar
          </button>
        )}
        <div className={styles.more}>
          <button type="button" className={styles.quiet} aria-keyshortcuts="e" onClick={onEdit}>
            Editar
          </button>
          <Link to={paths.memorize(thought.id)} className={styles.quiet}>
            Mudar o que memorizar
          </Link>
        </div>
      </div>
    );
  }
  const later = ["em_breve", "mais_tarde", "bem_depois"] as const;
  return (
    <div className={styles.feedback}>
      <button
        type="button"
        className={`${buttons.primary} ${styles.next}`}
        aria-keyshortcuts="Enter ArrowRight"
        onClick={() => onAnswer("proximo")}
      >
        {resurfacingActions.proximo.label}
        <span aria-hidden="true">→</span>
      </button>
      <fieldset className={styles.grades}>
        <legend className={styles.legend}>Quando ver de novo</legend>
        {later.map((answer) => {
          const { label, key, hint } = resurfacingActions[answer];
          return (
            <button
              key={answer}
              type="button"
              className={buttons.secondary}
              aria-keyshortcuts={key}
              title={hint}
              onClick={() => onAnswer(answer)}
            >
              {label}
              <span className={styles.key} aria-hidden="true">
                {key}
              </span>
            </button>
          );
        })}
      </fieldset>
      <div className={styles.more}>
        <button
          type="button"
          className={styles.quiet}
          aria-keyshortcuts="f"
          onClick={() => onAnswer("favoritar")}
        >
          {resurfacingActions.favoritar.label}
        </button>
        <button type="button" className={styles.quiet} aria-keyshortcuts="e" onClick={onEdit}>
          Editar
        </button>
        <Link to={paths.memorize(thought.id)} className={styles.quiet}>
          Memorizar
        </Link>
        <button
          type="button"
          className={`${styles.quiet} ${styles.danger}`}
          aria-keyshortcuts="d"
          onClick={() => onAnswer("descartar")}
        >
          {resurfacingActions.descartar.label}
        </button>
      </div>
    </div>
  );
}
