// The author footer: name, title and a photo chosen from a local file (uploaded when the post is submitted).
import { LIMITS } from '../../../../contract/limits';
import { useDraftDispatch, useDraftSelector } from '../draft/draftScope';
import { footerChanged } from '../draft/editorSlice';
import { ImageFileField } from './ImageFileField';
import { TextField } from './TextField';
import formStyles from './PostForm.module.scss';

export function FooterFields() {
  const dispatch = useDraftDispatch();
  const footer = useDraftSelector((draft) => draft.footer);
  return (
    <fieldset className={formStyles.card}>
      <legend className={formStyles.cardTitle}>Author</legend>
      <div className={formStyles.grid}>
        <TextField
          label="Author Name"
          value={footer.authorName}
          maxLength={LIMITS.shortTextMax}
          autoComplete="name"
          onChange={(authorName) => dispatch(footerChanged({ authorName }))}
          className={formStyles.wide}
        />
        <TextField
          label="Author Title"
          value={footer.authorTitle}
          maxLength={LIMITS.shortTextMax}
          placeholder="Senior Football Analyst"
          onChange={(authorTitle) => dispatch(footerChanged({ authorTitle }))}
          className={formStyles.wide}
        />
        <div className={formStyles.full}>
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
