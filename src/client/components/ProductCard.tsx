// One Recommended Equipment card. The post page, the sample article and the editor's preview all render products
// through this component, so the preview looks exactly like the published post.
import { useId } from 'react';
import { IMAGE_BOXES } from '../../contract/imageBoxes';
import type { ImageBox } from '../../contract/imageBoxes';
import type { ImageMap } from '../../contract/images';
import type { Product } from '../../contract/types';
import { Icon } from './Icon';
import { ResponsiveImage } from './ResponsiveImage';
import { RichText } from './RichText';
import type { TextFormat } from '../../contract/marks';
import { safeUrl } from './safeUrl';
import styles from './ProductCard.module.scss';

export type ProductCardData = Pick<Product, 'title' | 'description' | 'price' | 'imageUrl' | 'amazonUrl'>;

export type ProductCardProps = {
  product: ProductCardData;
  /** facts of uploaded images, keyed by URL (the post's `images`) */
  images?: ImageMap;
  /** the card image's box where the grid is not in the reading column (the editor's preview) */
  imageBox?: ImageBox;
  /** how the description is written (the post's textFormat; undefined: as typed) */
  format?: TextFormat | undefined;
};

export function ProductCard({ product, images, imageBox = IMAGE_BOXES.product, format }: ProductCardProps) {
  const titleId = useId();
  const image = safeUrl(product.imageUrl);
  const link = safeUrl(product.amazonUrl);
  const title = product.title.trim() || 'Untitled product';
  return (
    <article className={styles.card}>
      {image ? (
        <ResponsiveImage className={styles.image} src={image} alt={title} box={imageBox} facts={images?.[image]} />
      ) : (
        <div className={styles.placeholder} aria-hidden="true">
          {/* An icon already in this chunk (the post's icon table), rather than one more for every reader. */}
          <Icon name="Dumbbell" size={40} />
        </div>
      )}
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {product.description && (
          <p className={styles.description}>
            <RichText text={product.description} format={format} />
          </p>
        )}
        <div className={styles.footer}>
          {product.price && <span className={styles.price}>{product.price}</span>}
          {link && (
            // The visible name is the spec's 'View on Amazon'; the description says which product it opens.
            <a
              className={styles.link}
              href={link}
              target="_blank"
              rel="sponsored noopener noreferrer"
              aria-describedby={titleId}
            >
              View on Amazon
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

export type ProductGridProps = Omit<ProductCardProps, 'product'> & {
  products: readonly ProductCardData[];
  /** Heading of the section; the post page calls it Recommended Equipment. */
  heading?: string;
};

/** The 'Recommended Equipment' section: a heading and a responsive grid of cards. */
export function ProductGrid({ products, heading = 'Recommended Equipment', ...card }: ProductGridProps) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.grid}>
        {products.map((product, index) => (
          <li key={index}>
            <ProductCard product={product} {...card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
