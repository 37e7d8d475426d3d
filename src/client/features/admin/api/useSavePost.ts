// Saving an edited post: upload its chosen images, then PUT it with If-Match (the ETag of the version the draft
// started from). A 412 means someone saved a newer version meanwhile: nothing is overwritten, and the page offers to
// load that version instead.
import { useState } from 'react';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { statusOf } from './apiErrors';
import { useMutationRunner } from '../../../api/queryHooks';
import { adminApi, useFetchAdminPost } from './adminApi';
import type { DraftScope } from '../draft/draftScope';
import { editLoaded, selectEditDraft } from '../draft/editDraftsSlice';
import { selectAccessToken, toStatusFields, toSubmission } from '../draft/editorSlice';
import { clearPendingImages } from '../images/pendingImages';
import { postToDraft } from './postDraft';
import { uploadApi } from './uploadApi';
import {
  PUBLISH_FAILURE_MESSAGE,
  PUBLISH_SUCCESS_MESSAGE,
  describeFailure,
  uploadPendingImages,
} from './usePublishPost';
import type { PublishedPost } from './usePublishPost';

export const CONFLICT_TEXT =
  'This post was changed elsewhere after you opened it, so your changes were not saved. Reload the post to see the current version; your changes here will be replaced by it.';

export function useSavePost(postId: string, scope: DraftScope) {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const uploadImage = useMutationRunner(uploadApi.endpoints.uploadImage);
  const updatePost = useMutationRunner(adminApi.endpoints.updatePost);
  const fetchPost = useFetchAdminPost();
  const [isSaving, setIsSaving] = useState(false);
  const [saved, setSaved] = useState<PublishedPost | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  async function save() {
    if (isSaving) return;
    setIsSaving(true);
    setSaved(null);
    setFailure(null);
    setConflict(false);
    try {
      const accessToken = selectAccessToken(store.getState());
      const before = selectEditDraft(store.getState(), postId);
      if (!before) throw new Error('The post is not loaded.');
      // An update replaces the post's state, so Published is sent too (a scheduled post set to Published goes live).
      const statusFields = toStatusFields(before.draft.publishing, true);
      await uploadPendingImages(scope.imageScope, accessToken, uploadImage, (action) => dispatch(scope.wrap(action)));
      const entry = selectEditDraft(store.getState(), postId) ?? before;
      const body = { ...toSubmission({ ...entry.draft, accessToken }), ...statusFields };
      let { post, etag } = await updatePost({ id: postId, token: accessToken, etag: entry.etag, body });
      // The next save must match this version; without a tag in the answer, ask for it.
      if (!etag) ({ post, etag } = await fetchPost({ id: postId, token: accessToken }));
      dispatch(editLoaded({ postId, etag, draft: postToDraft(post) }));
      clearPendingImages(scope.imageScope);
      setSaved({ id: post.id, title: post.title, publishing: postToDraft(post).publishing });
      window.alert(PUBLISH_SUCCESS_MESSAGE);
    } catch (error) {
      if (statusOf(error) === 412) {
        setConflict(true);
        setFailure(CONFLICT_TEXT);
      } else {
        setFailure(describeFailure(error));
      }
      window.alert(PUBLISH_FAILURE_MESSAGE);
    } finally {
      setIsSaving(false);
    }
  }

  function clearOutcome() {
    setSaved(null);
    setFailure(null);
    setConflict(false);
  }

  return { save, isSaving, saved, failure, conflict, clearOutcome };
}
