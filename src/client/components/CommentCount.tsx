// A story list entry's "N comments" (nothing when there are none), from the list answer's commentCount.
export function CommentCount({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return <p className={className}>{count === 1 ? '1 comment' : `${count} comments`}</p>;
}
