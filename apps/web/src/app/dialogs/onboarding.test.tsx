import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { Config } from 'driver.js';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { type Answer, pathOf } from '../client.ts';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen } from '../../test/render.tsx';
import { WelcomeCard } from '../../features/help/WelcomeCard.tsx';
import { onboardingLayer } from './onboardingLayer.ts';
import { SessionDialogs } from './SessionDialogs.tsx';

// driver.js draws into the real page; here it only records the tour it was given.
const tours: Config[] = [];
const drive = vi.fn();
vi.mock('driver.js', () => ({
  driver: (config: Config) => {
    tours.push(config);
    return { drive, destroy: vi.fn() };
  },
}));

const VERSION_ID = '00000000-0000-4000-8000-000000000301';
const note: Answer<'releaseNoteTexts'>['hydra:member'][number] = {
  id: '00000000-0000-4000-8000-000000000302',
  releaseVersion: VERSION_ID,
  version: '3.1.0',
  released: 1,
  releaseDate: '2026-11-01',
  module: 'cft',
  position: 1,
  title: 'Neue Exporte',
  shortDescription: 'Kurz erklärt',
  description: '<p>Mehr</p>',
  titleDe: 'Neue Exporte',
  titleEn: 'New exports',
  shortDescriptionDe: 'Kurz erklärt',
  shortDescriptionEn: 'In short',
  descriptionDe: '<p>Mehr</p>',
  descriptionEn: '<p>More</p>',
};

let me: Me;
let calls: Call[];

beforeEach(() => {
  tours.length = 0;
  drive.mockClear();
  localStorage.clear();
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return Response.json(me);
    if (url.startsWith(pathOf('releaseVersions')))
      return answer(
        'releaseVersions',
        listFixture('releaseVersions', [
          { id: VERSION_ID, version: '3.1.0', releaseDate: '2026-11-01', released: 1, notes: 1 },
        ]),
      );
    if (url.startsWith(pathOf('releaseNoteTexts')))
      return answer('releaseNoteTexts', listFixture('releaseNoteTexts', [note]));
    if (url.startsWith(pathOf('texts')))
      return answer(
        'texts',
        listFixture('texts', [
          {
            id: '00000000-0000-4000-8000-000000000201',
            type: 'welcome',
            name: '',
            lang: 'de',
            value: '<h2>Willkommen bei Klimadesk</h2>',
            createdAt: '2026-01-05T08:00:00.000Z',
            updatedAt: '2026-01-05T08:00:00.000Z',
          },
        ]),
      );
    if (url.includes('/intro-shown')) return new Response(null, { status: 204 });
    if (url.includes('/release-notes-shown')) return new Response(null, { status: 204 });
    return undefined;
  });
});

afterEach(() => vi.restoreAllMocks());

let refresh: () => void = () => undefined;

/** The layout's session dialogs beside a start page's welcome banner. */
function Page() {
  const [, setTick] = useState(0);
  // Handed out after the render, so the test can render the page again from outside.
  useEffect(() => {
    refresh = () => setTick((n) => n + 1);
  }, []);
  return (
    <WithMe>
      <SessionDialogs me={me} />
      <WelcomeCard />
    </WithMe>
  );
}

describe('one onboarding layer at a time', () => {
  it('gives a new user the tour alone; closing it records the current release as seen', async () => {
    me = meFixture({ introShown: false, releaseNotesShown: null, module: 'cft' });
    await renderScreen(() => <Page />, '/dashboard/shipment');
    await waitFor(() => expect(drive).toHaveBeenCalledOnce());
    expect(onboardingLayer()).toBe('tour');
    expect(screen.queryByTestId('release-notes-dialog')).toBeNull();
    expect(screen.queryByTestId('welcome-card')).toBeNull();
    // The notes of the version are never asked for while the tour runs.
    expect(calls.some((c) => c.url.startsWith(pathOf('releaseNoteTexts')))).toBe(false);

    // The tour ends: the user has seen the intro, the layout renders again with it.
    act(() => tours[0].onDestroyStarted?.(undefined, {} as never, {} as never));
    me = { ...me, introShown: true };
    act(() => refresh());
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/release-notes-shown'))).toMatchObject({
        method: 'POST',
        body: { version: '3.1.0' },
      }),
    );
    expect(onboardingLayer()).toBeNull();
    expect(screen.queryByTestId('release-notes-dialog')).toBeNull();
  });

  it('gives a returning user the release notes, no tour, and the banner only once they are closed', async () => {
    me = meFixture({ introShown: true, releaseNotesShown: '3.0.0', module: 'cft' });
    await renderScreen(() => <Page />, '/dashboard/shipment');
    const dialog = await screen.findByTestId('release-notes-dialog');
    expect(dialog).toHaveTextContent('Neue Exporte');
    expect(onboardingLayer()).toBe('releaseNotes');
    expect(drive).not.toHaveBeenCalled();
    expect(screen.queryByTestId('welcome-card')).toBeNull();

    await act(async () => screen.getByRole('button', { name: 'Fertig' }).click());
    expect(await screen.findByTestId('welcome-card')).toHaveTextContent('Willkommen bei Klimadesk');
    expect(onboardingLayer()).toBeNull();
    expect(drive).not.toHaveBeenCalled();
  });

  it('starts the tour of the module: the carbon footprint has its own steps, not the freight tutorial', async () => {
    me = meFixture({ introShown: false, module: 'cfc', firstName: 'Ada' });
    await renderScreen(() => <Page />, '/cfc/home');
    await waitFor(() => expect(drive).toHaveBeenCalledOnce());
    expect(tours[0].steps?.map((s) => s.popover?.title)).toEqual([
      'Willkommen, Ada!',
      'Geschäftseinheiten und Berichte',
      'Einstellungen',
      'Ergebnisse',
      'Fragen?',
    ]);
    expect(calls.some((c) => c.url.startsWith(pathOf('texts')) && c.url.includes('tutorial'))).toBe(false);
  });
});
