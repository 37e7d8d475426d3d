// Publishing the draft: upload any chosen images first, then POST the post with the uploaded addresses.
import { useState } from 'react';
import { useCreateBlog } from '../../api/queryHooks';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { footerChanged, headerChanged, postPublished, selectAccessToken, selectSubmission } from './editorSlice';
import { clearPendingImages, getPendingImages, setPendingImage } from './pendingImages';
import { useUploadImage } from './uploadApi';
import { rememberImages } from './uploadedImages';

export const PUBLISH_SUCCESS_MESSAGE = 'Blog form submitted successfully!';
export const PUBLISH_FAILURE_MESSAGE = 'Failed to submit blog form. Please try again.';

export type PublishedPost = { id: number; title: string };

/** Why publishing failed, in the server's words where it gave some (shown beside Submit after the spec's alert). */
export function describeFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    if (status === 'FETCH_ERROR') return 'The server could not be reached.';
    if (typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string') {
      const { error: message, details } = data as { error: string; details?: unknown };
      const fields = Array.isArray(details)
        ? details
            .filter((d): d is { path: string; message: string } => typeof d?.path === 'string')
            .map((d) => `${d.path || 'body'} ${d.message}`)
        : [];
      return fields.length > 0 ? `${message}: ${fields.join('; ')}.` : `${message}.`;
    }
    if (typeof status === 'number') return `The server answered with status ${status}.`;
  }
  return 'Something went wrong.';
}

export function usePublishPost() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const uploadImage = useUploadImage();
  const createBlog = useCreateBlog();
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
      const { headerImage, authorImage } = getPendingImages();
      // An uploaded image replaces the local preview in the draft at once, so a retry does not upload it again.
      if (headerImage) {
        const { url, image } = await uploadImage({ file: headerImage.file, accessToken });
        if (image) rememberImages({ [url]: image });
        dispatch(headerChanged({ image: url }));
        setPendingImage('headerImage', null);
      }
      if (authorImage) {
        const { url, image } = await uploadImage({ file: authorImage.file, accessToken });
        if (image) rememberImages({ [url]: image });
        dispatch(footerChanged({ imageUrl: url }));
        setPendingImage('authorImage', null);
      }
      const post = await createBlog(selectSubmission(store.getState()));
      dispatch(postPublished());
      clearPendingImages();
      setPublished({ id: post.id, title: post.title });
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
