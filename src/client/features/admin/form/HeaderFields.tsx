// The post header: icon, title, image and its alt text, publish date and read time (with the read time its words
// suggest). Its 'Title' is the form's first field so labelled.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { suggestReadTime } from '../../../../contract/readTime';
import { HEADER_ICONS } from '../../../../contract/icons';
import { LIMITS } from '../../../../contract/limits';
import { TAG_NAME_MAX, TAGS_MAX } from '../../../../contract/tags';
import { useDraftDispatch, useDraftScope, useDraftSelector } from '../draft/draftScope';
import { headerChanged } from '../draft/editorSlice';
import { usePendingImage } from '../images/pendingImages';
import type { Draft, HeaderFields as HeaderFieldValues } from '../draft/draftTypes';
import { DraftPartCard } from './FieldCard';
import type { FieldSpec } from './FieldCard';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from './PostForm.module.scss';

/** Under the alt text field while the photo has none: a photo without one is skipped by screen readers. */
export const IMAGE_ALT_NUDGE = 'This photo has no description yet: say what it shows, for readers who cannot see it.';
const IMAGE_ALT_HINT = 'What the photo shows, in a sentence. Leave it empty only for a purely decorative photo.';

const headerFields = (nudge: boolean, readTimeAddon: ReactNode): readonly FieldSpec<keyof HeaderFieldValues>[] => [
  { kind: 'icon', name: 'icon', label: 'Icon', options: HEADER_ICONS },
  { name: 'title', label: 'Title', required: true, maxLength: LIMITS.titleMax, className: formStyles.wide },
  { name: 'publishDate', label: 'Publish Date', maxLength: LIMITS.shortTextMax, placeholder: 'March 14, 2024' },
  {
    name: 'readTime',
    label: 'Read Time',
    maxLength: LIMITS.shortTextMax,
    placeholder: '10 min read',
    addon: readTimeAddon,
  },
  {
    name: 'tags',
    label: 'Tags',
    maxLength: TAGS_MAX * (TAG_NAME_MAX + 2),
    placeholder: 'Football, Premier League',
    hint: `Up to ${TAGS_MAX}, separated by commas. The first is the primary tag.`,
    className: formStyles.wide,
  },
  {
    name: 'image',
    label: 'Image URL',
    type: 'url',
    maxLength: LIMITS.urlMax,
    placeholder: 'https://… or /uploads/…',
    hint: 'Paste an image address, or upload a file below.',
    className: formStyles.wide,
  },
  {
    kind: 'image',
    name: 'image',
    label: 'Upload Header Image',
    slot: 'headerImage',
    subject: 'header image',
    className: formStyles.wide,
  },
  {
    name: 'imageAlt',
    label: 'Image description (alt text)',
    maxLength: LIMITS.imageAltMax,
    hint: nudge ? IMAGE_ALT_NUDGE : IMAGE_ALT_HINT,
    className: formStyles.wide,
  },
];

const selectHeader = (draft: Draft) => draft.header;

/** Every text a reader reads in the story, for the read time its words suggest. */
function storyTexts(draft: Draft): string[] {
  const texts = [draft.header.title];
  for (const section of draft.header.sections) {
    if (section.type === 'image') {
      texts.push(section.caption);
      continue;
    }
    if (section.type === 'quote') {
      texts.push(section.text, section.cite);
      continue;
    }
    if (section.type === 'video') {
      texts.push(section.caption);
      continue;
    }
    texts.push(section.title, section.paragraph);
    const lists = section.type === 'two-column' ? section.columns : [{ heading: '', list: section.list }];
    for (const column of lists) texts.push(column.heading, ...column.list.map((entry) => entry.text));
  }
  for (const product of draft.products) texts.push(product.title, product.description);
  return texts;
}

/** '4 min read' for the draft's words (a string, so the field re-renders only when the suggestion changes). */
const selectSuggestedReadTime = (draft: Draft) => suggestReadTime(storyTexts(draft), draft.header.textFormat);

const selectHasImage = (draft: Draft) => draft.header.image.trim() !== '';
const selectHasAlt = (draft: Draft) => draft.header.imageAlt.trim() !== '';

export function HeaderFields() {
  const { imageScope } = useDraftScope();
  // A photo is set when the draft has its address or a file waits to be uploaded with the post.
  const pending = usePendingImage('headerImage', imageScope);
  const hasAddress = useDraftSelector(selectHasImage);
  const hasAlt = useDraftSelector(selectHasAlt);
  const nudge = (hasAddress || pending !== undefined) && !hasAlt;
  const dispatch = useDraftDispatch();
  const suggested = useDraftSelector(selectSuggestedReadTime);
  const readTime = useDraftSelector((draft) => draft.header.readTime);
  const fields = useMemo(() => {
    // A suggestion, never an overwrite: the writer's own value stays until they take the suggestion.
    const readTimeAddon =
      suggested !== undefined && suggested !== readTime.trim() ? (
        <button
          type="button"
          className={buttons.secondaryButton}
          onClick={() => dispatch(headerChanged({ readTime: suggested }))}
        >
          Use {suggested}
        </button>
      ) : undefined;
    return headerFields(nudge, readTimeAddon);
  }, [nudge, suggested, readTime, dispatch]);
  return <DraftPartCard legend="Header" fields={fields} select={selectHeader} change={headerChanged} />;
}
