// The author footer: name, title and a photo chosen from a local file (uploaded when the post is submitted).
import { LIMITS } from '../../../../contract/limits';
import { footerChanged } from '../draft/editorSlice';
import type { Draft, DraftFooter } from '../draft/draftTypes';
import { DraftPartCard } from './FieldCard';
import type { FieldSpec } from './FieldCard';
import formStyles from './PostForm.module.scss';

const FOOTER_FIELDS: readonly FieldSpec<keyof DraftFooter>[] = [
  {
    name: 'authorName',
    label: 'Author Name',
    maxLength: LIMITS.shortTextMax,
    autoComplete: 'name',
    className: formStyles.wide,
  },
  {
    name: 'authorTitle',
    label: 'Author Title',
    maxLength: LIMITS.shortTextMax,
    placeholder: 'Senior Football Analyst',
    className: formStyles.wide,
  },
  {
    kind: 'image',
    name: 'imageUrl',
    label: 'Author Image',
    slot: 'authorImage',
    subject: 'author image',
    className: formStyles.full,
  },
];

const selectFooter = (draft: Draft) => draft.footer;

export function FooterFields() {
  return <DraftPartCard legend="Author" fields={FOOTER_FIELDS} select={selectFooter} change={footerChanged} />;
}
