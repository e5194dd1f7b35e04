import { DEFAULT_MODEL } from "../../domain/rules";
import type { ThoughtForm } from "../../domain/thought";
import { useCreateThought } from "../api/use-save-thought";
import { useAppState } from "../routing/app-state";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { usePageTitle } from "../ui/usePageTitle";
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
  async function save(form: ThoughtForm) {
    const { queued, ...thought } = await create.mutateAsync(form);
    saved.set({ kind: "created", thought, ...(queued ? { queued } : {}) });
    leave();
  }
  return (
    <ThoughtEditor
      screen="create"
      title="Adicione um novo pensamento"
      initial={empty}
      onSave={save}
      onCancel={leave}
    />
  );
}
