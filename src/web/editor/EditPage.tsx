import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { Thought } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import { isOfflineError } from "../api/client";
import { pendingThought } from "../api/outbox/write-or-keep";
import { useReplaceThought } from "../api/use-save-thought";
import { isNotFound, parseThoughtId, thoughtOnAWall, useThought } from "../api/use-thought";
import { useAppState } from "../routing/app-state";
import { loadFailureMessage } from "../ui/load-failure";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { usePageTitle } from "../ui/usePageTitle";
import { EditorFailure, EditorLoading, ThoughtNotFound } from "./EditorStatus";
import { ThoughtEditor } from "./ThoughtEditor";

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

function LoadedEditor({ thought }: { thought: Thought }) {
  usePageTitle("Editar pensamento");
  const replace = useReplaceThought();
  const leave = useLeaveToWall();
  const { saved } = useAppState();
  async function save(form: ThoughtForm) {
    const { queued, ...edited } = await replace.mutateAsync({ ...thought, ...form });
    saved.set({ kind: "edited", thought: edited, ...(queued ? { queued } : {}) });
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
    <ThoughtEditor screen="edit" title="Editar pensamento" initial={initial} onSave={save} onCancel={leave} />
  );
}
