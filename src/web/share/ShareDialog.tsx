import { useEffect, useId, useState } from "react";
import { apiPaths, type Thought } from "../../domain/contract";
import buttons from "../ui/buttons.module.css";
import { ModalDialog } from "../ui/ModalDialog";
import styles from "./ShareDialog.module.css";
import { imageFileName, shareText } from "./share-texts";

interface ShareDialogProps {
  thought: Thought;
  onClose: () => void;
}

/** The image as a file the Web Share API can take, once fetched; undefined where it cannot share files. */
function useShareableFile(thought: Thought): File | undefined {
  const [file, setFile] = useState<File>();
  useEffect(() => {
    if (typeof navigator.canShare !== "function") return;
    const controller = new AbortController();
    fetch(apiPaths.thoughtImage(thought.id), { signal: controller.signal, credentials: "same-origin" })
      .then((response) =>
        response.ok ? response.blob() : Promise.reject(new Error(String(response.status))),
      )
      .then((blob) => {
        const candidate = new File([blob], imageFileName(thought), { type: "image/png" });
        if (navigator.canShare({ files: [candidate] })) setFile(candidate);
      })
      // No file to share: the download and the text stay on offer.
      .catch(() => undefined);
    return () => controller.abort();
  }, [thought]);
  return file;
}

/**
 * 'Compartilhar': the card as a 1200×630 image, drawn by the server. Where the browser can share files
 * (phones, mostly), 'Compartilhar imagem' opens its own share sheet; everywhere, 'Baixar imagem' saves the
 * PNG and 'Copiar texto' puts the words and the author on the clipboard.
 */
/** How many more times the image is asked for after a failure, and how long apart. */
const IMAGE_RETRIES = 2;
const IMAGE_RETRY_MS = 1_500;

export function ShareDialog({ thought, onClose }: ShareDialogProps) {
  const titleId = useId();
  const file = useShareableFile(thought);
  const [said, setSaid] = useState("");
  const [loaded, setLoaded] = useState<"loading" | "shown" | "failed">("loading");
  const imageUrl = apiPaths.thoughtImage(thought.id);
  // A card not drawn within the server's patience (503) goes on being drawn for the next ask: the image
  // is asked again, twice, a moment apart, before the dialog says it failed (a cold first drawing on a
  // busy machine took longer than the 5 s the server waits).
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!retrying) return;
    const timer = setTimeout(() => {
      setRetrying(false);
      setAttempt((count) => count + 1);
    }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [retrying]);

  async function share() {
    if (!file) return;
    try {
      await navigator.share({ files: [file], title: "Memoteca", text: shareText(thought) });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) {
        setSaid("Não foi possível compartilhar. Baixe a imagem ou copie o texto.");
      }
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(shareText(thought));
      setSaid("Texto copiado.");
    } catch {
      setSaid("Não foi possível copiar o texto. Selecione-o no cartão e copie.");
    }
  }

  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose}>
      <h2 id={titleId} className={styles.title}>
        Compartilhar
      </h2>
      {/* The image's own box from the start: a placeholder while the server draws it, then the image in its place. */}
      <div className={styles.preview} aria-busy={loaded === "loading"}>
        {loaded === "failed" ? (
          <p role="alert">Não foi possível gerar a imagem. Copie o texto ou tente de novo mais tarde.</p>
        ) : (
          <>
            {loaded === "loading" ? <p className={styles.placeholder}>Gerando imagem…</p> : null}
            {retrying ? null : (
              <img
                key={attempt}
                src={imageUrl}
                width={1200}
                height={630}
                className={styles.image}
                alt={`Cartão com o pensamento de ${thought.autoria}`}
                onLoad={() => setLoaded("shown")}
                onError={() => (attempt < IMAGE_RETRIES ? setRetrying(true) : setLoaded("failed"))}
              />
            )}
          </>
        )}
      </div>
      <p role="status" className={styles.said}>
        {said}
      </p>
      <div className={styles.actions}>
        {file ? (
          <button type="button" className={buttons.primary} onClick={() => void share()} data-autofocus>
            Compartilhar imagem
          </button>
        ) : null}
        <a
          href={imageUrl}
          download={imageFileName(thought)}
          className={file ? buttons.secondary : buttons.primary}
          {...(file ? {} : { "data-autofocus": true })}
        >
          Baixar imagem
        </a>
        <button type="button" className={buttons.secondary} onClick={() => void copy()}>
          Copiar texto
        </button>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Fechar
        </button>
      </div>
    </ModalDialog>
  );
}
