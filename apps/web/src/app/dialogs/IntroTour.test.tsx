import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { Config, DriveStep } from 'driver.js';
import { type Answer, pathOf } from '../client.ts';
import { stubApi, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { setupTestI18n } from '../../test/render.tsx';
import { IntroTour } from './IntroTour.tsx';
import { type Anchor, findAnchor, tutorialTour } from './tourSteps.ts';

// driver.js draws into the real page; here it only records the tour it was given.
const tours: Config[] = [];
const drive = vi.fn();
vi.mock('driver.js', () => ({
  driver: (config: Config) => {
    tours.push(config);
    return { drive, destroy: vi.fn() };
  },
}));

type Text = Answer<'texts'>['hydra:member'][number];
const text = (name: string, value: string, lang: 'de' | 'en' = 'de'): Text => ({
  id: `00000000-0000-4000-8000-00000000010${name.slice(-1)}`,
  type: 'tutorial',
  name,
  lang,
  value,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
});

const STEPS = [
  text('step3', '<h2>3. Werte</h2><p>Standardwert &amp; individueller Wert.</p>'),
  text('step1', '<h2>1. Navigation &amp; Module</h2><p>Links die <strong>Seitenleiste</strong>.</p>'),
  text('step2', '<h2>2. Import</h2><p>Zuordnen, dann hochladen.</p>'),
  text('step4', '<h2>4. Dashboards</h2><p>Touren und Sendungen.</p>'),
  text('step5', '<h2>5. Benutzer</h2><p>Rollen je Modul.</p>'),
  text('step6', '<h2>6. Hilfe</h2><p><a href="mailto:support@klimadesk.de">Support</a></p>'),
];

const ME = meFixture({ firstName: 'Ada <b>', introShown: false });
let calls: Call[];
let answerTexts: () => Response;

beforeEach(async () => {
  tours.length = 0;
  drive.mockClear();
  answerTexts = () => answer('texts', listFixture('texts', STEPS));
  calls = stubApi((url) => (url.startsWith(pathOf('texts')) ? answerTexts() : undefined));
  await setupTestI18n('de');
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const titles = (steps: DriveStep[] | undefined) => steps?.map((s) => s.popover?.title);

describe('intro tour', () => {
  it('shows the six tutorial steps of the user language in their order, titles as text', async () => {
    render(<IntroTour me={ME} />);
    await waitFor(() => expect(drive).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.url.startsWith(pathOf('texts')))).toEqual([
      { method: 'GET', url: `${pathOf('texts')}?type=tutorial&lang=de`, body: undefined },
    ]);
    const steps = tours[0].steps!;
    expect(titles(steps)).toEqual([
      '1. Navigation &amp; Module',
      '2. Import',
      '3. Werte',
      '4. Dashboards',
      '5. Benutzer',
      '6. Hilfe',
    ]);
    expect(steps[0].popover?.description).toBe('<p>Links die <strong>Seitenleiste</strong>.</p>');
    expect(steps[5].popover?.description).toBe('<p><a href="mailto:support@klimadesk.de">Support</a></p>');
    // Nothing of the page is on screen in this test, so every step is centred.
    expect(steps.map((s) => s.element)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('falls back to the built-in steps when the texts cannot be loaded, the name as text', async () => {
    answerTexts = () => errorAnswer('notFound');
    render(<IntroTour me={ME} />);
    await waitFor(() => expect(drive).toHaveBeenCalledOnce());
    const steps = tours[0].steps!;
    expect(steps).toHaveLength(5);
    expect(steps[0].popover?.title).toBe('Willkommen bei Klimadesk, Ada &lt;b&gt;!');
    expect(steps[2].popover?.title).toBe('Sprache');
  });

  it('falls back as well when there are no tutorial texts, and records the tour as shown when it ends', async () => {
    answerTexts = () => answer('texts', listFixture('texts', [text('step1', '   ')]));
    render(<IntroTour me={ME} />);
    await waitFor(() => expect(drive).toHaveBeenCalledOnce());
    expect(tours[0].steps).toHaveLength(5);
    tours[0].onDestroyStarted?.(undefined, {} as never, {} as never);
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/intro-shown'))).toEqual({
        method: 'PATCH',
        url: pathOf('introShown', { id: ME.id }),
        body: { introShown: true },
      }),
    );
  });
});

describe('tutorial steps on the screen', () => {
  it('points each step at the first of its elements shown: sidebar, sections of the sidebar, user menu', () => {
    document.body.innerHTML = `
      <nav data-testid="sidebar">
        <ul id="system"><li><a href="/system/import-tasks">Importe</a></li></ul>
        <ul id="emissions"><li><a href="/dashboard/tour">Tour-Dashboard</a></li></ul>
        <ul id="help"><li><a href="/help/first-steps">Erste Schritte</a></li><li><a href="/help/contact">Kontakt</a></li></ul>
      </nav>
      <button data-testid="user-menu">AA</button>`;
    // happy-dom lays nothing out: which elements are hidden is given here.
    const hidden = new Set<Element>();
    const find = (a: Anchor) => findAnchor(a, (el) => !hidden.has(el));
    const byId = (id: string) => document.getElementById(id);
    const sidebar = document.querySelector('[data-testid="sidebar"]')!;
    const userMenu = document.querySelector('[data-testid="user-menu"]')!;

    const elements = () => tutorialTour(STEPS, find).map((s) => s.element);
    expect(elements()).toEqual([
      sidebar,
      byId('system'),
      undefined,
      byId('emissions'),
      userMenu,
      byId('help'),
    ]);

    // On a phone the sidebar is a closed drawer: the first step points at the user menu instead.
    hidden.add(sidebar);
    for (const ul of document.querySelectorAll('ul')) hidden.add(ul);
    expect(elements()).toEqual([userMenu, undefined, undefined, undefined, userMenu, undefined]);
  });
});
