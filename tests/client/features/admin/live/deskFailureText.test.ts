// The desk's failure texts: a sentence for the writer, one final period, never a route.
import { deskFailureText, NOT_STARTED_TEXT } from '../../../../../src/client/features/admin/live/deskFailureText';
import { clipWords } from '../../../../../src/client/components/live/LiveParts';

const refused = (status: number, error: string) => ({ status, data: { error } });

test('an update before Start reads "Start coverage first to post updates."', () => {
  expect(deskFailureText(refused(409, 'not live (PUT /api/blogs/:id/live)'))).toBe(NOT_STARTED_TEXT);
  expect(NOT_STARTED_TEXT).toBe('Start coverage first to post updates.');
});

test("the server's sentence keeps one period, and a reason naming a route gives way to a plain one", () => {
  expect(deskFailureText(refused(403, 'This post is in review: an editor decides on it.'))).toBe(
    'This post is in review: an editor decides on it.',
  );
  const text = deskFailureText(refused(400, 'Send PUT /api/blogs/:id/live first'));
  expect(text).not.toMatch(/\/api\/|PUT/);
  expect(text).toMatch(/^[A-Z].*\.$/);
});

test('a key event is cut on a word boundary, with an ellipsis', () => {
  expect(clipWords('Goal for Hillcrest', 80)).toBe('Goal for Hillcrest');
  expect(clipWords('Goal for Hillcrest after a long move', 20)).toBe('Goal for Hillcrest…');
  expect(clipWords('Goal, then another', 6)).toBe('Goal…');
  expect(clipWords('Supercalifragilistic', 5)).toBe('Super…');
});
