// The desk: review, editorial notes and notifications. Shapes the API answers and the rules both sides read (the
// server enforces the transitions, the admin pages offer only what the server would allow; the role rules are in
// roles.ts). Types and constants only.
import type { AdminBlogPost } from './types';

/** A review decision: POST /api/blogs/:id/review body. */
export type ReviewDecision = { decision: 'changes'; note: string } | { decision: 'approve'; publishAt?: string | null };

/** GET /api/blogs/:id/review. submittedAt/submittedBy are null for a post that is not in review. */
export type ReviewInfo = {
  submittedAt: string | null;
  submittedBy: { id: number | null; name: string } | null;
  /** whether the post differs from the version that was submitted */
  changedSince: boolean;
  /** the submitted version's revision id, for the word diff against the post as it is now; null when unchanged */
  submittedRevisionId: number | null;
  /**
   * A post submitted again after changes were requested (the last decision on it): when and by whom, whether it
   * differs from the version sent back, and that version's revision id for the word diff (null when unchanged or from
   * before it was kept); null for a first submission.
   */
  sinceChanges: { at: string; by: string; changedSince: boolean; revisionId: number | null } | null;
};

/** GET /api/reviews: one post in review (the queue, oldest submission first), as the staff's post and its ReviewInfo. */
export type ReviewQueueEntry = { post: AdminBlogPost; review: ReviewInfo };

/** A review step stored with who and when, shown in the post's history among the versions. */
export type ReviewStepKind = 'submitted' | 'withdrawn' | 'approved' | 'changes';
export type ReviewStep = {
  id: number;
  kind: ReviewStepKind;
  by: string;
  at: string;
  /** the note of a request for changes, else null */
  note: string | null;
};

export const DESK_LIMITS = { noteMax: 2_000 } as const;

/** An editorial note on a post: staff only, never public. */
export type EditorialNote = {
  id: number;
  body: string;
  author: { name: string };
  createdAt: string;
  resolved: boolean;
};

export type NotificationKind = 'submitted' | 'changes' | 'approved' | 'published' | 'scheduled' | 'note' | 'comments';

/**
 * GET /api/notifications: newest first. A desk notification is about a post; an 'account' one is about the person's
 * own sign-in settings ("A passkey named "Work laptop" was added to your account.") and has no post.
 */
export type StaffNotification = (
  { kind: NotificationKind; postId: number; postTitle: string } | { kind: 'account'; postId: null; postTitle: null }
) & {
  id: number;
  actor: { name: string };
  /** one line a person reads: "Submitted for review by Sam", "Changes requested by Kim: cut the intro", … */
  text: string;
  createdAt: string;
  read: boolean;
};
export type NotificationsAnswer = { items: StaffNotification[]; unread: number };

/** GET /api/password-reset-requests: whether this site can mail a reset link ("Forgot password?"), else ask an owner. */
export type MailStatus = { mail: boolean };
