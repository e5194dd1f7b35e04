import { useState } from "react";
import { useParams } from "react-router";
import type { Thought } from "../../domain/contract";
import { clozeWords } from "../../domain/review-schemas";
import { errorMessage } from "../api/client";
import { useMemorise } from "../api/review";
import { isNotFound, parseThoughtId, useThought } from "../api/use-thought";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import fields from "../ui/fields.module.css";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./MemorisePage.module.css";
import page from "./ReviewPage.module.css";

/**
 * /revisao/memorizar/:id, 'Memorizar': the thought's words as buttons, the ones tapped hidden in the review
 * (a cloze), or 'Quem disse?', its author hidden. Saved, the thought comes in the reviews as a card to
 * recall, scheduled by how well it was remembered; 'Parar de memorizar' takes that back.
 */
export function MemorisePage() {
  usePageTitle("Memorizar");
  const id = parseThoughtId(useParams().id);
  const thought = useThought(id ?? 0, { enabled: id !== undefined, fromWall: true });
  return (
    <section className={page.page} aria-labelledby="memorise-title">
      <div className={page.top}>
        <h1 id="memorise-title" className={page.title} tabIndex={-1}>
          Memorizar
        </h1>
        <nav className={page.links} aria-label="Revisão">
          <Link to={paths.review}>Revisão de hoje</Link>
          <Link to={paths.wall}>Voltar para o mural</Link>
        </nav>
      </div>
      {id === undefined || isNotFound(thought.error) ? (
        <p className={page.empty}>Pensamento não encontrado.</p>
      ) : thought.data ? (
        <MemoriseForm key={thought.data.id} thought={thought.data} />
      ) : thought.isError ? (
        <ErrorNotice message={errorMessage(thought.error)} onRetry={() => void thought.refetch()} />
      ) : (
        <p role="status" className={page.loading}>
          Carregando o pensamento…
        </p>
      )}
    </section>
  );
}

function MemoriseForm({ thought }: { thought: Thought }) {
  const memorise = useMemorise(thought.id);
  const leave = useLeaveToWall();
  const words = clozeWords(thought.conteudo);
  const [mode, setMode] = useState<"lacuna" | "quem">("lacuna");
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [said, setSaid] = useState("");
  const [failure, setFailure] = useState<string>();

  const toggle = (index: number) => {
    const next = new Set(hidden);
    if (!next.delete(index)) next.add(index);
    setHidden(next);
  };

  const save = () => {
    setFailure(undefined);
    if (mode === "lacuna" && hidden.size === 0) {
      setFailure("Toque em pelo menos uma palavra para escondê-la.");
      return;
    }
    const mark =
      mode === "lacuna"
        ? { modo: "lacuna" as const, ocultas: [...hidden].sort((a, b) => a - b) }
        : { modo: "quem" as const };
    memorise.mutate(mark, {
      onSuccess: () => {
        setSaid("Marcado para memorizar: ele aparece nas próximas revisões.");
        leave();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  const stop = () =>
    memorise.mutate(null, {
      onSuccess: () => setSaid("Este pensamento não está mais para memorizar."),
      onError: (error) => setFailure(errorMessage(error)),
    });

  return (
    <div className={styles.form}>
      <fieldset className={styles.modes}>
        <legend className={fields.label}>Como memorizar</legend>
        <label className={styles.choice}>
          <input type="radio" name="modo" checked={mode === "lacuna"} onChange={() => setMode("lacuna")} />
          Lacunas: esconder palavras
        </label>
        <label className={styles.choice}>
          <input type="radio" name="modo" checked={mode === "quem"} onChange={() => setMode("quem")} />
          Quem disse? (esconder a autoria)
        </label>
      </fieldset>
      {mode === "lacuna" ? (
        <div className={styles.words}>
          <p id="memorise-words-hint" className={styles.hint}>
            Toque nas palavras a esconder ({hidden.size} escolhida{hidden.size === 1 ? "" : "s"}).
          </p>
          <p className={styles.text} dir="auto">
            {words.map((word, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: a word's place in the text is what is kept.
                key={index}
                type="button"
                className={styles.word}
                aria-pressed={hidden.has(index)}
                onClick={() => toggle(index)}
              >
                {word}
              </button>
            ))}
          </p>
        </div>
      ) : (
        <p className={styles.hint}>
          Na revisão, o texto aparece sem a autoria ({thought.autoria}): diga quem disse, depois toque em
          “Mostrar”.
        </p>
      )}
      {failure ? <ErrorNotice message={failure} /> : null}
      <p role="status" className={styles.said}>
        {said}
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttons.primary} aria-disabled={memorise.isPending} onClick={save}>
          Salvar
        </button>
        <button type="button" className={buttons.secondary} onClick={leave}>
          Cancelar
        </button>
        <button type="button" className={page.quiet} onClick={stop}>
          Parar de memorizar
        </button>
      </div>
    </div>
  );
}
