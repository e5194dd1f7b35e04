import { useState } from "react";
import { useLocation } from "react-router";
import { DEFAULT_MODEL } from "../../domain/rules";
import type { ThoughtForm } from "../../domain/thought";
import { useCreateThought } from "../api/use-save-thought";
import { useAppState } from "../routing/app-state";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { usePageTitle } from "../ui/usePageTitle";
import { sharedFields } from "./shared-fields";
import { ThoughtEditor } from "./ThoughtEditor";

const empty: ThoughtForm = {
  conteudo: "",
  autoria: "",
  modelo: DEFAULT_MODEL,
  etiquetas: [],
  fonte: "",
  local: "",
  nota: "",
};

export function CreatePage() {
  usePageTitle("Novo pensamento");
  const create = useCreateThought();
  const leave = useLeaveToWall();
  const { saved } = useAppState();
  // Opened by the share target, the bookmarklet or a link with the fields in its address: the form
  // starts filled in with them (read once: the form owns them afterwards).
  const { search } = useLocation();
  const [initial] = useState<ThoughtForm>(() => ({ ...empty, ...sharedFields(search) }));
  async function save(form: ThoughtForm) {
    const { queued, ...thought } = await create.mutateAsync(form);
    saved.set({ kind: "created", thought, ...(queued ? { queued } : {}) });
    leave();
  }
  return (
    <ThoughtEditor
      screen="create"
      title="Adicione um novo pensamento"
      initial={initial}
      onSave={save}
      onCancel={leave}
    />
  );
}
