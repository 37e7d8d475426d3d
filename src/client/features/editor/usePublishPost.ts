// Publishing the draft: upload any chosen images first, then POST the post with the uploaded addresses.
import { useState } from 'react';
import { useCreateBlog } from '../../api/queryHooks';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { footerChanged, headerChanged, postPublished, selectAccessToken, selectSubmission } from './editorSlice';
import { clearPendingImages, getPendingImages, setPendingImage } from './pendingImages';
import { useUploadImage } from './uploadApi';

export const PUBLISH_SUCCESS_MESSAGE = 'Blog form submitted successfully!';
export const PUBLISH_FAILURE_MESSAGE = 'Failed to submit blog form. Please try again.';

export type PublishedPost = { id: number; title: string };

export function usePublishPost() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const uploadImage = useUploadImage();
  const createBlog = useCreateBlog();
  const [isPublishing, setIsPublishing] = useState(false);
  const [published, setPublished] = useState<PublishedPost | null>(null);

  async function publish() {
    if (isPublishing) return;
    setIsPublishing(true);
    setPublished(null);
    try {
      const accessToken = selectAccessToken(store.getState());
      const { headerImage, authorImage } = getPendingImages();
      // An uploaded image replaces the local preview in the draft at once, so a retry does not upload it again.
      if (headerImage) {
        const { url } = await uploadImage({ file: headerImage.file, accessToken });
        dispatch(headerChanged({ image: url }));
        setPendingImage('headerImage', null);
      }
      if (authorImage) {
        const { url } = await uploadImage({ file: authorImage.file, accessToken });
        dispatch(footerChanged({ imageUrl: url }));
        setPendingImage('authorImage', null);
      }
      const post = await createBlog(selectSubmission(store.getState()));
      dispatch(postPublished());
      clearPendingImages();
      setPublished({ id: post.id, title: post.title });
      window.alert(PUBLISH_SUCCESS_MESSAGE);
    } catch {
      window.alert(PUBLISH_FAILURE_MESSAGE);
    } finally {
      setIsPublishing(false);
    }
  }

  return { publish, isPublishing, published };
}
