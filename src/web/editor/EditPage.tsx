import { useParams } from "react-router";
import type { Thought } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import { useReplaceThought } from "../api/use-save-thought";
import { isNotFound, parseThoughtId, useThought } from "../api/use-thought";
import { paths } from "../paths";
import { useAppState } from "../routing/app-state";
import { Link } from "../routing/Link";
import { loadFailureMessage } from "../ui/load-failure";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { usePageTitle } from "../ui/usePageTitle";
import { EditorFailure, EditorLoading, ThoughtNotFound } from "./EditorStatus";
import { ThoughtEditor } from "./ThoughtEditor";
import styles from "./ThoughtEditor.module.css";

export function EditPage() {
  const id = parseThoughtId(useParams().id);
  if (id === undefined) return <ThoughtNotFound />;
  // Keyed by id: another thought's form starts from its own values, never from the previous one's.
  return <EditThought key={id} id={id} />;
}

function EditThought({ id }: { id: number }) {
  const thought = useThought(id);
  if (thought.data) return <LoadedEditor thought={thought.data} />;
  if (thought.isPending) return <EditorLoading />;
  if (isNotFound(thought.error)) return <ThoughtNotFound />;
  const message = loadFailureMessage(thought.error, {
    offline: "Este pensamento precisa de conexão: ele não está guardado neste aparelho.",
    failed: "Não foi possível carregar o pensamento.",
  });
  return <EditorFailure message={message} onRetry={() => void thought.refetch()} />;
}

function LoadedEditor({ thought }: { thought: Thought }) {
  usePageTitle("Editar pensamento");
  const replace = useReplaceThought();
  const leave = useLeaveToWall();
  const { saved } = useAppState();
  async function save(form: ThoughtForm) {
    saved.set({ kind: "edited", thought: await replace.mutateAsync({ ...thought, ...form }) });
    leave();
  }
  const initial = {
    conteudo: thought.conteudo,
    autoria: thought.autoria,
    modelo: thought.modelo,
    etiquetas: thought.etiquetas,
    fonte: thought.fonte,
    local: thought.local,
    nota: thought.nota,
  };
  return (
    <>
      <ThoughtEditor
        screen="edit"
        title="Editar pensamento"
        initial={initial}
        onSave={save}
        onCancel={leave}
      />
      {/* Out of the form's way: memorising is a review's matter, on a screen of its own. */}
      <p className={styles.memorise}>
        <Link to={paths.memorize(thought.id)}>Memorizar este pensamento</Link>
      </p>
    </>
  );
}
