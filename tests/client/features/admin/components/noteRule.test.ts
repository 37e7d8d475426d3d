// One rule for an editorial note, read by the review queue and the notes panel.
import { DESK_LIMITS } from '../../../../../src/contract/desk';
import { NOTE_LENGTH_TEXT, noteFits } from '../../../../../src/client/features/admin/components/noteRule';

test('a note needs text besides spaces and at most the limit, and the message says the limit', () => {
  expect(noteFits('Cut the intro')).toBe(true);
  expect(noteFits('')).toBe(false);
  expect(noteFits('   \n ')).toBe(false);
  expect(noteFits('x'.repeat(DESK_LIMITS.noteMax))).toBe(true);
  expect(noteFits('x'.repeat(DESK_LIMITS.noteMax + 1))).toBe(false);
  expect(NOTE_LENGTH_TEXT).toBe('A note needs 1 to 2,000 characters.');
});
