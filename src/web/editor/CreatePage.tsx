import { usePageTitle } from "../ui/usePageTitle";

export function CreatePage() {
  usePageTitle("Novo pensamento");
  return <h1>Adicione um novo pensamento</h1>;
}
