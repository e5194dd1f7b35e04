import styles from "./ReviewCalendar.module.css";
import { monthCaption, weekdays } from "./review-texts";

interface ReviewCalendarProps {
  /** The review's day (YYYY-MM-DD): the last of the 12 months shown is its month. */
  today: string;
  /** The days with a review, as YYYY-MM-DD. */
  days: ReadonlySet<string>;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The review days of the last 12 months, a small table per month: each day a cell, a reviewed one marked
 * by a filled square with a check mark and said in words ('revisado'), not by colour alone.
 */
export function ReviewCalendar({ today, days }: ReviewCalendarProps) {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - (11 - back);
    return { year: Math.floor(index / 12), month: index % 12 };
  });
  const count = [...days].filter((day) => day >= monthStart(months[0]) && day <= today).length;
  return (
    <section className={styles.calendar} aria-labelledby="review-calendar-title">
      <h3 id="review-calendar-title" className={styles.title}>
        Dias de revisão nos últimos 12 meses
      </h3>
      <p className={styles.count}>{count === 1 ? "1 dia com revisão" : `${count} dias com revisão`}</p>
      <div className={styles.months}>
        {months.map(({ year, month }) => (
          <Month key={`${year}-${month}`} year={year} month={month} today={today} days={days} />
        ))}
      </div>
    </section>
  );
}

const monthStart = (first: { year: number; month: number } | undefined) =>
  first ? `${first.year}-${pad(first.month + 1)}-01` : "";

function Month({
  year,
  month,
  today,
  days,
}: {
  year: number;
  month: number;
  today: string;
  days: ReadonlySet<string>;
}) {
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const offset = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const cells: (number | null)[] = [
    ...Array<null>(offset).fill(null),
    ...Array.from({ length }, (_, i) => i + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  return (
    <table className={styles.month}>
      <caption className={styles.caption}>{monthCaption(year, month)}</caption>
      <thead>
        <tr>
          {weekdays().map(({ short, name }) => (
            <th key={name} scope="col" abbr={name} className={styles.weekday}>
              <span aria-hidden="true">{short}</span>
              <span className="visually-hidden">{name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((day) => day !== null)}>
            {week.map((day, at) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is known by its place in the week.
              if (day === null) return <td key={`empty-${at}`} />;
              const date = `${year}-${pad(month + 1)}-${pad(day)}`;
              const reviewed = days.has(date);
              return (
                <td
                  key={date}
                  className={`${reviewed ? styles.reviewed : ""} ${date === today ? styles.today : ""}`}
                  aria-current={date === today ? "date" : undefined}
                >
                  {day}
                  {reviewed ? <span className="visually-hidden">, revisado</span> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
