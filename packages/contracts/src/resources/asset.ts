import { defineResource } from '../define-resource';
import { text } from '../fields';
import { clientRef, groupRef, titleJoin } from './common';

/**
 * An uploaded image of a client (docs/domain.md#assets). Rows are made by the upload route
 * (`POST /api/asset`, multipart), never by the generic form; the list deletes only.
 */
export const asset = defineResource({
  name: 'asset',
  label: 'Asset',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    title: text({ label: 'File Title', required: true, search: true, sort: true, max: 200 }),
    extension: text({ label: 'Extension', readOnly: true, sort: true }),
    mime: text({ label: 'Mime', readOnly: true }),
    path: text({ label: 'Path', readOnly: true }),
  },
  joins: { groupTitle: titleJoin('groupId', 'Group'), clientTitle: titleJoin('clientId', 'Client') },
  list: ['groupTitle', 'clientTitle', 'title', 'extension', 'mime', 'path', 'created'],
  columnLabels: { created: 'Created At' },
  verbs: ['list', 'read', 'delete'],
  customCreate: true,
  access: { read: 'admin' },
  defaultSort: { key: 'created', direction: 'DESC' },
});
