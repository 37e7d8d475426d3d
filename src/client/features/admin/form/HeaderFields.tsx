// The post header: icon, title, image, publish date and read time. Its 'Title' is the form's first field so labelled.
import { HEADER_ICONS } from '../../../../contract/icons';
import { LIMITS } from '../../../../contract/limits';
import { TAG_NAME_MAX, TAGS_MAX } from '../../../../contract/tags';
import { useDraftDispatch, useDraftSelector } from '../draft/draftScope';
import { headerChanged } from '../draft/editorSlice';
import { IconSelect } from './IconSelect';
import { ImageFileField } from './ImageFileField';
import { TextField } from './TextField';
import formStyles from './PostForm.module.scss';

export function HeaderFields() {
  const dispatch = useDraftDispatch();
  const header = useDraftSelector((draft) => draft.header);
  return (
    <fieldset className={formStyles.card}>
      <legend className={formStyles.cardTitle}>Header</legend>
      <div className={formStyles.grid}>
        <IconSelect
          label="Icon"
          value={header.icon}
          options={HEADER_ICONS}
          onChange={(icon) => dispatch(headerChanged({ icon }))}
        />
        <TextField
          label="Title"
          required
          value={header.title}
          maxLength={LIMITS.titleMax}
          onChange={(title) => dispatch(headerChanged({ title }))}
          className={formStyles.wide}
        />
        <TextField
          label="Publish Date"
          value={header.publishDate}
          maxLength={LIMITS.shortTextMax}
          placeholder="March 14, 2024"
          onChange={(publishDate) => dispatch(headerChanged({ publishDate }))}
        />
        <TextField
          label="Read Time"
          value={header.readTime}
          maxLength={LIMITS.shortTextMax}
          placeholder="10 min read"
          onChange={(readTime) => dispatch(headerChanged({ readTime }))}
        />
        <TextField
          label="Tags"
          value={header.tags}
          maxLength={TAGS_MAX * (TAG_NAME_MAX + 2)}
          placeholder="Football, Premier League"
          hint={`Up to ${TAGS_MAX}, separated by commas. The first is the primary tag.`}
          onChange={(tags) => dispatch(headerChanged({ tags }))}
          className={formStyles.wide}
        />
        <TextField
          label="Image URL"
          type="url"
          value={header.image}
          maxLength={LIMITS.urlMax}
          placeholder="https://… or /uploads/…"
          hint="Paste an image address, or upload a file below."
          onChange={(image) => dispatch(headerChanged({ image }))}
          className={formStyles.wide}
        />
        <div className={formStyles.wide}>
          <ImageFileField
            label="Upload Header Image"
            slot="headerImage"
            subject="header image"
            currentUrl={header.image}
            onClearCurrent={() => dispatch(headerChanged({ image: '' }))}
          />
        </div>
      </div>
    </fieldset>
  );
}
