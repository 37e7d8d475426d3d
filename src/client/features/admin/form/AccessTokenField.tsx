// An API key or the server's ADMIN_TOKEN, typed for this tab only: hidden by default, never persisted with the draft.
// It is for scripts and tests: a signed-in person acts as their account, so for them it waits behind "Use an API
// token instead", open only once a token is held. Without a session it is the one way to act, and shown as it is.
import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { LIMITS } from '../../../../contract/limits';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { accessTokenChanged, selectAccessToken } from '../draft/editorSlice';
import { TextField } from './TextField';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from './fields.module.scss';

export const USE_TOKEN_TEXT = 'Use an API token instead';

export function AccessTokenField() {
  const dispatch = useAppDispatch();
  const accessToken = useAppSelector(selectAccessToken);
  const signedIn = useAppSelector(selectUser) !== null;
  const [visible, setVisible] = useState(false);
  // Opened by the writer, or by a token held from another page of this tab (it is acting, so it shows).
  const [open, setOpen] = useState(accessToken !== '');
  const field = (
    <TextField
      label="Access Token"
      type={visible ? 'text' : 'password'}
      value={accessToken}
      maxLength={LIMITS.accessTokenMax}
      autoComplete="off"
      hint={
        signedIn
          ? "For scripts and tests: an API key or the server's ADMIN_TOKEN acts as the owner instead of your account. Leave it empty to act as yourself. It is kept for this tab only."
          : "An API key or the server's ADMIN_TOKEN acts as the owner. It is kept for this tab only."
      }
      onChange={(token) => dispatch(accessTokenChanged(token))}
      addon={
        <button type="button" className={buttons.iconButton} onClick={() => setVisible((value) => !value)}>
          {visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
          {visible ? 'Hide token' : 'Show token'}
        </button>
      }
    />
  );
  if (!signedIn) return field;
  return (
    <details
      className={fieldStyles.disclosure}
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{USE_TOKEN_TEXT}</summary>
      {field}
    </details>
  );
}
