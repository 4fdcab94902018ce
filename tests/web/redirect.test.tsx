import { cleanup, render, screen } from '@testing-library/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { Redirect } from '../../src/shell/Redirect.tsx';

afterEach(cleanup);

const Where = () => <p data-testid="where">{useLocation().pathname}</p>;

/** The person's click, arriving after the landing's redirect was drawn and before it ran: an earlier sibling's effect runs first. */
const ClickedMeanwhile = () => {
  const navigate = useNavigate();
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    navigate('/operation/app');
  }, [navigate]);
  return null;
};

const routes = (landing: ReactNode) => (
  <Routes>
    <Route path="/operation" element={landing} />
    <Route path="*" element={<Where />} />
  </Routes>
);

it('leads from a landing to its first page', async () => {
  render(<MemoryRouter initialEntries={['/operation']}>{routes(<Redirect to="/operation/bu" />)}</MemoryRouter>);
  expect((await screen.findByTestId('where')).textContent).toBe('/operation/bu');
});

/**
 * A slow console's first drawing (its landing's redirect among it) may commit after the person
 * clicked a menu entry: the click wins, as it did in CI (the landing replaced `/operation/app` with
 * `/operation/bu` 80 ms after the click).
 */
it('yields to a page the person chose after the redirect was drawn', async () => {
  render(
    <MemoryRouter initialEntries={['/operation']}>
      {routes(
        <>
          <ClickedMeanwhile />
          <Redirect to="/operation/bu" />
        </>,
      )}
    </MemoryRouter>,
  );
  expect((await screen.findByTestId('where')).textContent).toBe('/operation/app');
  // Passive effects have all run by now: nothing replaced the choice afterwards.
  await new Promise((r) => setTimeout(r, 0));
  expect(screen.getByTestId('where').textContent).toBe('/operation/app');
});
