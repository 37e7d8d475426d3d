// What the live desk says when a write fails: the API's reason, in the desk's words for a refused token or a gone post.
import { apiErrorMessage } from '../api/apiErrors';
import { TOKEN_REJECTED_TEXT } from '../api/adminApi';

export const deskFailureText = (error: unknown) =>
  apiErrorMessage(error, { 401: TOKEN_REJECTED_TEXT, 404: 'Blog not found.' });
