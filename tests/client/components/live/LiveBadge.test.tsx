// The live score line: the desk's line as typed, or, on a post covering a match, the teams as their tags name them
// with their crests (fixed size, decorative beside the name) and a link to the competition's table.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { LiveCoverage, LiveFixture } from '../../../../src/contract/live';
import { ScoreLine } from '../../../../src/client/components/live/LiveBadge';

const CREST = '/uploads/arsenal.png';
const fixture: LiveFixture = {
  competition: { slug: 'premier-league', name: 'Premier League' },
  home: { slug: 'arsenal', name: 'Arsenal', shortName: 'ARS', crest: CREST },
  away: { slug: 'chelsea', name: 'Chelsea', shortName: null, crest: null },
};
const coverage = (extra: Partial<LiveCoverage>): LiveCoverage => ({
  state: 'live',
  startedAt: '2026-11-28T15:00:00.000Z',
  endedAt: null,
  match: { home: 'Gunners', away: 'Blues', homeScore: '1', awayScore: '0', clock: "23'" },
  ...extra,
});

const renderLine = (live: LiveCoverage) =>
  render(
    <MemoryRouter>
      <ScoreLine live={live} />
    </MemoryRouter>,
  );

test("a covered match's line names the teams by their tags, with the home crest at a fixed size, and links the table", () => {
  const { container } = renderLine(coverage({ fixture }));
  expect(screen.getByText('Arsenal 1–0 Chelsea')).toBeInTheDocument();
  expect(screen.getByText("23'")).toBeInTheDocument();
  const crests = container.querySelectorAll('img');
  expect([...crests].map((img) => [img.getAttribute('src'), img.getAttribute('alt'), img.width, img.height])).toEqual([
    [CREST, '', 24, 24],
  ]);
  expect(screen.getByRole('link', { name: 'Premier League table' })).toHaveAttribute('href', '/tag/premier-league');
});

test('a covered match before the desk writes a score shows "v"', () => {
  renderLine(coverage({ fixture, match: null }));
  expect(screen.getByText('Arsenal v Chelsea')).toBeInTheDocument();
});

test("a post covering no match shows the desk's own line, without crests or table link", () => {
  const { container } = renderLine(coverage({}));
  expect(screen.getByText('Gunners 1–0 Blues')).toBeInTheDocument();
  expect(container.querySelector('img')).toBeNull();
  expect(screen.queryByRole('link')).toBeNull();
});
