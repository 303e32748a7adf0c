import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { type Answer, pathOf } from '../../app/client.ts';
import { ME, renderSignedIn, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { WelcomeCard, isWelcomeShown } from './WelcomeCard.tsx';

type Text = Answer<'texts'>['hydra:member'][number];
const welcome = (updatedAt: string): Text => ({
  id: '00000000-0000-4000-8000-000000000201',
  type: 'welcome',
  name: '',
  lang: 'de',
  value: '<h2>Willkommen bei Klimadesk</h2><p>Schön, dass Sie da sind.</p>',
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt,
});

let calls: Call[];
let text: Text;

beforeEach(() => {
  text = welcome('2026-01-05T08:00:00.000Z');
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', ME);
    if (url.startsWith(pathOf('texts'))) return answer('texts', listFixture('texts', [text]));
  });
});

describe('welcome card', () => {
  it('shows the welcome text of the user language until hidden, and again once it changed', async () => {
    const first = await renderSignedIn(() => <WelcomeCard />, '/dashboard/shipment');
    const card = await screen.findByTestId('welcome-card');
    expect(card).toHaveTextContent('Willkommen bei Klimadesk');
    expect(calls.some((c) => c.url === `${pathOf('texts')}?type=welcome&lang=de`)).toBe(true);

    await act(async () => screen.getByTestId('welcome-dismiss').click());
    expect(screen.queryByTestId('welcome-card')).toBeNull();
    first.unmount();

    // Hidden for this user on this browser, also on the next visit.
    const second = await renderSignedIn(() => <WelcomeCard />, '/dashboard/shipment');
    const textCalls = () => calls.filter((c) => c.url.startsWith(pathOf('texts'))).length;
    await waitFor(() => expect(textCalls()).toBe(2));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('welcome-card')).toBeNull();
    second.unmount();

    // The platform admin changes the text: it shows again.
    text = welcome(new Date(Date.now() + 60_000).toISOString());
    await renderSignedIn(() => <WelcomeCard />, '/dashboard/shipment');
    expect(await screen.findByTestId('welcome-card')).toHaveTextContent('Schön, dass Sie da sind.');
  });

  it('shows nothing for an empty text', () => {
    expect(isWelcomeShown({ value: ' ', updatedAt: '2026-01-05T08:00:00.000Z' }, null)).toBe(false);
    expect(isWelcomeShown(null, null)).toBe(false);
    expect(isWelcomeShown({ value: '<p>x</p>', updatedAt: '2026-01-05T08:00:00.000Z' }, null)).toBe(true);
    expect(
      isWelcomeShown(
        { value: '<p>x</p>', updatedAt: '2026-01-05T08:00:00.000Z' },
        '2026-01-05T08:00:00.000Z',
      ),
    ).toBe(false);
  });
});
