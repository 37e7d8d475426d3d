// A stored post as an editor draft (/admin/edit/:id): the read shape back into the editor's fields. Client ids are
// derived from the post's, so the same post always gives the same draft.
import type { AdminBlogPost } from '../../../../contract/types';
import type { Draft, DraftListItem, DraftSection, DraftStatus } from '../draft/draftTypes';
import { isoToLocalInput } from '../draft/localTime';
import type { ListEntry } from '../../../../contract/types';

const items = (list: ListEntry[] | undefined, prefix: string): DraftListItem[] =>
  (Array.isArray(list) ? list : []).map((entry, index) => ({ id: `${prefix}-i${index}`, text: entry?.item ?? '' }));

function publishingOf(post: AdminBlogPost): DraftStatus {
  // The post's own choice; a read shape without it (a server before newsletters) leaves the box ticked.
  return { ...statusOf(post), ...(post.newsletter === false ? { newsletter: false } : {}) };
}

function statusOf(post: AdminBlogPost): DraftStatus {
  if (post.status === 'draft') return { status: 'draft', publishAt: '' };
  if (post.status === 'review') return { status: 'review', publishAt: '' };
  if (post.status === 'scheduled') return { status: 'scheduled', publishAt: isoToLocalInput(post.publishAt) };
  return { status: 'published', publishAt: '' };
}

export function postToDraft(post: AdminBlogPost): Draft {
  const sections: DraftSection[] = (Array.isArray(post.sections) ? post.sections : []).map((section, index) => {
    const id = `post-s${index}`;
    if (section.type === 'image') {
      const { image, alt, caption, credit } = section;
      return { id, type: 'image', image, alt, caption, credit };
    }
    if (section.type === 'quote') return { id, type: 'quote', text: section.text, cite: section.cite };
    if (section.type === 'video') return { id, type: 'video', url: section.url, caption: section.caption };
    const base = { id, icon: section.icon, title: section.title, paragraph: section.paragraph };
    return section.type === 'two-column'
      ? {
          ...base,
          type: 'two-column',
          columns: section.columns.map((column, columnIndex) => ({
            id: `${id}-c${columnIndex}`,
            heading: column.heading,
            list: items(column.list, `${id}-c${columnIndex}`),
          })),
        }
      : { ...base, type: 'single-paragraph', list: items(section.list, id) };
  });
  return {
    header: {
      icon: post.icon,
      title: post.title,
      image: post.imageUrl,
      imageAlt: post.imageAlt ?? '',
      publishDate: post.publishDate,
      readTime: post.readTime,
      tags: (Array.isArray(post.tags) ? post.tags : []).map((tag) => tag.name).join(', '),
      sections,
      // A post stored before marks existed has none: its text is plain, and stays so when saved again.
      textFormat: post.textFormat ?? 'plain',
    },
    products: (Array.isArray(post.products) ? post.products : []).map((product, index) => ({
      id: `post-p${index}`,
      title: product.title,
      description: product.description,
      price: product.price,
      imageUrl: product.imageUrl,
      amazonUrl: product.amazonUrl,
    })),
    footer: { authorName: post.authorName, authorTitle: post.authorTitle, imageUrl: post.authorImage },
    publishing: publishingOf(post),
  };
}
