import type { Verb } from '@greenpod/contracts';

const pascal = (name: string) =>
  name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** English plural of a PascalCase entity name, for the list operation. */
export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * Each CRUD route's OpenAPI operationId, from the resource name alone, so a generated client's
 * method names stay put as long as the path does: pod -> listPods, getPod, createPod, updatePod, deletePod,
 * previewPodDeletion.
 */
export function crudOperationIds(name: string): Record<Verb | 'deletePreview', string> {
  const one = pascal(name);
  return {
    list: `list${plural(one)}`,
    read: `get${one}`,
    create: `create${one}`,
    update: `update${one}`,
    delete: `delete${one}`,
    deletePreview: `preview${one}Deletion`,
  };
}
