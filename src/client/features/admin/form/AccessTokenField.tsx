// The server's access token, typed for this session only: hidden by default, never persisted with the draft.
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
      hint="The server's admin token: its ADMIN_TOKEN, or the file whose path it prints at start. It is kept for this session only."
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
