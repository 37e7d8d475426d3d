// A post's newsletter figures (GET /api/blogs/:id/newsletter): how many members it goes to, and how many of those mails
// left, failed or wait. Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';

export type NewsletterFigures = { recipients: number; sent: number; failed: number; pending: number };

export const newsletterApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsletter: build.query<NewsletterFigures, string>({
      query: (id) => `blogs/${encodeURIComponent(id)}/newsletter`,
      keepUnusedDataFor: 0,
    }),
  }),
});
