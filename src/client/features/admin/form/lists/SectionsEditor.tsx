// The post's sections: add, edit and remove them, and the bullet lists of each section or column.
import { memo } from 'react';
import { Plus, X } from 'lucide-react';
import { SECTION_ICONS } from '../../../../../contract/icons';
import { LIMITS } from '../../../../../contract/limits';
import { useDraftDispatch, useDraftSelector } from '../../draft/draftScope';
import {
  columnHeadingChanged,
  listItemAdded,
  listItemChanged,
  listItemRemoved,
  sectionAdded,
  sectionChanged,
  sectionRemoved,
} from '../../draft/editorSlice';
import type { DraftListItem, DraftSection, ListTarget, SectionFields } from '../../draft/draftTypes';
import { MediaSectionEditor } from './MediaSectionEditor';

/** The seed's two types, edited here; a photo, quote or video has its own card (MediaSectionEditor). */
type DraftTextSection = Extract<DraftSection, { type: 'single-paragraph' | 'two-column' }>;
import { FieldCard } from '../FieldCard';
import type { FieldSpec } from '../FieldCard';
import { TextField } from '../TextField';
import { RemoveRowButton, RowList } from './RowList';
import { useRowFocus } from './useRowFocus';
import buttons from '../../../../styles/buttons.module.scss';
import formStyles from '../PostForm.module.scss';
import styles from './SectionsEditor.module.scss';

type ListEditorProps = {
  target: ListTarget;
  items: DraftListItem[];
  /** Where this list lives, for accessible names: 'section 1' or 'section 2, column 1'. */
  place: string;
};

function ListEditor({ target, items, place }: ListEditorProps) {
  const dispatch = useDraftDispatch();
  const { refFor, setAddButton, beforeAdd, beforeRemove } = useRowFocus(items.length);
  const context = place.charAt(0).toUpperCase() + place.slice(1) + ', ';
  return (
    <div className={styles.list}>
      {items.length > 0 && (
        <ol className={styles.listItems}>
          {items.map((entry, index) => (
            <li key={entry.id} className={styles.listItem}>
              <TextField
                label={`Item ${index + 1}`}
                context={context}
                value={entry.text}
                maxLength={LIMITS.listItemMax}
                formatting
                inputRef={refFor(index)}
                onChange={(text) => dispatch(listItemChanged({ ...target, itemId: entry.id, text }))}
                action={
                  <button
                    type="button"
                    className={buttons.smallButton}
                    onClick={() => {
                      beforeRemove(index);
                      dispatch(listItemRemoved({ ...target, itemId: entry.id }));
                    }}
                  >
                    <X size={16} aria-hidden="true" />
                    <span>Remove item {index + 1}</span>
                    <span className="visually-hidden"> from {place}</span>
                  </button>
                }
              />
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        ref={setAddButton}
        className={buttons.secondaryButton}
        onClick={() => {
          beforeAdd();
          dispatch(listItemAdded(target));
        }}
      >
        <Plus size={16} aria-hidden="true" />
        Add item<span className="visually-hidden"> to {place}</span>
      </button>
    </div>
  );
}

type SectionEditorProps = {
  section: DraftTextSection;
  number: number;
  titleRef: (element: HTMLInputElement | null) => void;
  /** called before the section is removed (moves focus once it is gone) */
  onRemove: (index: number) => void;
};

const SECTION_FIELDS: readonly FieldSpec<keyof SectionFields>[] = [
  { kind: 'icon', name: 'icon', label: 'Icon', options: SECTION_ICONS },
  { name: 'title', label: 'Title', required: true, maxLength: LIMITS.titleMax, className: formStyles.wide },
  {
    name: 'paragraph',
    label: 'Paragraph',
    required: true,
    multiline: true,
    maxLength: LIMITS.paragraphMax,
    className: formStyles.full,
    formatting: true,
  },
];

const SectionEditor = memo(function SectionEditor({ section, number, titleRef, onRemove }: SectionEditorProps) {
  const dispatch = useDraftDispatch();
  const context = `Section ${number}, `;
  const change = (changes: Parameters<typeof sectionChanged>[0]['changes']) =>
    dispatch(sectionChanged({ sectionId: section.id, changes }));
  return (
    <FieldCard
      legend={
        <>
          Section {number}
          <span className={formStyles.badge}>
            {section.type === 'single-paragraph' ? 'Single paragraph' : 'Two columns'}
          </span>
        </>
      }
      fields={SECTION_FIELDS}
      values={section}
      onChange={change}
      context={context}
      inputRefs={{ title: titleRef }}
    >
      {section.type === 'single-paragraph' ? (
        <ListEditor target={{ sectionId: section.id }} items={section.list} place={`section ${number}`} />
      ) : (
        <div className={styles.columns}>
          {section.columns.map((column, index) => (
            <div key={column.id} className={styles.column}>
              <TextField
                label={`Column ${index + 1} Heading`}
                context={context}
                required
                value={column.heading}
                maxLength={LIMITS.titleMax}
                onChange={(heading) =>
                  dispatch(columnHeadingChanged({ sectionId: section.id, columnId: column.id, heading }))
                }
              />
              <ListEditor
                target={{ sectionId: section.id, columnId: column.id }}
                items={column.list}
                place={`section ${number}, column ${index + 1}`}
              />
            </div>
          ))}
        </div>
      )}
      <RemoveRowButton
        noun="section"
        number={number}
        onRemove={onRemove}
        remove={() => dispatch(sectionRemoved({ sectionId: section.id }))}
      />
    </FieldCard>
  );
});

export function SectionsEditor() {
  const dispatch = useDraftDispatch();
  const sections = useDraftSelector((draft) => draft.header.sections);
  return (
    <section className={formStyles.group} aria-labelledby="editor-sections-heading">
      <h2 id="editor-sections-heading" className={formStyles.groupTitle}>
        Sections
      </h2>
      <RowList
        items={sections}
        emptyText="No sections yet. Add one below."
        renderRow={(section, index, focus) =>
          section.type === 'single-paragraph' || section.type === 'two-column' ? (
            <SectionEditor key={section.id} section={section} number={index + 1} {...focus} />
          ) : (
            <MediaSectionEditor key={section.id} section={section} number={index + 1} {...focus} />
          )
        }
        addActions={[
          { label: 'Add single-paragraph section', onAdd: () => dispatch(sectionAdded('single-paragraph')) },
          { label: 'Add two-column section', onAdd: () => dispatch(sectionAdded('two-column')) },
          { label: 'Add image section', onAdd: () => dispatch(sectionAdded('image')) },
          { label: 'Add quote section', onAdd: () => dispatch(sectionAdded('quote')) },
          { label: 'Add video section', onAdd: () => dispatch(sectionAdded('video')) },
        ]}
      />
    </section>
  );
}
