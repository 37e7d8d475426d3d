import { screen, within } from '@testing-library/react';
import type { TableRow } from '../../../../src/contract/matches';
import { LeagueTable } from '../../../../src/client/components/matches/LeagueTable';
import { renderWithProviders } from '../../helpers/renderWithProviders';

const row = (position: number, name: string, extra: Partial<TableRow>): TableRow => ({
  position,
  team: { name, slug: name.toLowerCase(), shortName: null, crest: null },
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  goalsFor: 0,
  goalsAgainst: 0,
  goalDifference: 0,
  points: 0,
  form: [],
  ...extra,
});

const rows = [
  row(1, 'Arsenal', {
    played: 3,
    won: 2,
    drawn: 1,
    lost: 0,
    goalsFor: 7,
    goalsAgainst: 2,
    goalDifference: 5,
    points: 7,
    form: ['W', 'D', 'W'],
  }),
  row(2, 'Chelsea', {
    played: 3,
    won: 0,
    drawn: 1,
    lost: 2,
    goalsFor: 2,
    goalsAgainst: 7,
    goalDifference: -5,
    points: 1,
    form: ['L', 'D', 'L'],
  }),
];

test('the table has "Pos", the team, the eight columns and the form, a row per team in order', () => {
  renderWithProviders(<LeagueTable rows={rows} caption="Premier League table" />);
  const table = screen.getByRole('table', { name: 'Premier League table' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  expect(headers).toEqual(['Pos', 'Team', 'P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Pts', 'Form']);
  const body = within(table).getAllByRole('row').slice(1);
  expect(
    body.map((line) =>
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['1', '3', '2', '1', '0', '7', '2', '+5', '7', 'WDW'],
    ['2', '3', '0', '1', '2', '2', '7', '−5', '1', 'LDL'],
  ]);
  expect(within(body[0]!).getByRole('rowheader')).toHaveTextContent('Arsenal');
  expect(within(body[1]!).getByRole('link', { name: 'Chelsea' })).toHaveAttribute('href', '/tag/chelsea');
});

test('the table scrolls in its own box, which a keyboard can focus', () => {
  renderWithProviders(<LeagueTable rows={rows} caption="Premier League table" highlight="chelsea" />);
  const box = screen.getByRole('region', { name: 'Premier League table' });
  expect(box).toHaveAttribute('tabindex', '0');
  expect(screen.getByRole('row', { name: /Chelsea/ })).toHaveAttribute('aria-current', 'true');
});
