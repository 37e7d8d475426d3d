// A full article as the post page shows it: header, header image, sections, Recommended Equipment and the
// author footer. The post page and the static sample article both render through it.
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { BlogPost, Column, ListEntry, Section } from '../../contract/types';
import { Icon } from './Icon';
import { ProductGrid } from './ProductCard';
import type { ProductCardData } from './ProductCard';
import { ResponsiveImage } from './ResponsiveImage';
import { RichText } from './RichText';
import type { TextFormat } from '../../contract/marks';
import { IMAGE_BOXES } from '../../contract/imageBoxes';
import { safeUrl } from './safeUrl';
import { Link } from './Link';
import { pathTo } from '../../contract/routes';
import styles from './Article.module.scss';
// Loaded only by a post with a photo, quote or video (the server has rendered it already; hydration waits for it).
const MediaSection = lazy(() => import('./sections/MediaSection'));

export type ArticleData = Pick<
  BlogPost,
  | 'title'
  | 'icon'
  | 'publishDate'
  | 'readTime'
  | 'imageUrl'
  | 'imageAlt'
  | 'authorName'
  | 'authorTitle'
  | 'authorImage'
  | 'authorSlug'
  | 'images'
> & { sections: readonly Section[] } & StoryContext;

/** What the photo and quote sections need of their post: the image facts and how its text is written. */
type StoryContext = Pick<BlogPost, 'images' | 'textFormat'>;

export type ArticleProps = {
  article: ArticleData;
  /** null hides the Recommended Equipment section (e.g. the product data failed validation). */
  products: readonly ProductCardData[] | null;
  /** Under the title: the post's tag links (the post page passes them; the sample has none). */
  tagLinks?: ReactNode;
  /** Extra controls in the author footer (the sample's Subscribe and Share). */
  authorActions?: ReactNode;
  /** Beside the title: a live post's "Live" or "Ended". */
  titleBadge?: ReactNode;
};

/** How the post's paragraphs, list items and product descriptions are written (undefined: as typed). */
type Formatted = { format?: TextFormat | undefined };

function Bullets({ list, format }: { list: readonly ListEntry[] | undefined } & Formatted) {
  if (!list?.length) return null;
  return (
    <ul className={styles.bullets}>
      {list.map((entry, index) => (
        <li key={index}>
          <RichText text={entry?.item ?? ''} format={format} />
        </li>
      ))}
    </ul>
  );
}

function ArticleColumns({ columns, format }: { columns: readonly Column[] | undefined } & Formatted) {
  if (!columns?.length) return null;
  return (
    <div className={styles.columns}>
      {columns.map((column, index) => (
        <div key={index} className={styles.column}>
          {column.heading && <h3>{column.heading}</h3>}
          <Bullets list={column.list} format={format} />
        </div>
      ))}
    </div>
  );
}

/** A section of any type: the seed's two text types here, a photo, quote or video through its own component. */
export function ArticleSection({ section, article }: { section: Section; article: StoryContext }) {
  if (section.type === 'image' || section.type === 'quote' || section.type === 'video')
    return (
      <Suspense>
        <MediaSection section={section} images={article.images} format={article.textFormat} />
      </Suspense>
    );
  const format = article.textFormat;
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>
        <span className={styles.sectionIcon}>
          <Icon name={section.icon} size={22} />
        </span>
        <span>{section.title}</span>
      </h2>
      {section.paragraph && (
        <p className={styles.paragraph}>
          <RichText text={section.paragraph} format={format} />
        </p>
      )}
      {section.type === 'two-column' ? (
        <ArticleColumns columns={section.columns} format={format} />
      ) : (
        <Bullets list={section.list} format={format} />
      )}
    </section>
  );
}

export function Article({ article, products, tagLinks, authorActions, titleBadge }: ArticleProps) {
  const hero = safeUrl(article.imageUrl);
  const authorImage = safeUrl(article.authorImage);
  const hasAuthor = Boolean(article.authorName || article.authorTitle || authorImage || authorActions);
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <span className={styles.headerIcon}>
          <Icon name={article.icon} size={32} />
        </span>
        <h1 className={styles.title}>
          {article.title}
          {titleBadge}
        </h1>
        <p className={styles.meta}>
          {article.publishDate && <span>{`Published: ${article.publishDate}`}</span>}
          {article.readTime && <span>{article.readTime}</span>}
        </p>
        {tagLinks}
      </header>
      {hero && (
        // The largest element on the page: fetched first, never lazy. Described by the writer's alt text; without
        // one it is decorative (alt=""), and the title says what the story is.
        <ResponsiveImage
          className={styles.hero}
          src={hero}
          alt={article.imageAlt ?? ''}
          box={IMAGE_BOXES.hero}
          facts={article.images?.[hero]}
          priority
        />
      )}
      {article.sections.map((section, index) => (
        <ArticleSection key={section.id ?? index} section={section} article={article} />
      ))}
      {products && <ProductGrid products={products} images={article.images} format={article.textFormat} />}
      {hasAuthor && (
        <footer className={styles.author}>
          {authorImage && (
            <ResponsiveImage
              className={styles.authorImage}
              src={authorImage}
              alt={article.authorName}
              box={IMAGE_BOXES.author}
              facts={article.images?.[authorImage]}
            />
          )}
          <div className={styles.authorText}>
            {article.authorName && (
              <p className={styles.authorName}>
                {/* A post written by an account links its author's page; a seed or imported post has none. */}
                {article.authorSlug ? (
                  <Link to={pathTo('author', { slug: article.authorSlug })}>{article.authorName}</Link>
                ) : (
                  article.authorName
                )}
              </p>
            )}
            {article.authorTitle && <p className={styles.authorTitle}>{article.authorTitle}</p>}
          </div>
          {authorActions && <div className={styles.authorActions}>{authorActions}</div>}
        </footer>
      )}
    </article>
  );
}
