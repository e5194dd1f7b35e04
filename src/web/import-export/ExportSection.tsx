import { useId } from "react";
import type { ExportFormat } from "../../domain/contract-schemas";
import { exportUrl } from "../api/export-url";
import buttons from "../ui/buttons.module.css";
import panel from "../ui/panel.module.css";
import styles from "./ExportSection.module.css";

const downloads: { format: ExportFormat; label: string; use: string }[] = [
  { format: "json", label: "Exportar JSON", use: "Cópia completa, que volta inteira pela importação." },
  { format: "markdown", label: "Exportar Markdown", use: "Um documento para ler, imprimir ou publicar." },
  { format: "csv", label: "Exportar CSV", use: "Uma tabela para abrir em planilhas." },
];

/**
 * 'Exportar': plain links with `download`, so the browser saves the file under the server's dated name
 * (memoteca-AAAA-MM-DD.json) and sends the session cookie as with any page of the site.
 */
export function ExportSection() {
  const titleId = useId();
  return (
    <section className={`${panel.surface} ${styles.panel}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${panel.heading} ${styles.title}`}>
        Exportar
      </h2>
      <p className={styles.intro}>
        Baixe todos os seus pensamentos, do mais antigo ao mais novo, em um arquivo.
      </p>
      <ul className={styles.downloads}>
        {downloads.map(({ format, label, use }) => (
          <li key={format} className={styles.download}>
            <a href={exportUrl(format)} download className={`${buttons.secondary} ${styles.link}`}>
              {label}
            </a>
            <span className={styles.use}>{use}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
