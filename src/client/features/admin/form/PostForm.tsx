// The post form both editor pages use (a new post at /admin, an existing one at /admin/edit/:id): every field (the Edit
// tab) or the whole draft as readers will see it (the Preview tab), then the Publish card with Submit, the page's own
// discard button beside it, and the page's status and alerts under them.
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Send } from 'lucide-react';
import { DraftPreview } from './DraftPreview';
import { AccessTokenField } from './AccessTokenField';
import { FooterFields } from './FooterFields';
import { HeaderFields } from './HeaderFields';
import { ProductsEditor } from './lists/ProductsEditor';
import { SectionsEditor } from './lists/SectionsEditor';
import { StatusFields } from './StatusFields';
import { ReviewActions } from './ReviewActions';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from './PostForm.module.scss';

type PostFormProps = {
  /** the form's accessible name */
  label: string;
  onSubmit: () => void;
  /** a submit is under way: Submit is disabled and says so */
  busy: boolean;
  /** the button that throws the page's changes away */
  discard: ReactNode;
  /** what the last submit did, under the buttons */
  children: ReactNode;
};

const TABS = [
  { key: 'edit', name: 'Edit' },
  { key: 'preview', name: 'Preview' },
] as const;

type Tab = (typeof TABS)[number]['key'];

export function PostForm({ label, onSubmit, busy, discard, children }: PostFormProps) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('edit');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  /** The tabs' keys (WAI-ARIA tabs, selection follows focus): arrows move to the other tab, Home and End to the ends. */
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const key = TABS[next].key;
    setTab(key);
    tabRefs.current[key]?.focus();
  }

  return (
    <form
      className={formStyles.form}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div role="tablist" aria-label="Editor view" className={formStyles.tabs}>
        {TABS.map(({ key, name }, index) => (
          <button
            key={key}
            ref={(element) => {
              tabRefs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={tab === key}
            aria-controls={`${id}-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={formStyles.tab}
            onClick={() => setTab(key)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {name}
          </button>
        ))}
      </div>
      {/* The fields stay mounted while the preview shows, so their focus and row state survive a look at it. */}
      <div
        role="tabpanel"
        id={`${id}-edit`}
        aria-labelledby={`${id}-edit-tab`}
        hidden={tab !== 'edit'}
        className={formStyles.form}
      >
        <HeaderFields />
        <SectionsEditor />
        <ProductsEditor />
        <FooterFields />
      </div>
      <div
        role="tabpanel"
        id={`${id}-preview`}
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== 'preview'}
        // Focusable, so a keyboard reaches the preview's text right after the tabs (it may hold no link at all).
        tabIndex={0}
        className={formStyles.preview}
      >
        {tab === 'preview' && <DraftPreview />}
      </div>
      <fieldset className={formStyles.card}>
        <legend className={formStyles.cardTitle}>Publish</legend>
        <StatusFields />
        <AccessTokenField />
        <div className={formStyles.actions}>
          <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
            <Send size={16} aria-hidden="true" />
            Submit
          </button>
          <ReviewActions onSubmit={onSubmit} busy={busy} />
          {discard}
        </div>
        {children}
      </fieldset>
    </form>
  );
}
