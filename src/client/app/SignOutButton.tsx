// "Sign out" in the top bar while signed in (issue 21). Its own small chunk: a reader who never signed in never loads it.
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from './hooks';
import { paths } from './paths';
import { signOut } from './session';

export function SignOutButton({ className }: { className?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        // Away from the admin page first, so its guard does not send the admin to the sign-in card.
        navigate(paths.home());
        void signOut(dispatch);
      }}
    >
      <LogOut size={18} aria-hidden="true" />
      Sign out
    </button>
  );
}
