import { failureText } from '../form/Field';
import { useNotice } from '../components/pageParts';

/**
 * Runs a staff request (a role change, a removal, a revocation) and says how it went on the outcome line: `done` once
 * it is taken, else the server's reason.
 */
export function useStaffAction() {
  const { notice, setNotice } = useNotice();
  async function run(action: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await action();
      setNotice({ text: done, failed: false });
    } catch (error) {
      setNotice({ text: failureText(error), failed: true });
    }
  }
  return { notice, run };
}
