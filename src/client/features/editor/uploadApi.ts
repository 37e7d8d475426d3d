// POST /api/uploads joins the app's one api slice: images chosen in the editor are stored on the server.
import { blogApi } from '../../api/blogApi';
import type { UploadResult } from '../../../contract/types';

export type UploadImageArgs = { file: Blob; accessToken: string };

const uploadApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    uploadImage: build.mutation<UploadResult, UploadImageArgs>({
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

export const { useUploadImageMutation } = uploadApi;
