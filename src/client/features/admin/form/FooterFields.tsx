// The author footer: name, title and a photo chosen from a local file (uploaded when the post is submitted).
import { LIMITS } from '../../../../contract/limits';
import { useDraftDispatch, useDraftSelector } from '../draft/draftScope';
import { footerChanged } from '../draft/editorSlice';
import { ImageFileField } from './ImageFileField';
import { TextField } from './TextField';
import styles from '../Editor.module.scss';

export function FooterFields() {
  const dispatch = useDraftDispatch();
  const footer = useDraftSelector((draft) => draft.footer);
  return (
    <fieldset className={styles.card}>
      <legend className={styles.cardTitle}>Author</legend>
      <div className={styles.grid}>
        <TextField
          label="Author Name"
          value={footer.authorName}
          maxLength={LIMITS.shortTextMax}
          autoComplete="name"
          onChange={(authorName) => dispatch(footerChanged({ authorName }))}
          className={styles.wide}
        />
        <TextField
          label="Author Title"
          value={footer.authorTitle}
          maxLength={LIMITS.shortTextMax}
          placeholder="Senior Football Analyst"
          onChange={(authorTitle) => dispatch(footerChanged({ authorTitle }))}
          className={styles.wide}
        />
        <div className={styles.full}>
          <ImageFileField
            label="Author Image"
            slot="authorImage"
            subject="author image"
            currentUrl={footer.imageUrl}
            onClearCurrent={() => dispatch(footerChanged({ imageUrl: '' }))}
          />
        </div>
      </div>
    </fieldset>
  );
}
