// A post's status: its own module, so the role rules (roles.ts) and the post's shapes (types.ts) both read it.
/**
 * Where a post stands. 'scheduled' is a published post whose publishAt is still in the future; 'review' is a post
 * submitted for an editor's review (never public, like 'draft'); only 'published' posts are public.
 */
export type PostStatus = 'published' | 'draft' | 'scheduled' | 'review';
