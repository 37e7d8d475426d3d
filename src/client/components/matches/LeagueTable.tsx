// A competition's table: "Pos", the team, the eight columns and the form. On a phone it scrolls inside its own box
// with the team column fixed, so the page itself never scrolls sideways.
import type { FormResult, TableRow } from '../../../contract/matches';
import { Link } from '../Link';
import { pathTo } from '../../../contract/routes';
import styles from './LeagueTable.module.scss';

const COLUMNS = [
  ['P', 'Played', (row: TableRow) => row.played],
  ['W', 'Won', (row: TableRow) => row.won],
  ['D', 'Drawn', (row: TableRow) => row.drawn],
  ['L', 'Lost', (row: TableRow) => row.lost],
  ['GF', 'Goals for', (row: TableRow) => row.goalsFor],
  ['GA', 'Goals against', (row: TableRow) => row.goalsAgainst],
  ['GD', 'Goal difference', (row: TableRow) => row.goalDifference],
  ['Pts', 'Points', (row: TableRow) => row.points],
] as const;

const FORM_NAMES: Record<FormResult, string> = { W: 'won', D: 'drawn', L: 'lost' };

/** A signed goal difference, as tables print it: +3, 0, −2. */
export const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');

type LeagueTableProps = {
  rows: readonly TableRow[];
  /** the table's caption, e.g. the competition's name */
  caption: string;
  /** a team's slug: its row is marked (a team's page shows its own row) */
  highlight?: string;
};

export function LeagueTable({ rows, caption, highlight }: LeagueTableProps) {
  return (
    // The box scrolls, not the page; it takes focus so a keyboard can scroll it too (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.box} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <abbr title="Position">Pos</abbr>
            </th>
            <th scope="col" className={styles.team}>
              Team
            </th>
            {COLUMNS.map(([short, long]) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
            <th scope="col">Form</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.team.slug} aria-current={row.team.slug === highlight ? 'true' : undefined}>
              <td>{row.position}</td>
              <th scope="row" className={styles.team}>
                <Link to={pathTo('tag', { slug: row.team.slug })}>{row.team.name}</Link>
              </th>
              {COLUMNS.map(([short, , value]) => (
                <td key={short}>{short === 'GD' ? signed(value(row)) : value(row)}</td>
              ))}
              <td>
                <span className={styles.form}>
                  {row.form.map((result, index) => (
                    <span key={index} className={styles[`form${result}`]} title={FORM_NAMES[result]}>
                      {result}
                    </span>
                  ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
