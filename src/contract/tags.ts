// Tag names and slugs, shared by the API's validation and the server's storage.

/** Tags on one post at most; the first is its primary tag. */
export const TAGS_MAX = 8;
/** Characters in one tag name, after trimming. */
export const TAG_NAME_MAX = 40;

/**
 * A tag's slug: lowercase, accents removed, every run of other characters (anything but a-z and 0-9) one dash, no dash
 * at either end. "Premier League" → premier-league, "Fútbol Sala" → futbol-sala, "Formula 1" → formula-1. Names that
 * give the same slug are one tag. A name with no Latin letter or digit has none ('').
 */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether a string is a slug as slugOf writes them (a URL's /tag/{slug} must be one). */
export function isSlug(text: string): boolean {
  return text.length <= 2 * TAG_NAME_MAX && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text);
}

export type TagRef = { name: string; slug: string };

/** Submitted names as a post keeps them: trimmed, each tag once (its first spelling), in the order written. */
export function tagsOf(names: readonly string[]): TagRef[] {
  const seen = new Set<string>();
  const tags: TagRef[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const slug = slugOf(name);
    if (slug === '' || seen.has(slug)) continue;
    seen.add(slug);
    tags.push({ name, slug });
  }
  return tags;
}

/** What a tag names: a topic (every tag from before kinds), a team, or a competition (which has a table). */
export const TAG_KINDS = ['topic', 'team', 'competition'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/** Characters in a team's short name ("Arsenal" → "ARS", "Man Utd"), after trimming. */
export const TAG_SHORT_NAME_MAX = 20;

/** Points a competition's table gives a win and a draw unless the competition sets its own. */
export const DEFAULT_POINTS = { win: 3, draw: 1 } as const;
/** The most points a win or a draw may be set to. */
export const POINTS_MAX = 10;

/** A team's facts beside its name: its short name and its crest (an upload's URL, /uploads/<name>); null when unset. */
export type TeamFacts = { shortName: string | null; crest: string | null };

/** A competition's points per win and per draw. */
export type CompetitionFacts = { pointsForWin: number; pointsForDraw: number };

/**
 * A tag as GET /api/tags and PUT /api/tags/:slug answer it: its kind always, a team's short name and crest, a
 * competition's points. `count` (GET /api/tags only) is how many public posts carry it.
 */
export type TagInfo = TagRef & { kind: TagKind } & Partial<TeamFacts> & Partial<CompetitionFacts>;

/** PUT /api/tags/:slug body (editors and owners): every field optional, null clears a short name or crest. */
export type TagUpdate = {
  name?: string;
  kind?: TagKind;
  shortName?: string | null;
  crest?: string | null;
  pointsForWin?: number;
  pointsForDraw?: number;
};
