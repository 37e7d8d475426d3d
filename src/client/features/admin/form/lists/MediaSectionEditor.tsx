// The card of a photo, quote or video section: its fields as FieldCard descriptors. The photo uses the header image's
// upload field (the file uploads when the post is submitted); a video URL is checked as the server checks it.
import { LIMITS } from '../../../../../contract/limits';
import { parseYouTube, VIDEO_MESSAGE } from '../../../../../contract/video';
import { useDraftDispatch } from '../../draft/draftScope';
import { sectionChanged, sectionRemoved } from '../../draft/editorSlice';
import type { DraftImageSection, DraftQuoteSection, DraftVideoSection } from '../../draft/draftTypes';
import { sectionSlot } from '../../images/pendingImages';
import { FieldCard } from '../FieldCard';
import type { FieldSpec } from '../FieldCard';
import { RemoveRowButton } from './RowList';
import formStyles from '../PostForm.module.scss';

type MediaSection = DraftImageSection | DraftQuoteSection | DraftVideoSection;

export type MediaSectionEditorProps = {
  section: MediaSection;
  number: number;
  /** the card's first text field, where focus goes after the section is added */
  titleRef: (element: HTMLInputElement | null) => void;
  onRemove: (index: number) => void;
};

const BADGES: Record<MediaSection['type'], string> = { image: 'Photo', quote: 'Quote', video: 'Video' };

const QUOTE_FIELDS: readonly FieldSpec<'text' | 'cite'>[] = [
  {
    name: 'text',
    label: 'Quote',
    required: true,
    multiline: true,
    maxLength: LIMITS.quoteMax,
    className: formStyles.full,
    formatting: true,
  },
  { name: 'cite', label: 'Said by', maxLength: LIMITS.titleMax, className: formStyles.wide },
];

function imageFields(section: DraftImageSection, number: number): FieldSpec<'image' | 'alt' | 'caption' | 'credit'>[] {
  return [
    {
      name: 'image',
      label: 'Image URL',
      type: 'url',
      maxLength: LIMITS.urlMax,
      placeholder: 'https://… or /uploads/…',
      hint: 'Paste an https image address, or upload a file below.',
      className: formStyles.wide,
    },
    {
      kind: 'image',
      name: 'image',
      // The upload field takes no hidden context: its own label says which section it belongs to.
      label: `Upload Section ${number} Image`,
      slot: sectionSlot(section.id),
      subject: `section ${number} image`,
      className: formStyles.wide,
    },
    {
      name: 'alt',
      label: 'Image description (alt text)',
      required: true,
      maxLength: LIMITS.imageAltMax,
      hint: 'Required: what the photo shows, for readers who cannot see it.',
      className: formStyles.wide,
    },
    { name: 'caption', label: 'Caption', maxLength: LIMITS.captionMax, className: formStyles.wide },
    { name: 'credit', label: 'Credit', maxLength: LIMITS.shortTextMax, className: formStyles.wide },
  ];
}

function videoFields(section: DraftVideoSection): FieldSpec<'url' | 'caption'>[] {
  const wrong = section.url.trim() !== '' && parseYouTube(section.url) === undefined;
  return [
    {
      name: 'url',
      label: 'YouTube URL',
      type: 'url',
      required: true,
      maxLength: LIMITS.urlMax,
      placeholder: 'https://youtu.be/…',
      // The server's own words, so the writer learns before Submit what it would refuse.
      hint: wrong
        ? `The URL ${VIDEO_MESSAGE}.`
        : 'youtube.com/watch?v=…, youtu.be/…, /shorts/… or /live/…, with t= if you like.',
      className: formStyles.wide,
    },
    { name: 'caption', label: 'Caption', maxLength: LIMITS.captionMax, className: formStyles.wide },
  ];
}

export function MediaSectionEditor({ section, number, titleRef, onRemove }: MediaSectionEditorProps) {
  const dispatch = useDraftDispatch();
  const change = (changes: Parameters<typeof sectionChanged>[0]['changes']) =>
    dispatch(sectionChanged({ sectionId: section.id, changes }));
  const card = {
    legend: (
      <>
        Section {number}
        <span className={formStyles.badge}>{BADGES[section.type]}</span>
      </>
    ),
    onChange: change,
    context: `Section ${number}, `,
  };
  const remove = (
    <RemoveRowButton
      noun="section"
      number={number}
      onRemove={onRemove}
      remove={() => dispatch(sectionRemoved({ sectionId: section.id }))}
    />
  );
  if (section.type === 'image')
    return (
      <FieldCard {...card} fields={imageFields(section, number)} values={section} inputRefs={{ alt: titleRef }}>
        {remove}
      </FieldCard>
    );
  if (section.type === 'quote')
    return (
      <FieldCard {...card} fields={QUOTE_FIELDS} values={section} inputRefs={{ text: titleRef }}>
        {remove}
      </FieldCard>
    );
  return (
    <FieldCard {...card} fields={videoFields(section)} values={section} inputRefs={{ url: titleRef }}>
      {remove}
    </FieldCard>
  );
}
