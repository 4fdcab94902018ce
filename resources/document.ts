import { documentInternal, documentSchema } from '../schemas/document.ts';
import { defineResource } from './define.ts';

/**
 * Developer documents (docs/docs.md): operators write them in Markdown on the operator console;
 * anyone reads the published ones, rendered and sanitised by the server. Every save keeps a
 * version (who, when, what), which the history shows with a diff and can restore.
 */
export const document = defineResource({
  name: 'document',
  schema: documentSchema,
  internal: documentInternal,
  storage: {
    table: 'document',
    unique: [['code']],
  },
  relations: {
    tree: { parent: 'parent_guid' },
  },
  api: {
    keyword: ['title', 'code'],
    filters: [{ field: 'category' }, { field: 'status' }, { field: 'title', op: 'like' }],
    sort: 'sort',
    status: {
      field: 'status',
      transitions: [
        { name: 'publish', from: [1], to: 0 },
        { name: 'unpublish', from: [0], to: 1, confirm: true },
      ],
    },
    mounts: [
      {
        side: 'operator', base: '/open/admin/document-manage', scope: 'catalog', perm: 'admin:document',
        calls: {
          page: 'page', list: 'list', get: 'get', create: 'add', update: 'update', delete: 'delete', status: 'status',
          // A rename and a move are updates of the title, and of the place in the tree; each keeps a version.
          'update-doc-name': 'update',
          move: 'update',
          // Images and attachments for documents (multipart form; docs/docs.md): public, as visitors read them.
          'file/simple-upload': { handler: 'files.uploadPublic', action: 'update', form: true },
          'document-history-list': { handler: 'docs.versions', action: 'view' },
          'document-history': { handler: 'docs.version', action: 'view' },
          // What visitors read (published documents; an operator's token also sees drafts).
          find: { handler: 'docs.find', public: true },
          'document-info': { handler: 'docs.info', public: true },
          'all-list': { handler: 'docs.tree', public: true },
          'category-all-files': { handler: 'docs.category', public: true },
          // The open API's reference for a scope, generated from the OpenAPI document.
          'api-document': { handler: 'docs.apiDocument', public: true },
        },
      },
      {
        // The header search (spec §2): documents by title and body, with snippets.
        side: 'tenant', base: '/open/developer-center', scope: 'catalog',
        calls: { search: { handler: 'docs.search', public: true } },
      },
    ],
  },
  admin: {
    titleField: 'title',
    tones: { status: { '0': 'success', '1': 'default' } },
    columns: [
      { field: 'title', sortable: true },
      { field: 'code' },
      { field: 'category', render: 'status' },
      { field: 'status', render: 'status' },
      { field: 'version' },
      { field: 'updated_at', render: 'date', sortable: true },
    ],
    history: { list: 'document-history-list', one: 'document-history' },
    screens: [
      { scene: 'admin', url: '/operation/document', menu: { icon: 'description' } },
    ],
  },
});
