// The editor's Preview tab: the whole draft (header, formatted text, sections, products, author) through the same
// Article the post page renders, so what the writer checks is what readers will get.
import { Article } from '../../../components/Article';
import type { ArticleData } from '../../../components/Article';
import type { BlogPost, Section } from '../../../../contract/types';
import { parseYouTube } from '../../../../contract/video';
import type { ProductCardData } from '../../../components/ProductCard';
import { useDraftScope, useDraftSelector } from '../draft/draftScope';
import type { Draft, DraftListItem, DraftSection } from '../draft/draftTypes';
import { getPendingImages, usePendingImage } from '../images/pendingImages';
import { uploadedImages } from '../images/uploadedImages';
import fieldStyles from './fields.module.scss';

const entries = (list: readonly DraftListItem[]) => list.map((entry) => ({ item: entry.text }));

/** A draft's section as the read shape has it (ids by position: the preview never links to one). */
function toSection(section: DraftSection, index: number): Section {
  if (section.type === 'image') {
    const { image, alt, caption, credit } = section;
    return { id: index, type: 'image', image, alt, caption, credit };
  }
  if (section.type === 'quote') return { id: index, type: 'quote', text: section.text, cite: section.cite };
  if (section.type === 'video') {
    // An address that is no YouTube video yet previews as a facade with no video (the field says what is wrong).
    const video = parseYouTube(section.url);
    return {
      id: index,
      type: 'video',
      url: section.url,
      caption: section.caption,
      videoId: video?.videoId ?? '',
      start: video?.start ?? 0,
    };
  }
  const { icon, title, paragraph } = section;
  return section.type === 'two-column'
    ? {
        id: index,
        type: 'two-column',
        icon,
        title,
        paragraph,
        columns: section.columns.map((column) => ({ heading: column.heading, list: entries(column.list) })),
      }
    : { id: index, type: 'single-paragraph', icon, title, paragraph, list: entries(section.list) };
}

/** The draft as the article a reader would get (its text format included, for the formatted text). */
export function draftToArticle({ header, footer }: Draft): ArticleData & Pick<BlogPost, 'textFormat'> {
  return {
    title: header.title,
    icon: header.icon,
    publishDate: header.publishDate,
    readTime: header.readTime,
    imageUrl: header.image,
    imageAlt: header.imageAlt,
    authorName: footer.authorName,
    authorTitle: footer.authorTitle,
    authorImage: footer.imageUrl,
    images: uploadedImages(),
    sections: header.sections.map(toSection),
    textFormat: header.textFormat,
  };
}

const productsOf = (draft: Draft): readonly ProductCardData[] => draft.products;

export function DraftPreview() {
  const { imageScope } = useDraftScope();
  const draft = useDraftSelector((value) => value);
  // Subscribed, so the note follows a file being chosen or removed.
  usePendingImage('headerImage', imageScope);
  usePendingImage('authorImage', imageScope);
  const waiting = Object.keys(getPendingImages(imageScope)).length > 0;
  const products = productsOf(draft);
  return (
    <>
      {waiting && (
        <p className={fieldStyles.hint}>
          The images chosen from files show here once they are uploaded, when you submit.
        </p>
      )}
      <Article article={draftToArticle(draft)} products={products.length > 0 ? products : null} />
    </>
  );
}
