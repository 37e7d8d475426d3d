// Which draft the editor's fields edit. /admin edits the new post (the editor slice, as always); /admin/edit/:id wraps
// the same fields in a scope that reads and writes that post's own draft, so the two never touch each other.
import { createContext, useCallback, useContext } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { selectEditor } from './editorSlice';
import type { Draft } from './draftTypes';

export type DraftScope = {
  /** prefixes the keys of this draft's pending images: '' for the new post */
  imageScope: string;
  select: (state: RootState) => Draft;
  /** turns an editor action into the action that applies it to this draft */
  wrap: (action: UnknownAction) => UnknownAction;
};

export const NEW_POST_SCOPE: DraftScope = { imageScope: '', select: selectEditor, wrap: (action) => action };

const DraftScopeContext = createContext<DraftScope>(NEW_POST_SCOPE);

export const DraftScopeProvider = DraftScopeContext.Provider;

export function useDraftScope(): DraftScope {
  return useContext(DraftScopeContext);
}

/** A value of the scope's draft. */
export function useDraftSelector<T>(pick: (draft: Draft) => T): T {
  const { select } = useDraftScope();
  return useAppSelector((state) => pick(select(state)));
}

/** Dispatches editor actions to the scope's draft (stable while the scope is, so memoised rows stay memoised). */
export function useDraftDispatch(): (action: UnknownAction) => void {
  const dispatch = useAppDispatch();
  const { wrap } = useDraftScope();
  return useCallback((action: UnknownAction) => void dispatch(wrap(action)), [dispatch, wrap]);
}
