// The post form both editor pages use (a new post at /admin, an existing one at /admin/edit/:id): every field, then the
// Publish card with Submit, the page's own discard button beside it, and the page's status and alerts under them.
import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
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

export function PostForm({ label, onSubmit, busy, discard, children }: PostFormProps) {
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
      <HeaderFields />
      <SectionsEditor />
      <ProductsEditor />
      <FooterFields />
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
