// A section as its row holds it, both ways. The seed's two types keep their columns (icon, title, paragraph, and the
// list or columns as JSON in content); a photo, a quote or a video keeps its own fields as one JSON object in content,
// with icon, title and paragraph left empty, so the table needed no new column.
import type { Section } from '../../contract/types';
import type { ValidSection } from '../../contract/schemas';
import { parseYouTube } from '../../contract/video';
import type { SectionRow, SectionsTable } from '../db/database';
import type { Insertable } from 'kysely';

/** A section row's own columns (not its id, post or position). */
export type SectionValues = Pick<Insertable<SectionsTable>, 'type' | 'icon' | 'title' | 'paragraph' | 'content'>;

function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const items = (list: string[]) => list.map((item) => ({ item }));
const EMPTY = { icon: '', title: '', paragraph: '' };

/** The row of a section as submitted (validated) or as a version holds it (read shape). */
export function sectionValues(section: ValidSection | Section): SectionValues {
  switch (section.type) {
    case 'image': {
      const { image, alt, caption, credit } = section;
      return { type: 'image', ...EMPTY, content: JSON.stringify({ image, alt, caption, credit }) };
    }
    case 'quote':
      return { type: 'quote', ...EMPTY, content: JSON.stringify({ text: section.text, cite: section.cite }) };
    case 'video':
      return { type: 'video', ...EMPTY, content: JSON.stringify({ url: section.url, caption: section.caption }) };
    case 'two-column': {
      const columns = section.columns.map((c) => ({
        heading: c.heading,
        list: c.list.map((e) => (typeof e === 'string' ? e : e.item)),
      }));
      const { icon, title, paragraph } = section;
      return { type: 'two-column', icon, title, paragraph, content: JSON.stringify(columns) };
    }
    default: {
      const { icon, title, paragraph } = section;
      const list = section.list.map((e) => (typeof e === 'string' ? e : e.item));
      return { type: 'single-paragraph', icon, title, paragraph, content: JSON.stringify(list) };
    }
  }
}

/** The read shape of a stored row (before shownSection cleans its text). */
export function storedSection(row: SectionRow): Section {
  const content = json(row.content);
  const fields = (content !== null && typeof content === 'object' ? content : {}) as Record<string, unknown>;
  switch (row.type) {
    case 'image':
      return {
        id: row.id,
        type: 'image',
        image: str(fields.image),
        alt: str(fields.alt),
        caption: str(fields.caption),
        credit: str(fields.credit),
      };
    case 'quote':
      return { id: row.id, type: 'quote', text: str(fields.text), cite: str(fields.cite) };
    case 'video': {
      const url = str(fields.url);
      const ref = parseYouTube(url) ?? { videoId: '', start: 0 };
      return { id: row.id, type: 'video', url, caption: str(fields.caption), ...ref };
    }
    case 'two-column': {
      const columns = content as { heading: string; list: string[] }[];
      const { icon, title, paragraph } = row;
      return {
        id: row.id,
        type: 'two-column',
        icon,
        title,
        paragraph,
        columns: columns.map((c) => ({ heading: c.heading, list: items(c.list) })),
      };
    }
    default: {
      const { icon, title, paragraph } = row;
      return { id: row.id, type: 'single-paragraph', icon, title, paragraph, list: items(content as string[]) };
    }
  }
}
