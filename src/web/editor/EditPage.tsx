import { usePageTitle } from "../ui/usePageTitle";

export function EditPage() {
  usePageTitle("Editar pensamento");
  return <h1>Editar pensamento</h1>;
}
