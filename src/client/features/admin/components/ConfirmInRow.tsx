// The question an admin page asks in place of the button that raised it (delete a post, delete it forever, remove an
// account, restore a version): the question as a labelled group, its answer focused at once (the keyboard was on the
// button the question replaced), and Cancel.
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';

type ConfirmInRowProps = {
  /** the group's accessible name: the question alone */
  label: string;
  /** the question as shown, with what answering it does */
  question: ReactNode;
  /** the answer's icon and words */
  answer: ReactNode;
  /** danger for what removes something, primary for what brings something back */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmInRow({ label, question, answer, tone = 'danger', onConfirm, onCancel }: ConfirmInRowProps) {
  const answerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    answerRef.current?.focus();
  }, []);
  return (
    <div className={pageStyles.confirm} role="group" aria-label={label}>
      <span>{question}</span>
      <button
        type="button"
        className={tone === 'danger' ? buttons.dangerButton : buttons.primaryButton}
        ref={answerRef}
        onClick={onConfirm}
      >
        {answer}
      </button>
      <button type="button" className={buttons.secondaryButton} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
