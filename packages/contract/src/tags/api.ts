import type { z } from 'zod';
import { routeKit, defineRoutes } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY', 'ROLE_CFT_READ_ONLY_EXTERNAL'];
// Tags are kept by freight users like the fleet (seed 000 §6).
const WRITE: Role[] = ['ROLE_CFT_USER'];
const kit = routeKit('tags', { module: 'cft', read: READ, write: WRITE });
const groups = kit.collection('/api/tag-groups', 'tagGroup', { item: s.tagGroup, list: s.tagGroupList });

export const tagsRoutes = defineRoutes({
  tagGroups: groups.list('Tag groups with their tags (15 per page)', { query: s.tagGroupListQuery }),
  getTagGroup: groups.get('One tag group'),
  createTagGroup: groups.create('Create a tag group with tags and colour', { body: s.tagGroupBody }),
  updateTagGroup: groups.update('Change name, colour or tags of a tag group', {
    resources: { tags: 'tag' },
    body: s.tagGroupPatchBody,
  }),
  deleteTagGroup: groups.remove('Delete a tag group and its tags (values on tours and shipments stay)'),
});

// The filters' suggestions: a page of 20 matching a full-text term, each kind its own list.
const suggestions = <const P extends string, L extends z.ZodType>(path: P, summary: string, list: L) =>
  kit.read(path, summary, { query: s.tagFilterQuery, response: { 200: list } });

export const tagFilterRoutes = defineRoutes({
  filterShipmentTags: suggestions(
    '/api/filter-shipment-tags',
    'Shipment tag suggestions with colour (page 1, limit 20, full-text term)',
    s.tagFilterList,
  ),
  filterShipmentShippers: suggestions(
    '/api/filter-shipment-tags/shippers',
    'Shipper suggestions (external read-only users see their allowed shippers only)',
    s.shipperFilterList,
  ),
  filterTourTags: suggestions(
    '/api/filter-tour-tags',
    'Tour tag suggestions with colour (page 1, limit 20, full-text term)',
    s.tagFilterList,
  ),
});
