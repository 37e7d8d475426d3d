import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../helpers/renderWithProviders';

const html = () => document.documentElement;

afterEach(() => {
  html().dataset.theme = 'dark';
});

test('the toggle says what it does, flips the theme on <html> and stores the choice', async () => {
  const { user } = renderApp('/sample');
  const toLight = await screen.findByRole('button', { name: 'Switch to light theme' });
  expect(html()).toHaveAttribute('data-theme', 'dark');

  await user.click(toLight);
  expect(html()).toHaveAttribute('data-theme', 'light');
  expect(localStorage.getItem('theme')).toBe('light');

  await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(html()).toHaveAttribute('data-theme', 'dark');
  expect(localStorage.getItem('theme')).toBe('dark');
});

test('a stored light theme is applied on start', async () => {
  localStorage.setItem('theme', 'light');
  renderApp('/sample');
  expect(await screen.findByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  expect(html()).toHaveAttribute('data-theme', 'light');
});

test('a theme chosen in another tab is followed', async () => {
  renderApp('/sample');
  await screen.findByRole('button', { name: 'Switch to light theme' });
  act(() => {
    fireEvent(window, new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
  });
  expect(html()).toHaveAttribute('data-theme', 'light');
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
});

test('the toggle is reachable and operable by keyboard', async () => {
  const { user } = renderApp('/sample');
  const toggle = await screen.findByRole('button', { name: 'Switch to light theme' });
  toggle.focus();
  await user.keyboard('{Enter}');
  expect(html()).toHaveAttribute('data-theme', 'light');
});
