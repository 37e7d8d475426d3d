// POST /api/uploads joins the app's one api slice: images chosen in the editor are stored on the server.
import { useCallback } from 'react';
import { blogApi } from '../../api/blogApi';
import { useAppDispatch } from '../../app/hooks';
import type { ImageFacts } from '../../../contract/images';
import type { UploadResult } from '../../../contract/types';

export type UploadImageArgs = { file: Blob; accessToken: string };

const uploadApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    // `image`: the stored image's size and variants (optional: an older server answers with the URL only).
    uploadImage: build.mutation<UploadResult & { image?: ImageFacts }, UploadImageArgs>({
      query: ({ file, accessToken }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: 'uploads',
          method: 'POST',
          body,
          headers: { Authorization: `Bearer ${accessToken}` },
          validateStatus: (response) => response.status === 201,
        };
      },
    }),
  }),
});

/** Uploads one image; resolves with its URL on 201 and rejects otherwise. */
export function useUploadImage() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (args: UploadImageArgs) => {
      const request = dispatch(uploadApi.endpoints.uploadImage.initiate(args));
      try {
        return await request.unwrap();
      } finally {
        request.reset();
      }
    },
    [dispatch],
  );
}
