import { type FormEvent, useId, useState } from "react";
import type { ReviewSettings, ReviewWeight } from "../../domain/contract";
import {
  REVIEW_PER_DAY_MAX,
  REVIEW_PER_DAY_MIN,
  REVIEW_TIME_ZONE,
  REVIEW_WEIGHTS,
} from "../../domain/review-schemas";
import { ApiRequestError, errorMessage } from "../api/client";
import { useReviewSettings, useRotateFeedToken, useSaveReviewSettings } from "../api/review";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import { usePageTitle } from "../ui/usePageTitle";
import page from "./ReviewPage.module.css";
import styles from "./ReviewSettingsPage.module.css";
import { weightLabels } from "./review-texts";

type Weights = ReviewSettings["pesos"];
type WeightGroup = keyof Weights;

const groups: { key: WeightGroup; title: string; name: string }[] = [
  { key: "etiquetas", title: "Etiquetas", name: "Etiqueta" },
  { key: "autorias", title: "Autores", name: "Autor" },
  { key: "fontes", title: "Fontes", name: "Fonte" },
];

/** The hours a day may turn at, 0:00 to 23:00. */
const HOURS = [...Array(24).keys()];

/** The time zone this browser is in, which the settings propose until another is chosen. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || REVIEW_TIME_ZONE;
}

function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [REVIEW_TIME_ZONE];
  const zones = new Set([...all, current, browserTimeZone(), "UTC"]);
  return [...zones].sort();
}

/**
 * /revisao/ajustes, 'Ajustes da revisão', kept on the server so the phone and the laptop agree: how many
 * cards a day, the hour the day turns, the time zone (this browser's until another is stored), recent
 * thoughts first or all alike, a frequency per label, author and source, and the feed's private address.
 */
export function ReviewSettingsPage() {
  usePageTitle("Ajustes da revisão");
  const settings = useReviewSettings();
  return (
    <section className={page.page} aria-labelledby="review-settings-title">
      <div className={page.top}>
        <h1 id="review-settings-title" className={page.title} tabIndex={-1}>
          Ajustes da revisão
        </h1>
        <nav className={page.links} aria-label="Revisão">
          <Link to={paths.review}>Voltar para a revisão</Link>
          <Link to={paths.wall}>Voltar para o mural</Link>
        </nav>
      </div>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorNotice message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <p role="status" className={page.loading}>
          Carregando os ajustes…
        </p>
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: ReviewSettings }) {
  const id = useId();
  const save = useSaveReviewSettings();
  const proposeZone = settings.fusoHorario === REVIEW_TIME_ZONE && browserTimeZone() !== REVIEW_TIME_ZONE;
  const [perDay, setPerDay] = useState(String(settings.porDia));
  const [turnsAt, setTurnsAt] = useState(String(settings.viradaHora));
  const [zone, setZone] = useState(proposeZone ? browserTimeZone() : settings.fusoHorario);
  const [recency, setRecency] = useState(settings.recencia);
  const [weights, setWeights] = useState<Weights>(settings.pesos);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setSaid] = useState("");
  const [failure, setFailure] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaid("");
    setFailure(undefined);
    setErrors({});
    const count = Number(perDay);
    try {
      await save.mutateAsync({
        // A number the server checks (3 to 15); what is not a number goes as typed, for its message.
        porDia: perDay.trim() !== "" && Number.isFinite(count) ? count : (perDay as unknown as number),
        viradaHora: Number(turnsAt),
        fusoHorario: zone,
        recencia: recency,
        pesos: weights,
      });
      setSaid("Ajustes salvos.");
    } catch (error) {
      const byField: Record<string, string> = {};
      if (error instanceof ApiRequestError) {
        for (const [path, message] of Object.entries(error.fields ?? {})) {
          const field = path.split(".")[0] ?? path;
          byField[field] ??= message;
        }
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFailure(errorMessage(error));
    }
  }

  const described = (field: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={fields.field}>
        <label htmlFor={`${id}-porDia`} className={fields.label}>
          Cartões por dia
        </label>
        <input
          id={`${id}-porDia`}
          className={`${fields.input} ${styles.short}`}
          type="number"
          inputMode="numeric"
          min={REVIEW_PER_DAY_MIN}
          max={REVIEW_PER_DAY_MAX}
          value={perDay}
          onChange={(event) => setPerDay(event.target.value)}
          {...described("porDia")}
        />
        <p className={styles.hint}>
          De {REVIEW_PER_DAY_MIN} a {REVIEW_PER_DAY_MAX}.
        </p>
        <FieldError id={`${id}-porDia-error`} message={errors.porDia} />
      </div>

      <div className={fields.field}>
        <label htmlFor={`${id}-viradaHora`} className={fields.label}>
          O dia da revisão começa às
        </label>
        <select
          id={`${id}-viradaHora`}
          className={`${fields.input} ${styles.short}`}
          value={turnsAt}
          onChange={(event) => setTurnsAt(event.target.value)}
          {...described("viradaHora")}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hour}:00
            </option>
          ))}
        </select>
        <FieldError id={`${id}-viradaHora-error`} message={errors.viradaHora} />
      </div>

      <div className={fields.field}>
        <label htmlFor={`${id}-fusoHorario`} className={fields.label}>
          Fuso horário
        </label>
        <select
          id={`${id}-fusoHorario`}
          className={fields.input}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          {...described("fusoHorario")}
        >
          {timeZones(zone).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p className={styles.hint}>
          Este aparelho está em {browserTimeZone()}.{proposeZone ? " Salve para usar este fuso." : ""}
        </p>
        <FieldError id={`${id}-fusoHorario-error`} message={errors.fusoHorario} />
      </div>

      <fieldset className={styles.group}>
        <legend className={fields.label}>Quais pensamentos</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name="recencia"
            value="todos"
            checked={recency === "todos"}
            onChange={() => setRecency("todos")}
          />
          Todos por igual
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name="recencia"
            value="recentes"
            checked={recency === "recentes"}
            onChange={() => setRecency("recentes")}
          />
          Mais os recentes
        </label>
        <FieldError id={`${id}-recencia-error`} message={errors.recencia} />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={fields.label}>Frequência por etiqueta, autor e fonte</legend>
        <p className={styles.hint}>
          “Nunca” deixa os pensamentos fora da revisão; “Mais” traz mais vezes. O que não está aqui é
          “Normal”.
        </p>
        {groups.map((group) => (
          <WeightRows
            key={group.key}
            group={group}
            weights={weights[group.key]}
            onChange={(next) => setWeights({ ...weights, [group.key]: next })}
          />
        ))}
        <FieldError id={`${id}-pesos-error`} message={errors.pesos} />
      </fieldset>

      {failure ? <ErrorNotice message={failure} /> : null}
      <p role="status" className={styles.said}>
        {said}
      </p>
      <div>
        <button type="submit" className={buttons.primary} aria-disabled={save.isPending}>
          Salvar ajustes
        </button>
      </div>
      <FeedAddress feedUrl={settings.feedUrl} />
    </form>
  );
}

