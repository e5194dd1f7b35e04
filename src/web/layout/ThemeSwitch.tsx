import { loadForms } from "../chunks";
import styles from "./Header.module.css";
import { pageTheme, type Theme } from "./theme";

/** The choices' names; each one's value is its name in lower case, but the first's: "" (the system's). */
const names = ["Automático", "Claro", "Escuro"];

/**
 * 'Tema' in the header's menu: three radios (arrow keys move among them, a tap or click picks one), drawn as
 * one segmented control. 'Automático' follows the system; the other two hold whatever the system says.
 * The radios keep their own state (the browser checks the one picked), so the switch holds no React state:
 * the wall's first visit carries its markup, and the few lines that apply a choice come with the lazy chunk
 * (fetched once the wall is idle, so a choice applies at once). In the wide header's row each shows its picture
 * alone, its word kept as its name and tooltip.
 */
export function ThemeSwitch() {
  return (
    <fieldset
      className={styles.theme}
      onChange={(event) => {
        // The change bubbles up from the radio picked (React types the target as the fieldset).
        const theme = (event.target as unknown as HTMLInputElement).value as Theme;
        void loadForms().then((forms) => forms.chooseTheme(theme));
      }}
    >
      <legend>Tema</legend>
      {names.map((name, index) => {
        const value = index ? name.toLowerCase() : "";
        return (
          <label key={name} title={name}>
            <input type="radio" name="tema" value={value} defaultChecked={pageTheme() === value} />
            {name}
          </label>
        );
      })}
    </fieldset>
  );
}
