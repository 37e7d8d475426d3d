// What an editorial note must be before it is sent, with a request for changes or on the edit page: the server's rule
// (1 to DESK_LIMITS.noteMax characters) and the one line that says so.
import { DESK_LIMITS } from '../../../../contract/desk';

export const NOTE_LENGTH_TEXT = `A note needs 1 to ${DESK_LIMITS.noteMax.toLocaleString('en')} characters.`;

/** Whether the note may be sent: some text besides spaces, and no longer than the limit. */
export const noteFits = (body: string): boolean => body.trim().length > 0 && body.length <= DESK_LIMITS.noteMax;
