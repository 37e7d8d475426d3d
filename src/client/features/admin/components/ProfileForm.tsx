// The Account page's author profile (GET/PUT /api/account/profile): the name, title and photo a new post's author
// footer starts from. The photo is chosen like the footer's (ImageFileField) and uploaded when the profile is saved.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Save } from 'lucide-react';
import { LIMITS } from '../../../../contract/limits';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { DraftScopeProvider, NEW_POST_SCOPE } from '../draft/draftScope';
import type { DraftScope } from '../draft/draftScope';
import type { AuthorProfile } from '../../../../contract/account';
import { clearPendingImages, getPendingImages } from '../images/pendingImages';
import { rememberImages } from '../images/uploadedImages';
import { ImageFileField } from '../form/ImageFileField';
import { accountApi } from '../api/accountApi';
import { uploadApi } from '../api/uploadApi';
import { BusySubmit, Field, failureText } from '../form/Field';
import { NoticeLine, ReadStatus, useNotice } from './pageParts';
import pageStyles from '../pages/page.module.scss';

export const PROFILE_SAVED_TEXT = 'Profile saved. Your new posts start with it in their author footer.';

/** The photo's pending file lives under its own key, apart from any post's. */
const PROFILE_SCOPE: DraftScope = { ...NEW_POST_SCOPE, imageScope: 'profile:' };

export function ProfileForm() {
  const profile = useEndpointQuery(accountApi.endpoints.getProfile, undefined);
  const saveProfile = useMutationRunner(accountApi.endpoints.saveProfile);
  const uploadImage = useMutationRunner(uploadApi.endpoints.uploadImage);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [photo, setPhoto] = useState('');
  const [busy, setBusy] = useState(false);
  const { notice, setNotice } = useNotice();

  // The stored profile fills the fields as each answer arrives (set while rendering, React's pattern for state that
  // follows a value).
  const loaded = profile.data;
  const [shownProfile, setShownProfile] = useState<AuthorProfile | undefined>(undefined);
  if (loaded && loaded !== shownProfile) {
    setShownProfile(loaded);
    setName(loaded.name);
    setTitle(loaded.title);
    setPhoto(loaded.photo);
  }
  useEffect(() => () => clearPendingImages(PROFILE_SCOPE.imageScope), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNotice({ failed: true, text: 'Your name is needed: it signs your posts.' });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      let url = photo;
      const pending = getPendingImages(PROFILE_SCOPE.imageScope).authorImage;
      if (pending) {
        const uploaded = await uploadImage({ file: pending.file, accessToken: '' });
        if (uploaded.image) rememberImages({ [uploaded.url]: uploaded.image });
        url = uploaded.url;
      }
      const saved = await saveProfile({ name: name.trim(), title, photo: url });
      setPhoto(saved.photo ?? url);
      clearPendingImages(PROFILE_SCOPE.imageScope);
      setNotice({ failed: false, text: PROFILE_SAVED_TEXT });
    } catch (error) {
      setNotice({ failed: true, text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={pageStyles.formCard} noValidate aria-label="Author profile" onSubmit={(e) => void submit(e)}>
      <h2>Author profile</h2>
      <ReadStatus
        loading={profile.isLoading}
        loadingText="Loading your profile..."
        failure={!profile.isLoading && profile.isError ? failureText(profile.error) : undefined}
      />
      <div className={pageStyles.formGrid}>
        <Field
          label="Name"
          required
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(value) => {
            setName(value);
            setNotice(null);
          }}
        />
        <Field
          label="Title"
          maxLength={LIMITS.shortTextMax}
          placeholder="Senior Football Analyst"
          value={title}
          onChange={(value) => {
            setTitle(value);
            setNotice(null);
          }}
        />
      </div>
      <DraftScopeProvider value={PROFILE_SCOPE}>
        <ImageFileField
          label="Photo"
          slot="authorImage"
          subject="profile photo"
          currentUrl={photo}
          onClearCurrent={() => setPhoto('')}
        />
      </DraftScopeProvider>
      <BusySubmit busy={busy} icon={<Save size={16} aria-hidden="true" />} label="Save profile" />
      <NoticeLine notice={notice} okClass={pageStyles.published} />
    </form>
  );
}
