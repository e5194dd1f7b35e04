import { useId, useState } from "react";
import { errorMessage } from "../api/client";
import { useInbox, useRotateInbox } from "../api/use-bulk";
import buttons from "../ui/buttons.module.css";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ListScreen } from "../ui/ListScreen";
import { loadFailureMessage } from "../ui/load-failure";
import section from "../ui/section.module.css";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./SettingsPage.module.css";

const INTRO = "Ajustes deste Memoteca.";

/**
 * /configuracoes ('Configurações'): the private inbox's address for an e-reader (KOReader's memos/flomo
 * export posts each highlight there), shown, copied, and replaced by a new one ('Gerar novo endereço'),
 * after which the old one stops working at once.
 */
export function SettingsPage() {
  usePageTitle("Configurações");
  const inbox = useInbox();
  const rotate = useRotateInbox();
  const [said, setSaid] = useState("");
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const address = inbox.data ? `${location.origin}${inbox.data.caminho}` : "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setSaid("Endereço copiado.");
    } catch {
      setSaid("Não foi possível copiar. Selecione o endereço e copie-o.");
    }
  }

  return (
    <ListScreen titleId="settings-title" title="Configurações" intro={INTRO} said={said}>
      <section className={section.section} aria-labelledby="inbox-title">
        <h2 id="inbox-title" className={section.title}>
          Caixa de entrada do leitor
        </h2>
        <p className={section.text}>
          O KOReader envia cada destaque para um endereço no estilo do memos ou do flomo. Cole este endereço
          em 'Exportar destaques' → memos (ou flomo) → 'URL da API'. Ele é secreto: quem o tiver pode
          adicionar pensamentos ao seu mural. Se ele vazar, gere um novo.
        </p>
        {inbox.isError && !inbox.data ? (
          <ErrorNotice
            message={loadFailureMessage(inbox.error, {
              offline: "O endereço de entrada precisa de conexão.",
              failed: "Não foi possível ler o endereço de entrada.",
            })}
            onRetry={() => void inbox.refetch()}
          />
        ) : !inbox.data ? (
          <p role="status">Carregando o endereço…</p>
        ) : (
          <>
            <label htmlFor={fieldId} className={styles.label}>
              Endereço de entrada
            </label>
            <input
              id={fieldId}
              className={styles.address}
              readOnly
              value={address}
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} onClick={() => void copy()}>
                Copiar endereço
              </button>
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => {
                  rotate.reset();
                  setConfirming(true);
                }}
              >
                Gerar novo endereço
              </button>
            </div>
          </>
        )}
      </section>
      {confirming ? (
        <ConfirmDialog
          title="Gerar novo endereço?"
          text="O endereço atual para de funcionar na hora. Cole o novo no KOReader."
          failure="O endereço não foi trocado."
          error={rotate.error}
          busy={rotate.isPending}
          confirmLabel="Gerar novo endereço"
          busyLabel="Gerando…"
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                setSaid("Novo endereço gerado. O anterior não funciona mais.");
              },
              onError: (error) => setSaid(`O endereço não foi trocado. ${errorMessage(error)}`),
            })
          }
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </ListScreen>
  );
}
