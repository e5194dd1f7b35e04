import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import type { Thought } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import { isOfflineError } from "../api/client";
import { pendingThought } from "../api/outbox/write-or-keep";
import { putThought } from "../api/thought-cache";
import { useCreateThought, useReplaceThought } from "../api/use-save-thought";
import { isNotFound, parseThoughtId, thoughtOnAWall, useThought } from "../api/use-thought";
import { currentOf } from "../api/versions";
import { paths } from "../paths";
import { useAppState } from "../routing/app-state";
import { Link } from "../routing/Link";
import { loadFailureMessage } from "../ui/load-failure";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { usePageTitle } from "../ui/usePageTitle";
import { EditConflict, KEEP_BOTH, KEEP_MINE } from "./EditConflict";
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
  const client = useQueryClient();
  // Offline, with no copy of its own kept, the wall's copy: the save waits on this device and carries
  // the version it was read at (If-Match), so a stale copy cannot overwrite a newer text unnoticed.
  const loaded = thought.data ?? (isOfflineError(thought.error) ? thoughtOnAWall(client, id) : undefined);
  // An edit of it that waits on this device is where the user left it: the form starts from there.
  if (loaded) return <LoadedEditor thought={pendingThought(id) ?? loaded} />;
  if (thought.isPending) return <EditorLoading />;
  if (isNotFound(thought.error)) return <ThoughtNotFound />;
  const message = loadFailureMessage(thought.error, {
    offline: "Este pensamento precisa de conexão: ele não está guardado neste aparelho.",
    failed: "Não foi possível carregar o pensamento.",
  });
  return <EditorFailure message={message} onRetry={() => void thought.refetch()} />;
}

/** A save that met a newer version: what the user tried to save, and the thought as it is now. */
interface Conflict {
  mine: ThoughtForm;
  theirs: Thought;
  /** Counts the refusals: each one (Salvar pressed again, say) is a new question, which takes the focus. */
  count: number;
}

function LoadedEditor({ thought }: { thought: Thought }) {
  usePageTitle("Editar pensamento");
  const replace = useReplaceThought();
  const create = useCreateThought();
  const client = useQueryClient();
  const leave = useLeaveToWall();
  const { saved } = useAppState();
  // The version the form was filled from, kept as it was: the copy in the cache follows the other devices'
  // changes (live updates), and saving over one of them unseen is what If-Match refuses.
  const [base] = useState(thought);
  const [conflict, setConflict] = useState<Conflict>();
  async function save(form: ThoughtForm, choice?: string) {
    if (choice === KEEP_BOTH) {
      // Mine as a new thought; the other device's stays as it is.
      saved.set({ kind: "created", thought: await create.mutateAsync(form) });
      leave();
      return;
    }
    // 'Manter o meu': over the version the other device left (and only that one).
    const over = choice === KEEP_MINE && conflict ? conflict.theirs : base;
    try {
      const { queued, ...edited } = await replace.mutateAsync({ ...over, ...form });
      saved.set({ kind: "edited", thought: edited, ...(queued ? { queued } : {}) });
    } catch (error) {
      const theirs = currentOf(error);
      if (theirs) setConflict((shown) => ({ mine: form, theirs, count: (shown?.count ?? 0) + 1 }));
      throw error;
    }
    leave();
  }
  const initial = {
    conteudo: base.conteudo,
    autoria: base.autoria,
    modelo: base.modelo,
    etiquetas: base.etiquetas,
    fonte: base.fonte,
    local: base.local,
    nota: base.nota,
  };
  return (
    <>
      <ThoughtEditor
        screen="edit"
        title="Editar pensamento"
        initial={initial}
        onSave={save}
        onCancel={leave}
        notice={(leaveUnasked) =>
          conflict ? (
            <EditConflict
              key={conflict.count}
              mine={conflict.mine}
              theirs={conflict.theirs}
              onUseTheirs={() => {
                putThought(client, conflict.theirs);
                leaveUnasked(leave);
              }}
            />
          ) : null
        }
      />
      {/* Out of the form's way: memorising is a review's matter, on a screen of its own. */}
      <p className={styles.memorise}>
        <Link to={paths.memorize(thought.id)}>Memorizar este pensamento</Link>
      </p>
    </>
  );
}
