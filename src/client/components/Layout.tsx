// PLACEHOLDER (foundation): replaced by the public-site issue (top bar, tab bar, theme toggle).
import { Outlet } from 'react-router-dom';

export function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
