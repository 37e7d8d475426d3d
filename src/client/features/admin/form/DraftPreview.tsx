// The editor's Preview tab: the whole draft (header and its photo, tags, formatted text, sections with their photos,
// products, author) through the same Article and tag links the post page renders, so what the writer checks is what
// readers will get. Images chosen from files are uploaded when the tab opens, as Submit would upload them (the draft
// then holds their addresses, so Submit does not upload them again): readers get the uploaded, resized file.
import { useEffect, useState } from 'react';
import { Article } from '../../../components/Article';
import { TagLinks } from '../../../components/TagLinks';
import { tagsOf } from '../../../../contract/tags';
import { useMutationRunner } from '../../../api/queryHooks';
import { useAppStore } from '../../../app/hooks';
import type { ArticleData } from '../../../components/Article';
import type { BlogPost, Section } from '../../../../contract/types';
import { parseYouTube } from '../../../../contract/video';
import type { ProductCardData } from '../../../components/ProductCard';
import { useDraftDispatch, useDraftScope, useDraftSelector } from '../draft/draftScope';
import { selectAccessToken, tagNames } from '../draft/editorSlice';
import { apiErrorMessage } from '../api/apiErrors';
import { uploadPendingImages } from '../api/usePublishPost';
import { uploadApi } from '../api/uploadApi';
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

/** The scopes whose images are uploading now: opening the tab again meanwhile (or React's double effect) waits. */
const uploading = new Set<string>();

const productsOf = (draft: Draft): readonly ProductCardData[] => draft.products;

export function DraftPreview() {
  const { imageScope } = useDraftScope();
  const draft = useDraftSelector((value) => value);
  const dispatch = useDraftDispatch();
  const store = useAppStore();
  const uploadImage = useMutationRunner(uploadApi.endpoints.uploadImage);
  const [uploadFailure, setUploadFailure] = useState('');
  // Subscribed, so the note follows a file being chosen, uploaded or removed.
  usePendingImage('headerImage', imageScope);
  usePendingImage('authorImage', imageScope);
  const waiting = Object.keys(getPendingImages(imageScope)).length > 0;
  useEffect(() => {
    if (uploading.has(imageScope) || Object.keys(getPendingImages(imageScope)).length === 0) return;
    let open = true;
    uploading.add(imageScope);
    uploadPendingImages(imageScope, selectAccessToken(store.getState()), uploadImage, dispatch)
      .catch((error: unknown) => {
        if (open) setUploadFailure(apiErrorMessage(error));
      })
      .finally(() => uploading.delete(imageScope));
    return () => {
      open = false;
    };
    // Once per opening of the tab: a file chosen later is uploaded the next time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const products = productsOf(draft);
  return (
    <>
      {waiting && (
        <p className={fieldStyles.hint} role="status">
          {uploadFailure
            ? `The images chosen from files could not be uploaded for the preview (${uploadFailure.replace(/\.$/, '')}). They are uploaded again when you submit.`
            : 'Uploading the images chosen from files, to show them as readers will get them...'}
        </p>
      )}
      <Article
        article={draftToArticle(draft)}
        products={products.length > 0 ? products : null}
        tagLinks={<TagLinks tags={tagsOf(tagNames(draft.header.tags))} />}
      />
    </>
  );
}
