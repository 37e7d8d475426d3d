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
