import { useId, useRef, useState } from "react";
import { importSummary } from "../../domain/import-summary";
import { useImportFile } from "../api/use-import-file";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import panel from "../ui/panel.module.css";
import { checkFile } from "./chosen-file";
import { FileDropField } from "./FileDropField";
import { ImportErrors } from "./ImportErrors";
import { ImportPassedOver } from "./ImportPassedOver";
import styles from "./ImportSection.module.css";
import { importFailure } from "./import-failure";
import { UploadStatus } from "./UploadStatus";
import { useStrayDropGuard } from "./useStrayDropGuard";

/**
 * 'Importar': choose or drop a file, simulate or import it, follow the upload, then read what happened.
 * A file the import cannot take (its type, its size) is refused here, before a byte is sent.
 */
export function ImportSection() {
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportFile();
  const titleId = useId();
  useStrayDropGuard();

  function choose(next: File | undefined, refused?: string) {
    // An upload on its way goes on (it may already be importing): its answer is still the one to show.
    if (!upload.isPending) upload.reset();
    setFile(next);
    const check = checkFile(next);
    setProblem(refused ?? (next && !check.ok ? check.problem : undefined));
  }

  function send(dryRun: boolean) {
    if (upload.isPending) return;
    const check = checkFile(file);
    if (!check.ok) {
      setProblem(check.problem);
      input.current?.focus();
      return;
    }
    upload.mutate({ file: check.file, contentType: check.contentType, dryRun });
  }

  const pendingDryRun = upload.isPending && upload.variables?.dryRun;
  const pendingImport = upload.isPending && !upload.variables?.dryRun;
  const result = upload.data;
  return (
    <section className={`${panel.surface} ${styles.panel}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${panel.heading} ${styles.title}`}>
        Importar
      </h2>
      <p className={styles.intro}>
        Traga pensamentos de uma exportação do Memoteca (JSON ou CSV), do db.json do app original, do Google
        Keep (o .zip do Google Takeout) ou os destaques do Kindle (o My Clippings.txt). Os que já estão no
        mural ficam de fora.
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        <FileDropField file={file} problem={problem} onChoose={choose} inputRef={input} />
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.secondary}
            aria-disabled={upload.isPending || undefined}
            onClick={() => send(true)}
          >
            {pendingDryRun ? "Simulando…" : "Simular importação"}
          </button>
          <button type="submit" className={buttons.primary} aria-disabled={upload.isPending || undefined}>
            {pendingImport ? "Importando…" : "Importar"}
          </button>
        </div>
      </form>
      {upload.isPending && upload.progress ? <UploadStatus progress={upload.progress} /> : null}
      <div role="status" className={styles.outcome}>
        {upload.isPending ? <p className="visually-hidden">Enviando o arquivo…</p> : null}
        {result ? <p className={styles.summary}>{importSummary(result)}</p> : null}
      </div>
      {result ? <ImportPassedOver result={result} /> : null}
      {result ? <ImportErrors result={result} /> : null}
      {result && !result.dryRun && result.imported > 0 ? (
        <Link to={paths.wall} className={styles.toWall}>
          Ver o mural
        </Link>
      ) : null}
      {upload.isError ? (
        <ErrorNotice
          message={importFailure(upload.error, upload.variables?.dryRun ?? false)}
          onRetry={() => upload.variables && upload.mutate(upload.variables)}
        />
      ) : null}
    </section>
  );
}
