// Recommended products: edit them as fields, or preview them as the same cards the post page shows.
import { memo, useState } from 'react';
import { Eye, Pencil } from 'lucide-react';
import { IMAGE_BOXES } from '../../../../../contract/imageBoxes';
import type { ImageBox } from '../../../../../contract/imageBoxes';
import { LIMITS } from '../../../../../contract/limits';
import { ProductGrid } from '../../../../components/ProductCard';
import { useDraftDispatch, useDraftSelector } from '../../draft/draftScope';
import { productAdded, productChanged, productRemoved } from '../../draft/editorSlice';
import type { DraftProduct, ProductFields } from '../../draft/draftTypes';
import { FieldCard } from '../FieldCard';
import type { FieldSpec } from '../FieldCard';
import { RemoveRowButton, RowList } from './RowList';
import { uploadedImages } from '../../images/uploadedImages';
import buttons from '../../../../styles/buttons.module.scss';
import fieldStyles from '../fields.module.scss';
import formStyles from '../PostForm.module.scss';

/**
 * The preview's card box: the same auto-fill grid of at least 15rem columns, 1rem apart, in the editor's wider column
 * (pages/page.module.scss .page: at most 72rem less 1rem padding on each side, and the layout's 1rem, from 40rem on).
 */
const PREVIEW_PRODUCT_BOX: ImageBox = {
  ...IMAGE_BOXES.product,
  sizes:
    '(min-width: 72rem) 16.25rem, (min-width: 67rem) calc(25vw - 1.75rem), (min-width: 51rem) calc(33.3vw - 2rem), ' +
    '(min-width: 40rem) calc(50vw - 2.5rem), (min-width: 33rem) calc(50vw - 1.5rem), calc(100vw - 2rem)',
};

type ProductEditorProps = {
  product: DraftProduct;
  number: number;
  titleRef: (element: HTMLInputElement | null) => void;
  /** called before the product is removed (moves focus once it is gone) */
  onRemove: (index: number) => void;
};

const PRODUCT_FIELDS: readonly FieldSpec<keyof ProductFields>[] = [
  { name: 'title', label: 'Title', maxLength: LIMITS.titleMax, className: formStyles.wide },
  { name: 'price', label: 'Price', maxLength: LIMITS.shortTextMax, placeholder: '$19.99' },
  {
    name: 'description',
    label: 'Description',
    multiline: true,
    maxLength: LIMITS.paragraphMax,
    className: formStyles.full,
    formatting: true,
  },
  { name: 'imageUrl', label: 'Image URL', type: 'url', maxLength: LIMITS.urlMax, className: formStyles.wide },
  { name: 'amazonUrl', label: 'Amazon URL', type: 'url', maxLength: LIMITS.urlMax, className: formStyles.wide },
];

const ProductEditor = memo(function ProductEditor({ product, number, titleRef, onRemove }: ProductEditorProps) {
  const dispatch = useDraftDispatch();
  return (
    <FieldCard
      legend={<>Product {number}</>}
      fields={PRODUCT_FIELDS}
      values={product}
      onChange={(changes) => dispatch(productChanged({ productId: product.id, changes }))}
      context={`Product ${number}, `}
      inputRefs={{ title: titleRef }}
    >
      <RemoveRowButton
        noun="product"
        number={number}
        onRemove={onRemove}
        remove={() => dispatch(productRemoved({ productId: product.id }))}
      />
    </FieldCard>
  );
});

export function ProductsEditor() {
  const dispatch = useDraftDispatch();
  const products = useDraftSelector((draft) => draft.products);
  // The preview shows the descriptions as readers will see them: formatted when the post is written with marks.
  const format = useDraftSelector((draft) => draft.header.textFormat);
  const [previewing, setPreviewing] = useState(false);

  return (
    <section className={formStyles.group} aria-labelledby="editor-products-heading">
      <div className={formStyles.groupHeader}>
        <h2 id="editor-products-heading" className={formStyles.groupTitle}>
          Products
        </h2>
        <button type="button" className={buttons.secondaryButton} onClick={() => setPreviewing((value) => !value)}>
          {previewing ? <Pencil size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
          {previewing ? 'Edit Products' : 'Show Preview'}
        </button>
      </div>
      {previewing ? (
        products.length > 0 ? (
          <ProductGrid products={products} images={uploadedImages()} imageBox={PREVIEW_PRODUCT_BOX} format={format} />
        ) : (
          <p className={fieldStyles.hint}>No products to preview.</p>
        )
      ) : (
        <RowList
          items={products}
          emptyText="No products yet."
          renderRow={(product, index, focus) => (
            <ProductEditor key={product.id} product={product} number={index + 1} {...focus} />
          )}
          addActions={[{ label: 'Add product', onAdd: () => dispatch(productAdded()) }]}
        />
      )}
    </section>
  );
}
