// An API key or the server's ADMIN_TOKEN, typed for this tab only: hidden by default, never persisted with the draft.
// Optional for a signed-in admin: left empty, requests act as their account through the session cookie.
import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { LIMITS } from '../../../../contract/limits';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { accessTokenChanged, selectAccessToken } from '../draft/editorSlice';
import { TextField } from './TextField';
import buttons from '../../../styles/buttons.module.scss';

export function AccessTokenField() {
  const dispatch = useAppDispatch();
  const accessToken = useAppSelector(selectAccessToken);
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label="Access Token"
      type={visible ? 'text' : 'password'}
      value={accessToken}
      maxLength={LIMITS.accessTokenMax}
      autoComplete="off"
      hint="Optional while you are signed in: leave it empty to act as your account. An API key or the server's ADMIN_TOKEN acts as the owner. It is kept for this tab only."
      onChange={(token) => dispatch(accessTokenChanged(token))}
      addon={
        <button type="button" className={buttons.iconButton} onClick={() => setVisible((value) => !value)}>
          {visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
          {visible ? 'Hide token' : 'Show token'}
        </button>
      }
    />
  );
}
