// POST /api/uploads joins the app's one api slice: images chosen in the editor are stored on the server.
import { blogApi } from '../../../api/blogApi';
import type { ImageFacts } from '../../../../contract/images';
import type { UploadResult } from '../../../../contract/types';

export type UploadImageArgs = { file: Blob; accessToken: string };

export const uploadApi = blogApi.injectEndpoints({
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
          // Without a token (a signed-in admin left it empty) the session cookie authorizes the upload.
          headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined,
          validateStatus: (response) => response.status === 201,
        };
      },
    }),
  }),
});
