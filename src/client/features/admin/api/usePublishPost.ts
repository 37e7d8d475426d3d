// Publishing the draft: upload any chosen images first, then POST the post with the uploaded addresses.
import { useState } from 'react';
import { apiErrorMessage } from './apiErrors';
import { blogApi } from '../../../api/blogApi';
import { useMutationRunner } from '../../../api/queryHooks';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  MissingPublishTimeError,
  footerChanged,
  headerChanged,
  postPublished,
  sectionChanged,
  selectAccessToken,
  selectPublishing,
  selectSubmission,
  toStatusFields,
} from '../draft/editorSlice';
import type { DraftStatus } from '../draft/draftTypes';
import { formatLocalTime, localInputToIso } from '../draft/localTime';
import { clearPendingImages, getPendingImages, setPendingImage } from '../images/pendingImages';
import type { ImageSlot } from '../images/pendingImages';
import { uploadApi } from './uploadApi';
import type { UploadImageArgs } from './uploadApi';
import type { UploadResult } from '../../../../contract/types';
import { rememberImages } from '../images/uploadedImages';

export const PUBLISH_SUCCESS_MESSAGE = 'Blog form submitted successfully!';
export const PUBLISH_FAILURE_MESSAGE = 'Failed to submit blog form. Please try again.';

export type PublishedPost = { id: number; title: string; publishing: DraftStatus };

/** What the status line beside Submit says a submitted post now is. */
export function submittedText({ title, publishing }: PublishedPost, verb = 'Published'): string {
  if (publishing.status === 'draft') return `Saved “${title}” as a draft.`;
  if (publishing.status === 'review') return `Submitted “${title}” for review.`;
  if (publishing.status === 'scheduled') {
    return `Scheduled “${title}” for ${formatLocalTime(localInputToIso(publishing.publishAt))}.`;
  }
  return `${verb} “${title}”.`;
}

/**
 * Uploads a draft's chosen images and puts their addresses into the draft (through `apply`, which targets that
 * draft) at once, so a retry does not upload them again.
 */
export async function uploadPendingImages(
  scope: string,
  accessToken: string,
  upload: (args: UploadImageArgs) => Promise<UploadResult>,
  apply: (action: UnknownAction) => void,
): Promise<void> {
  const { headerImage, authorImage, ...sectionImages } = getPendingImages(scope);
  if (headerImage) {
    const { url, image } = await upload({ file: headerImage.file, accessToken });
    // The facts let the preview show the uploaded image at its size (srcset) instead of the local file.
    if (image) rememberImages({ [url]: image });
    apply(headerChanged({ image: url }));
    setPendingImage('headerImage', null, scope);
  }
  if (authorImage) {
    const { url, image } = await upload({ file: authorImage.file, accessToken });
    if (image) rememberImages({ [url]: image });
    apply(footerChanged({ imageUrl: url }));
    setPendingImage('authorImage', null, scope);
  }
  for (const [slot, pendingImage] of Object.entries(sectionImages)) {
    if (!pendingImage) continue;
    const { url, image } = await upload({ file: pendingImage.file, accessToken });
    if (image) rememberImages({ [url]: image });
    apply(sectionChanged({ sectionId: slot.slice('section:'.length), changes: { image: url } }));
    setPendingImage(slot as ImageSlot, null, scope);
  }
}

/** Why publishing failed (shown beside Submit after the spec's alert): a missing time, or the request's failure. */
export function describeFailure(error: unknown): string {
  return error instanceof MissingPublishTimeError ? error.message : apiErrorMessage(error);
}

export function usePublishPost() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const uploadImage = useMutationRunner(uploadApi.endpoints.uploadImage);
  const createBlog = useMutationRunner(blogApi.endpoints.createBlog);
  const [isPublishing, setIsPublishing] = useState(false);
  const [published, setPublished] = useState<PublishedPost | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function publish() {
    if (isPublishing) return;
    setIsPublishing(true);
    setPublished(null);
    setFailure(null);
    try {
      const accessToken = selectAccessToken(store.getState());
      const publishing = selectPublishing(store.getState());
      // Checked before anything is uploaded: Scheduled without a time would otherwise publish at once.
      const statusFields = toStatusFields(publishing, false);
      await uploadPendingImages('', accessToken, uploadImage, dispatch);
      const post = await createBlog({ ...selectSubmission(store.getState()), ...statusFields });
      dispatch(postPublished());
      clearPendingImages();
      setPublished({ id: post.id, title: post.title, publishing });
      window.alert(PUBLISH_SUCCESS_MESSAGE);
    } catch (error) {
      setFailure(describeFailure(error));
      window.alert(PUBLISH_FAILURE_MESSAGE);
    } finally {
      setIsPublishing(false);
    }
  }

  return { publish, isPublishing, published, failure };
}
