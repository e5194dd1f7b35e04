import { useId, useRef, useState } from "react";
import type { ImportMap, ImportResult } from "../../domain/contract-schemas";
import { importSummary } from "../../domain/import-summary";
import { useImportFile } from "../api/use-import-file";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import panel from "../ui/panel.module.css";
import { CsvMapping, type DraftMap, MAP_INCOMPLETE, type Mapeamento } from "./CsvMapping";
import { checkFile } from "./chosen-file";
import { FileDropField } from "./FileDropField";
import { ImportErrors } from "./ImportErrors";
import { ImportPassedOver } from "./ImportPassedOver";
import preview from "./ImportPreview.module.css";
import styles from "./ImportSection.module.css";
import { ImportSources } from "./ImportSources";
import { importFailure } from "./import-failure";
import { FORMAT_NAMES } from "./import-texts";
import { UploadStatus } from "./UploadStatus";
import { useStrayDropGuard } from "./useStrayDropGuard";

/** The mapping as the API takes it, once the text and the author each have a column. */
function completeMap(draft: DraftMap): ImportMap | undefined {
  const { conteudo, autoria } = draft;
  return conteudo !== undefined && autoria !== undefined ? { ...draft, conteudo, autoria } : undefined;
}

/** What the summary says of a dry run that found a CSV it needs mapped. */
const MAP_ASKED = "O CSV tem colunas que o Memoteca não conhece: diga abaixo qual é qual e simule de novo.";

/**
 * 'Importar': choose or drop a file, simulate or import it, follow the upload, then read what happened.
 * A file the import cannot take (its size, a picture) is refused here, before a byte is sent; the server
 * tells the kind of the rest by its content. A dry run lists the file's sources, to untick the ones to
 * leave out, and for a CSV the server does not know, its columns, to say which is which.
 */
export function ImportSection() {
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  /** The last dry run of this file (and mapping): its sources, or its columns. */
  const [simulated, setSimulated] = useState<ImportResult>();
  const [mapeamento, setMapeamento] = useState<Mapeamento>();
  const [mapa, setMapa] = useState<DraftMap>({});
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportFile();
  const titleId = useId();
  useStrayDropGuard();

  function choose(next: File | undefined, refused?: string) {
    // An upload on its way goes on (it may already be importing): its answer is still the one to show.
    if (!upload.isPending) upload.reset();
    setFile(next);
    setSimulated(undefined);
    setMapeamento(undefined);
    setMapa({});
    setUnticked(new Set());
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
    const complete = completeMap(mapa);
    if (mapeamento && !complete) {
      setProblem(MAP_INCOMPLETE);
      return;
    }
    setProblem(undefined);
    upload.mutate(
      {
        file: check.file,
        contentType: check.contentType,
        dryRun,
        mapa: mapeamento ? complete : undefined,
        semFontes: simulated ? [...unticked] : undefined,
      },
      {
        onSuccess: (answer) => {
          if (!answer.dryRun) {
            setSimulated(undefined);
            setUnticked(new Set());
            return;
          }
          if (answer.mapeamento) {
            setMapeamento(answer.mapeamento);
            setMapa(answer.mapeamento.sugestao);
            setSimulated(undefined);
          } else setSimulated(answer);
        },
      },
    );
  }

  function remap(next: DraftMap) {
    setMapa(next);
    // Another mapping reads other sources: the list of the last dry run no longer holds.
    setSimulated(undefined);
    setUnticked(new Set());
  }

  function toggle(position: number, ticked: boolean) {
    setUnticked((before) => {
      const next = new Set(before);
      if (ticked) next.delete(position);
      else next.add(position);
      return next;
    });
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
        Keep (o .zip do Google Takeout), os destaques do Kindle (o My Clippings.txt ou o caderno de notas
        exportado pelo app), do Readwise (CSV), do Kobo (o KoboReader.sqlite da pasta .kobo), do KOReader
        (JSON) ou de qualquer CSV com cabeçalho. Simule antes para ver as fontes e escolher quais trazer. Os
        que já estão no mural ficam de fora.
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
        {mapeamento ? <CsvMapping mapeamento={mapeamento} mapa={mapa} onChange={remap} /> : null}
        {simulated ? <ImportSources result={simulated} unticked={unticked} onToggle={toggle} /> : null}
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
        {result ? (
          <p className={styles.summary}>{result.mapeamento ? MAP_ASKED : importSummary(result)}</p>
        ) : null}
        {result?.formato && !result.mapeamento ? (
          <p className={preview.format}>Arquivo reconhecido: {FORMAT_NAMES[result.formato]}.</p>
        ) : null}
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
