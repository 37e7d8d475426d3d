// One Recommended Equipment card. The post page, the sample article and the editor's preview all render products
// through this component, so the preview looks exactly like the published post.
import { useId } from 'react';
import type { Product } from '../../contract/types';
import { Icon } from './Icon';
import { safeUrl } from './safeUrl';
import styles from './ProductCard.module.scss';

export type ProductCardData = Pick<Product, 'title' | 'description' | 'price' | 'imageUrl' | 'amazonUrl'>;

export type ProductCardProps = { product: ProductCardData };

/** Intrinsic size of the card image (4:3); the stylesheet scales it, the attributes reserve the space. */
export const PRODUCT_IMAGE_WIDTH = 480;
export const PRODUCT_IMAGE_HEIGHT = 360;

export function ProductCard({ product }: ProductCardProps) {
  const titleId = useId();
  const image = safeUrl(product.imageUrl);
  const link = safeUrl(product.amazonUrl);
  const title = product.title.trim() || 'Untitled product';
  return (
    <article className={styles.card}>
      {image ? (
        <img
          className={styles.image}
          src={image}
          alt={title}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          loading="lazy"
          decoding="async"
        />
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
        {product.description && <p className={styles.description}>{product.description}</p>}
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

export type ProductGridProps = {
  products: readonly ProductCardData[];
  /** Heading of the section; SPEC 2 calls it Recommended Equipment. */
  heading?: string;
};

/** The 'Recommended Equipment' section: a heading and a responsive grid of cards. */
export function ProductGrid({ products, heading = 'Recommended Equipment' }: ProductGridProps) {
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
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
