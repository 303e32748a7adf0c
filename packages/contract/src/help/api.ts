import { defineRoutes, idParams, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// Every signed-in user reads the help; only the platform admin writes it (seed 002 §6).
const SMP: Role[] = ['ROLE_SMP_ADMIN'];
const kit = routeKit('help', { module: null, read: 'session', write: SMP });
const texts = kit.collection('/api/texts', 'text', { item: s.text, list: s.textList });

export const helpRoutes = defineRoutes({
  texts: texts.list(
    'Texts by type and language (FAQ, glossary, errors, tender guide, first steps, welcome, tutorial)',
    {
      query: s.textListQuery,
    },
  ),
  createText: texts.create('Create a text of a type, name and language (HTML, sanitised)', {
    body: s.textBody,
  }),
  updateText: texts.update('Change the HTML of a text (sanitised)', {
    body: s.textPatchBody,
  }),
  helpTexts: kit.read('/api/help-texts.json', 'Every contextual help text with its German and English HTML', {
    response: { 200: s.helpTextList },
  }),
  updateHelpText: kit.write(
    'PATCH',
    '/api/update-help-text/:id',
    'Change a help text in German and/or English',
    {
      params: idParams,
      resources: { id: 'helpText' },
      body: s.helpTextPatchBody,
      response: { 200: s.helpText },
    },
  ),
});
