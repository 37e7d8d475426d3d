// A post's changed fields, word by word (<del> removed, <ins> added): what History shows for a version, and what the
// review queue shows of the changes since a post was submitted.
import type { FieldDiff } from './postDiff';
import pageStyles from '../pages/page.module.scss';

export function DiffList({ diff }: { diff: FieldDiff[] }) {
  return (
    <dl className={pageStyles.diff}>
      {diff.map((field) => (
        <div key={field.label}>
          <dt>{field.label}</dt>
          <dd>
            {field.parts.map((part, index) =>
              part.change === 'removed' ? (
                <del key={index}>{part.text}</del>
              ) : part.change === 'added' ? (
                <ins key={index}>{part.text}</ins>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
