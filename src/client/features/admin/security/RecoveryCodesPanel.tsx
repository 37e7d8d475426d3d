// Recovery codes, shown once: the list, a text file to keep, and the button that says they are saved.
import { Download } from 'lucide-react';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';

export const RECOVERY_CODES_TEXT =
  'Save these recovery codes now: each one works once in place of a code from your app, and they are not shown again.';

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  function download() {
    const text = `Touchline recovery codes (each works once)\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'touchline-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className={pageStyles.formCard} role="region" aria-label="Recovery codes">
      <p>{RECOVERY_CODES_TEXT}</p>
      <ul aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={pageStyles.formActions}>
        <button type="button" className={buttons.secondaryButton} onClick={download}>
          <Download size={16} aria-hidden="true" />
          Download as a text file
        </button>
        <button type="button" className={buttons.primaryButton} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
