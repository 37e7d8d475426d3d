// What differs between two versions of a post, field by field (title, header fields, each section, products, footer),
// word by word with the `diff` library's diffWords: what History shows with <del> and <ins>.
import { diffWords } from 'diff';
import type { Section } from '../../../../contract/types';
import type { TextFormat } from '../../../../contract/marks';
import { plainText } from '../../../../contract/marksParser';
import type { BlogPost } from '../../../../contract/types';

export type DiffPart = { text: string; change: 'removed' | 'added' | 'same' };
export type FieldDiff = { label: string; parts: DiffPart[] };

// The texts a reader sees, marks removed (a link shows its text, not its URL), as every plain-text place shows them.
function sectionText(section: Section | undefined, format: TextFormat | undefined): string {
  if (section === undefined) return '';
  // A photo, quote or video compares by what a reader sees of it; the stored text is compared with its marks
  // removed, so a diff shows changed words, not changed syntax.
  if (section.type === 'image')
    return [`Photo: ${section.image}`, section.alt, section.caption, section.credit].filter((t) => t !== '').join('\n');
  if (section.type === 'quote')
    return [`Quote: ${plainText(section.text, format)}`, section.cite].filter((t) => t !== '').join('\n');
  if (section.type === 'video') return [`Video: ${section.url}`, section.caption].filter((t) => t !== '').join('\n');
  const plain = (text: string) => plainText(text, format);
  const lists =
    section.type === 'two-column'
      ? section.columns.map((c) => [c.heading, ...c.list.map((e) => `• ${plain(e.item)}`)].join('\n'))
      : [section.list.map((e) => `• ${plain(e.item)}`).join('\n')];
  return [`${section.title} (${section.icon})`, plain(section.paragraph), ...lists].filter((t) => t !== '').join('\n');
}

function productText(product: BlogPost['products'][number] | undefined, format: TextFormat | undefined): string {
  if (product === undefined) return '';
  return [product.title, plainText(product.description, format), product.price, product.imageUrl, product.amazonUrl]
    .filter((t) => t !== '')
    .join('\n');
}

const statusText = (post: BlogPost) =>
  [post.status ?? 'published', post.publishAt ? `at ${post.publishAt}` : ''].filter((t) => t !== '').join(' ');

/** Each field of the two versions as text, in the order the editor shows them. */
/** One pair per position of two lists ("Section 1", "Section 2"...), as long as the longer one. */
function numbered<Item>(
  label: string,
  before: Item[],
  after: Item[],
  text: (item: Item | undefined, format: TextFormat | undefined) => string,
  beforeFormat: TextFormat | undefined,
  afterFormat: TextFormat | undefined,
) {
  return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => ({
    label: `${label} ${i + 1}`,
    before: text(before[i], beforeFormat),
    after: text(after[i], afterFormat),
  }));
}

function fields(before: BlogPost, after: BlogPost): { label: string; before: string; after: string }[] {
  const pairs = [
    { label: 'Title', before: before.title, after: after.title },
    { label: 'Icon', before: before.icon, after: after.icon },
    { label: 'Image', before: before.imageUrl, after: after.imageUrl },
    { label: 'Image description', before: before.imageAlt ?? '', after: after.imageAlt ?? '' },
    { label: 'Publish date', before: before.publishDate, after: after.publishDate },
    { label: 'Read time', before: before.readTime, after: after.readTime },
    { label: 'Status', before: statusText(before), after: statusText(after) },
  ];
  pairs.push(
    ...numbered('Section', before.sections, after.sections, sectionText, before.textFormat, after.textFormat),
    ...numbered('Product', before.products, after.products, productText, before.textFormat, after.textFormat),
  );
  pairs.push(
    { label: 'Author name', before: before.authorName, after: after.authorName },
    { label: 'Author title', before: before.authorTitle, after: after.authorTitle },
    { label: 'Author image', before: before.authorImage, after: after.authorImage },
  );
  return pairs;
}

/** The fields that differ from `before` (the revision) to `after` (the current post), each as a word diff. */
export function postDiff(before: BlogPost, after: BlogPost): FieldDiff[] {
  return fields(before, after)
    .filter((field) => field.before !== field.after)
    .map((field) => ({
      label: field.label,
      parts: diffWords(field.before, field.after).map((part) => ({
        text: part.value,
        change: part.removed ? 'removed' : part.added ? 'added' : 'same',
      })),
    }));
}
