// What stored text and URLs read as: rows written before the text and URL rules may hold control characters or raw
// URLs, so every row mapper passes its fields through here and no renderer (page, feed, JSON-LD, API) meets them.
import type { BlogPost, Product, Section } from '../../contract/types';
import { withoutControlChars } from '../../contract/text';
import { shownUrl } from '../../contract/urls';

/** A stored text field as read: without the characters no field may hold. */
export const shownText = withoutControlChars;

export { shownUrl };

const listShown = (list: { item: string }[]) => list.map((entry) => ({ item: shownText(entry.item) }));

export function shownSection(section: Section): Section {
  switch (section.type) {
    case 'image':
      return {
        ...section,
        image: shownUrl(section.image),
        alt: shownText(section.alt),
        caption: shownText(section.caption),
        credit: shownText(section.credit),
      };
    case 'quote':
      return { ...section, text: shownText(section.text), cite: shownText(section.cite) };
    case 'video':
      return { ...section, url: shownUrl(section.url), caption: shownText(section.caption) };
  }
  const base = {
    icon: shownText(section.icon),
    title: shownText(section.title),
    paragraph: shownText(section.paragraph),
  };
  return section.type === 'two-column'
    ? {
        ...section,
        ...base,
        columns: section.columns.map((c) => ({ heading: shownText(c.heading), list: listShown(c.list) })),
      }
    : { ...section, ...base, list: listShown(section.list) };
}

export function shownProduct(product: Product): Product {
  return {
    ...product,
    title: shownText(product.title),
    description: shownText(product.description),
    price: shownText(product.price),
    imageUrl: shownUrl(product.imageUrl),
    amazonUrl: shownUrl(product.amazonUrl),
  };
}

/**
 * A whole read shape as read (a revision keeps one as JSON). Its image facts keep the keys of the URLs it shows:
 * uploads' addresses serialize as themselves.
 */
export function shownPost(post: BlogPost): BlogPost {
  return {
    ...post,
    title: shownText(post.title),
    icon: shownText(post.icon),
    authorName: shownText(post.authorName),
    authorTitle: shownText(post.authorTitle),
    authorImage: shownUrl(post.authorImage),
    publishDate: shownText(post.publishDate),
    readTime: shownText(post.readTime),
    imageUrl: shownUrl(post.imageUrl),
    ...(post.imageAlt === undefined ? {} : { imageAlt: shownText(post.imageAlt) }),
    sections: post.sections.map(shownSection),
    products: post.products.map(shownProduct),
    ...(post.tags === undefined ? {} : { tags: post.tags.map((tag) => ({ ...tag, name: shownText(tag.name) })) }),
  };
}
