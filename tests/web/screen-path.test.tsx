import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { Screen } from '../../src/console/BareLayout.tsx';

afterEach(cleanup);

/**
 * A navigation is a transition: the next screen may suspend (its chunk, its messages) and the last
 * stays on view under the new address. Journeys wait for `data-screen` to name the new path before
 * they click a row; a row of the last screen was clicked instead when they did not (issue 49's CI).
 */
it('data-screen names the screen on view, not the address, while the next screen loads', async () => {
  let arrive!: () => void;
  const loading = new Promise<void>((resolve) => (arrive = resolve));
  const Next = () => {
    use(loading);
    return <p>next rows</p>;
  };
  const Pages = () => (useLocation().pathname === '/next' ? <Next /> : <p>last rows</p>);
  const router = createMemoryRouter(
    [{ path: '*', element: <Screen><Suspense fallback={<p>loading</p>}><Pages /></Suspense></Screen> }],
    { initialEntries: ['/last'] },
  );
  const { container } = render(<RouterProvider router={router} />);
  const path = () => container.querySelector('[data-screen]')!.getAttribute('data-screen');
  expect(path()).toBe('/last');
  await act(() => router.navigate('/next'));
  expect(router.state.location.pathname).toBe('/next');
  expect(screen.getByText('last rows')).toBeTruthy();
  expect(path()).toBe('/last');
  await act(async () => {
    arrive();
    await loading;
  });
  expect(screen.getByText('next rows')).toBeTruthy();
  expect(path()).toBe('/next');
});
