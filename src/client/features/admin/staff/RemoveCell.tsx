// The last cell of a staff row whose one action removes something (an account, an invitation): its button, and in
// its place the question that confirms it; an empty cell for a row the reader may not act on.
import type { LucideIcon } from 'lucide-react';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { ActionsCell, RowButton } from '../components/pageParts';

type RemoveCellProps = {
  /** false: the reader may not act on this row */
  allowed: boolean;
  Icon: LucideIcon;
  /** the button's word ("Remove") and the row it names for screen readers */
  label: string;
  rowName: string;
  /** the question alone, the question with what answering does, and the answer's words */
  ask: string;
  question: string;
  answer: string;
  confirming: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
};

export function RemoveCell({
  allowed,
  Icon,
  label,
  rowName,
  ask,
  question,
  answer,
  confirming,
  ...on
}: RemoveCellProps) {
  if (!allowed) return <td />;
  const confirm = confirming && (
    <ConfirmInRow
      label={ask}
      question={question}
      answer={
        <>
          <Icon size={16} aria-hidden="true" />
          {answer}
        </>
      }
      onConfirm={on.onConfirm}
      onCancel={on.onCancel}
    />
  );
  return (
    <ActionsCell confirm={confirm}>
      <RowButton icon={<Icon size={16} aria-hidden="true" />} label={label} rowName={rowName} onClick={on.onAsk} />
    </ActionsCell>
  );
}