interface WeightRowsProps {
  group: (typeof groups)[number];
  weights: Record<string, ReviewWeight>;
  onChange: (weights: Record<string, ReviewWeight>) => void;
}

/** One group's frequencies: a row per name with its choice and 'Remover', and a row to add a name. */
function WeightRows({ group, weights, onChange }: WeightRowsProps) {
  const id = useId();
  const [name, setName] = useState("");
  const [weight, setWeight] = useState<ReviewWeight>("menos");
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    onChange({ ...weights, [trimmed]: weight });
    setName("");
  };
  return (
    <div className={styles.weights}>
      <h2 className={styles.groupTitle}>{group.title}</h2>
      {Object.keys(weights).length > 0 ? (
        <ul className={styles.rows}>
          {Object.entries(weights).map(([key, value]) => (
            <li key={key} className={styles.row}>
              <span className={styles.name} dir="auto">
                {key}
              </span>
              <select
                aria-label={`Frequência de ${key}`}
                className={fields.input}
                value={value}
                onChange={(event) => onChange({ ...weights, [key]: event.target.value as ReviewWeight })}
              >
                {REVIEW_WEIGHTS.map((option) => (
                  <option key={option} value={option}>
                    {weightLabels[option]}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={page.quiet}
                aria-label={`Remover ${key}`}
                onClick={() => {
                  const { [key]: _removed, ...rest } = weights;
                  onChange(rest);
                }}
              >
                Remover
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.row}>
        <input
          id={`${id}-name`}
          className={fields.input}
          aria-label={`${group.name} a ajustar`}
          placeholder={group.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <select
          aria-label={`Frequência da nova ${group.name.toLowerCase()}`}
          className={fields.input}
          value={weight}
          onChange={(event) => setWeight(event.target.value as ReviewWeight)}
        >
          {REVIEW_WEIGHTS.map((option) => (
            <option key={option} value={option}>
              {weightLabels[option]}
            </option>
          ))}
        </select>
        <button type="button" className={buttons.secondary} onClick={add}>
          Adicionar {group.name.toLowerCase()}
        </button>
      </div>
    </div>
  );
}

/** The feed's private address: read by a feed reader without the password; copied, or made anew. */
function FeedAddress({ feedUrl }: { feedUrl: string }) {
  const id = useId();
  const rotate = useRotateFeedToken();
  const [said, setSaid] = useState("");
  const address = new URL(feedUrl, window.location.origin).toString();
  return (
    <fieldset className={styles.group}>
      <legend className={fields.label}>Feed da revisão (Atom)</legend>
      <p className={styles.hint}>
        Um leitor de feeds recebe os cartões de cada dia por este endereço privado, sem a senha. Quem tiver o
        endereço lê o feed: gere um novo para que o anterior deixe de funcionar.
      </p>
      <label htmlFor={`${id}-feed`} className="visually-hidden">
        Endereço privado do feed
      </label>
      <input id={`${id}-feed`} className={fields.input} readOnly value={address} dir="ltr" />
      <div className={styles.row}>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => {
            const failed = () => setSaid("Não foi possível copiar: selecione o endereço e copie.");
            // No clipboard outside a secure context (a LAN address over http).
            if (!navigator.clipboard) return failed();
            navigator.clipboard.writeText(address).then(() => setSaid("Endereço copiado."), failed);
          }}
        >
          Copiar endereço
        </button>
        <button
          type="button"
          className={buttons.secondary}
          aria-disabled={rotate.isPending}
          onClick={() => {
            if (rotate.isPending) return;
            rotate.mutate(undefined, {
              onSuccess: () => setSaid("Novo endereço gerado: o anterior deixou de funcionar."),
              onError: (error) => setSaid(errorMessage(error)),
            });
          }}
        >
          Gerar novo endereço
        </button>
      </div>
      <p role="status" className={styles.said}>
        {said}
      </p>
    </fieldset>
  );
}
