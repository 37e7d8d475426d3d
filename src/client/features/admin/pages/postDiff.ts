// What differs between two versions of a post, field by field (title, header fields, each section, products, footer),
// word by word with the `diff` library's diffWords: what History shows with <del> and <ins>.
import { diffWords } from 'diff';
import type { Section } from '../../../../contract/types';
import type { AdminPost } from '../api/adminApi';

export type DiffPart = { text: string; change: 'removed' | 'added' | 'same' };
export type FieldDiff = { label: string; parts: DiffPart[] };

function sectionText(section: Section | undefined): string {
  if (section === undefined) return '';
  const lists =
    section.type === 'two-column'
      ? section.columns.map((c) => [c.heading, ...c.list.map((e) => `• ${e.item}`)].join('\n'))
      : [section.list.map((e) => `• ${e.item}`).join('\n')];
  return [`${section.title} (${section.icon})`, section.paragraph, ...lists].filter((t) => t !== '').join('\n');
}

function productText(product: AdminPost['products'][number] | undefined): string {
  if (product === undefined) return '';
  return [product.title, product.description, product.price, product.imageUrl, product.amazonUrl]
    .filter((t) => t !== '')
    .join('\n');
}

const statusText = (post: AdminPost) =>
  [post.status ?? 'published', post.publishAt ? `at ${post.publishAt}` : ''].filter((t) => t !== '').join(' ');

/** Each field of the two versions as text, in the order the editor shows them. */
function fields(before: AdminPost, after: AdminPost): { label: string; before: string; after: string }[] {
  const pairs = [
    { label: 'Title', before: before.title, after: after.title },
    { label: 'Icon', before: before.icon, after: after.icon },
    { label: 'Image', before: before.imageUrl, after: after.imageUrl },
    { label: 'Publish date', before: before.publishDate, after: after.publishDate },
    { label: 'Read time', before: before.readTime, after: after.readTime },
    { label: 'Status', before: statusText(before), after: statusText(after) },
  ];
  const sections = Math.max(before.sections.length, after.sections.length);
  for (let i = 0; i < sections; i += 1)
    pairs.push({
      label: `Section ${i + 1}`,
      before: sectionText(before.sections[i]),
      after: sectionText(after.sections[i]),
    });
  const products = Math.max(before.products.length, after.products.length);
  for (let i = 0; i < products; i += 1)
    pairs.push({
      label: `Product ${i + 1}`,
      before: productText(before.products[i]),
      after: productText(after.products[i]),
    });
  pairs.push(
    { label: 'Author name', before: before.authorName, after: after.authorName },
    { label: 'Author title', before: before.authorTitle, after: after.authorTitle },
    { label: 'Author image', before: before.authorImage, after: after.authorImage },
  );
  return pairs;
}

/** The fields that differ from `before` (the revision) to `after` (the current post), each as a word diff. */
export function postDiff(before: AdminPost, after: AdminPost): FieldDiff[] {
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
