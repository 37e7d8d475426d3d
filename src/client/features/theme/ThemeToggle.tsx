import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { THEME_TOGGLE_ATTRIBUTE } from '../../app/serverState';
import { useHydrated } from '../../app/useHydrated';
import { SpriteIcon } from '../../components/SpriteIcon';
import { selectThemeMode, themeToggled } from './themeSlice';
import styles from './ThemeToggle.module.scss';

export type ThemeToggleProps = { className?: string };

/** Its accessible name says what a press does ('Switch to light theme'), so no pressed state is needed. */
export function ThemeToggle({ className }: ThemeToggleProps) {
  // The server cannot know the stored theme and renders the default (dark); <html data-theme> is right before paint.
  const storedMode = useAppSelector(selectThemeMode);
  const mode = useHydrated() ? storedMode : 'dark';
  const dispatch = useAppDispatch();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button
      type="button"
      className={className ? `${styles.toggle} ${className}` : styles.toggle}
      onClick={() => dispatch(themeToggled())}
      aria-label={label}
      title={label}
      // boot.ts answers a press before the app has loaded
      {...{ [THEME_TOGGLE_ATTRIBUTE]: '' }}
    >
      <SpriteIcon name={mode === 'dark' ? 'Sun' : 'Moon'} size={20} />
    </button>
  );
}
