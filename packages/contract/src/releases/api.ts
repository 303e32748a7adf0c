import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// Every signed-in user reads released versions and notes; only the platform admin writes (seed 002 §6).
const SMP: Role[] = ['ROLE_SMP_ADMIN'];
const kit = routeKit('releases', { module: null, read: 'session', write: SMP });
const versions = kit.collection('/api/release-versions', 'releaseVersion', {
  item: s.releaseVersion,
  list: s.releaseVersionList,
});
const notes = kit.collection('/api/release-notes', 'releaseNote', { item: s.releaseNote });

/** Release versions and release notes (seed 002 §7). */
export const releasesRoutes = defineRoutes({
  releaseVersions: versions.list(
    'Release versions, newest first; the latest released one with limit 1 and released 1 (others than the platform admin see released versions only)',
    { query: s.releaseVersionListQuery },
  ),
  createReleaseVersion: versions.create('Create an unreleased release version', {
    body: s.releaseVersionBody,
  }),
  updateReleaseVersion: versions.update(
    'Change version number or date, or release it (a released version stays released)',
    { body: s.releaseVersionPatchBody },
  ),
  deleteReleaseVersion: versions.remove('Delete a release version without notes (releaseHasNotes otherwise)'),
  releaseNoteTexts: kit.read(
    '/api/release-notes/texts',
    'Release notes by position for a module and version, in the request language and in both languages',
    { query: s.releaseNoteTextsQuery, response: { 200: s.releaseNoteList } },
  ),
  createReleaseNote: notes.create('Create a release note of a version for a module', {
    body: s.releaseNoteBody,
    resources: { releaseVersion: 'releaseVersion' },
  }),
  updateReleaseNote: notes.update('Change a release note', {
    body: s.releaseNotePatchBody,
  }),
  deleteReleaseNote: notes.remove('Delete a release note'),
});
