import { defineRoutes, idParams, okResponse } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY', 'ROLE_CFT_READ_ONLY_EXTERNAL'];
// Tags are kept by freight users like the fleet (seed 000 §6).
const WRITE: Role[] = ['ROLE_CFT_USER'];
const tag = 'tags';

export const tagsRoutes = defineRoutes({
  tagGroups: {
    method: 'GET',
    path: '/api/tag-groups',
    summary: 'Tag groups with their tags (15 per page)',
    tag,
    access: READ,
    write: false,
    query: s.tagGroupListQuery,
    response: { 200: s.tagGroupList },
  },
  getTagGroup: {
    method: 'GET',
    path: '/api/tag-groups/:id',
    summary: 'One tag group',
    tag,
    access: READ,
    write: false,
    params: idParams,
    resources: { id: 'tagGroup' },
    response: { 200: s.tagGroup },
  },
  createTagGroup: {
    method: 'POST',
    path: '/api/tag-groups',
    summary: 'Create a tag group with tags and colour',
    tag,
    access: WRITE,
    write: true,
    body: s.tagGroupBody,
    response: { 201: s.tagGroup },
  },
  updateTagGroup: {
    method: 'PATCH',
    path: '/api/tag-groups/:id',
    summary: 'Change name, colour or tags of a tag group',
    tag,
    access: WRITE,
    write: true,
    params: idParams,
    resources: { id: 'tagGroup', tags: 'tag' },
    body: s.tagGroupPatchBody,
    response: { 200: s.tagGroup },
  },
  deleteTagGroup: {
    method: 'DELETE',
    path: '/api/tag-groups/:id',
    summary: 'Delete a tag group and its tags (values on tours and shipments stay)',
    tag,
    access: WRITE,
    write: true,
    params: idParams,
    resources: { id: 'tagGroup' },
    response: { 200: okResponse },
  },
});

export const tagFilterRoutes = defineRoutes({
  filterShipmentTags: {
    method: 'GET',
    path: '/api/filter-shipment-tags',
    summary: 'Shipment tag suggestions with colour (page 1, limit 20, full-text term)',
    tag,
    access: READ,
    write: false,
    query: s.tagFilterQuery,
    response: { 200: s.tagFilterList },
  },
  filterShipmentShippers: {
    method: 'GET',
    path: '/api/filter-shipment-tags/shippers',
    summary: 'Shipper suggestions (external read-only users see their allowed shippers only)',
    tag,
    access: READ,
    write: false,
    query: s.tagFilterQuery,
    response: { 200: s.shipperFilterList },
  },
  filterTourTags: {
    method: 'GET',
    path: '/api/filter-tour-tags',
    summary: 'Tour tag suggestions with colour (page 1, limit 20, full-text term)',
    tag,
    access: READ,
    write: false,
    query: s.tagFilterQuery,
    response: { 200: s.tagFilterList },
  },
});
