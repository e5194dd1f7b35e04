import type { ListOrder } from "../api/thoughts";
import styles from "./OrderPicker.module.css";

/** The orders as the picker names them; 'recentes' is the wall's own (newest first), kept out of the address. */
const orderNames: Record<ListOrder | "recentes", string> = {
  recentes: "Mais recentes",
  antigos: "Mais antigos",
  autor: "Autor (A–Z)",
  fonte: "Fonte",
};

interface OrderPickerProps {
  order: ListOrder | undefined;
  onChange: (order: ListOrder | undefined) => void;
  /** A search applies: the API lists it newest first, so the picker shows that and waits, saying why. */
  searching: boolean;
}

/** 'Ordenar por': the wall's order, a native select (its own keys, and the phone's own list to choose from). */
export function OrderPicker({ order, onChange, searching }: OrderPickerProps) {
  return (
    <div className={styles.picker}>
      <label htmlFor="wall-order" className={styles.label}>
        Ordenar por
      </label>
      <select
        id="wall-order"
        className={styles.select}
        value={searching ? "recentes" : (order ?? "recentes")}
        disabled={searching}
        aria-describedby={searching ? "wall-order-why" : undefined}
        onChange={(event) => {
          const value = event.target.value;
          onChange(value === "recentes" ? undefined : (value as ListOrder));
        }}
      >
        {Object.entries(orderNames).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      {searching ? (
        <span id="wall-order-why" className={styles.why}>
          A busca mostra os mais recentes primeiro.
        </span>
      ) : null}
    </div>
  );
}
