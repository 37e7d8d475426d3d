// The post header: icon, title, image, publish date and read time. Its 'Title' is the form's first field so labelled.
import { HEADER_ICONS } from '../../../../contract/icons';
import { LIMITS } from '../../../../contract/limits';
import { TAG_NAME_MAX, TAGS_MAX } from '../../../../contract/tags';
import { headerChanged } from '../draft/editorSlice';
import type { Draft, HeaderFields as HeaderFieldValues } from '../draft/draftTypes';
import { DraftPartCard } from './FieldCard';
import type { FieldSpec } from './FieldCard';
import formStyles from './PostForm.module.scss';

const HEADER_FIELDS: readonly FieldSpec<keyof HeaderFieldValues>[] = [
  { kind: 'icon', name: 'icon', label: 'Icon', options: HEADER_ICONS },
  { name: 'title', label: 'Title', required: true, maxLength: LIMITS.titleMax, className: formStyles.wide },
  { name: 'publishDate', label: 'Publish Date', maxLength: LIMITS.shortTextMax, placeholder: 'March 14, 2024' },
  { name: 'readTime', label: 'Read Time', maxLength: LIMITS.shortTextMax, placeholder: '10 min read' },
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
];

const selectHeader = (draft: Draft) => draft.header;

export function HeaderFields() {
  return <DraftPartCard legend="Header" fields={HEADER_FIELDS} select={selectHeader} change={headerChanged} />;
}
