import { makeStore } from '../../../../src/client/app/store';
import {
  readStoredTheme,
  selectThemeMode,
  themeSynced,
  themeToggled,
} from '../../../../src/client/features/theme/themeSlice';

const modeOf = (store: ReturnType<typeof makeStore>) => selectThemeMode(store.getState());

test('the theme is dark by default', () => {
  expect(modeOf(makeStore())).toBe('dark');
});

test('a stored light preference starts the store light', () => {
  localStorage.setItem('theme', 'light');
  expect(modeOf(makeStore())).toBe('light');
});

test.each(['purple', 'LIGHT', '', 'null', ' light'])('a stored %p means dark', (value) => {
  localStorage.setItem('theme', value);
  expect(readStoredTheme()).toBe('dark');
  expect(modeOf(makeStore())).toBe('dark');
});

test('unreadable storage means dark', () => {
  const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('SecurityError');
  });
  try {
    expect(readStoredTheme()).toBe('dark');
  } finally {
    getItem.mockRestore();
  }
});

test('toggling flips dark to light and back', () => {
  const store = makeStore();
  store.dispatch(themeToggled());
  expect(modeOf(store)).toBe('light');
  store.dispatch(themeToggled());
  expect(modeOf(store)).toBe('dark');
});

test('a change from another tab sets the mode it names', () => {
  const store = makeStore();
  store.dispatch(themeSynced('light'));
  expect(modeOf(store)).toBe('light');
});
