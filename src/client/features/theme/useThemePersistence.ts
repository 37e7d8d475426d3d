// Keeps <html data-theme> and localStorage 'theme' in step with the theme slice, and follows other tabs.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { THEME_STORAGE_KEY, selectThemeMode, themeSynced, toThemeMode } from './themeSlice';

export function useThemePersistence() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // Storage can be unavailable (private mode, quota); the theme still applies for this visit.
    }
  }, [mode]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) dispatch(themeSynced(toThemeMode(event.newValue)));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);
}
