// A season to measure the matchday pages with: 20 teams in one competition, three rounds played (a full 20-row table)
// and three rounds today (30 matches on /matches), and a story tagged with the competition (its tag page is a page).
const auth = (server) => ({ Authorization: `Bearer ${server.adminToken}` });

export const SEASON_COMPETITION = 'Measure League';

/** The circle method's pairs of round `round` of `teams` (an even count). */
function pairs(teams, round) {
  const rest = teams.slice(1);
  const turned = [...rest.slice(round % rest.length), ...rest.slice(0, round % rest.length)];
  const line = [teams[0], ...turned];
  return Array.from({ length: teams.length / 2 }, (_, at) => [line[at], line[line.length - 1 - at]]);
}

/** Imports the season and plays its first three rounds; resolves with the competition's slug. */
export async function createSeason(server, now = Date.now()) {
  const teams = Array.from({ length: 20 }, (_, at) => `Team ${String(at + 1).padStart(2, '0')}`);
  const lines = ['competition,home,away,kickoff,venue'];
  const day = new Date(now).toISOString().slice(0, 10);
  for (let round = 0; round < 6; round += 1) {
    const at = round < 3 ? new Date(Date.parse(`${day}T12:00:00Z`) - (3 - round) * 7 * 86_400_000) : null;
    pairs(teams, round).forEach(([home, away], index) => {
      // Today's rounds kick off through the day, ten minutes apart.
      const kickoff = at ?? new Date(Date.parse(`${day}T10:00:00Z`) + ((round - 3) * 10 + index) * 10 * 60_000);
      lines.push(`${SEASON_COMPETITION},${home},${away},${kickoff.toISOString()},${home} Ground`);
    });
  }
  const imported = await fetch(`${server.url}/api/matches/import`, {
    method: 'POST',
    headers: { ...auth(server), 'Content-Type': 'text/csv' },
    body: lines.join('\n'),
  });
  if (!imported.ok) throw new Error(`season import: ${imported.status} ${await imported.text()}`);
  const slug = 'measure-league';
  const listed = await (await fetch(`${server.url}/api/matches?competition=${slug}&limit=200`)).json();
  const played = listed.matches.filter((match) => Date.parse(match.kickoff) < Date.parse(`${day}T00:00:00Z`));
  for (const [index, match] of played.entries()) {
    const response = await fetch(`${server.url}/api/matches/${match.id}`, {
      method: 'PUT',
      headers: { ...auth(server), 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'finished', homeScore: index % 4, awayScore: (index * 7) % 3 }),
    });
    if (!response.ok) throw new Error(`season result: ${response.status} ${await response.text()}`);
  }
  return slug;
}

/** A story tagged with the season's competition, made from post `post` (as GET /api/blogs/:id reads it). */
export async function createSeasonStory(server, post) {
  const response = await fetch(`${server.url}/api/blogs`, {
    method: 'POST',
    headers: { ...auth(server), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      header: {
        icon: post.icon,
        title: `${SEASON_COMPETITION}: the season so far`,
        image: post.imageUrl,
        imageAlt: post.imageAlt ?? '',
        publishDate: post.publishDate,
        readTime: post.readTime,
        sections: [],
        tags: [SEASON_COMPETITION],
      },
      products: [],
      footer: { authorName: post.authorName, authorTitle: post.authorTitle, imageUrl: post.authorImage },
    }),
  });
  if (response.status !== 201) throw new Error(`season story: ${response.status} ${await response.text()}`);
}
