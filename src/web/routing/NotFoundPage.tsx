import { paths } from "../paths";
import buttons from "../ui/buttons.module.css";
import { NotFound } from "../ui/StatusPanel";
import { usePageTitle } from "../ui/usePageTitle";
import { Link } from "./Link";

export function NotFoundPage() {
  usePageTitle("Página não encontrada");
  return (
    <NotFound title="Página não encontrada" text="O endereço que você abriu não existe na Memoteca.">
      <Link to={paths.wall} className={buttons.secondary}>
        Voltar para o mural
      </Link>
    </NotFound>
  );
}
